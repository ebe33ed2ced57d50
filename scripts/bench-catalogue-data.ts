// Builds the benchmark catalogue: the demo seed with a few rendered works, then N works in bulk
// (same deterministic plan as the demo, images reused from the rendered ones), then the word index.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DialectName } from '../src/server/db/connection';
import type { Database } from '../src/server/db/schema';
import { seedDiscovery } from '../src/server/db/seed/seed-discovery';
import { planDemoWorks, seedDemo } from '../src/server/db/seed/seed-demo';
import type { AppDeps } from '../src/server/deps';
import { backfillWorkTerms } from '../src/server/modules/search/word/indexer';

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

export type BenchCatalogueReport = {
  works: number;
  seedMs: number;
  bulkMs: number;
  indexMs: number;
};

/** Fills a freshly migrated database with `count` published works and their word index. */
export async function buildBenchCatalogue(
  deps: Pick<AppDeps, 'db' | 'dialect' | 'storage'>,
  count: number,
  log: (line: string) => void,
): Promise<BenchCatalogueReport> {
  const { db, dialect } = deps;
  let started = performance.now();
  await seedDemo(deps, () => undefined, RENDERED_WORKS);
  const seedMs = performance.now() - started;

  started = performance.now();
  const seeded = await db
    .selectFrom('works')
    .select(['id', 'designer_id', 'width', 'height'])
    .orderBy('id')
    .execute();
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
  const imageCols: Record<string, (string | number)[]> = {};
  const pushImage = (name: string, value: string | number) => (imageCols[name] ??= []).push(value);
  plan.forEach((_, i) => {
    const like = seeded[i % seeded.length];
    for (const image of images.filter((im) => im.work_id === like?.id)) {
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
  // Colour swatches, licence options, series, hot-seller lists… over all the works, as on a real site.
  await seedDiscovery(deps);
  const bulkMs = performance.now() - started;
  log(`已写入 ${seeded.length + plan.length} 件作品（${(bulkMs / 1000).toFixed(1)} s）`);

  started = performance.now();
  await backfillWorkTerms(deps, log);
  await sql`analyze`.execute(db);
  const indexMs = performance.now() - started;
  return { works: seeded.length + plan.length, seedMs, bulkMs, indexMs };
}
