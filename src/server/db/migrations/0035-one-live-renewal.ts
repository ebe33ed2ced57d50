import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

// One live renewal per licence (docs/orders.md "Renewal"): two renewals of one order submitted at
// once with different idempotency keys both passed the service's check and could both be paid, so
// the licence was paid for twice over the same period. A partial unique index lets only one
// renewal of an order be pending or paid; a cancelled (expired or closed) one frees the place.
// Partial indexes read the same on SQLite and PostgreSQL.
export const oneLiveRenewalMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE UNIQUE INDEX orders_one_live_renewal ON orders (renewal_of)
      WHERE renewal_of IS NOT NULL AND state IN ('pending', 'paid', 'authorised')
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`DROP INDEX orders_one_live_renewal`.execute(db);
  },
};
