// `npm run bench:wordsearch-fts -- --schema NAME [--queries N] [--json]`
//
// The word-search storage decision at scale (docs/word-search.md "A million works"): the same
// distinct queries answered by the in-memory word index (WordIndex, what the server uses) and by
// PostgreSQL full-text search (the segmented terms of each work in a `tsvector` with a GIN index),
// on a catalogue already built by `npm run bench:catalogue -- --pg --keep DIR` (schema
// bench_keep_<last part of DIR>). Bench-only: the server does not use the tsvector side.
//
// Both sides answer "the ids of one page and the total", with the /work filters and sorts; the
// cards of the page are read the same way afterwards by either, so they are left out. Reports the
// build time and memory of each side and p50/p95/p99 of the queries, run one at a time in this
// process, alternating sides query by query so load on the shared machine hits both alike; checks
// that both find the same number of works for every query. The last line (with --json) is JSON.
import { loadavg } from 'node:os';
import { memoryUsage } from 'node:process';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema';
import { openPostgres } from '../src/server/db/connection';
import type { WorkSort } from '../src/shared/contract/works';
import type { ColourSwatchKey } from '../src/shared/rules/colour-swatch';
import { understandQuery } from '../src/server/modules/search/word/query-understanding';
import { WordIndex } from '../src/server/modules/search/word/word-index';
import { BENCH_SEARCH_KEYWORDS } from './bench-catalogue-data';
import type { QueryGroup } from '../src/server/modules/search/word/word-index';

const args = process.argv.slice(2);
const json = args.includes('--json');
const value = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
};
const schema = value('schema') ?? 'bench_keep_m1';
const queryCount = Number(value('queries') ?? 600);
const rebuild = args.includes('--rebuild');
const log = (line: string) => (json ? console.error(line) : console.log(line));

const url =
  process.env.DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5433/wenyang_test';

/** Forces a collection when run with --expose-gc (so heap deltas are what stays reachable). */
function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
}
const heapMb = () => {
  const m = memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
};

type Body = {
  keyword: string;
  pageIndex: number;
  color?: ColourSwatchKey;
  sort?: WorkSort;
  seamless?: boolean;
};

/** The distinct queries of bench:catalogue (keywords × colour × sort × seamless × page), sampled. */
function queries(): Body[] {
  const keywords = BENCH_SEARCH_KEYWORDS;
  const colours: (ColourSwatchKey | undefined)[] = [
    undefined,
    'red',
    'orange',
    'yellow',
    'green',
    'cyan',
    'blue',
    'white',
    'black',
  ];
  const sorts: (WorkSort | undefined)[] = [undefined, 'newest', 'popular', 'bestselling'];
  const all: Body[] = [];
  for (const pageIndex of [1, 2, 3, 4, 5])
    for (const seamless of [undefined, true, false])
      for (const sort of sorts)
        for (const color of colours)
          for (const keyword of keywords)
            all.push({
              keyword,
              pageIndex,
              ...(color ? { color } : {}),
              ...(sort ? { sort } : {}),
              ...(seamless === undefined ? {} : { seamless }),
            });
  const step = Math.max(1, Math.floor(all.length / queryCount));
  return all.filter((_, i) => i % step === 0).slice(0, queryCount);
}

/** A tsquery of the required groups: each group any of its alternatives (a prefix as `term:*`). */
function tsQuery(groups: readonly QueryGroup[]): string | null {
  const required = groups.some((g) => !g.optional) ? groups.filter((g) => !g.optional) : groups;
  if (required.length === 0) return null;
  const quote = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  return required
    .map(
      (g) =>
        `(${g.alternatives.map((a) => `${quote(a.term)}${a.prefix ? ':*' : ''}`).join(' | ')})`,
    )
    .join(' & ');
}

const ORDER: Record<WorkSort | 'relevance', string> = {
  newest: 'published_at desc, id desc',
  popular: 'favourite_count desc, view_count desc, id desc',
  bestselling: 'sale_count desc, id desc',
  // Field weights A (title 3), B (tag, designer 2), C (the rest 1), then favourites like the index.
  relevance: "ts_rank('{0, 0.33, 0.67, 1}', doc, q) desc, favourite_count desc, id desc",
};

/** One page of ids and the total, by full-text search. */
async function ftsSearch(
  db: Kysely<Database>,
  tsquery: string,
  body: Body,
): Promise<{ ids: number[]; total: number }> {
  const where = [sql`doc @@ q`];
  if (body.seamless !== undefined) where.push(sql`is_seamless = ${body.seamless ? 1 : 0}`);
  if (body.color) where.push(sql`swatches @> array[${body.color}]::text[]`);
  const order = sql.raw(ORDER[body.sort ?? 'relevance']);
  const { rows } = await sql<{ id: number; total: string }>`
    select id, count(*) over () as total
    from fts_works, (select ${tsquery}::tsquery as q) as query
    where ${sql.join(where, sql` and `)}
    order by ${order}
    limit 20 offset ${(body.pageIndex - 1) * 20}`.execute(db);
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
  // Past the last page: the total alone.
  const { rows: counted } = await sql<{ n: string }>`
    select count(*) as n from fts_works, (select ${tsquery}::tsquery as q) as query
    where ${sql.join(where, sql` and `)}`.execute(db);
  return { ids: [], total: Number(counted[0]?.n ?? 0) };
}

/** Builds fts_works: a row per published work with its terms as a weighted tsvector (GIN). */
async function buildFts(db: Kysely<Database>): Promise<{ ms: number; ginMb: number; mb: number }> {
  const started = performance.now();
  await sql`drop table if exists fts_works`.execute(db);
  // array_to_tsvector takes the indexer's terms as they are (to_tsvector would parse them again,
  // and the parser does not treat Han characters as letters in every locale); setweight keeps the
  // field weight of each term: A title, B tag or designer, C category, style, colour, description.
  await sql`
    create table fts_works as
    select w.id, w.is_seamless, w.favourite_count, w.view_count, w.sale_count, w.published_at,
      coalesce((select array_agg(wc.swatch) from work_colors wc where wc.work_id = w.id), '{}') as swatches,
      coalesce(setweight(array_to_tsvector(t.a), 'A'), '') ||
        coalesce(setweight(array_to_tsvector(t.b), 'B'), '') ||
        coalesce(setweight(array_to_tsvector(t.c), 'C'), '') as doc
    from works w
    join (
      select work_id,
        array_agg(term) filter (where weight = 3) as a,
        array_agg(term) filter (where weight = 2) as b,
        array_agg(term) filter (where weight = 1) as c
      from work_terms group by work_id
    ) t on t.work_id = w.id
    where w.status = 'published'`.execute(db);
  await sql`alter table fts_works add primary key (id)`.execute(db);
  await sql`create index fts_works_doc on fts_works using gin (doc)`.execute(db);
  await sql`analyze fts_works`.execute(db);
  const ms = performance.now() - started;
  const { rows } = await sql<{ total: string; gin: string }>`
    select pg_total_relation_size('fts_works') as total,
      pg_relation_size('fts_works_doc') as gin`.execute(db);
  return {
    ms,
    mb: Number(rows[0]?.total ?? 0) / 2 ** 20,
    ginMb: Number(rows[0]?.gin ?? 0) / 2 ** 20,
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const handle = await openPostgres(url, schema);
  const db = handle.db;
  try {
    const { n } = await db
      .selectFrom('works')
      .where('status', '=', 'published')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    log(`模式 ${schema}：${Number(n)} 件已发布作品；负载 ${loadavg()[0]?.toFixed(1)}`);

    collect();
    const heapBefore = heapMb();
    const rssBefore = memoryUsage.rss() / 2 ** 20;
    let started = performance.now();
    const index = new WordIndex(db);
    await index.ready();
    const indexMs = performance.now() - started;
    collect();
    const indexHeapMb = heapMb() - heapBefore;
    const indexRssMb = memoryUsage.rss() / 2 ** 20 - rssBefore;
    log(
      `内存索引：载入 ${(indexMs / 1000).toFixed(1)} s，堆 +${indexHeapMb.toFixed(0)} MB，RSS +${indexRssMb.toFixed(0)} MB`,
    );

    const exists = await sql<{
      t: string | null;
    }>`select to_regclass('fts_works')::text as t`.execute(db);
    let fts = { ms: 0, mb: 0, ginMb: 0 };
    if (rebuild || !exists.rows[0]?.t) {
      fts = await buildFts(db);
    } else {
      const { rows } = await sql<{ total: string; gin: string }>`
        select pg_total_relation_size('fts_works') as total,
          pg_relation_size('fts_works_doc') as gin`.execute(db);
      fts.mb = Number(rows[0]?.total ?? 0) / 2 ** 20;
      fts.ginMb = Number(rows[0]?.gin ?? 0) / 2 ** 20;
    }
    log(
      `全文检索：建表与 GIN 索引 ${(fts.ms / 1000).toFixed(1)} s${fts.ms === 0 ? '（沿用已建的表）' : ''}，表与索引 ${fts.mb.toFixed(0)} MB（GIN ${fts.ginMb.toFixed(0)} MB）`,
    );

    const bodies = queries();
    // Warm both: the index's scratch arrays, PostgreSQL's buffers (one pass over the first 40).
    for (const body of bodies.slice(0, 40)) {
      const understood = understandQuery(body.keyword, index);
      const q = tsQuery(understood.words.map((w) => w.group));
      index.search({
        words: [],
        groups: understood.words.map((w) => w.group),
        boostColours: understood.colours,
        filters: body,
        sort: body.sort,
        offset: (body.pageIndex - 1) * 20,
        limit: 20,
      });
      if (q) await ftsSearch(db, q, body);
    }
    const memTimes: number[] = [];
    const ftsTimes: number[] = [];
    let sameTotals = 0;
    let compared = 0;
    const differing: string[] = [];
    started = performance.now();
    for (const body of bodies) {
      let t = performance.now();
      const understood = understandQuery(body.keyword, index);
      const groups = understood.words.map((w) => w.group);
      const mem = index.search({
        words: [],
        groups,
        boostColours: understood.colours,
        filters: body,
        sort: body.sort,
        offset: (body.pageIndex - 1) * 20,
        limit: 20,
      });
      memTimes.push(performance.now() - t);
      t = performance.now();
      const q = tsQuery(groups);
      if (!q) continue;
      const found = await ftsSearch(db, q, body);
      ftsTimes.push(performance.now() - t);
      compared += 1;
      if (found.total === mem.total) sameTotals += 1;
      else if (differing.length < 5)
        differing.push(`${JSON.stringify(body)}: 内存 ${mem.total}，全文 ${found.total}`);
    }
    const wall = performance.now() - started;
    const figures = (times: number[]) => ({
      p50_ms: Number(percentile(times, 50).toFixed(2)),
      p95_ms: Number(percentile(times, 95).toFixed(2)),
      p99_ms: Number(percentile(times, 99).toFixed(2)),
      max_ms: Number(Math.max(...times).toFixed(2)),
    });
    const report = {
      schema,
      works: Number(n),
      queries: bodies.length,
      load_average: Number((loadavg()[0] ?? 0).toFixed(1)),
      memory_index: {
        build_ms: Math.round(indexMs),
        heap_mb: Math.round(indexHeapMb),
        ...figures(memTimes),
      },
      postgres_fts: {
        build_ms: Math.round(fts.ms),
        table_and_index_mb: Math.round(fts.mb),
        gin_mb: Math.round(fts.ginMb),
        ...figures(ftsTimes),
      },
      same_totals: `${sameTotals}/${compared}`,
      wall_s: Number((wall / 1000).toFixed(1)),
    };
    log('');
    log('| 实现 | 建立 | 内存 / 磁盘 | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |');
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    const m = report.memory_index;
    const f = report.postgres_fts;
    log(
      `| 内存索引 | ${(m.build_ms / 1000).toFixed(1)} s | 堆 ${m.heap_mb} MB | ${m.p50_ms} | ${m.p95_ms} | ${m.p99_ms} | ${m.max_ms} |`,
    );
    log(
      `| PostgreSQL tsvector + GIN | ${(f.build_ms / 1000).toFixed(1)} s | ${f.table_and_index_mb} MB（GIN ${f.gin_mb} MB） | ${f.p50_ms} | ${f.p95_ms} | ${f.p99_ms} | ${f.max_ms} |`,
    );
    log(`总数相同的查询：${report.same_totals}`);
    for (const line of differing) log(`  不同：${line}`);
    index.stop();
    if (json) console.log(JSON.stringify(report));
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
