import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { openPostgres, openSqlite } from './connection';
import type { DatabaseHandle } from './connection';
import { migrateToLatest } from './migrations';

/** Opens the configured database (SQLite file under DATA_DIR unless DATABASE_URL) and migrates it. */
export async function openDatabase(
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>,
): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : openSqlite(join(config.dataDir, 'wenyang.sqlite'));
  await migrateToLatest(handle.db, handle.dialect);
  return handle;
}
