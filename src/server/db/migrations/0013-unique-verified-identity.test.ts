import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { testDatabases } from '../../testing/test-app';
import { allMigrations, migrateToLatest } from './index';

describe.each(testDatabases())('0013 one verified record per ID number on $name', (database) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await database.open(mkdtempSync(join(tmpdir(), 'wenyang-0013-')));
    const migrations = allMigrations(handle.dialect);
    const before = Object.keys(migrations).filter((name) => name < '0013');
    // As migrateToLatest does: on PostgreSQL, the migration tables of this test's own schema.
    const schema =
      handle.dialect === 'postgres'
        ? (await sql<{ name: string }>`select current_schema() as name`.execute(handle.db)).rows[0]
            ?.name
        : undefined;
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await migrator.migrateTo(before.at(-1) ?? '');
    if (error) throw error instanceof Error ? error : new Error('migrating to 0012 failed');
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('upgrades a database where two accounts verified one ID: the earliest keeps it', async () => {
    const { db } = handle;
    const now = new Date().toISOString();
    const user = async (n: number) =>
      (
        await db
          .insertInto('users')
          .values({
            cai_hong_id: `9000000${n}`,
            user_name: `用户${n}`,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [first, second] = [await user(1), await user(2)];
    const verification = (userId: number, status: string) => ({
      user_id: userId,
      kind: 'personal',
      name: '张三',
      number_masked: '110***********1234',
      number_hash: 'same-number',
      status,
      provider: 'sandbox',
      is_signer: status === 'verified' ? 1 : 0,
      created_at: now,
    });
    await db
      .insertInto('identity_verifications')
      .values([
        verification(first, 'verified'),
        verification(second, 'failed'),
        verification(second, 'verified'),
      ])
      .execute();

    await migrateToLatest(db, handle.dialect);

    const rows = await db
      .selectFrom('identity_verifications')
      .select(['user_id', 'status', 'is_signer'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { user_id: first, status: 'verified', is_signer: 1 },
      { user_id: second, status: 'failed', is_signer: 0 },
      { user_id: second, status: 'failed', is_signer: 0 },
    ]);
    // From now on the database itself refuses a second verified record for the number.
    await expect(
      db.insertInto('identity_verifications').values(verification(second, 'verified')).execute(),
    ).rejects.toThrow();
    await db.insertInto('identity_verifications').values(verification(second, 'failed')).execute();
  });
});
