import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { antdStaticCss } from './scripts/vite-antd-static-css';
import { antdFormProviderLite, typeboxLiteForRenderer } from './scripts/vite-renderer-lite';

// The browser build of the renderer, served by the marketplace server from dist/web.
const apiTarget = process.env.WENYANG_SERVER_URL ?? 'http://localhost:8080';
const proxied = ['/api', '/sapi', '/japi', '/files', '/img', '/docs', '/healthz', '/account'];
const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as { version: string };

/**
 * The account site's page script (src/renderer/src/account-site), the second entry: the server's
 * /account/ pages load it from this path, so it keeps this name (the server sends it with no-cache);
 * the chunks it shares with the app are hashed under assets/ as usual.
 */
const ACCOUNT_SITE_SCRIPT = 'account/assets/account-site.js';
const rendererRoot = fileURLToPath(new URL('./src/renderer', import.meta.url));
const accountSiteEntry = fileURLToPath(
  new URL('./src/renderer/src/account-site/main.ts', import.meta.url),
);

/**
 * Writes `.vite/modules.json` next to Vite's manifest: for each emitted JS chunk, its modules and
 * their rendered sizes, so the bundle budget (scripts/check-bundle-budget.ts) can say what grew.
 */
function moduleSizes(): Plugin {
  return {
    name: 'wenyang:module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(item.modules)) {
          modules[relative(rendererRoot, id.replace(/\0/g, ''))] = info.renderedLength;
        }
        chunks[item.fileName] = modules;
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/modules.json',
        source: JSON.stringify(chunks),
      });
    },
  };
}

/**
 * The modules the account site's entry imports statically (transitively; Rolldown lists dynamic
 * imports among importedIds too, so those are left out): those outside its own folder go to a chunk
 * of their own, so the account pages do not load the app's initial chunk with them.
 */
function accountSiteGraph() {
  let graph = new Set<string>();
  const plugin: Plugin = {
    name: 'wenyang:account-site-graph',
    apply: 'build',
    buildEnd() {
      const seen = new Set<string>();
      const stack = [accountSiteEntry];
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        const info = this.getModuleInfo(id);
        const lazy = new Set(info?.dynamicallyImportedIds ?? []);
        stack.push(...(info?.importedIds ?? []).filter((dep) => !lazy.has(dep)));
      }
      if (seen.size < 2) this.error('account-site-graph: the account site entry has no imports');
      graph = seen;
    },
  };
  const own = fileURLToPath(new URL('./src/renderer/src/account-site/', import.meta.url));
  return {
    plugin,
    shared: (id: string) => graph.has(id) && !id.startsWith(own),
    notOwn: (id: string) => !id.startsWith(own),
  };
}
const accountGraph = accountSiteGraph();

/** In the dev server the account site's script is the entry's source (the rest of /account is proxied). */
function accountSiteDevScript(): Plugin {
  return {
    name: 'wenyang:account-site-dev-script',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.split('?')[0] === `/${ACCOUNT_SITE_SCRIPT}`) {
          req.url = '/src/account-site/main.ts';
        }
        next();
      });
    },
  };
}

export default defineConfig({
  root: rendererRoot,
  base: '/',
  plugins: [
    react(),
    typeboxLiteForRenderer(),
    antdFormProviderLite(),
    antdStaticCss(),
    accountSiteDevScript(),
    moduleSizes(),
    accountGraph.plugin,
  ],
  // The build's own version, read by src/renderer/src/config/build-info.ts.
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@renderer': fileURLToPath(new URL('./src/renderer/src', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: read by the bundle budget and the page benchmark.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./src/renderer/index.html', import.meta.url)),
        'account-site': accountSiteEntry,
      },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'account-site' ? ACCOUNT_SITE_SCRIPT : 'assets/[name]-[hash].js',
        // Every module an entry imports statically is loaded by each of its pages anyway: one chunk
        // per set of entries instead of ~60 small ones, which cost the page round trips over HTTP/1.1
        // (docs/fast-pages.md). Lazily loaded code keeps Rolldown's automatic chunking.
        codeSplitting: {
          groups: [
            // What the account site shares with the app (constants, messages, rules) first, alone.
            { name: 'shared', test: (id) => accountGraph.shared(id), priority: 2 },
            { name: 'app', tags: ['$initial'], test: (id) => accountGraph.notOwn(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
});
