import type { Kysely } from 'kysely';
import type { DialectName } from './db/connection';
import type { Database } from './db/schema';
import type { AccountsConfig } from './config';
import type { SmsSender } from './platform/sms/sms-sender';
import type { Storage } from './platform/storage/storage';
import type { UploadQuotas } from './modules/uploads/upload-quota';
import type { ImageSearchIndex } from './modules/search/image/index';
import type { WordIndex } from './modules/search/word/word-index';
import type { WorksChanged } from './modules/works/work-changes';
import type { CommerceConfig } from './modules/orders/order-service';
import type { PaymentProvider } from './platform/payments/payment-provider';

/** What the modules need from the outside world, built once by app.ts. */
export type AppDeps = {
  db: Kysely<Database>;
  dialect: DialectName;
  /**
   * DATABASE_URL on PostgreSQL: the change feed between app servers LISTENs on a connection of its
   * own (docs/cluster.md); without it the feed only polls.
   */
  databaseUrl?: string;
  storage: Storage;
  sms: SmsSender;
  accounts: AccountsConfig;
  /** Whether this server runs in production. */
  production: boolean;
  /**
   * When the sandbox SMS code may be shown on the account page and in the answer: to requests from
   * this machine only (the default outside production), to anyone (SMS_SANDBOX_REVEAL=1, on
   * purpose), or never (production). Real providers never reveal a code.
   */
  sandboxCodeReveal: 'loopback' | 'always' | 'never';
  /** Secret for signed permissions (upload policies); the same secret as signed file URLs. */
  signingSecret: string;
  /**
   * DATA_DIR: where the server keeps files of its own, such as the image-search graph past 100,000
   * works (docs/image-search.md); none in tests and tools (nothing kept between starts).
   */
  dataDir?: string;
  /** Daily upload quotas by role (UPLOAD_DAILY_FILES …, docs/security.md). */
  uploadQuotas: UploadQuotas;
  /** The current time in ms; tests move it to expire tokens and lift locks. */
  now: () => number;
  /** Order timing, settlement and the bank account (DEFAULT_COMMERCE_CONFIG when not given). */
  commerce?: Partial<CommerceConfig>;
  /**
   * Real QR payment providers configured (WECHATPAY_*, ALIPAY_*). A method without one is served
   * by the sandbox provider, except in production unless PAYMENT_SANDBOX=1 (docs/orders.md).
   */
  paymentProviders?: Partial<Record<'wechat' | 'alipay', PaymentProvider>>;
  /** Whether the sandbox may stand in for unconfigured QR providers (default: not in production). */
  sandboxPayments?: boolean;
};

/**
 * The services that follow work changes (built by src/server/plugins), given to the code that
 * publishes, approves or withdraws works.
 */
export type WorkIndexes = {
  wordIndex: WordIndex;
  imageIndex: ImageSearchIndex;
  worksChanged: WorksChanged;
};

declare module 'fastify' {
  // Declaration merging onto FastifyInstance needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    deps: AppDeps;
  }
}
