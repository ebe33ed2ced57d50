import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Issue 16 (LCP): a public page's own lazy chunk (and the chunks it imports) is otherwise asked for
// only once the entry has downloaded and run; named in the HTML, it downloads beside the entry.
// The route modules are those of src/renderer/src/app/route-page.tsx for these paths (the page
// benchmark, scripts/bench-pages.ts, measures the same pairs); a wrong pair only wastes a preload.

const ROUTE_MODULES: readonly { match: (pathname: string) => boolean; module: string }[] = [
  { match: (p) => p === '/' || /^\/\d+$/.test(p), module: 'src/app/routes/home-route.tsx' },
  { match: (p) => p === '/work', module: 'src/app/routes/work-routes.tsx' },
  { match: (p) => p === '/work/detail', module: 'src/app/routes/work-detail-route.tsx' },
  { match: (p) => p === '/search/wordSearch', module: 'src/app/routes/word-search-route.tsx' },
  { match: (p) => p === '/theme', module: 'src/app/routes/theme-routes.tsx' },
  { match: (p) => p === '/tawDesigner', module: 'src/app/routes/designer-routes.tsx' },
];

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const APP_ENTRY = 'index.html';

function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const stack = [key];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next) || !manifest[next]) continue;
    seen.add(next);
    stack.push(...(manifest[next].imports ?? []));
  }
  return [...seen];
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The preload tags of each mapped route, computed once from the build's manifest: the route chunk
 * and its static imports that the entry does not already load, and their stylesheets.
 */
export function routePreloads(webRoot: string): (pathname: string) => string {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(
      readFileSync(join(webRoot, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
  } catch {
    return () => '';
  }
  const entry = new Set(staticClosure(manifest, APP_ENTRY));
  const tags = ROUTE_MODULES.map(({ match, module }) => {
    const keys = staticClosure(manifest, module).filter((key) => !entry.has(key));
    const scripts = keys.map(
      (key) => `<link rel="modulepreload" crossorigin href="/${attribute(manifest[key]!.file)}">`,
    );
    const styles = [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))].map(
      (file) => `<link rel="preload" as="style" crossorigin href="/${attribute(file)}">`,
    );
    return { match, html: [...scripts, ...styles].join('') };
  });
  return (pathname) => tags.find((t) => t.match(pathname))?.html ?? '';
}
