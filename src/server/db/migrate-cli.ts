// `npm run migrate`: brings the configured database (DATABASE_URL, else the SQLite file under
// DATA_DIR) to the newest schema and exits; the release step of a deployment (docs/deploy.md).
// Servers also migrate at start; on PostgreSQL Kysely's migrator holds an advisory lock while it
// runs, so servers starting together still migrate once, one after the other finding it done.
import { loadToolConfig } from '../config';
import { openDatabase } from './open';

async function main(): Promise<number> {
  const config = loadToolConfig();
  if (!config) return 1;
  const started = Date.now();
  const handle = await openDatabase(config);
  await handle.close();
  console.log(`数据库已是最新结构（${handle.dialect}，${Date.now() - started} ms）`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`迁移失败：${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
