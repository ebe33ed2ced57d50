import type { Kysely } from 'kysely';
import type { DialectName } from './db/connection';
import type { Database } from './db/schema';
import type { AccountsConfig } from './config';
import type { SmsSender } from './platform/sms/sms-sender';
import type { Storage } from './platform/storage/storage';

/** What the modules need from the outside world, built once by app.ts. */
export type AppDeps = {
  db: Kysely<Database>;
  dialect: DialectName;
  storage: Storage;
  sms: SmsSender;
  accounts: AccountsConfig;
  /** Whether this server runs in production (the sandbox SMS code is never shown then). */
  production: boolean;
  /** Secret for signed permissions (upload policies); the same secret as signed file URLs. */
  signingSecret: string;
  /** The current time in ms; tests move it to expire tokens and lift locks. */
  now: () => number;
};

declare module 'fastify' {
  // Declaration merging onto FastifyInstance needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    deps: AppDeps;
  }
}
