// The computation behind the bundle budget (scripts/check-bundle-budget.ts) and the page benchmark
// (scripts/bench-pages.ts): what JavaScript a route loads before it can render, read from Vite's
// build manifest (dist/web/.vite/manifest.json) and the built files. docs/fast-pages.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `.vite/manifest.json` (keys are source paths relative to the root, or `_file.js`). */
export type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** Per emitted chunk file, its modules (paths relative to src/renderer) and their rendered sizes. */
export type ModuleSizes = Record<string, Record<string, number>>;

/** The app's HTML entry in the manifest. */
export const APP_ENTRY = 'index.html';

/** A budgeted route: the route module its page is lazily loaded from, and what it must not load. */
export type RouteBudget = {
  /** The page's path, as the benchmark opens it. */
  path: string;
  /** The route module (manifest key), e.g. `src/app/routes/home-route.tsx`. */
  route: string;
  /** Gzipped KiB of initial JavaScript the route may load (a ratchet: lowered as pages shrink). */
  maxKib: number;
  /** The target, printed beside the budget until the budget reaches it. */
  targetKib: number;
  /** Module path fragments (relative to src/renderer or node_modules) that must not be in its initial JS. */
  forbidden: readonly string[];
};

/** Another route's feature code that no budgeted route may pay for (issue 16). */
export const FOREIGN_FEATURES: readonly string[] = [
  'node_modules/echarts/',
  'node_modules/zrender/',
  'node_modules/three/',
  'src/features/image-search/components/region',
  'src/features/uploads/',
];

/** Issue 16's target for the initial JavaScript of each budgeted page. */
export const TARGET_KIB = 260;

/**
 * The budgets: measured ceilings with a little headroom (docs/fast-pages.md has the numbers), so no
 * change makes these pages heavier unnoticed; lowered toward TARGET_KIB as the pages shrink.
 */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  { path: '/', route: 'src/app/routes/home-route.tsx', maxKib: 300 },
  { path: '/work', route: 'src/app/routes/work-routes.tsx', maxKib: 295 },
  { path: '/work/detail', route: 'src/app/routes/work-detail-route.tsx', maxKib: 345 },
  { path: '/search/wordSearch', route: 'src/app/routes/word-search-route.tsx', maxKib: 296 },
].map((b) => ({ ...b, targetKib: TARGET_KIB, forbidden: FOREIGN_FEATURES }));

/**
 * The manifest keys a page loads before it renders: the entry and its static imports (transitively),
 * then the route's lazy chunk and its static imports. Dynamic imports are not followed.
 */
export function initialChunks(manifest: Manifest, entry: string, route?: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entry);
  if (route) visit(route);
  return [...seen];
}

export type ChunkSize = { key: string; file: string; gzipBytes: number };

/** Gzipped size of each chunk (level 9, as a server with static compression would send it). */
export function chunkSizes(
  manifest: Manifest,
  keys: readonly string[],
  gzipBytesOf: (file: string) => number,
): ChunkSize[] {
  return keys
    .map((key) => {
      const file = manifest[key]?.file ?? key;
      return { key, file, gzipBytes: gzipBytesOf(file) };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export const kib = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

export type RouteReport = {
  budget: RouteBudget;
  totalBytes: number;
  chunks: ChunkSize[];
  /** Forbidden modules found in the route's initial chunks, with the chunk file holding them. */
  foreign: { module: string; file: string }[];
  ok: boolean;
};

/** Checks one route's budget against a manifest, the module sizes and a gzip measure of files. */
export function checkRoute(
  budget: RouteBudget,
  manifest: Manifest,
  modules: ModuleSizes,
  gzipBytesOf: (file: string) => number,
): RouteReport {
  const chunks = chunkSizes(
    manifest,
    initialChunks(manifest, APP_ENTRY, budget.route),
    gzipBytesOf,
  );
  const totalBytes = chunks.reduce((sum, c) => sum + c.gzipBytes, 0);
  const foreign: RouteReport['foreign'] = [];
  for (const chunk of chunks) {
    for (const module of Object.keys(modules[chunk.file] ?? {})) {
      if (budget.forbidden.some((f) => module.includes(f)))
        foreign.push({ module, file: chunk.file });
    }
  }
  return {
    budget,
    totalBytes,
    chunks,
    foreign,
    ok: totalBytes <= budget.maxKib * 1024 && foreign.length === 0,
  };
}

/** The largest modules (by rendered size, before gzip) inside the given chunk files. */
export function largestModules(
  modules: ModuleSizes,
  files: readonly string[],
  count: number,
): { module: string; file: string; bytes: number }[] {
  const all = files.flatMap((file) =>
    Object.entries(modules[file] ?? {}).map(([module, bytes]) => ({ module, file, bytes })),
  );
  return all.sort((a, b) => b.bytes - a.bytes).slice(0, count);
}

/** Reads a built dist (manifest, module sizes) and measures files there, gzipping each once. */
export function readBuild(distDir: string): {
  manifest: Manifest;
  modules: ModuleSizes;
  gzipBytesOf: (file: string) => number;
} {
  const manifest = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  let modules: ModuleSizes = {};
  try {
    modules = JSON.parse(
      readFileSync(join(distDir, '.vite', 'modules.json'), 'utf8'),
    ) as ModuleSizes;
  } catch {
    // An older build without module sizes: the budget still holds, it only explains less.
  }
  const cache = new Map<string, number>();
  const gzipBytesOf = (file: string) => {
    let size = cache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
      cache.set(file, size);
    }
    return size;
  };
  return { manifest, modules, gzipBytesOf };
}
