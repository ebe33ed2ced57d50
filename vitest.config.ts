import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@renderer': fileURLToPath(new URL('./src/renderer/src', import.meta.url)),
};
const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as { version: string };

const NODE_TESTS = ['src/{server,shared,main,preload}/**/*.test.ts', 'scripts/**/*.test.ts'];
const NODE_TESTS_ISOLATED = ['src/main/session/http-client.test.ts'];

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest runs one file at a time on a two-core machine by default (cores − 1); the files are
    // independent (each its own database, data folder and port), so use both cores.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          globalSetup: ['./vitest.global-setup.ts'],
          include: NODE_TESTS,
          exclude: NODE_TESTS_ISOLATED,
          // The node test files share nothing through module state (each builds its own app on its
          // own database, data folder and port), so each worker imports the server's modules once
          // rather than once per file: a quarter less CPU for the same tests (docs/testing.md).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Files that replace modules with vi.mock keep a module registry of their own.
          name: 'node-isolated',
          environment: 'node',
          include: NODE_TESTS_ISOLATED,
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        // As the builds do: src/renderer/src/config/build-info.ts reads it.
        define: { __APP_VERSION__: JSON.stringify(version) },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/renderer/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
