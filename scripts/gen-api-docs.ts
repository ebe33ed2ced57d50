// Writes the API reference of the contract into docs/api/: openapi.json and a readable reference.md.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { openSqlite } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrations';
import { DEFAULT_ACCOUNTS_CONFIG } from '../src/server/config';
import { createSandboxSmsSender } from '../src/server/platform/sms/sms-sender';
import { createLocalStorage } from '../src/server/platform/storage/local-storage';
import { allCalls } from '../src/shared/contract';
import { DEFAULT_UPLOAD_QUOTAS } from '../src/server/modules/uploads/upload-quota';

const dir = mkdtempSync(join(tmpdir(), 'wenyang-docs-'));
const handle = openSqlite(join(dir, 'docs.sqlite'));
await migrateToLatest(handle.db, handle.dialect);
const app = await buildApp({
  deps: {
    db: handle.db,
    dialect: handle.dialect,
    storage: createLocalStorage(join(dir, 'files'), 'docs-secret-0123456789'),
    sms: createSandboxSmsSender(() => undefined),
    accounts: DEFAULT_ACCOUNTS_CONFIG,
    production: false,
    sandboxCodeReveal: 'never',
    uploadQuotas: DEFAULT_UPLOAD_QUOTAS,
    signingSecret: 'docs-secret-0123456789',
    now: () => Date.now(),
  },
  config: { webRoot: join(dir, 'web'), nodeEnv: 'test' },
});
await app.ready();
const spec = app.swagger();
mkdirSync('docs/api', { recursive: true });
writeFileSync('docs/api/openapi.json', `${JSON.stringify(spec, null, 2)}\n`);

const lines = [
  '# 纹样 API 参考',
  '',
  '由 `npm run docs:api` 从 `src/shared/contract` 生成，请勿手改。运行中的服务在 `/docs` 提供同一份参考。',
  '',
  '成功响应为 `{ code: 1, msg, data }`（旧式调用为 `{ flag: true, rs, msg }`）；失败时 `code` 不为 1，`msg` 为中文说明。',
  '',
  '| 调用 | 方法 | 路径 | 说明 |',
  '| --- | --- | --- | --- |',
  ...allCalls.map((c) => `| ${c.name} | ${c.method} | \`${c.path}\` | ${c.summary} |`),
  '',
];
writeFileSync('docs/api/reference.md', lines.join('\n'));
await app.close();
await handle.close();
console.log(`docs/api: ${allCalls.length} calls`);
