// Builds the desktop app: main (ESM), preload (CommonJS for the sandbox) and the React renderer.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { typeboxLiteForRenderer } from './scripts/vite-renderer-lite';

const root = import.meta.dirname;
const sharedAlias = { '@shared': resolve(root, 'src/shared') };
const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  version: string;
};

/**
 * Absolute asset URLs (`/assets/…`): the built pages are served from app://wenyang/ with clean paths
 * (`/works/12`), where a relative `./assets/…` would resolve under the route. electron-vite forces
 * `base: './'` (for file://) in a production build, so this runs after its preset and sets it back.
 */
function absoluteBase(): Plugin {
  return { name: 'wenyang:absolute-base', config: () => ({ base: '/' }) };
}

export default defineConfig({
  main: {
    resolve: { alias: sharedAlias },
    build: {
      outDir: resolve(root, 'out/main'),
      rolldownOptions: {
        input: { index: resolve(root, 'src/main/index.ts') },
      },
    },
  },
  preload: {
    resolve: { alias: sharedAlias },
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload only gets `require('electron')`, so everything else is bundled in.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        // Sandboxed preloads cannot be ES modules; `.cjs` keeps Node from reading it as ESM here.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    resolve: {
      alias: { ...sharedAlias, '@renderer': resolve(root, 'src/renderer/src') },
    },
    plugins: [react(), typeboxLiteForRenderer(), absoluteBase()],
    // The build's own version, read by src/renderer/src/config/build-info.ts.
    define: { __APP_VERSION__: JSON.stringify(version) },
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: {
        input: { index: resolve(root, 'src/renderer/index.html') },
      },
    },
  },
});
