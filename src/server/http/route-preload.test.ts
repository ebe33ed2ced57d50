import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routePreloads } from './route-preload';

const root = mkdtempSync(join(tmpdir(), 'route-preload-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function webRootWith(manifest: unknown): string {
  const dir = mkdtempSync(join(root, 'web-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('route chunk preloads in the served page', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a.js', imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime-r.js' },
    '_card.js': { file: 'assets/card-c.js', imports: ['_runtime.js'], css: ['assets/card-c.css'] },
    'src/app/routes/home-route.tsx': {
      file: 'assets/home-route-h.js',
      imports: ['_card.js', '_runtime.js'],
      css: ['assets/home-route-h.css'],
    },
    'src/app/routes/work-detail-route.tsx': { file: 'assets/detail-d.js', imports: ['_card.js'] },
  };
  const preloads = routePreloads(webRootWith(manifest));

  it('names the route chunk and its imports that the entry does not load, and their styles', () => {
    const html = preloads('/');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-route-h.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/card-c.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/card-c.css">');
    expect(html).toContain('href="/assets/home-route-h.css"');
    expect(html).not.toContain('runtime-r.js');
    expect(html).not.toContain('index-a.js');
    expect(preloads('/42')).toBe(html);
  });

  it('gives each mapped path its own route and nothing to other paths', () => {
    expect(preloads('/work/detail')).toContain('/assets/detail-d.js');
    expect(preloads('/work/detail')).not.toContain('home-route');
    expect(preloads('/help')).toBe('');
    // A route whose module is missing from the build preloads nothing.
    expect(preloads('/theme')).toBe('');
  });

  it('preloads nothing without a manifest', () => {
    expect(routePreloads(mkdtempSync(join(root, 'bare-')))('/')).toBe('');
  });
});
