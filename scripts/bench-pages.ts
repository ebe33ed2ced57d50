// `npm run bench:pages -- [--json] [--pages a,b] [--runs N] [--no-build] [--dist dir] [--save dir]`
// Builds the web app, starts the real server on a fresh seeded database (loopback, a free port),
// and runs Lighthouse (performance only) on each public page N times (default 3) with the desktop
// and the mobile preset, in the Chromium the browser tests use. Prints per page the median scores,
// LCP, CLS and TBT, and the page's initial JavaScript computed from the built files (entry, its
// static imports and the route's lazy chunk, gzipped). With --json the last line is
// {"pages": {"<path>": {"desktop": x, "mobile": x, "cls": x, "lcp_ms": x, "js_kib": x}}}.
// docs/benchmarks.md (section "Pages"), docs/fast-pages.md.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import type { LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Config, Flags, RunnerResult } from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/find-chromium';
import { freePort } from '../tests/e2e/free-port';
import { APP_ENTRY, initialChunks, kib, readBuild } from './check-bundle-budget-lib';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
};
// --dist: build into (and serve) a private directory, so runs beside other builds of dist/web.
const distOption = option('dist');
const distDir = distOption ? resolve(distOption) : join(root, 'dist', 'web');
// --save: keep each Lighthouse report (JSON) there, to read its traces and audits afterwards.
const saveDir = option('save');
const json = flag('json');
const runsOption = Number(option('runs') ?? 3);
const runs = Number.isInteger(runsOption) && runsOption > 0 ? runsOption : 3;
const log = (line: string) => (json ? console.error(line) : console.log(line));

/** A benchmarked page: its key in the output, how to reach it, and the route module it lazily loads. */
type PageSpec = {
  key: string;
  alias: string;
  route: string;
  url: (seed: Seed) => string;
};
type Seed = { workId: number; keyword: string };

const PAGES: readonly PageSpec[] = [
  { key: '/', alias: 'home', route: 'src/app/routes/home-route.tsx', url: () => '/' },
  {
    key: '/work?headerType=3',
    alias: 'work',
    route: 'src/app/routes/work-routes.tsx',
    url: () => '/work?headerType=3',
  },
  {
    key: '/work/detail',
    alias: 'detail',
    route: 'src/app/routes/work-detail-route.tsx',
    url: (s) => `/work/detail?id=${s.workId}`,
  },
  {
    key: '/search/wordSearch',
    alias: 'wordSearch',
    route: 'src/app/routes/word-search-route.tsx',
    url: (s) => `/search/wordSearch?keyword=${encodeURIComponent(s.keyword)}`,
  },
  { key: '/theme', alias: 'theme', route: 'src/app/routes/theme-routes.tsx', url: () => '/theme' },
  {
    key: '/tawDesigner',
    alias: 'tawDesigner',
    route: 'src/app/routes/designer-routes.tsx',
    url: () => '/tawDesigner',
  },
];

function selectedPages(): PageSpec[] {
  const wanted = option('pages');
  if (!wanted) return [...PAGES];
  const names = wanted.split(',').map((n) => n.trim());
  const chosen = PAGES.filter((p) => names.includes(p.key) || names.includes(p.alias));
  const unknown = names.filter((n) => !PAGES.some((p) => p.key === n || p.alias === n));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown page(s) ${unknown.join(', ')}; choose from ${PAGES.map((p) => p.alias).join(', ')}`,
    );
  }
  return chosen;
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The server did not answer /healthz within 240 s');
}

/** A real seeded work (the first of the public list) and a keyword from its title. */
async function findSeed(base: string): Promise<Seed> {
  const res = await fetch(`${base}/sapi/tu-zp/api/Creation/GetCreationList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageIndex: 1, pageSize: 1 }),
  });
  const body = (await res.json()) as { data?: { list?: { id: number; title: string }[] } };
  const work = body.data?.list?.[0];
  if (!work) throw new Error(`The seeded work list is empty (${res.status})`);
  const keyword = [...work.title.replace(/[^\p{Script=Han}\w]/gu, '')].slice(0, 2).join('');
  return { workId: work.id, keyword: keyword || work.title };
}

type Sample = { score: number; lcp: number; cls: number; tbt: number; scriptKib: number };

function sampleOf(result: RunnerResult | undefined): Sample {
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits['resource-summary']?.details;
  let scriptBytes = Number.NaN;
  if (summary && summary.type === 'table') {
    const row = summary.items.find((item) => item.resourceType === 'script');
    scriptBytes = typeof row?.transferSize === 'number' ? row.transferSize : Number.NaN;
  }
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    scriptKib: scriptBytes / 1024,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function medianSample(samples: Sample[]): Sample {
  return {
    score: median(samples.map((s) => s.score)),
    lcp: median(samples.map((s) => s.lcp)),
    cls: median(samples.map((s) => s.cls)),
    tbt: median(samples.map((s) => s.tbt)),
    scriptKib: median(samples.map((s) => s.scriptKib)),
  };
}

const PRESETS: readonly { name: 'desktop' | 'mobile'; config: Config | undefined }[] = [
  { name: 'desktop', config: desktopConfig },
  // Lighthouse's default configuration is the mobile preset (Moto G Power, simulated slow 4G).
  { name: 'mobile', config: undefined },
];

async function main() {
  const pages = selectedPages();
  if (!flag('no-build')) {
    log(`Building the web app (npm run build:web) into ${distDir}…`);
    const outDir = distOption ? ['--', '--outDir', distDir] : [];
    execFileSync('npm', ['run', 'build:web', ...outDir], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const build = readBuild(distDir);
  const jsKib = (route: string) =>
    kib(
      initialChunks(build.manifest, APP_ENTRY, route).reduce(
        (sum, key) => sum + build.gzipBytesOf(build.manifest[key]!.file),
        0,
      ),
    );

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wenyang-bench-pages-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_WORKS: process.env.SEED_WORKS ?? '60',
      WEB_ROOT: distDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome: LaunchedChrome | undefined;
  try {
    await waitForHealth(base, server);
    const seed = await findSeed(base);
    chrome = await launch({
      chromePath: findChromium(),
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
      logLevel: 'error',
    });
    const flags: Flags = {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
    };
    log(
      `Lighthouse ${runs} run(s) per page and preset; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}; work ${seed.workId}, keyword ${seed.keyword}`,
    );
    const results: Record<string, { desktop: Sample; mobile: Sample; jsKib: number }> = {};
    for (const page of pages) {
      const url = `${base}${page.url(seed)}`;
      const byPreset = {} as Record<'desktop' | 'mobile', Sample>;
      for (const preset of PRESETS) {
        const samples: Sample[] = [];
        for (let i = 0; i < runs; i += 1) {
          const result = await lighthouse(url, flags, preset.config);
          if (saveDir && result) {
            mkdirSync(saveDir, { recursive: true });
            const name = `${page.alias}-${preset.name}-${i + 1}.json`;
            writeFileSync(join(saveDir, name), JSON.stringify(result.lhr));
          }
          samples.push(sampleOf(result));
        }
        byPreset[preset.name] = medianSample(samples);
      }
      results[page.key] = { ...byPreset, jsKib: jsKib(page.route) };
      const r = results[page.key]!;
      log(
        `${page.key.padEnd(20)} desktop ${r.desktop.score.toFixed(2)} (LCP ${Math.round(r.desktop.lcp)} ms, CLS ${r.desktop.cls.toFixed(3)}, TBT ${Math.round(r.desktop.tbt)} ms)  ` +
          `mobile ${r.mobile.score.toFixed(2)} (LCP ${Math.round(r.mobile.lcp)} ms, CLS ${r.mobile.cls.toFixed(3)}, TBT ${Math.round(r.mobile.tbt)} ms)  ` +
          `initial JS ${r.jsKib} KiB gz (scripts transferred ${r.mobile.scriptKib.toFixed(1)} KiB)`,
      );
    }
    if (json) {
      const out: Record<string, Record<string, number>> = {};
      for (const [key, r] of Object.entries(results)) {
        out[key] = {
          desktop: r.desktop.score,
          mobile: r.mobile.score,
          // The worse of the two presets, and the LCP of the mobile preset (the throttled one).
          cls: Math.round(Math.max(r.desktop.cls, r.mobile.cls) * 1000) / 1000,
          lcp_ms: Math.round(r.mobile.lcp),
          js_kib: r.jsKib,
        };
      }
      console.log(JSON.stringify({ pages: out }));
    }
  } finally {
    chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r).once('error', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
