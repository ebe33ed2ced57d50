import type { Kysely } from 'kysely';
import type { DialectName } from './db/connection';
import type { Database } from './db/schema';
import type { Storage } from './platform/storage/storage';

/** What the modules need from the outside world, built once by app.ts. */
export type AppDeps = {
  db: Kysely<Database>;
  dialect: DialectName;
  storage: Storage;
};

declare module 'fastify' {
  // Declaration merging onto FastifyInstance needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    deps: AppDeps;
  }
}
