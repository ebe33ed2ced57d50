import type { AppDeps } from '../../deps';
import { hashPassword } from '../../modules/accounts/password';
import { generateWorkImages } from '../../modules/works/work-images';
import type { WorkImageRecord } from '../../modules/works/work-images';
import {
  DEMO_ADMIN,
  DEMO_BUYERS,
  DEMO_CATEGORIES,
  DEMO_DESIGNERS,
  DEMO_PASSWORD,
  DEMO_THEMES,
  LEAF_CATEGORIES,
  TITLE_SUFFIX,
  USE_TAGS,
} from './demo-catalogue';
import { PALETTES, STYLE_TITLES, createRandom, renderPattern } from './pattern-art';
import type { PatternSpec } from './pattern-art';
import { seedActivities } from './seed-activities';
import { memoStored, svgToPng } from './seed-render-cache';
import { seedHelp } from './seed-help';
import { seedNotices } from './seed-notices';
import { seedComplaints } from './seed-complaints';
import { seedNewProducts } from '../../modules/new-products/seed-new-products';
import { seedServiceThreads } from './seed-service';
import { seedTopics } from './seed-topics';
import { seedShowrooms } from '../../modules/showrooms/seed-showrooms';
import { seedMarkerSet, setSeedMarker } from './seed-marker';

/** Bump when the demo content changes shape; a database seeded with another version is left alone. */
export const DEMO_SEED_VERSION = '1';
const SEED_MARKER = 'demo_seed_version';
export const DEFAULT_DEMO_WORKS = 320;
const IMAGE_SIZE = 800;

export type SeedReport = { created: boolean; works: number };

type PlannedWork = {
  index: number;
  designerIndex: number;
  spec: PatternSpec;
  title: string;
  description: string;
  categoryKid: number;
  headerType: 3 | 4;
  tags: string[];
  priceFen: number;
  counts: { views: number; favourites: number; sales: number };
  publishedAt: string;
};

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Decides every demo work from one seeded random stream, so the catalogue is the same each time. */
export function planDemoWorks(count: number): PlannedWork[] {
  const random = createRandom(20_121_022);
  const settled = DEMO_DESIGNERS.map((d, i) => ({ d, i })).filter((x) => x.d.settled);
  const start = Date.UTC(2025, 0, 1);
  const span = Date.UTC(2026, 10, 1) - start;
  return Array.from({ length: count }, (_, index) => {
    const { d: designer, i: designerIndex } = pick(settled, random);
    const style = pick(designer.styles, random);
    const palette = pick(PALETTES, random);
    const seamless = random() < 0.8;
    const category = pick(LEAF_CATEGORIES, random);
    const headerType = random() < 0.62 ? 3 : 4;
    const styleTitle = STYLE_TITLES[style];
    const title = `${palette.name}${styleTitle}${pick(TITLE_SUFFIX, random)}`;
    const mood = pick(USE_TAGS, random);
    const tags = [
      styleTitle,
      palette.name,
      category.title,
      mood,
      ...(seamless ? ['四方连续'] : ['定位花']),
    ];
    const priceFen =
      headerType === 3
        ? (99 + Math.floor(random() * 30) * 10) * 1000
        : (19 + Math.floor(random() * 8) * 10) * 100;
    const sales = Math.floor(random() ** 3 * 300);
    return {
      index,
      designerIndex,
      spec: { style, palette, seed: 1000 + index, seamless },
      title,
      description: `${designer.name}原创${styleTitle}图案，${palette.name}配色，${seamless ? '可无缝拼接的四方连续' : '定位印花构图'}，适用于${category.title}等品类。`,
      categoryKid: category.kid,
      headerType,
      tags,
      priceFen,
      counts: {
        views: sales * 20 + Math.floor(random() * 2000),
        favourites: sales * 2 + Math.floor(random() * 80),
        sales,
      },
      publishedAt: new Date(start + Math.floor(random() * span)).toISOString(),
    };
  });
}

/** Banner art has no text: the title is laid over it as HTML, so no CJK font is needed on the server. */
async function bannerImage(from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="120">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1920" height="120" fill="url(#g)"/>
${Array.from({ length: 24 }, (_, i) => `<circle cx="${i * 84}" cy="${i % 2 ? 20 : 100}" r="${18 + (i % 3) * 8}" fill="white" opacity="0.12"/>`).join('')}</svg>`;
  return svgToPng(svg);
}

async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  }
  return results;
}

/**
 * Creates the demo marketplace once. Images are written first under deterministic keys; all rows and
 * the marker are written in one transaction, so a crash part-way leaves nothing half-seeded.
 */
export async function seedDemo(
  deps: Pick<AppDeps, 'db' | 'storage'> & Partial<Pick<AppDeps, 'production'>>,
  log: (line: string) => void = () => undefined,
  workCount = Number(process.env.SEED_WORKS ?? DEFAULT_DEMO_WORKS),
): Promise<SeedReport> {
  const { db, storage } = deps;
  await seedHelp(db); // its own marker: databases seeded earlier get the help centre too
  await seedActivities(deps); // its own marker too (docs/activities.md)
  if (await seedMarkerSet(db, SEED_MARKER)) return { created: false, works: 0 };

  const plan = planDemoWorks(workCount);
  log(`正在生成演示内容：${plan.length} 件作品的图片……`);
  let done = 0;
  const images = await inBatches(plan, 4, async (work) => {
    const keyBase = `seed-${work.index}`;
    const records = await memoStored(
      storage,
      'work-images',
      [JSON.stringify(work.spec), String(IMAGE_SIZE), keyBase],
      async (into) => generateWorkImages(into, keyBase, await renderPattern(work.spec, IMAGE_SIZE)),
    );
    done += 1;
    if (done % 50 === 0) log(`演示图片 ${done}/${plan.length}`);
    return records;
  });
  const banners = [
    {
      title: '西南民族纹样季 · 苗绣与蜡染专题上新',
      link: '/theme',
      from: '#1d4ed8',
      to: '#7c3aed',
    },
    {
      title: '设计师入驻：上传作品，授权即收益',
      link: '/application/spread',
      from: '#0f766e',
      to: '#2563eb',
    },
    { title: '开通会员，海量素材随心下载', link: '/vip', from: '#b91c1c', to: '#f59e0b' },
    {
      title: '东方纹样·春夏花型设计大赛 火热征稿中',
      link: '/redActivity',
      from: '#9d174d',
      to: '#f97316',
    },
  ];
  const bannerKeys = await Promise.all(
    banners.map(async (b, i) => {
      const key = `public/banners/home-top-${i + 1}.png`;
      await storage.put(key, await bannerImage(b.from, b.to), 'image/png');
      return key;
    }),
  );
  // In production no account has a password from the source code: demo accounts get none (they can
  // only be entered by an SMS code to their number, or given one by a password reset).
  const passwordHash = deps.production === true ? null : await hashPassword(DEMO_PASSWORD);
  const now = new Date().toISOString();

  await db.transaction().execute(async (trx) => {
    for (const c of DEMO_CATEGORIES) {
      await trx
        .insertInto('categories')
        .values({
          kid: c.kid,
          parent_kid: c.parentKid,
          title: c.title,
          keys3: c.keys3,
          keys4: c.keys4,
          sort: c.kid,
        })
        .execute();
    }
    const userBase = {
      password_hash: passwordHash,
      head_img: '',
      created_at: now,
      updated_at: now,
    };
    let rainbow = 10_000_000;
    const nextRainbow = () => String((rainbow += 7919));
    await trx
      .insertInto('users')
      .values({
        ...userBase,
        cai_hong_id: nextRainbow(),
        phone: DEMO_ADMIN.phone,
        user_name: DEMO_ADMIN.name,
        role: 'admin',
      })
      .execute();
    for (const b of DEMO_BUYERS) {
      await trx
        .insertInto('users')
        .values({ ...userBase, cai_hong_id: nextRainbow(), phone: b.phone, user_name: b.name })
        .execute();
    }
    const designerIds: number[] = [];
    for (const d of DEMO_DESIGNERS) {
      const row = await trx
        .insertInto('users')
        .values({
          ...userBase,
          cai_hong_id: nextRainbow(),
          phone: d.phone,
          user_name: d.name,
          intro: d.intro,
          designer_status: 1,
          settle_status: d.settled ? 1 : 0,
          settled_in_type: d.settledInType,
          org_flag: d.orgFlag,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      designerIds.push(row.id);
    }

    const workIds: number[] = [];
    for (const [i, work] of plan.entries()) {
      const records: WorkImageRecord[] = images[i] ?? [];
      const original = records.find((r) => r.kind === 'original');
      const designerId = designerIds[work.designerIndex];
      if (!original || designerId === undefined) throw new Error(`演示作品 ${i} 缺少图片或设计师`);
      const row = await trx
        .insertInto('works')
        .values({
          designer_id: designerId,
          title: work.title,
          description: work.description,
          category_kid: work.categoryKid,
          style: work.spec.style,
          header_type: work.headerType,
          is_seamless: work.spec.seamless ? 1 : 0,
          colors: JSON.stringify(work.spec.palette.colors),
          tags: JSON.stringify(work.tags),
          status: 'published',
          price_fen: work.priceFen,
          view_count: work.counts.views,
          favourite_count: work.counts.favourites,
          sale_count: work.counts.sales,
          width: original.width,
          height: original.height,
          created_at: work.publishedAt,
          updated_at: work.publishedAt,
          published_at: work.publishedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      workIds.push(row.id);
      await trx
        .insertInto('work_images')
        .values(
          records.map((r) => ({
            work_id: row.id,
            kind: r.kind,
            width: r.width,
            height: r.height,
            format: r.format,
            storage_key: r.storageKey,
          })),
        )
        .execute();
    }

    for (const [t, theme] of DEMO_THEMES.entries()) {
      const members = plan
        .map((w, i) => ({ w, id: workIds[i] }))
        .filter(
          (x): x is { w: PlannedWork; id: number } =>
            x.id !== undefined && theme.styles.includes(x.w.spec.style),
        )
        .slice(0, 16);
      const row = await trx
        .insertInto('themes')
        .values({
          title: theme.title,
          subtitle: theme.subtitle,
          cover_work_id: members[0]?.id ?? null,
          is_hot: theme.hot ? 1 : 0,
          sort: t,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (members.length > 0) {
        await trx
          .insertInto('theme_works')
          .values(members.map((m, sort) => ({ theme_id: row.id, work_id: m.id, sort })))
          .execute();
      }
    }

    for (const [i, b] of banners.entries()) {
      await trx
        .insertInto('banners')
        .values({
          zone_name: 'home-top',
          title: b.title,
          banner_url: bannerKeys[i] ?? '',
          link_url: b.link,
          link_target: '_self',
          sort: i,
          created_at: now,
        })
        .execute();
    }
    await setSeedMarker(trx, SEED_MARKER, DEMO_SEED_VERSION);
  });
  await seedTopics(deps);
  await seedServiceThreads(deps); // its own marker (docs/customer-service.md)
  await seedComplaints(deps); // its own marker (docs/complaints.md)
  await seedNotices(deps); // its own marker (docs/notices.md)
  await seedNewProducts(deps); // its own marker (docs/new-products.md)
  await seedShowrooms(deps); // the demo buyer's hall (docs/showrooms.md)
  return { created: true, works: plan.length };
}
