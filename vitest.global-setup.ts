import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEED_RENDER_CACHE_ENV } from './src/server/db/seed/seed-render-cache';

/**
 * One folder per test run for the demo seed's drawn pictures (src/server/db/seed/seed-render-cache.ts):
 * the server test apps seed the same demo catalogue over a hundred times a run. The workers inherit
 * the variable; the folder goes when the run ends.
 */
export default function setup(): () => void {
  if (process.env[SEED_RENDER_CACHE_ENV]) return () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'wenyang-seed-render-'));
  process.env[SEED_RENDER_CACHE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
