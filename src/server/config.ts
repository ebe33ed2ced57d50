import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import type { UploadQuotas } from './modules/uploads/upload-quota';
import type { S3StorageConfig } from './platform/storage/s3-storage';

export type ServerConfig = {
  port: number;
  host: string;
  /** Folder for the embedded database, stored files and secrets. */
  dataDir: string;
  /** `postgres://…` to use PostgreSQL; undefined for the embedded SQLite file. */
  databaseUrl: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Whether to seed demo content on first start. */
  seedDemo: boolean;
  /** Folder of the built renderer served as the SPA. */
  webRoot: string;
  /** Secret for signed file URLs; persisted in DATA_DIR when not given. */
  storageSecret: string;
  /** STORAGE: files in DATA_DIR/files (local, the default) or an S3-compatible bucket (docs/storage.md). */
  storage: StorageConfig;
  accounts: AccountsConfig;
  /** The first reviewer (ADMIN_PHONE and ADMIN_PASSWORD, both or neither), created or promoted at start. */
  admin: { phone: string; password: string } | null;
  /**
   * TRUST_PROXY: whether X-Forwarded-For names the client (per-IP limits use it). Off by default, so
   * a client cannot pick its own address; `true`, a hop count, or the proxies' addresses/CIDRs.
   */
  trustProxy: TrustProxy;
  /** SMS_PROVIDER: only the sandbox exists here; production must name it on purpose. */
  smsProvider: 'sandbox';
  /** SMS_SANDBOX_REVEAL=1: show sandbox codes to any client, not only to this machine. */
  smsSandboxReveal: boolean;
  /** ORDER_PAY_MINUTES: how long an unpaid order stays payable (default 30). */
  orderPayMinutes: number;
  /** SETTLEMENT_DAYS: days a designer's share stays pending before it is available (default 7). */
  settlementDays: number;
  /** Daily upload quotas by role (loadUploadQuotas). */
  uploadQuotas: UploadQuotas;
  /** Support/GetBasicInfo: contact block and outside links (loadSiteInfo, docs/help.md). */
  siteInfo: SiteInfoConfig;
  /**
   * DESKTOP_RELEASES_DIR: electron-builder's output (latest*.yml and installers), served at
   * /desktop/releases/ (docs/desktop-distribution.md); null (unset) publishes no installer.
   */
  desktopReleasesDir: string | null;
  /** SHUTDOWN_GRACE_SECONDS: how long a stopping server waits for running requests (default 30). */
  shutdownGraceSeconds: number;
};

/**
 * What Support/GetBasicInfo serves (docs/help.md). Links are absolute http(s) URLs or our own
 * paths; an unset outside link is null, so the product hides it instead of leading nowhere.
 */
export type SiteInfoConfig = {
  /** SUPPORT_HOTLINE; SUPPORT_HOURS. Unset: the help module's defaults. */
  hotline: string | null;
  hours: string | null;
  /** CONSULTATION_PATH: the in-site page of 在线咨询 (default /user/service, 在线客服). */
  consultationPath: string;
  /** MINI_PROGRAM_URL, OFFICIAL_ACCOUNT_URL: what the two QR codes open (default our /work and /). */
  miniProgramUrl: string;
  officialAccountUrl: string;
  /** DESIGN_CLOUD_URL: the external design cloud; null hides the footer's 设计云. */
  designCloudUrl: string | null;
  /** DESIGNER_INFO_URL: an outside designer-info site; null keeps 设计师资料 on our settle-in page. */
  designerInfoUrl: string | null;
};

export const DEFAULT_SITE_INFO: SiteInfoConfig = {
  hotline: null,
  hours: null,
  consultationPath: '/user/service',
  miniProgramUrl: '/work',
  officialAccountUrl: '/',
  designCloudUrl: null,
  designerInfoUrl: null,
};

function parseLink(
  name: string,
  value: string | undefined,
  ownPath: boolean,
  pathOnly = false,
): string | null {
  const raw = value?.trim() ?? '';
  if (raw === '') return null;
  if (ownPath && /^\/(?!\/)[^\s]*$/.test(raw)) return raw;
  if (pathOnly)
    throw new ConfigError(`配置错误：${name} 必须是以 / 开头的站内路径，当前为 "${raw}"`);
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
  } catch {
    // falls through to the error below
  }
  throw new ConfigError(
    `配置错误：${name} 必须是 http(s) 网址${ownPath ? '或以 / 开头的站内路径' : ''}，当前为 "${raw}"`,
  );
}

/** Support/GetBasicInfo's configuration from the environment (docs/help.md). */
export function loadSiteInfo(env: Env): SiteInfoConfig {
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : null);
  return {
    hotline: text(env.SUPPORT_HOTLINE),
    hours: text(env.SUPPORT_HOURS),
    consultationPath:
      parseLink('CONSULTATION_PATH', env.CONSULTATION_PATH, true, true) ??
      DEFAULT_SITE_INFO.consultationPath,
    miniProgramUrl:
      parseLink('MINI_PROGRAM_URL', env.MINI_PROGRAM_URL, true) ?? DEFAULT_SITE_INFO.miniProgramUrl,
    officialAccountUrl:
      parseLink('OFFICIAL_ACCOUNT_URL', env.OFFICIAL_ACCOUNT_URL, true) ??
      DEFAULT_SITE_INFO.officialAccountUrl,
    designCloudUrl: parseLink('DESIGN_CLOUD_URL', env.DESIGN_CLOUD_URL, false),
    designerInfoUrl: parseLink('DESIGNER_INFO_URL', env.DESIGNER_INFO_URL, false),
  };
}

export type TrustProxy = boolean | number | string[];

export type AccountsConfig = {
  /** Access-token lifetime (ACCESS_TOKEN_TTL, seconds; default 2 h). */
  accessTtlSeconds: number;
  /** Refresh-token lifetime (REFRESH_TOKEN_TTL, seconds; default 30 days). */
  refreshTtlSeconds: number;
  /** §4 trial VIP for new users (TRIAL_VIP_MINUTES; default 30) and its uses. */
  trialMinutes: number;
  trialUses: number;
  /** Extra parent origins the account site may post its login message to (ACCOUNT_ALLOWED_ORIGINS). */
  allowedOrigins: string[];
};

export const DEFAULT_ACCOUNTS_CONFIG: AccountsConfig = {
  accessTtlSeconds: 7200,
  refreshTtlSeconds: 30 * 24 * 3600,
  trialMinutes: 30,
  trialUses: 3,
  allowedOrigins: [],
};

/** A bad environment value: the message is one line that names the variable and what it must be. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(n) || n < 1 || n > 65535) {
    throw new ConfigError(`配置错误：PORT 必须是 1 到 65535 之间的整数，当前为 "${value}"`);
  }
  return n;
}

function parseEnum<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(`配置错误：${name} 只能是 ${allowed.join(' / ')} 之一，当前为 "${value}"`);
}

function parsePositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new ConfigError(`配置错误：${name} 必须是正整数，当前为 "${value}"`);
  }
  return Number(value);
}

function parseOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value.split(',').map((raw) => {
    const item = raw.trim();
    try {
      const url = new URL(item);
      if (url.origin === 'null' || url.origin !== item.replace(/\/$/, ''))
        throw new Error('not an origin');
      return url.origin;
    } catch {
      throw new ConfigError(
        `配置错误：ACCOUNT_ALLOWED_ORIGINS 应为逗号分隔的来源，如 http://localhost:5173，"${item}" 不是有效来源`,
      );
    }
  });
}

function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      '配置错误：DATABASE_URL 不是有效的地址，应形如 postgres://用户:密码@主机:5432/库名',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `配置错误：DATABASE_URL 只支持 postgres:// 或 postgresql://，当前协议为 "${url.protocol}"`,
    );
  }
  return value;
}

/** ADMIN_PHONE + ADMIN_PASSWORD: both or neither; the phone by the §5 rule, the password at least 8 characters. */
function parseAdmin(env: Env): { phone: string; password: string } | null {
  const phone = env.ADMIN_PHONE ?? '';
  const password = env.ADMIN_PASSWORD ?? '';
  if (phone === '' && password === '') return null;
  if (!/^1\d{10}$/.test(phone)) {
    throw new ConfigError(
      `配置错误：ADMIN_PHONE 必须是 11 位、以 1 开头的手机号，当前为 "${phone}"`,
    );
  }
  if (password.length < 8 || password.length > 64) {
    throw new ConfigError('配置错误：ADMIN_PASSWORD 需要 8–64 个字符');
  }
  return { phone, password };
}

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value.trim() === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const items = value.split(',').map((item) => item.trim());
  for (const item of items) {
    const [address, bits, ...rest] = item.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || rest.length > 0) {
      throw new ConfigError(
        `配置错误：TRUST_PROXY 应为 true、false、代理层数或逗号分隔的代理地址（可带 /掩码），"${item}" 无效`,
      );
    }
  }
  return items;
}

/** DESKTOP_RELEASES_DIR, resolved against the working folder; it must be an existing folder. */
export function parseReleasesDir(value: string | undefined, cwd: string): string | null {
  const raw = value?.trim() ?? '';
  if (raw === '') return null;
  const dir = resolve(cwd, raw);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new ConfigError(`配置错误：DESKTOP_RELEASES_DIR 不是已存在的文件夹（${dir}）`);
  }
  return dir;
}

export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StorageConfig);

/** STORAGE and the S3_* variables (docs/storage.md); a secret's value never appears in a message. */
export function loadStorageConfig(env: Env): StorageConfig {
  const kind = parseEnum('STORAGE', env.STORAGE, ['local', 's3'], 'local');
  if (kind === 'local') return { kind };
  const text = (name: string) => env[name]?.trim() ?? '';
  const bucket = text('S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      `配置错误：STORAGE=s3 需要 S3_BUCKET（3–63 位小写字母、数字、点或连字符），当前为 "${bucket}"`,
    );
  }
  const endpoint = parseLink('S3_ENDPOINT', text('S3_ENDPOINT'), false) ?? undefined;
  const publicBase = parseLink('S3_PUBLIC_BASE_URL', text('S3_PUBLIC_BASE_URL'), false);
  const accessKeyId = text('S3_ACCESS_KEY_ID');
  const secretAccessKey = text('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    throw new ConfigError(
      '配置错误：S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置，或都不设置（使用实例角色等默认凭证）',
    );
  }
  const pathStyle = parseEnum(
    'S3_FORCE_PATH_STYLE',
    env.S3_FORCE_PATH_STYLE,
    ['1', '0', 'true', 'false'],
    endpoint ? '1' : '0',
  );
  return {
    kind,
    bucket,
    endpoint: endpoint?.replace(/\/$/, ''),
    region: text('S3_REGION') || 'us-east-1',
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
    publicBaseUrl: publicBase?.replace(/\/+$/, ''),
  };
}

function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'storage-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Each user's upload quota per Chinese calendar day (docs/security.md, Uploads): settled designers
 * UPLOAD_DAILY_FILES / UPLOAD_DAILY_MB (default 2000 files, 4096 MB); everyone else, who uploads
 * only the samples and licence of a settle-in application, UPLOAD_APPLICANT_DAILY_FILES / _MB (30, 400).
 */
export function loadUploadQuotas(env: Env = process.env): UploadQuotas {
  const int = (name: string, fallback: number) => parsePositiveInt(name, env[name], fallback);
  const mb = 1024 * 1024;
  return {
    designer: { files: int('UPLOAD_DAILY_FILES', 2000), bytes: int('UPLOAD_DAILY_MB', 4096) * mb },
    applicant: {
      files: int('UPLOAD_APPLICANT_DAILY_FILES', 30),
      bytes: int('UPLOAD_APPLICANT_DAILY_MB', 400) * mb,
    },
  };
}

/** Reads and validates the environment; throws ConfigError with one clear line on a bad value. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const port = parsePort(env.PORT, 8080);
  // Nothing listens beyond this machine unless HOST says so.
  const host = env.HOST && env.HOST !== '' ? env.HOST : '127.0.0.1';
  const nodeEnv = parseEnum(
    'NODE_ENV',
    env.NODE_ENV,
    ['development', 'production', 'test'],
    'development',
  );
  const logLevel = parseEnum(
    'LOG_LEVEL',
    env.LOG_LEVEL,
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    nodeEnv === 'test' ? 'warn' : 'info',
  );
  // Demo content (and its demo accounts) only where someone asks for it in production.
  const seed = parseEnum(
    'SEED_DEMO',
    env.SEED_DEMO,
    ['1', '0', 'true', 'false'],
    nodeEnv === 'production' ? '0' : '1',
  );
  const smsProvider = parseEnum('SMS_PROVIDER', env.SMS_PROVIDER, ['sandbox'], 'sandbox');
  if (nodeEnv === 'production' && env.SMS_PROVIDER !== 'sandbox') {
    throw new ConfigError(
      '配置错误：生产环境未配置短信服务。沙箱短信不会真正发出验证码，若确实只用沙箱，请显式设置 SMS_PROVIDER=sandbox',
    );
  }
  const reveal = parseEnum('SMS_SANDBOX_REVEAL', env.SMS_SANDBOX_REVEAL, ['1', '0'], '0');
  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
  const rawDataDir = env.DATA_DIR && env.DATA_DIR !== '' ? env.DATA_DIR : 'data';
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(cwd, rawDataDir);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw new ConfigError(
      `配置错误：DATA_DIR 无法创建或不可写（${dataDir}）：${(err as Error).message}`,
    );
  }
  const webRoot = resolve(cwd, env.WEB_ROOT && env.WEB_ROOT !== '' ? env.WEB_ROOT : 'dist/web');
  const storageSecret =
    env.STORAGE_SECRET && env.STORAGE_SECRET !== ''
      ? env.STORAGE_SECRET
      : loadOrCreateSecret(dataDir);
  if (storageSecret.length < 16) {
    throw new ConfigError('配置错误：STORAGE_SECRET 至少需要 16 个字符');
  }
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    nodeEnv,
    logLevel,
    seedDemo: seed === '1' || seed === 'true',
    admin: parseAdmin(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smsProvider,
    smsSandboxReveal: reveal === '1',
    orderPayMinutes: parsePositiveInt('ORDER_PAY_MINUTES', env.ORDER_PAY_MINUTES, 30),
    settlementDays: parsePositiveInt('SETTLEMENT_DAYS', env.SETTLEMENT_DAYS, 7),
    uploadQuotas: loadUploadQuotas(env),
    siteInfo: loadSiteInfo(env),
    storage: loadStorageConfig(env),
    desktopReleasesDir: parseReleasesDir(env.DESKTOP_RELEASES_DIR, cwd),
    shutdownGraceSeconds: parsePositiveInt(
      'SHUTDOWN_GRACE_SECONDS',
      env.SHUTDOWN_GRACE_SECONDS,
      30,
    ),
    webRoot,
    storageSecret,
    accounts: {
      accessTtlSeconds: parsePositiveInt(
        'ACCESS_TOKEN_TTL',
        env.ACCESS_TOKEN_TTL,
        DEFAULT_ACCOUNTS_CONFIG.accessTtlSeconds,
      ),
      refreshTtlSeconds: parsePositiveInt(
        'REFRESH_TOKEN_TTL',
        env.REFRESH_TOKEN_TTL,
        DEFAULT_ACCOUNTS_CONFIG.refreshTtlSeconds,
      ),
      trialMinutes: parsePositiveInt(
        'TRIAL_VIP_MINUTES',
        env.TRIAL_VIP_MINUTES,
        DEFAULT_ACCOUNTS_CONFIG.trialMinutes,
      ),
      trialUses: DEFAULT_ACCOUNTS_CONFIG.trialUses,
      allowedOrigins: parseOrigins(env.ACCOUNT_ALLOWED_ORIGINS),
    },
  };
}

/**
 * The configuration of a command-line tool (migrate, admin:create, storage:copy). Such a tool sends
 * no text message, so production's SMS provider check does not apply. A bad value prints its one
 * line and gives null (the tool then exits 1).
 */
export function loadToolConfig(env: Env = process.env): ServerConfig | null {
  try {
    return loadConfig({ ...env, SMS_PROVIDER: 'sandbox' });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return null;
    }
    throw err;
  }
}
