import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { DialectName } from '../connection';
import type { Database } from '../schema';
import { catalogueMigration } from './0001-catalogue';
import { accountsMigration } from './0002-accounts';
import { discoveryMigration } from './0003-discovery';

/** Versioned, forward-only migrations, in order. Never edit one that has shipped: add the next. */
export function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-catalogue': catalogueMigration(dialect),
    '0002-accounts': accountsMigration(dialect),
    '0003-discovery': discoveryMigration(dialect),
  };
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason =
      error instanceof Error ? error.message : `${failed?.migrationName ?? 'unknown'} 未能完成`;
    throw new Error(`数据库迁移失败：${reason}`);
  }
}
