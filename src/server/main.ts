import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { ServerConfig } from './config';
import { openDatabase } from './db/open';
import { seedDemands } from './db/seed/seed-demands';
import { seedDemo } from './db/seed/seed-demo';
import { seedDiscovery } from './db/seed/seed-discovery';
import { seedFolk } from './db/seed/seed-folk';
import { seedSales } from './db/seed/seed-sales';
import type { AppDeps } from './deps';
import { ensureAdminAccount } from './modules/admin/bootstrap';
import { prepareWordSearch } from './modules/search/word/indexer';
import { createSandboxSmsSender } from './platform/sms/sms-sender';
import { createStorage } from './platform/storage/create-storage';
import { paymentProvidersFromEnv } from './platform/payments/provider-config';

async function start(config: ServerConfig): Promise<void> {
  const handle = await openDatabase(config);
  const storage = createStorage(config);
  // The sandbox SMS sender writes to the server log once the app (and its logger) exists.
  let log: (line: string) => void = (line) => console.log(line);
  const deps: AppDeps = {
    db: handle.db,
    dialect: handle.dialect,
    databaseUrl: config.databaseUrl,
    storage,
    sms: createSandboxSmsSender((line) => log(line)),
    accounts: config.accounts,
    production: config.nodeEnv === 'production',
    sandboxCodeReveal: config.smsSandboxReveal
      ? 'always'
      : config.nodeEnv === 'production'
        ? 'never'
        : 'loopback',
    signingSecret: config.storageSecret,
    dataDir: config.dataDir,
    uploadQuotas: config.uploadQuotas,
    now: () => Date.now(),
    paymentProviders: Object.fromEntries(
      paymentProvidersFromEnv().map((provider) => [provider.channel, provider]),
    ),
    // Production takes no sandbox payments unless asked (PAYMENT_SANDBOX=1): an order there is real money.
    sandboxPayments: config.nodeEnv !== 'production' || process.env.PAYMENT_SANDBOX === '1',
    commerce: {
      orderTtlMs: config.orderPayMinutes * 60_000,
      settlementDays: config.settlementDays,
    },
  };
  const logger =
    config.nodeEnv === 'production'
      ? { level: config.logLevel }
      : {
          level: config.logLevel,
          transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } },
        };
  const app = await buildApp({ deps, config, logger });
  log = (line) => app.log.info(line);
  if (config.seedDemo) {
    const report = await seedDemo(deps, (line) => app.log.info(line));
    app.log.info(
      report.created ? `演示内容已生成：${report.works} 件作品` : '演示内容已存在，跳过生成',
    );
    // A separate step with its own marker, so databases seeded before it existed get it too.
    if ((await seedDiscovery(deps, (line) => app.log.info(line))).created) {
      app.log.info('发现内容已生成：系列、爆款榜、IP 与企业展厅');
    }
    await seedFolk(deps, (line) => app.log.info(line));
    const sales = await seedSales(
      { db: deps.db, now: deps.now, commerce: app.commerce, payments: app.payments },
      (line) => app.log.info(line),
    );
    if (sales.created) app.log.info(`演示销售已生成：${sales.orders} 笔订单`);
    await seedDemands({ ...deps, commerce: app.commerce, payments: app.payments }, (line) =>
      app.log.info(line),
    );
  }
  if (config.admin) {
    const done = await ensureAdminAccount(deps, config.admin);
    app.log.info(`管理员账号已${done === 'created' ? '创建' : '更新'}：${config.admin.phone}`);
  }
  // In the background: works without search terms are indexed (logged), then the index is loaded.
  prepareWordSearch(deps, app, (line) => app.log.info(line)).catch((err: unknown) =>
    app.log.error(`搜索索引建立失败：${err instanceof Error ? err.message : String(err)}`),
  );
  // Graceful shutdown (docs/deploy.md): stop accepting, let running requests (uploads, payment
  // callbacks) finish, then the plugins' onClose hooks stop sweepers and the change feed and write
  // pending views, then the pool closes. Past SHUTDOWN_GRACE_SECONDS the process exits anyway.
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}：正在关闭服务`);
    const grace = setTimeout(() => {
      app.log.error(`${config.shutdownGraceSeconds} 秒内未能关闭，强制退出`);
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000);
    grace.unref();
    try {
      await app.close();
      await handle.close();
    } catch (err) {
      app.log.error({ err }, '关闭服务时出错');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    `纹样已启动：http://${shown.includes(':') ? `[${shown}]` : shown}:${config.port}（监听 ${config.host}）`,
  );
}

let config: ServerConfig;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
start(config).catch((err: unknown) => {
  console.error(`启动失败：${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
