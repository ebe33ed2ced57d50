import { describe, expect, it } from 'vitest';
import { APP_ENTRY, checkRoute, initialChunks, largestModules } from './check-bundle-budget-lib';
import type { Manifest, ModuleSizes, RouteBudget } from './check-bundle-budget-lib';

// A small hand-made build: the entry imports react and the layout; the home route imports a shared
// card chunk; the sales route (lazy, reached only by a dynamic import) carries the chart library.
const manifest: Manifest = {
  [APP_ENTRY]: {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_layout.js'],
    dynamicImports: ['src/app/routes/home-route.tsx', 'src/app/routes/sales-route.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_layout.js': { file: 'assets/layout.js', imports: ['_react.js'] },
  '_card.js': { file: 'assets/card.js', imports: ['_react.js'] },
  'src/app/routes/home-route.tsx': {
    file: 'assets/home-route.js',
    isDynamicEntry: true,
    imports: ['_card.js'],
    dynamicImports: ['src/app/routes/sales-route.tsx'],
  },
  'src/app/routes/sales-route.tsx': {
    file: 'assets/sales-route.js',
    isDynamicEntry: true,
    imports: ['_card.js', '_echarts.js'],
  },
  '_echarts.js': { file: 'assets/echarts.js' },
};

const bytes: Record<string, number> = {
  'assets/index.js': 10_240,
  'assets/react.js': 51_200,
  'assets/layout.js': 5_120,
  'assets/card.js': 2_048,
  'assets/home-route.js': 3_072,
  'assets/sales-route.js': 4_096,
  'assets/echarts.js': 204_800,
};
const gzipBytesOf = (file: string) => bytes[file] ?? 0;

const modules: ModuleSizes = {
  'assets/react.js': { '../../node_modules/react-dom/index.js': 500_000 },
  'assets/card.js': { 'src/components/card.tsx': 3_000 },
  'assets/home-route.js': { 'src/app/routes/home-route.tsx': 9_000 },
  'assets/echarts.js': { '../../node_modules/echarts/lib/echarts.js': 900_000 },
  'assets/layout.js': { 'src/app/layouts/chrome.tsx': 12_000 },
};

const budget = (route: string, maxKib: number): RouteBudget => ({
  path: '/x',
  route,
  maxKib,
  targetKib: maxKib,
  forbidden: ['node_modules/echarts/'],
});

describe('bundle budget', () => {
  it('counts the entry, its static imports and the route chunk with its imports, once each', () => {
    expect(initialChunks(manifest, APP_ENTRY).sort()).toEqual(
      [APP_ENTRY, '_react.js', '_layout.js'].sort(),
    );
    expect(initialChunks(manifest, APP_ENTRY, 'src/app/routes/home-route.tsx').sort()).toEqual(
      [APP_ENTRY, '_react.js', '_layout.js', 'src/app/routes/home-route.tsx', '_card.js'].sort(),
    );
  });

  it('does not follow dynamic imports', () => {
    const keys = initialChunks(manifest, APP_ENTRY, 'src/app/routes/home-route.tsx');
    expect(keys).not.toContain('src/app/routes/sales-route.tsx');
    expect(keys).not.toContain('_echarts.js');
  });

  it('sums the gzipped sizes and passes within the budget', () => {
    const report = checkRoute(
      budget('src/app/routes/home-route.tsx', 70),
      manifest,
      modules,
      gzipBytesOf,
    );
    // 10 + 50 + 5 + 2 + 3 KiB
    expect(report.totalBytes).toBe(70 * 1024);
    expect(report.ok).toBe(true);
    expect(report.chunks[0]).toMatchObject({ file: 'assets/react.js', gzipBytes: 51_200 });
  });

  it('fails one byte over the budget', () => {
    const report = checkRoute(
      budget('src/app/routes/home-route.tsx', 69.99),
      manifest,
      modules,
      gzipBytesOf,
    );
    expect(report.ok).toBe(false);
    expect(report.foreign).toEqual([]);
  });

  it('fails a route that holds another route’s feature code, whatever its size', () => {
    const report = checkRoute(
      budget('src/app/routes/sales-route.tsx', 10_000),
      manifest,
      modules,
      gzipBytesOf,
    );
    expect(report.ok).toBe(false);
    expect(report.foreign).toEqual([
      { module: '../../node_modules/echarts/lib/echarts.js', file: 'assets/echarts.js' },
    ]);
  });

  it('names the largest modules of the given chunks', () => {
    expect(largestModules(modules, ['assets/layout.js', 'assets/react.js'], 1)).toEqual([
      { module: '../../node_modules/react-dom/index.js', file: 'assets/react.js', bytes: 500_000 },
    ]);
  });

  it('refuses a route that is not in the manifest', () => {
    expect(() => initialChunks(manifest, APP_ENTRY, 'src/app/routes/gone.tsx')).toThrow(
      /gone\.tsx is not in the build manifest/,
    );
  });
});
