import type { Kysely } from 'kysely';
import type { TrendPeriod, WorkStyle } from '@shared/contract/works';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import { swatchesOf } from '@shared/rules/colour-swatch';
import type { ColourSwatchKey } from '@shared/rules/colour-swatch';
import type { AppDeps } from '../../deps';
import { licenceOptionsFor } from '../../modules/works/licence-options';
import type { Database } from '../schema';
import { setSeedMarker } from './seed-marker';

// The discovery layer over the demo catalogue: colour swatches and licence options of every work,
// series, hot-seller and trend lists, IPs and enterprise halls. A second seed step with its own marker,
// so it also fills databases seeded before it existed; everything is written in one transaction.

export const DISCOVERY_SEED_VERSION = '1';
const MARKER = 'discovery_seed_version';
const DEMO_MARKER = 'demo_seed_version';
const DAY_MS = 86_400_000;

type SeedWork = {
  id: number;
  designer_id: number;
  style: string;
  category_kid: number;
  header_type: number;
  price_fen: number;
  sale_count: number;
  favourite_count: number;
  published_at: string | null;
  series_id: number | null;
  colors: string;
};

const HALLS = [
  {
    phone: '13900000004',
    name: '织梦纹样 · 家纺面料展厅',
    intro:
      '织梦纹样工作室成立于 2016 年，专注家纺床品与服装面料的原创花型，年开发花型 2000 余款，为 300 多家工厂与品牌提供独家授权与定制服务。',
    contact: '0571-8765 4321（工作日 9:00–18:00）',
    areaId: 10101,
    qualifications: [
      { title: '营业执照', number: '91330106MA2H8W6X1K' },
      { title: '作品著作权登记证书', number: '浙作登字-2025-F-00031276' },
      { title: '纺织品设计服务认证', number: 'CTDS-2024-0917' },
    ],
  },
  {
    phone: '13900000002',
    name: '几何研究所 · 图形设计展厅',
    intro: '以建筑与现代艺术为灵感的几何图形设计团队，作品广泛用于墙纸墙布、箱包与数码配件。',
    contact: '0755-2233 6688',
    areaId: 20102,
    qualifications: [
      { title: '营业执照', number: '91440300MA5FX2P07C' },
      { title: '作品著作权登记证书', number: '粤作登字-2025-F-00108842' },
    ],
  },
];

const IPS = [
  {
    phone: '13900000003',
    title: '苗岭绣娘',
    description: '以苗绣与蜡染纹样为灵感的原创文化 IP，可授权用于服饰、文创与节庆礼品。',
  },
  {
    phone: '13900000005',
    title: '小鹿奇奇',
    description: '一只爱在森林里探险的小鹿，配套动物与卡通图案，适合童装、绘本与文创周边。',
  },
  {
    phone: '13900000009',
    title: '浪花小镇',
    description: '海浪、波点与海洋生物组成的夏日 IP，适合泳装、家居与旅行用品。',
  },
  {
    phone: '13900000008',
    title: '福娃娃',
    description: '福、囍、春等吉祥文字与娃娃形象组合的节庆 IP，适合春节礼盒与包装。',
  },
];

const REFERENCE_TRENDS: {
  title: string;
  subtitle: string;
  pick: (w: SeedWork, swatches: ColourSwatchKey[]) => boolean;
}[] = [
  {
    title: '春夏流行色 · 珊瑚与樱粉',
    subtitle: '柔和暖调的粉与红，女装与家纺的当季热门配色',
    pick: (_w, s) => s.includes('pink') || s.includes('red'),
  },
  {
    title: '国潮民族风',
    subtitle: '苗绣、蜡染与佩斯利的当代演绎',
    pick: (w) => w.style === 'folk' || w.style === 'paisley',
  },
  {
    title: '极简几何与条格',
    subtitle: '利落线条与色块，墙纸、箱包与数码配件的常青款',
    pick: (w) => ['geometric', 'checks', 'stripes', 'dots'].includes(w.style),
  },
];

function parseColours(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const byTime = (w: SeedWork) => Date.parse(w.published_at ?? '') || 0;
const bySales = (a: SeedWork, b: SeedWork) => b.sale_count - a.sale_count || b.id - a.id;

function periodStart(period: TrendPeriod, ref: Date): string {
  const d = new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate()));
  if (period === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (period === 'month') d.setUTCDate(1);
  if (period === 'season') {
    d.setUTCDate(1);
    d.setUTCMonth(Math.floor(d.getUTCMonth() / 3) * 3);
  }
  return d.toISOString().slice(0, 10);
}

async function insertInChunks<T>(
  items: readonly T[],
  size: number,
  run: (chunk: T[]) => Promise<unknown>,
) {
  for (let i = 0; i < items.length; i += size) await run(items.slice(i, i + size));
}

async function userIdByPhone(db: Kysely<Database>, phone: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst())
    ?.id;
}

/** Builds the discovery layer once, over an already seeded demo catalogue. */
export async function seedDiscovery(
  deps: Pick<AppDeps, 'db'>,
  log: (line: string) => void = () => undefined,
  now: Date = new Date(),
): Promise<{ created: boolean }> {
  const { db } = deps;
  const meta = await db
    .selectFrom('app_meta')
    .select(['key', 'value'])
    .where('key', 'in', [MARKER, DEMO_MARKER])
    .execute();
  if (meta.some((m) => m.key === MARKER)) return { created: false };
  // Nothing to build on yet: run again after the demo seed.
  if (!meta.some((m) => m.key === DEMO_MARKER)) return { created: false };
  log('正在生成发现内容：系列、爆款榜、IP、企业展厅……');
  const nowIso = now.toISOString();

  await db.transaction().execute(async (trx) => {
    const works: SeedWork[] = await trx
      .selectFrom('works')
      .select([
        'id',
        'designer_id',
        'style',
        'category_kid',
        'header_type',
        'price_fen',
        'sale_count',
        'favourite_count',
        'published_at',
        'series_id',
        'colors',
      ])
      .where('status', '=', 'published')
      .orderBy('id')
      .execute();
    const swatches = new Map(works.map((w) => [w.id, swatchesOf(parseColours(w.colors))]));

    // Colour swatches and licence options of works that have none yet.
    const coloured = new Set(
      (await trx.selectFrom('work_colors').select('work_id').distinct().execute()).map(
        (r) => r.work_id,
      ),
    );
    const licensed = new Set(
      (await trx.selectFrom('work_licences').select('work_id').distinct().execute()).map(
        (r) => r.work_id,
      ),
    );
    const colourRows = works
      .filter((w) => !coloured.has(w.id))
      .flatMap((w) => (swatches.get(w.id) ?? []).map((swatch) => ({ work_id: w.id, swatch })));
    await insertInChunks(colourRows, 500, (chunk) =>
      trx.insertInto('work_colors').values(chunk).execute(),
    );
    const licenceRows = works
      .filter((w) => !licensed.has(w.id))
      .flatMap((w) =>
        licenceOptionsFor(w.header_type, w.price_fen).map((l, sort) => ({
          work_id: w.id,
          kind: l.kind,
          title: l.title,
          price_fen: l.priceFen,
          scope: l.scope,
          sort,
        })),
      );
    await insertInChunks(licenceRows, 200, (chunk) =>
      trx.insertInto('work_licences').values(chunk).execute(),
    );

    // Series: per designer, one per style with at least two works not yet in a series.
    const designers = await trx
      .selectFrom('users')
      .select(['id', 'user_name'])
      .where('designer_status', '!=', 0)
      .execute();
    const nameOf = new Map(designers.map((d) => [d.id, d.user_name]));
    const groups = new Map<string, SeedWork[]>();
    for (const w of works) {
      if (w.series_id !== null) continue;
      const key = `${w.designer_id}:${w.style}`;
      groups.set(key, [...(groups.get(key) ?? []), w]);
    }
    let seriesSort = 0;
    for (const members of groups.values()) {
      const first = members[0];
      if (!first || members.length < 2) continue;
      const styleTitle = WORK_STYLE_TITLES[first.style as WorkStyle] ?? first.style;
      const designer = nameOf.get(first.designer_id) ?? '';
      const row = await trx
        .insertInto('series')
        .values({
          designer_id: first.designer_id,
          title: `${styleTitle}系列`,
          description: `${designer}的${styleTitle}图案合集，风格统一，便于成套开发。`,
          sort: seriesSort++,
          created_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('works')
        .set({ series_id: row.id })
        .where(
          'id',
          'in',
          members.map((m) => m.id),
        )
        .execute();
    }

    // Hot-seller lists of this week, month and season, and a few trend references.
    const existingTrends = await trx.selectFrom('trends').select('id').executeTakeFirst();
    if (!existingTrends && works.length > 0) {
      const latest = Math.max(...works.map(byTime));
      const ref = new Date(Math.max(latest, 0) || now.getTime());
      const windows: [TrendPeriod, string, string, number, number][] = [
        ['week', '本周爆款榜', '近期上新作品中授权最多的花型', 120, 20],
        ['month', '本月爆款榜', '一个月来工厂与电商卖家授权最多的花型', 240, 30],
        ['season', '本季爆款榜', '本季度销量领先的花型', 100_000, 40],
      ];
      const addTrend = async (
        t: { title: string; subtitle: string; period: TrendPeriod; kind: string },
        ranked: SeedWork[],
      ) => {
        const row = await trx
          .insertInto('trends')
          .values({
            title: t.title,
            subtitle: t.subtitle,
            period: t.period,
            kind: t.kind,
            starts_on: periodStart(t.period, now),
            created_at: nowIso,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (ranked.length > 0) {
          await trx
            .insertInto('trend_works')
            .values(ranked.map((w, i) => ({ trend_id: row.id, work_id: w.id, rank: i + 1 })))
            .execute();
        }
      };
      for (const [period, title, subtitle, days, size] of windows) {
        const recent = works.filter((w) => ref.getTime() - byTime(w) <= days * DAY_MS);
        const pool = recent.length >= Math.min(10, works.length) ? recent : works;
        await addTrend(
          { title, subtitle, period, kind: 'hot' },
          [...pool].sort(bySales).slice(0, size),
        );
      }
      for (const t of REFERENCE_TRENDS) {
        const picked = works
          .filter((w) => t.pick(w, swatches.get(w.id) ?? []))
          .sort((a, b) => b.favourite_count - a.favourite_count || b.id - a.id)
          .slice(0, 24);
        await addTrend(
          { title: t.title, subtitle: t.subtitle, period: 'season', kind: 'reference' },
          picked,
        );
      }
    }

    // IPs built from a designer's works.
    const existingIps = await trx.selectFrom('ips').select('id').executeTakeFirst();
    if (!existingIps) {
      for (const ip of IPS) {
        const owner = await userIdByPhone(trx, ip.phone);
        const own = works
          .filter((w) => w.designer_id === owner)
          .sort(bySales)
          .slice(0, 12);
        const cover = own[0];
        if (owner === undefined || !cover) continue;
        const row = await trx
          .insertInto('ips')
          .values({
            title: ip.title,
            description: ip.description,
            owner_id: owner,
            cover_work_id: cover.id,
            created_at: nowIso,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ip_works')
          .values(own.map((w, sort) => ({ ip_id: row.id, work_id: w.id, sort })))
          .execute();
      }
    }

    // Enterprise halls: channels by the owner's top categories, the best sellers recommended.
    const categories = await trx
      .selectFrom('categories')
      .select(['kid', 'parent_kid', 'title'])
      .execute();
    const topOf = new Map(categories.map((c) => [c.kid, c.parent_kid ?? c.kid]));
    const titleOf = new Map(categories.map((c) => [c.kid, c.title]));
    for (const hall of HALLS) {
      const owner = await userIdByPhone(trx, hall.phone);
      if (owner === undefined) continue;
      const exists = await trx
        .selectFrom('enterprise_halls')
        .select('id')
        .where('owner_id', '=', owner)
        .executeTakeFirst();
      if (exists) continue;
      const row = await trx
        .insertInto('enterprise_halls')
        .values({
          owner_id: owner,
          name: hall.name,
          intro: hall.intro,
          contact: hall.contact,
          area_id: hall.areaId,
          qualifications: JSON.stringify(hall.qualifications),
          created_at: nowIso,
          updated_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const own = works.filter((w) => w.designer_id === owner).sort(bySales);
      const byTop = new Map<number, SeedWork[]>();
      for (const w of own) {
        const top = topOf.get(w.category_kid) ?? w.category_kid;
        byTop.set(top, [...(byTop.get(top) ?? []), w]);
      }
      const channelOf = new Map<number, number>();
      const topChannels = [...byTop].sort((a, b) => b[1].length - a[1].length).slice(0, 4);
      for (const [sort, [top, members]] of topChannels.entries()) {
        const channel = await trx
          .insertInto('hall_channels')
          .values({ hall_id: row.id, title: titleOf.get(top) ?? '频道', sort })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const w of members) channelOf.set(w.id, channel.id);
      }
      const recommended = new Set(own.slice(0, 8).map((w) => w.id));
      const hallWorks = own
        .filter((w) => recommended.has(w.id) || channelOf.has(w.id))
        .map((w, sort) => ({
          hall_id: row.id,
          work_id: w.id,
          channel_id: channelOf.get(w.id) ?? null,
          recommended: recommended.has(w.id) ? 1 : 0,
          sort,
        }));
      await insertInChunks(hallWorks, 200, (chunk) =>
        trx.insertInto('hall_works').values(chunk).execute(),
      );
    }

    await setSeedMarker(trx, MARKER, DISCOVERY_SEED_VERSION);
  });
  return { created: true };
}
