import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

// One identity, one account: at most one verified record per ID number or credit code (its HMAC), so
// two accounts verifying the same number at the same moment cannot both pass. Records that would
// break the rule (made before it held) keep only the earliest verified one; the later ones become
// failed, and an account whose contract signer was one of them gets its earliest verified one.
export function uniqueVerifiedIdentityMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const later = await sql<{ id: number; user_id: number; is_signer: number }>`
        select v.id, v.user_id, v.is_signer from identity_verifications v
        where v.status = 'verified' and exists (
          select 1 from identity_verifications e
          where e.number_hash = v.number_hash and e.status = 'verified' and e.id < v.id
        )`.execute(db);
      for (const row of later.rows) {
        await sql`
          update identity_verifications
          set status = 'failed', reason = '与更早的认证记录重复，已失效', is_signer = 0
          where id = ${row.id}`.execute(db);
      }
      const lostSigner = new Set(later.rows.filter((r) => r.is_signer === 1).map((r) => r.user_id));
      for (const userId of lostSigner) {
        await sql`
          update identity_verifications set is_signer = 1
          where id = (
            select min(id) from identity_verifications
            where user_id = ${userId} and status = 'verified'
          )`.execute(db);
      }
      await db.schema
        .createIndex('identity_verifications_one_verified')
        .on('identity_verifications')
        .column('number_hash')
        .unique()
        .where(sql.ref('status'), '=', 'verified')
        .execute();
    },
  };
}
