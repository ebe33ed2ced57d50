import { Migrator, sql } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { DialectName } from '../connection';
import type { Database } from '../schema';
import { catalogueMigration } from './0001-catalogue';
import { accountsMigration } from './0002-accounts';
import { discoveryMigration } from './0003-discovery';
import { wordSearchMigration } from './0004-word-search';
import { catalogueExtrasMigration } from './0005-catalogue';
import { uploadsMigration } from './0006-uploads';
import { publishingMigration } from './0007-publishing';
import { imageSearchMigration } from './0010-image-search';
import { imageSearchPublicCopyMigration } from './0011-image-search-public-copy';
import { safeDefaultsMigration } from './0012-safe-defaults';
import { uniqueVerifiedIdentityMigration } from './0013-unique-verified-identity';
import { uploadsByDayMigration } from './0014-uploads-by-day';
import { ordersMigration } from './0015-orders';
import { invoicesMigration } from './0016-invoices';
import { bankAccountsMigration } from './0017-bank-accounts';
import { membershipMigration } from './0018-membership';
import { walletMigration } from './0019-wallet';
import { dosingPackagesMigration } from './0020-dosing-packages';
import { agreementsMigration } from './0021-agreements';
import { helpMigration } from './0022-help';
import { noticesMigration } from './0023-notices';
import { serviceThreadsMigration } from './0024-service-threads';
import { accountDeletionMigration } from './0025-account-deletion';
import { activitiesMigration } from './0026-activities';
import { topicPagesMigration } from './0027-topic-pages';
import { complaintsMigration } from './0028-complaints';
import { folkMigration } from './0029-folk';
import { demandsMigration } from './0030-demands';
import { clusterMigration } from './0031-cluster';
import { newProductsMigration } from './0032-new-products';
import { showroomsMigration } from './0033-showrooms';
import { oneLiveRenewalMigration } from './0035-one-live-renewal';

/** Versioned, forward-only migrations, in order. Never edit one that has shipped: add the next. */
export function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-catalogue': catalogueMigration(dialect),
    '0002-accounts': accountsMigration(dialect),
    '0003-discovery': discoveryMigration(dialect),
    '0004-word-search': wordSearchMigration(dialect),
    '0005-catalogue': catalogueExtrasMigration(dialect),
    '0006-uploads': uploadsMigration(dialect),
    '0007-publishing': publishingMigration(dialect),
    '0010-image-search': imageSearchMigration(dialect),
    '0011-image-search-public-copy': imageSearchPublicCopyMigration(dialect),
    '0012-safe-defaults': safeDefaultsMigration(),
    '0013-unique-verified-identity': uniqueVerifiedIdentityMigration(),
    '0014-uploads-by-day': uploadsByDayMigration(),
    '0015-orders': ordersMigration(dialect),
    '0016-invoices': invoicesMigration(dialect),
    '0017-bank-accounts': bankAccountsMigration(dialect),
    '0018-membership': membershipMigration(dialect),
    '0019-wallet': walletMigration(dialect),
    '0020-dosing-packages': dosingPackagesMigration(dialect),
    '0021-agreements': agreementsMigration(dialect),
    '0022-help': helpMigration(dialect),
    '0023-notices': noticesMigration(dialect),
    '0024-service-threads': serviceThreadsMigration(dialect),
    '0025-account-deletion': accountDeletionMigration(dialect),
    '0026-activities': activitiesMigration(dialect),
    '0027-topic-pages': topicPagesMigration(dialect),
    '0028-complaints': complaintsMigration(dialect),
    '0029-folk': folkMigration(dialect),
    '0030-demands': demandsMigration(dialect),
    '0031-cluster': clusterMigration(dialect),
    '0032-new-products': newProductsMigration(dialect),
    '0033-showrooms': showroomsMigration(dialect),
    '0035-one-live-renewal': oneLiveRenewalMigration,
  };
}

/** The migrator of this build's migrations on `db`, for migrating and for readiness checks. */
export async function migratorFor(db: Kysely<Database>, dialect: DialectName): Promise<Migrator> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(dialect) };
  // Name the schema: otherwise Kysely takes migration tables found in any schema as its own, and
  // databases migrating side by side in separate schemas (the tests) trip over each other.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
      : undefined;
  return new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const migrator = await migratorFor(db, dialect);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason =
      error instanceof Error ? error.message : `${failed?.migrationName ?? 'unknown'} 未能完成`;
    throw new Error(`数据库迁移失败：${reason}`);
  }
}
