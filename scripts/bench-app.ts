// What the in-process benchmarks (catalogue, commerce, word search) build their app from: a data
// folder with a bare web root and local files, production rules, no SMS sent.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_ACCOUNTS_CONFIG } from '../src/server/config';
import type { DatabaseHandle } from '../src/server/db/connection';
import type { AppDeps } from '../src/server/deps';
import { DEFAULT_UPLOAD_QUOTAS } from '../src/server/modules/uploads/upload-quota';
import { createLocalStorage } from '../src/server/platform/storage/local-storage';

const BENCH_SECRET = 'bench-secret-0123456789abcdef';

/** A web root under the data folder with a bare index.html (the benchmarks measure calls, not pages). */
export function benchWebRoot(dataDir: string): string {
  const webRoot = join(dataDir, 'web');
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>纹样</title>');
  return webRoot;
}

/** The app's dependencies on `handle`, files under the data folder; `extra` adds or overrides. */
export function benchDeps(
  handle: Pick<DatabaseHandle, 'db' | 'dialect'>,
  dataDir: string,
  extra: Partial<AppDeps> = {},
): AppDeps {
  return {
    db: handle.db,
    dialect: handle.dialect,
    storage: createLocalStorage(join(dataDir, 'files'), BENCH_SECRET),
    signingSecret: BENCH_SECRET,
    sms: { sandbox: true, send: async () => undefined },
    accounts: DEFAULT_ACCOUNTS_CONFIG,
    production: true,
    sandboxCodeReveal: 'never',
    uploadQuotas: DEFAULT_UPLOAD_QUOTAS,
    now: () => Date.now(),
    ...extra,
  };
}
