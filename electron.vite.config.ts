// Builds the desktop app: main (ESM), preload (CommonJS for the sandbox) and the React renderer.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;
const sharedAlias = { '@shared': resolve(root, 'src/shared') };

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
    // Relative asset URLs so the built index.html works from file://.
    base: './',
    resolve: {
      alias: { ...sharedAlias, '@renderer': resolve(root, 'src/renderer/src') },
    },
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: {
        input: { index: resolve(root, 'src/renderer/index.html') },
      },
    },
  },
});
