// `npm run bench:catalogue [-- --quick] [-- --json] [-- --pg] [-- --works N] [-- --keep DIR|NAME]
// [-- --only bare,searchCold]` (--only, for tuning: the routes left out are not measured and report 0)
// Seeds N works (default 100,000) into a fresh database, starts the real app on loopback and measures,
// with autocannon in a separate process, the work list, work detail and word search against a bare
// route that returns a constant JSON body of the list's size, in the same run; also each of them with
// requests that all differ (so the caches miss), the app's start-up time (build + word index load)
// and the process's peak RSS while serving. docs/benchmarks.md.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { memoryUsage } from 'node:process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { benchDeps, benchWebRoot } from './bench-app';
import { openPostgres, openSqlite } from '../src/server/db/connection';
import type { DatabaseHandle } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrations';
import { getCreationDetail, getCreationList } from '../src/shared/contract/works';
import { getSearchCreationList } from '../src/shared/contract/word-search';
import { BENCH_SEARCH_KEYWORDS, buildBenchCatalogue } from './bench-catalogue-data';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  const value = at === -1 ? undefined : Number(args[at + 1]);
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
};
const json = flag('json');
const quick = flag('quick');
const usePg = flag('pg');
const works = option('works', quick ? 20_000 : 100_000);
const connections = option('connections', 10);
const duration = option('duration', quick ? 3 : 10);
const warmup = quick ? 1 : 2;
/**
 * --keep DIR: build the catalogue once and reuse it on later runs (for tuning): SQLite in DIR; with
 * --pg, in a schema named after DIR's last part (bench_keep_<name>), kept instead of dropped.
 */
const keepAt = args.indexOf('--keep');
const keepDir = keepAt === -1 ? undefined : args[keepAt + 1];
const keepSchema =
  keepDir === undefined
    ? undefined
    : `bench_keep_${(keepDir.split('/').filter(Boolean).at(-1) ?? 'x').replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
const onlyAt = args.indexOf('--only');
const only = onlyAt === -1 ? undefined : (args[onlyAt + 1] ?? '').split(',');
const log = (line: string) => {
  if (!json) console.log(line);
  else console.error(line);
};

type Load = {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  errors: number;
  timeouts: number;
  non2xx: number;
};
type Request = { path: string; body: string };

const loadScript = fileURLToPath(new URL('./bench-load.mjs', import.meta.url));

/** Runs autocannon in a child process against a sequence of requests and returns its summary. */
function runLoad(
  base: string,
  requests: Request[],
  seconds: number,
  optionsFile: string,
): Promise<Load> {
  const options = {
    url: base,
    connections,
    duration: seconds,
    requests,
  };
  writeFileSync(optionsFile, JSON.stringify(options));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [loadScript, optionsFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as Load);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

async function openBenchDatabase(dataDir: string): Promise<DatabaseHandle> {
  if (!usePg) return openSqlite(join(dataDir, 'bench.sqlite'));
  const url =
    process.env.DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5433/wenyang_test';
  if (keepSchema) return openPostgres(url, keepSchema);
  const schema = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const handle = await openPostgres(url, schema);
  return {
    ...handle,
    close: async () => {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
      await handle.close();
    },
  };
}

function machine(): string {
  let cpu = cpus()[0]?.model ?? 'unknown CPU';
  try {
    cpu = execFileSync('sh', ['-c', "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"])
      .toString()
      .trim();
  } catch {
    // Keep os.cpus()'s model.
  }
  return `${cpus().length} × ${cpu}, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`;
}

async function main(): Promise<void> {
  const dataDir = keepDir ?? mkdtempSync(join(tmpdir(), 'wenyang-bench-'));
  mkdirSync(dataDir, { recursive: true });
  // A kept catalogue is complete once its marker is written (last); until then a run resumes its
  // build where the previous one stopped (buildBenchCatalogue works in id order, phase by phase).
  const builtMarker = join(dataDir, usePg ? `${keepSchema ?? ''}.built` : 'bench.sqlite.built');
  const reuse = keepDir !== undefined && existsSync(builtMarker);
  const webRoot = benchWebRoot(dataDir);
  const handle = await openBenchDatabase(dataDir);
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const deps = benchDeps(handle, dataDir);
    const built = reuse
      ? {
          works: Number(
            (
              await handle.db
                .selectFrom('works')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
          seedMs: 0,
          bulkMs: 0,
          indexMs: 0,
        }
      : (log(`数据库：${handle.dialect}；正在生成 ${works} 件作品……`),
        await buildBenchCatalogue(deps, works, log));
    log(
      `生成完成：演示种子 ${(built.seedMs / 1000).toFixed(1)} s，批量写入 ${(built.bulkMs / 1000).toFixed(1)} s，搜索索引 ${(built.indexMs / 1000).toFixed(1)} s`,
    );
    if (keepDir !== undefined && !reuse) writeFileSync(builtMarker, JSON.stringify(built));

    // Start-up: from building the app to its word index loaded (what a server does before serving).
    const startedApp = performance.now();
    const app = await buildApp({ deps, config: { webRoot, nodeEnv: 'production' } });
    // The baseline: a plain Fastify route returning a constant value, serialised on every request
    // like any JSON route; the value is the list's own response, so the bytes are the same.
    let bare = '';
    let bareValue: unknown = null;
    app.post('/bench/bare', { schema: { hide: true } }, async () => bareValue);
    const started = performance.now();
    await app.wordIndex.ready();
    const indexLoadMs = Math.round(performance.now() - started);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const startupMs = Math.round(performance.now() - startedApp);
    log(`启动：${startupMs} ms（其中内存搜索索引载入 ${indexLoadMs} ms）`);
    // The server runs in this process (autocannon in a child): its RSS, sampled while serving.
    let rssPeak = memoryUsage.rss();
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, memoryUsage.rss());
    }, 100);

    const listBody = JSON.stringify({ pageIndex: 1, pageSize: 20 });
    const listResponse = await fetch(base + getCreationList.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: listBody,
    });
    bare = await listResponse.text();
    if (!listResponse.ok) throw new Error(`list answered ${listResponse.status}: ${bare}`);
    bareValue = JSON.parse(bare);

    const ids = await handle.db
      .selectFrom('works')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .execute();
    const step = Math.max(1, Math.floor(ids.length / 200));
    const detailIds = ids.filter((_, i) => i % step === 0).map((r) => r.id);
    // Far more works than the detail cache holds (5,000), spread over the catalogue, each asked once.
    const coldStep = Math.max(1, Math.floor(ids.length / 40_000));
    const coldDetailIds = ids.filter((_, i) => i % coldStep === 1 % coldStep).map((r) => r.id);
    const keywords = BENCH_SEARCH_KEYWORDS;
    const searchBodies = keywords.flatMap((keyword, i) => [
      { keyword, pageIndex: 1, pageSize: 20 },
      i % 4 === 0
        ? { keyword, pageIndex: 2, pageSize: 20, sort: 'newest' }
        : i % 4 === 1
          ? { keyword, pageIndex: 1, pageSize: 20, color: 'blue' }
          : i % 4 === 2
            ? { keyword, pageIndex: 1, pageSize: 20, seamless: true }
            : { keyword, pageIndex: 1, pageSize: 20, sort: 'bestselling' },
    ]);
    // The same searches with a different filter, sort or page each time: the result cache misses, so
    // this shows the cost of a search itself (reported beside, not instead of, the hot-keyword mix).
    // More distinct queries than a run sends, so (nearly) every one misses the cache.
    const colours = ['', 'red', 'orange', 'yellow', 'green', 'cyan', 'blue', 'white', 'black'];
    const sorts = ['', 'newest', 'popular', 'bestselling'];
    const seamless = [undefined, true, false];
    const coldBodies = [1, 2, 3, 4, 5].flatMap((pageIndex) =>
      seamless.flatMap((flat) =>
        sorts.flatMap((sort) =>
          colours.flatMap((color) =>
            keywords.map((keyword) => ({
              keyword,
              pageIndex,
              pageSize: 20,
              ...(color ? { color } : {}),
              ...(sort ? { sort } : {}),
              ...(flat === undefined ? {} : { seamless: flat }),
            })),
          ),
        ),
      ),
    );
    // List pages that all differ (filters × sort × page): the list cache (10 s) misses.
    const styles = ['', 'floral', 'geometric', 'folk'];
    const coldLists = [1, 2, 3, 4, 5].flatMap((pageIndex) =>
      styles.flatMap((style) =>
        seamless.flatMap((flat) =>
          sorts.flatMap((sort) =>
            colours.map((color) => ({
              pageIndex,
              pageSize: 20,
              ...(color ? { color } : {}),
              ...(sort ? { sort } : {}),
              ...(style ? { style } : {}),
              ...(flat === undefined ? {} : { seamless: flat }),
            })),
          ),
        ),
      ),
    );
    type RouteName =
      'bare' | 'list' | 'detail' | 'search' | 'searchCold' | 'listCold' | 'detailCold';
    const routes: Record<RouteName, Request[]> = {
      bare: [{ path: '/bench/bare', body: listBody }],
      list: [1, 2, 3, 1, 5].map((page) => ({
        path: getCreationList.path,
        body: JSON.stringify({ pageIndex: page, pageSize: 20 }),
      })),
      detail: detailIds.map((id) => ({
        path: getCreationDetail.path,
        body: JSON.stringify({ id }),
      })),
      search: searchBodies.map((b) => ({
        path: getSearchCreationList.path,
        body: JSON.stringify(b),
      })),
      searchCold: coldBodies.map((b) => ({
        path: getSearchCreationList.path,
        body: JSON.stringify(b),
      })),
      listCold: coldLists.map((b) => ({ path: getCreationList.path, body: JSON.stringify(b) })),
      detailCold: coldDetailIds.map((id) => ({
        path: getCreationDetail.path,
        body: JSON.stringify({ id }),
      })),
    };

    const measure = async (name: keyof typeof routes, warm = true): Promise<Load> => {
      // --only bare,searchCold (tuning): the other routes are not measured and report 0.
      if (only && !only.includes(name)) {
        return { rps: 0, p50: 0, p99: 0, max: 0, total: 0, errors: 0, timeouts: 0, non2xx: 0 };
      }
      const optionsFile = join(dataDir, `load-${name}.json`);
      if (warm) await runLoad(base, routes[name], warmup, optionsFile);
      const load = await runLoad(base, routes[name], duration, optionsFile);
      log(
        `  ${name.padEnd(10)} ${load.rps.toFixed(0).padStart(7)} req/s  p50 ${String(load.p50).padStart(4)} ms  p99 ${String(load.p99).padStart(4)} ms  (${load.total} 次，错误 ${load.errors + load.timeouts}，非 2xx ${load.non2xx})`,
      );
      if (load.errors + load.timeouts + load.non2xx > 0)
        throw new Error(`${name}: requests failed`);
      return load;
    };

    log(`机器：${machine()}`);
    log(
      `压测：${connections} 个连接，每项 ${duration} s（先预热 ${warmup} s）；列表响应 ${Buffer.byteLength(bare)} 字节`,
    );
    // The bare route is measured first and last; their mean is the baseline, so drift shows.
    const bareBefore = await measure('bare');
    const list = await measure('list');
    const detail = await measure('detail');
    const search = await measure('search');
    // No warm-up: it would fill the result cache with the very queries measured.
    const searchCold = await measure('searchCold', false);
    const listCold = await measure('listCold', false);
    const detailCold = await measure('detailCold', false);
    const bareAfter = await measure('bare');
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, memoryUsage.rss());
    const bareRps = (bareBefore.rps + bareAfter.rps) / 2;
    const figures = (load: Load) => ({
      rps: Math.round(load.rps),
      p99_ms: load.p99,
      ratio: Number((load.rps / bareRps).toFixed(3)),
    });
    const report = {
      works: built.works,
      dialect: handle.dialect,
      load_average: Number((loadavg()[0] ?? 0).toFixed(1)),
      bare_rps: Math.round(bareRps),
      startup_ms: startupMs,
      index_load_ms: indexLoadMs,
      rss_peak_mb: Math.round(rssPeak / 2 ** 20),
      // Routes measured when --only chose some (the others report 0, never "met").
      ...(only ? { only } : {}),
      routes: { list: figures(list), detail: figures(detail), search: figures(search) },
      cache_misses: {
        list: figures(listCold),
        detail: figures(detailCold),
        search: figures(searchCold),
      },
    };

    log('');
    log('| 路由 | 调用 | req/s | p99 (ms) | 与空路由之比 |');
    log('| --- | --- | ---: | ---: | ---: |');
    log(
      `| bare | POST /bench/bare（常量 ${Buffer.byteLength(bare)} B） | ${report.bare_rps} | ${bareBefore.p99} / ${bareAfter.p99} | 1 |`,
    );
    for (const [name, call] of [
      ['list', getCreationList.name],
      ['detail', getCreationDetail.name],
      ['search', getSearchCreationList.name],
    ] as const) {
      const r = report.routes[name];
      log(`| ${name} | ${call} | ${r.rps} | ${r.p99_ms} | ${r.ratio} |`);
    }
    for (const [name, call] of [
      ['list', getCreationList.name],
      ['detail', getCreationDetail.name],
      ['search', getSearchCreationList.name],
    ] as const) {
      const r = report.cache_misses[name];
      log(
        `| ${name}（每次不同的请求，不命中缓存） | ${call} | ${r.rps} | ${r.p99_ms} | ${r.ratio} |`,
      );
    }
    log('');
    const met = (ok: boolean) => (ok ? '达到' : '未达到');
    const misses = report.cache_misses;
    if (!only)
      log(
        `目标：不同查询的 search p99 < 50 ms → ${met(misses.search.p99_ms < 50)}；未命中缓存的 list / detail p99 < 50 ms → ${met(misses.list.p99_ms < 50)} / ${met(misses.detail.p99_ms < 50)}；有缓存的 list、detail ≥ 0.4 → ${met(report.routes.list.ratio >= 0.4)} / ${met(report.routes.detail.ratio >= 0.4)}；RSS ${report.rss_peak_mb} MB < 4096 → ${met(report.rss_peak_mb < 4096)}；启动 ${startupMs} ms < 60 s → ${met(startupMs < 60_000)}`,
      );
    await app.close();
    if (json) console.log(JSON.stringify(report));
  } finally {
    await handle.close();
    if (keepDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
