// Builds the benchmark catalogue: the demo seed with a few rendered works and its discovery layer
// (series, hot lists, IPs…), then N works in bulk (same deterministic plan as the demo, images reused
// from the rendered ones), their colour swatches and licence options, then the word index, each in
// bulk and in id order: an interrupted build resumes where it stopped (used by --keep).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DialectName } from '../src/server/db/connection';
import type { Database } from '../src/server/db/schema';
import { seedDiscovery } from '../src/server/db/seed/seed-discovery';
import { planDemoWorks, seedDemo } from '../src/server/db/seed/seed-demo';
import type { AppDeps } from '../src/server/deps';
import { workTermWeights, workTextQuery } from '../src/server/modules/search/word/indexer';
import { segmentWords } from '../src/server/modules/search/word/segmenter';
import { licenceOptionsFor } from '../src/server/modules/works/licence-options';
import { swatchesOf } from '../src/shared/rules/colour-swatch';

/** Works whose images are really rendered; the rest reuse theirs. */
const RENDERED_WORKS = 12;
const CHUNK = 5_000;

type Columns = Record<string, readonly (string | number | null)[]>;

/** Inserts columns of values in one statement per chunk: unnest() on PostgreSQL, a VALUES list on SQLite. */
async function insertColumns(
  db: Kysely<Database>,
  dialect: DialectName,
  table: keyof Database,
  columns: Columns,
  types: Record<string, 'int' | 'text'>,
): Promise<void> {
  const names = Object.keys(columns);
  const length = columns[names[0] ?? '']?.length ?? 0;
  // SQLite allows 32766 parameters per statement.
  const chunk = dialect === 'postgres' ? CHUNK : Math.floor(30_000 / names.length);
  for (let start = 0; start < length; start += chunk) {
    const end = Math.min(start + chunk, length);
    const slice = (name: string) => (columns[name] ?? []).slice(start, end);
    if (dialect === 'postgres') {
      const arrays = names.map(
        (n) => sql`${slice(n)}::${sql.raw(types[n] === 'int' ? 'int[]' : 'text[]')}`,
      );
      await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))}) select * from unnest(${sql.join(arrays)})`.execute(
        db,
      );
    } else {
      const rows = Array.from({ length: end - start }, (_, i) =>
        Object.fromEntries(names.map((n) => [n, columns[n]?.[start + i] ?? null])),
      );
      await db.insertInto(table).values(rows).execute();
    }
  }
}

/**
 * The 20 keywords bench:catalogue searches (hot keywords, a designer, partial words, two-word and
 * colour queries, a Latin word that finds nothing); bench:wordsearch-fts asks the same.
 */
export const BENCH_SEARCH_KEYWORDS: readonly string[] = [
  '花卉',
  '几何',
  '民族',
  '青花瓷',
  '苗岭绣坊',
  '佩斯',
  '花',
  '蓝色花卉',
  '四方连续 春夏',
  '水彩 丝巾',
  '迷彩',
  '波点',
  '莫兰迪',
  '卡通 童装',
  '格纹',
  '墙纸',
  '抽象',
  '国潮',
  'paisley',
  '福字铺',
];

export type BenchCatalogueReport = {
  works: number;
  seedMs: number;
  bulkMs: number;
  indexMs: number;
};

const countOf = async (db: Kysely<Database>, table: 'works' | 'work_images'): Promise<number> =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The highest work id a table has rows for (0 for none): where a resumed phase goes on. */
async function lastWorkId(
  db: Kysely<Database>,
  table: 'work_licences' | 'work_terms',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('work_id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

const parseStrings = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/** Works per transaction of the colour, licence and term phases. */
const PHASE_CHUNK = 10_000;

/** Colour swatches and licence options of every work after `after` (what indexWorkCatalogue derives). */
async function addSwatchesAndLicences(
  db: Kysely<Database>,
  dialect: DialectName,
  log: (line: string) => void,
): Promise<void> {
  for (let after = await lastWorkId(db, 'work_licences'); ;) {
    const works = await db
      .selectFrom('works')
      .select(['id', 'colors', 'header_type', 'price_fen'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PHASE_CHUNK)
      .execute();
    const last = works.at(-1);
    if (!last) break;
    const colours: Columns = { work_id: [], swatch: [] };
    const licences: Columns = {
      work_id: [],
      kind: [],
      title: [],
      price_fen: [],
      scope: [],
      sort: [],
    };
    const push = (cols: Columns, row: Record<string, string | number>) => {
      for (const [k, v] of Object.entries(row)) (cols[k] as (string | number)[]).push(v);
    };
    for (const w of works) {
      for (const swatch of swatchesOf(parseStrings(w.colors)))
        push(colours, { work_id: w.id, swatch });
      licenceOptionsFor(w.header_type, w.price_fen).forEach((l, sort) =>
        push(licences, {
          work_id: w.id,
          kind: l.kind,
          title: l.title,
          price_fen: l.priceFen,
          scope: l.scope,
          sort,
        }),
      );
    }
    await db.transaction().execute(async (trx) => {
      await insertColumns(trx, dialect, 'work_colors', colours, { work_id: 'int', swatch: 'text' });
      await insertColumns(trx, dialect, 'work_licences', licences, {
        work_id: 'int',
        kind: 'text',
        title: 'text',
        price_fen: 'int',
        scope: 'text',
        sort: 'int',
      });
    });
    after = last.id;
    if (after % 100_000 < PHASE_CHUNK) log(`  色卡与授权选项：至作品 ${after}`);
  }
}

/**
 * The word index's rows (work_terms) of every published work after the last indexed one, computed
 * by the indexer's own workTermWeights from the same fields indexWorksTerms reads, in bulk.
 */
async function addTerms(
  db: Kysely<Database>,
  dialect: DialectName,
  log: (line: string) => void,
): Promise<void> {
  // The plan repeats titles, tags and descriptions: each distinct text is cut once (same words).
  const cut = new Map<string, readonly string[]>();
  const words = (text: string) => {
    let found = cut.get(text);
    if (!found) {
      if (cut.size > 200_000) cut.clear();
      found = segmentWords(text, 'index');
      cut.set(text, found);
    }
    return found;
  };
  for (let after = await lastWorkId(db, 'work_terms'); ;) {
    const rows = await workTextQuery(db)
      .where('w.id', '>', after)
      .where('w.status', '=', 'published')
      .orderBy('w.id')
      .limit(PHASE_CHUNK)
      .execute();
    const last = rows.at(-1);
    if (!last) break;
    const cols: Columns = { term: [], work_id: [], weight: [] };
    const term = cols.term as string[];
    const workId = cols.work_id as number[];
    const weight = cols.weight as number[];
    for (const r of rows) {
      const weights = workTermWeights(
        {
          title: r.title,
          tags: parseStrings(r.tags),
          designerName: r.user_name,
          categoryTitles: r.parent_title ? [r.category_title, r.parent_title] : [r.category_title],
          style: r.style,
          description: r.description,
          colors: parseStrings(r.colors),
        },
        words,
      );
      for (const [t, w] of weights) {
        term.push(t);
        workId.push(r.id);
        weight.push(w);
      }
    }
    await db.transaction().execute((trx) =>
      insertColumns(trx, dialect, 'work_terms', cols, {
        term: 'text',
        work_id: 'int',
        weight: 'int',
      }),
    );
    after = last.id;
    if (after % 50_000 < PHASE_CHUNK) log(`  搜索索引：至作品 ${after}（${term.length} 条/批）`);
  }
}

/**
 * Fills a migrated database with `count` published works and their word index, or finishes a build
 * that was interrupted (each phase goes on after the last work it completed).
 */
export async function buildBenchCatalogue(
  deps: Pick<AppDeps, 'db' | 'dialect' | 'storage'>,
  count: number,
  log: (line: string) => void,
): Promise<BenchCatalogueReport> {
  const { db, dialect } = deps;
  let started = performance.now();
  if ((await countOf(db, 'works')) === 0) {
    await seedDemo(deps, () => undefined, RENDERED_WORKS);
    // Series, hot-seller lists and IPs over the rendered works (it also derives their swatches).
    await seedDiscovery(deps);
  }
  const seedMs = performance.now() - started;

  started = performance.now();
  const seeded = await db
    .selectFrom('works')
    .select(['id', 'designer_id', 'width', 'height'])
    .orderBy('id')
    .execute();
  if (seeded.length < count) {
    if (seeded.length > RENDERED_WORKS)
      throw new Error(
        `数据库已有 ${seeded.length} 件作品，不是演示种子也不是 ${count} 件：请换一个目录`,
      );
    await addWorks(db, dialect, count, seeded);
  }
  log(
    `已写入 ${Math.max(count, seeded.length)} 件作品（${((performance.now() - started) / 1000).toFixed(1)} s）`,
  );
  await addSwatchesAndLicences(db, dialect, log);
  const bulkMs = performance.now() - started;

  started = performance.now();
  await addTerms(db, dialect, log);
  await sql`analyze`.execute(db);
  const indexMs = performance.now() - started;
  return { works: await countOf(db, 'works'), seedMs, bulkMs, indexMs };
}

/** The works after the seeded ones, from the demo plan, and their images (the seeded ones' files). */
async function addWorks(
  db: Kysely<Database>,
  dialect: DialectName,
  count: number,
  seeded: readonly { id: number; designer_id: number; width: number; height: number }[],
): Promise<void> {
  const images = await db.selectFrom('work_images').selectAll().execute();
  const designers = await db
    .selectFrom('users')
    .where('designer_status', '!=', 0)
    .select('id')
    .orderBy('id')
    .execute();
  const plan = planDemoWorks(count).slice(seeded.length);
  const firstId = (seeded.at(-1)?.id ?? 0) + 1;
  const cols: Record<string, (string | number | null)[]> = {};
  const push = (name: string, value: string | number | null) => (cols[name] ??= []).push(value);
  plan.forEach((work, i) => {
    const like = seeded[i % seeded.length];
    push('id', firstId + i);
    push('designer_id', designers[work.designerIndex]?.id ?? like?.designer_id ?? 1);
    push('title', work.title);
    push('description', work.description);
    push('category_kid', work.categoryKid);
    push('style', work.spec.style);
    push('header_type', work.headerType);
    push('is_seamless', work.spec.seamless ? 1 : 0);
    push('colors', JSON.stringify(work.spec.palette.colors));
    push('tags', JSON.stringify(work.tags));
    push('status', 'published');
    push('price_fen', work.priceFen);
    push('view_count', work.counts.views);
    push('favourite_count', work.counts.favourites);
    push('sale_count', work.counts.sales);
    push('width', like?.width ?? 800);
    push('height', like?.height ?? 800);
    push('created_at', work.publishedAt);
    push('updated_at', work.publishedAt);
    push('published_at', work.publishedAt);
  });
  const text = 'text';
  await insertColumns(db, dialect, 'works', cols, {
    id: 'int',
    designer_id: 'int',
    title: text,
    description: text,
    category_kid: 'int',
    style: text,
    header_type: 'int',
    is_seamless: 'int',
    colors: text,
    tags: text,
    status: text,
    price_fen: 'int',
    view_count: 'int',
    favourite_count: 'int',
    sale_count: 'int',
    width: 'int',
    height: 'int',
    created_at: text,
    updated_at: text,
    published_at: text,
  });
  if (dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('works', 'id'), (select max(id) from works))`.execute(
      db,
    );
  }
  const imagesOf = new Map<number, typeof images>();
  for (const image of images)
    imagesOf.set(image.work_id, [...(imagesOf.get(image.work_id) ?? []), image]);
  const imageCols: Record<string, (string | number)[]> = {};
  const pushImage = (name: string, value: string | number) => (imageCols[name] ??= []).push(value);
  plan.forEach((_, i) => {
    const like = seeded[i % seeded.length];
    for (const image of imagesOf.get(like?.id ?? 0) ?? []) {
      pushImage('work_id', firstId + i);
      pushImage('kind', image.kind);
      pushImage('width', image.width);
      pushImage('height', image.height);
      pushImage('format', image.format);
      pushImage('storage_key', image.storage_key);
    }
  });
  await insertColumns(db, dialect, 'work_images', imageCols, {
    work_id: 'int',
    kind: text,
    width: 'int',
    height: 'int',
    format: text,
    storage_key: text,
  });
}
