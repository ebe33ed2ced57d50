// `npm run bench:wordsearch [-- --json] [-- --verbose] [-- --keep DIR]`
//
// Judges word search and AI search on the judged query set (tests/wordsearch/judged-queries.ts):
// seeds the demo catalogue (the same seedDemo the app runs, DEFAULT_DEMO_WORKS works) into a fresh
// SQLite database in a temporary DATA_DIR, builds the real app in this process, runs every query
// through the real calls (Creation/GetSearchCreationList, and Creation/GetAiWordHits for the AI
// sentences) with app.inject, and prints NDCG@10, recall@50 and the zero-result rate over the
// queries that have relevant works. The last line (with --json) is one JSON object. `--keep DIR`
// seeds once into DIR and reuses it (rendering the demo images takes minutes); the word index is
// always rebuilt, so changes to the indexer count.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../src/server/app';
import { benchDeps, benchWebRoot } from './bench-app';
import { openSqlite } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrations';
import { getAiWordHits, getSearchCreationList } from '../src/shared/contract/word-search';
import type { WordSearchHit } from '../src/shared/contract/word-search';
import { DEFAULT_DEMO_WORKS, planDemoWorks, seedDemo } from '../src/server/db/seed/seed-demo';
import { backfillWorkTerms } from '../src/server/modules/search/word/indexer';
import { injectCall } from '../src/server/testing/test-app';
import { JUDGED_QUERIES, judge, judgedWorks } from '../tests/wordsearch/judged-queries';
import { scoreQuery } from '../tests/wordsearch/metrics';
import type { QueryScore } from '../tests/wordsearch/metrics';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const verbose = args.includes('--verbose');
const keepAt = args.indexOf('--keep');
const keepDir = keepAt >= 0 ? args[keepAt + 1] : undefined;
const onlyAt = args.indexOf('--only');
/** `--only KIND`: just the queries of one kind, each with its first results (for tuning). */
const onlyKind = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
const log = (line: string) => {
  if (!asJson || verbose) console.log(line);
};

type Envelope<T> = { code?: number; msg: string; data?: T };

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
const round = (x: number) => Math.round(x * 1000) / 1000;

async function main(): Promise<void> {
  const dataDir = keepDir ? resolve(keepDir) : mkdtempSync(join(tmpdir(), 'wenyang-bench-words-'));
  mkdirSync(dataDir, { recursive: true });
  const webRoot = benchWebRoot(dataDir);
  const handle = openSqlite(join(dataDir, 'bench.sqlite'));
  const deps = benchDeps(handle, dataDir);
  await migrateToLatest(handle.db, handle.dialect);
  const app = await buildApp({ deps, config: { webRoot, nodeEnv: 'test' } });
  await app.ready();
  const t = { app, deps };
  try {
    let started = performance.now();
    const seeded = await t.deps.db
      .selectFrom('works')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // A kept database is reused once it holds the demo catalogue.
    if (Number(seeded.n) === 0) await seedDemo(t.deps, () => undefined, DEFAULT_DEMO_WORKS);
    log(`seeded ${DEFAULT_DEMO_WORKS} works in ${Math.round(performance.now() - started)} ms`);
    started = performance.now();
    await t.deps.db.deleteFrom('work_terms').execute();
    await backfillWorkTerms(t.deps, () => undefined, t.app);
    await t.app.wordIndex.ready();
    log(`indexed in ${Math.round(performance.now() - started)} ms`);

    // Works are inserted in plan order: the n-th id is plan index n (checked by title).
    const plan = planDemoWorks(DEFAULT_DEMO_WORKS);
    const rows = await t.deps.db
      .selectFrom('works')
      .select(['id', 'title'])
      .orderBy('id')
      .execute();
    const indexOf = new Map<number, number>();
    rows.forEach((row, i) => {
      if (plan[i]?.title !== row.title) throw new Error(`work ${row.id} is not plan index ${i}`);
      indexOf.set(row.id, i);
    });
    const judgements = judge(judgedWorks(DEFAULT_DEMO_WORKS));

    const scores: QueryScore[] = [];
    const searchStarted = performance.now();
    for (const [n, query] of JUDGED_QUERIES.entries()) {
      const judgement = judgements[n];
      if (!judgement || (onlyKind !== undefined && query.kind !== onlyKind)) continue;
      let list: WordSearchHit[];
      if (query.kind === 'ai') {
        const { body } = await injectCall<
          Envelope<{ list: WordSearchHit[]; total: number; notice?: string; understood: string[] }>
        >(t.app, getAiWordHits, { sentence: query.query });
        if (onlyKind) {
          log(
            `${query.query}: total ${body.data?.total} ${body.data?.understood.join(',')} ${body.data?.notice ?? ''}`,
          );
        }
        if (body.code !== 1) throw new Error(`${query.query}: ${body.msg}`);
        list = body.data?.list ?? [];
      } else {
        const { body } = await injectCall<Envelope<{ list: WordSearchHit[] }>>(
          t.app,
          getSearchCreationList,
          { keyword: query.query, pageIndex: 1, pageSize: 50 },
        );
        if (body.code !== 1) throw new Error(`${query.query}: ${body.msg}`);
        list = body.data?.list ?? [];
      }
      const ranked = list.map((w) => indexOf.get(w.id) ?? -1);
      if (onlyKind) {
        log(
          `  ${query.query} → ${list
            .slice(0, 6)
            .map(
              (w) =>
                `${w.title}/${w.categoryTitle}${judgement.gains[indexOf.get(w.id) ?? -1] ?? 0}`,
            )
            .join(' ')}`,
        );
      }
      scores.push(scoreQuery(judgement, ranked));
    }
    const searchMs = performance.now() - searchStarted;

    const judged = scores.filter((s) => s.relevant > 0);
    const zero = judged.filter((s) => s.found === 0);
    const kinds = [...new Set(scores.map((s) => s.kind))];
    log('');
    log('kind         queries  judged  NDCG@10  recall@50  zero results');
    for (const kind of kinds) {
      const of = judged.filter((s) => s.kind === kind);
      log(
        `${kind.padEnd(12)} ${String(scores.filter((s) => s.kind === kind).length).padStart(7)} ${String(of.length).padStart(7)}  ${mean(
          of.map((s) => s.ndcg10),
        )
          .toFixed(3)
          .padStart(7)}  ${mean(of.map((s) => s.recall50))
          .toFixed(3)
          .padStart(9)}  ${of.filter((s) => s.found === 0).length}`,
      );
    }
    if (verbose || !asJson) {
      const weak = judged.filter((s) => s.ndcg10 < 0.6 || s.found === 0);
      if (weak.length > 0) log(`\nweakest (NDCG@10 < 0.6 or nothing found):`);
      for (const s of weak) {
        log(
          `  ${s.kind.padEnd(12)} ${s.query}  ndcg ${s.ndcg10.toFixed(2)} recall ${s.recall50.toFixed(2)} found ${s.found}/${s.relevant}`,
        );
      }
    }
    const summary = {
      queries: judged.length,
      ndcg10: round(mean(judged.map((s) => s.ndcg10))),
      recall50: round(mean(judged.map((s) => s.recall50))),
      zero_results: round(judged.length === 0 ? 0 : zero.length / judged.length),
    };
    log(
      `\n${scores.length} queries, ${judged.length} with relevant works; ${Math.round(searchMs)} ms for all searches`,
    );
    console.log(JSON.stringify(summary));
  } finally {
    await app.close();
    await handle.close();
    if (!keepDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
