import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { migratorFor } from '../../db/migrations';

export type Readiness = {
  ready: boolean;
  database: boolean;
  migrations: boolean;
  wordIndex: boolean;
  imageIndex: boolean;
};

/**
 * Whether this server should get traffic (docs/deploy.md): the database answers, every migration
 * this build knows has run, and both search indexes have loaded. `/healthz` only says the process
 * and its database are alive; a proxy or orchestrator routes by this one.
 */
export async function readiness(app: FastifyInstance): Promise<Readiness> {
  const { db, dialect } = app.deps;
  let database = false;
  let migrations = false;
  try {
    await sql`select 1`.execute(db);
    database = true;
    const migrator = await migratorFor(db, dialect);
    migrations = (await migrator.getMigrations()).every((m) => m.executedAt !== undefined);
  } catch {
    // Not ready: the flags say which part failed.
  }
  const wordIndex = app.hasDecorator('wordIndex') && app.wordIndex.loaded;
  const imageIndex = app.hasDecorator('imageIndex') && app.imageIndex.status().loaded;
  return {
    ready: database && migrations && wordIndex && imageIndex,
    database,
    migrations,
    wordIndex,
    imageIndex,
  };
}

/** GET /readyz: 200 with the checks when ready, else 503 with the same checks. */
export function registerReadinessRoute(app: FastifyInstance): void {
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const state = await readiness(app);
    return reply.code(state.ready ? 200 : 503).send(state);
  });
}
