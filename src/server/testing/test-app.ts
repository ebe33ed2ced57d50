import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CallDef } from '@shared/contract/define';
import { sql } from 'kysely';
import { buildApp } from '../app';
import type { BuildOptions } from '../app';
import { openPostgres, openSqlite } from '../db/connection';
import type { DatabaseHandle } from '../db/connection';
import { migrateToLatest } from '../db/migrations';
import type { AppDeps } from '../deps';
import { DEFAULT_ACCOUNTS_CONFIG } from '../config';
import type { AccountsConfig } from '../config';
import type { SmsSender } from '../platform/sms/sms-sender';
import { DEFAULT_UPLOAD_QUOTAS } from '../modules/uploads/upload-quota';
import { createLocalStorage } from '../platform/storage/local-storage';

export type TestDatabase = {
  name: 'sqlite' | 'postgres';
  open: (dataDir: string) => Promise<DatabaseHandle>;
};

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    { name: 'sqlite', open: async (dataDir) => openSqlite(join(dataDir, 'test.sqlite')) },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      open: async () => {
        const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
        // Few connections per test app: many suites share one PostgreSQL (100 connections at most).
        const handle = await openPostgres(url, schema, 3);
        return {
          ...handle,
          close: async () => {
            await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
            await handle.close();
          },
        };
      },
    });
  }
  return list;
}

export type TestApp = {
  app: FastifyInstance;
  deps: AppDeps;
  /** Every text message the sandbox sent, newest last. */
  sentSms: { phone: string; text: string }[];
  /** Moves the server's clock forward. */
  advance: (ms: number) => void;
  dataDir: string;
  webRoot: string;
  close: () => Promise<void>;
};

/** Builds the real app on a fresh database and a temporary DATA_DIR, with a tiny built renderer. */
export async function buildTestApp(
  database: TestDatabase,
  options: {
    accounts?: Partial<AccountsConfig>;
    production?: boolean;
    sandboxCodeReveal?: AppDeps['sandboxCodeReveal'];
    uploadQuotas?: AppDeps['uploadQuotas'];
    /** The service plugins to build (all by default). */
    services?: BuildOptions['services'];
    /** DESKTOP_RELEASES_DIR (none by default). */
    desktopReleasesDir?: string;
    /** Where files live (a local folder in DATA_DIR by default); given the test's DATA_DIR. */
    storage?: (dataDir: string) => AppDeps['storage'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wenyang-test-'));
  const webRoot = join(dataDir, 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html lang="zh-CN"><body><div id="root"></div>纹样</body></html>',
  );
  writeFileSync(
    join(webRoot, 'assets', 'app-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4096))});`,
  );
  const handle = await database.open(dataDir);
  await migrateToLatest(handle.db, handle.dialect);
  const sentSms: { phone: string; text: string }[] = [];
  const sms: SmsSender = {
    sandbox: true,
    send: async (phone, text) => {
      sentSms.push({ phone, text });
    },
  };
  let offset = 0;
  const deps: AppDeps = {
    db: handle.db,
    dialect: handle.dialect,
    storage:
      options.storage?.(dataDir) ??
      createLocalStorage(join(dataDir, 'files'), 'test-secret-0123456789abcdef'),
    sms,
    accounts: { ...DEFAULT_ACCOUNTS_CONFIG, ...options.accounts },
    production: options.production ?? false,
    sandboxCodeReveal: options.sandboxCodeReveal ?? (options.production ? 'never' : 'loopback'),
    uploadQuotas: options.uploadQuotas ?? DEFAULT_UPLOAD_QUOTAS,
    signingSecret: 'test-signing-secret-0123456789',
    now: () => Date.now() + offset,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp({
      deps,
      config: { webRoot, nodeEnv: 'test', desktopReleasesDir: options.desktopReleasesDir },
      services: options.services,
    });
    await app.ready();
  } catch (err) {
    // A start that fails still leaves no database behind.
    await handle.close();
    throw err;
  }
  return {
    app,
    deps,
    sentSms,
    advance: (ms) => {
      offset += ms;
    },
    dataDir,
    webRoot,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** How a test presents a call: its token, its client address and any other headers. */
export type CallOptions = { token?: string; ip?: string; headers?: Record<string, string> };

/** Sends one contract call through `app.inject()` as a client would (query for GET, JSON for POST). */
export async function injectCall<Body = unknown>(
  app: FastifyInstance,
  call: CallDef,
  input: object,
  options: CallOptions = {},
) {
  const res = await app.inject({
    method: call.method,
    url:
      call.method === 'GET'
        ? `${call.path}?${new URLSearchParams(input as Record<string, string>).toString()}`
        : call.path,
    ...(call.method === 'POST' ? { payload: input } : {}),
    headers: { ...(options.token ? { token: options.token } : {}), ...options.headers },
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, body: res.json<Body>(), headers: res.headers };
}
