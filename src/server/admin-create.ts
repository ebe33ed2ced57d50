// `npm run admin:create -- --phone 1xxxxxxxxxx`: the first admin of a production install. Prints a
// one-time password once; it must be changed at the first sign-in. Uses DATA_DIR / DATABASE_URL.
import { loadToolConfig } from './config';
import { openDatabase } from './db/open';
import type { AppDeps } from './deps';
import { createAdminWithOneTimePassword } from './modules/admin/bootstrap';
import { createSandboxSmsSender } from './platform/sms/sms-sender';
import { createStorage } from './platform/storage/create-storage';

async function main(argv: readonly string[]): Promise<number> {
  const at = argv.indexOf('--phone');
  const phone = at >= 0 ? argv[at + 1] : undefined;
  if (!phone || !/^1\d{10}$/.test(phone)) {
    console.error('用法：npm run admin:create -- --phone 1xxxxxxxxxx（11 位、以 1 开头的手机号）');
    return 2;
  }
  // Creating an admin needs no SMS provider: the one-time password is printed here.
  const config = loadToolConfig();
  if (!config) return 1;
  const handle = await openDatabase(config);
  try {
    const deps: AppDeps = {
      db: handle.db,
      dialect: handle.dialect,
      storage: createStorage(config),
      sms: createSandboxSmsSender(() => undefined),
      accounts: config.accounts,
      production: config.nodeEnv === 'production',
      sandboxCodeReveal: 'never',
      signingSecret: config.storageSecret,
      uploadQuotas: config.uploadQuotas,
      now: () => Date.now(),
    };
    const { created, password } = await createAdminWithOneTimePassword(deps, phone);
    console.log(`管理员账号已${created ? '创建' : '设为管理员'}：${phone}`);
    console.log(`一次性密码（只显示这一次，首次登录时必须修改）：${password}`);
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
