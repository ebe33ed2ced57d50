import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { VerifyInfo, VerifyRecord } from '@shared/contract/identity';
import {
  checkCompanyName,
  checkCreditCode,
  checkIdNumber,
  checkRealName,
  maskIdentityNumber,
  normaliseIdNumber,
} from '@shared/rules/identity';
import type { IdentityVerificationsTable } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { IDENTITY_MSG } from './messages';

// Real-name verification (Certification). A provider checks a person (name + resident ID) or a company
// (name + credit code). The sandbox provider, the default, accepts any number whose format and
// checksum are right, so the whole flow runs without an outside service.

export type VerifyKind = 'personal' | 'enterprise';
export type ProviderAnswer = { status: 'verified' | 'failed'; reason: string; url: string | null };

export type IdentityProvider = {
  name: string;
  verify(kind: VerifyKind, name: string, number: string): Promise<ProviderAnswer>;
};

/**
 * The sandbox: passes what the format rules pass. A resident ID whose sequence digits (15–17) are
 * 000 is answered "does not match the name", so the failed path can be tried too.
 */
export const sandboxIdentityProvider: IdentityProvider = {
  name: 'sandbox',
  async verify(kind, _name, number) {
    if (kind === 'personal' && number.slice(14, 17) === '000') {
      return { status: 'failed', reason: IDENTITY_MSG.sandboxMismatch, url: null };
    }
    return { status: 'verified', reason: '', url: null };
  },
};

type VerificationRow = Selectable<IdentityVerificationsTable>;

export const toVerifyRecord = (row: VerificationRow): VerifyRecord => ({
  id: row.id,
  kind: row.kind === 'enterprise' ? 'enterprise' : 'personal',
  name: row.name,
  numberMasked: row.number_masked,
  status: row.status === 'verified' ? 'verified' : 'failed',
  reason: row.reason,
  provider: row.provider,
  isSigner: row.is_signer === 1,
  createdAt: row.created_at,
});

/** Checks the format of a name and number; a bad one is refused before any provider is asked. */
export function checkIdentityInput(kind: VerifyKind, name: string, number: string): void {
  const trimmed = name.trim();
  if (kind === 'personal') {
    const nameCheck = checkRealName(trimmed);
    if (!nameCheck.ok) throw AppError.rule(nameCheck.reason);
    const idCheck = checkIdNumber(number);
    if (!idCheck.ok) throw AppError.rule(idCheck.reason);
  } else {
    const nameCheck = checkCompanyName(trimmed);
    if (!nameCheck.ok) throw AppError.rule(nameCheck.reason);
    const codeCheck = checkCreditCode(number);
    if (!codeCheck.ok) throw AppError.rule(codeCheck.reason);
  }
}

const numberHash = (secret: string, kind: VerifyKind, number: string) =>
  createHmac('sha256', secret)
    .update(`identity\n${kind}\n${normaliseIdNumber(number)}`)
    .digest('hex');

/** The answer when another account holds the verified number (one identity, one account). */
const usedByAnother = (kind: VerifyKind) =>
  AppError.conflict(
    kind === 'personal' ? IDENTITY_MSG.personalTaken : IDENTITY_MSG.enterpriseTaken,
  );

/**
 * Verifies an identity for a user and records the result. The same verified number and name again
 * answers the existing record; a new name for a number the user has verified (a renamed company)
 * updates that record once the provider confirms it; a number another account has verified is
 * refused (one identity, one account). A unique index keeps one verified record per number, so two
 * accounts verifying one number at the same moment cannot both pass: the second is refused too.
 */
export async function verifyIdentity(
  deps: AppDeps,
  userId: number,
  kind: VerifyKind,
  name: string,
  number: string,
  provider: IdentityProvider = sandboxIdentityProvider,
): Promise<{ row: VerificationRow; url: string | null }> {
  checkIdentityInput(kind, name, number);
  const { db } = deps;
  const trimmed = name.trim();
  const hash = numberHash(deps.signingSecret, kind, number);
  const verifiedOwner = () =>
    db
      .selectFrom('identity_verifications')
      .selectAll()
      .where('number_hash', '=', hash)
      .where('status', '=', 'verified')
      .orderBy('id')
      .executeTakeFirst();
  const held = await verifiedOwner();
  if (held && held.user_id !== userId) throw usedByAnother(kind);
  if (held && held.name === trimmed) return { row: held, url: null };
  const answer = await provider.verify(kind, trimmed, normaliseIdNumber(number));
  if (held && answer.status === 'verified') {
    const row = await db
      .updateTable('identity_verifications')
      .set({ name: trimmed, provider: provider.name, reason: '' })
      .where('id', '=', held.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, url: answer.url };
  }
  const hasSigner = await db
    .selectFrom('identity_verifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_signer', '=', 1)
    .executeTakeFirst();
  const row = await db
    .insertInto('identity_verifications')
    .values({
      user_id: userId,
      kind,
      name: trimmed,
      number_masked: maskIdentityNumber(number),
      number_hash: hash,
      status: answer.status,
      reason: answer.reason,
      provider: provider.name,
      is_signer: answer.status === 'verified' && !hasSigner ? 1 : 0,
      created_at: iso(deps.now()),
    })
    // Only a verified record can meet the index (one verified record per number): then someone
    // verified this number a moment ago. The predicate is the index's own, as a literal.
    .onConflict((oc) =>
      oc.column('number_hash').where(sql.ref('status'), '=', sql.lit('verified')).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (row) return { row, url: answer.url };
  const winner = await verifiedOwner();
  if (!winner || winner.user_id !== userId) throw usedByAnother(kind);
  return { row: winner, url: null };
}

/** The latest verified identity of a kind, if any. */
export async function latestVerified(
  db: AppDeps['db'],
  userId: number,
  kind: VerifyKind,
): Promise<VerificationRow | undefined> {
  return db
    .selectFrom('identity_verifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('status', '=', 'verified')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function verifyInfo(db: AppDeps['db'], userId: number): Promise<VerifyInfo> {
  const rows = await db
    .selectFrom('identity_verifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  const signer = rows.find((r) => r.is_signer === 1 && r.status === 'verified');
  return {
    verified: rows.some((r) => r.status === 'verified'),
    records: rows.map(toVerifyRecord),
    signerId: signer?.id ?? null,
  };
}

/** Makes one of the caller's verified identities the first signer of licence contracts. */
export async function changeFirstSigner(
  db: AppDeps['db'],
  userId: number,
  id: number,
): Promise<void> {
  const row = await db
    .selectFrom('identity_verifications')
    .select(['id', 'user_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.user_id !== userId) throw AppError.notFound(IDENTITY_MSG.recordMissing);
  if (row.status !== 'verified') throw AppError.rule(IDENTITY_MSG.signerMustBeVerified);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('identity_verifications')
      .set({ is_signer: 0 })
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('identity_verifications')
      .set({ is_signer: 1 })
      .where('id', '=', id)
      .execute();
  });
}
