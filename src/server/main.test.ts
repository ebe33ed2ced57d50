import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from './db/connection';
import { migrateToLatest } from './db/migrations';
import { seedDemo } from './db/seed/seed-demo';
import { createLocalStorage } from './platform/storage/local-storage';

function startServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'wenyang-main-')), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('server start', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ ADMIN_PHONE: '12345', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_PHONE'],
  ])('stops at once with one clear line on a malformed %o', (env, name) => {
    const run = startServer(env);
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^配置错误：${name}`));
  });

  it('keeps every row when started again on the same DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wenyang-restart-'));
    const open = async () => {
      const handle = openSqlite(join(dataDir, 'wenyang.sqlite'));
      await migrateToLatest(handle.db, handle.dialect);
      const deps = {
        db: handle.db,
        dialect: handle.dialect,
        storage: createLocalStorage(join(dataDir, 'files'), 'restart-secret-0123456789'),
      };
      return { handle, deps };
    };
    const count = async (deps: Awaited<ReturnType<typeof open>>['deps']) => {
      const tables = [
        'users',
        'works',
        'work_images',
        'themes',
        'theme_works',
        'banners',
        'categories',
      ] as const;
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const row = await deps.db
          .selectFrom(table)
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        counts[table] = Number(row.n);
      }
      return counts;
    };
    const first = await open();
    expect((await seedDemo(first.deps, () => undefined, 6)).created).toBe(true);
    const before = await count(first.deps);
    await first.handle.close();

    const second = await open();
    expect((await seedDemo(second.deps, () => undefined, 6)).created).toBe(false);
    expect(await count(second.deps)).toEqual(before);
    expect(before.works).toBe(6);
    await second.handle.close();
  });
});
