import { sql } from 'kysely';
import { ERROR_CODE } from '@shared/contract/envelope';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from './clock';
import { ACCOUNT_MSG } from './messages';

/** Five wrong passwords lock sign-in for that phone for fifteen minutes. */
export const SIGN_IN_LOCK = { maxFailures: 5, lockMs: 15 * 60_000 } as const;

export const LOCKED_MESSAGE = ACCOUNT_MSG.signInLocked;

/** A password attempt counted before its check: its number among the failures so far. */
export type PasswordAttempt = { phone: string; count: number };

const locked = () => new AppError(ERROR_CODE.tooMany, LOCKED_MESSAGE, 429);

/**
 * Counts a password attempt as a failure and checks the lock in one conditional statement, before
 * the password is verified: of any burst sent at once, at most five are ever checked. A lock that
 * has run out starts a fresh count. Throws the lock message when this attempt is past the limit.
 */
export async function beginPasswordAttempt(deps: AppDeps, phone: string): Promise<PasswordAttempt> {
  const now = iso(deps.now());
  const lockUntil = iso(deps.now() + SIGN_IN_LOCK.lockMs);
  const max = SIGN_IN_LOCK.maxFailures;
  const lapsed = sql<boolean>`sign_in_failures.locked_until is not null and sign_in_failures.locked_until <= ${now}`;
  const row = await deps.db
    .insertInto('sign_in_failures')
    .values({ phone, failed_count: 1, locked_until: max <= 1 ? lockUntil : null, updated_at: now })
    .onConflict((oc) =>
      oc.column('phone').doUpdateSet({
        failed_count: sql<number>`case when ${lapsed} then 1 else sign_in_failures.failed_count + 1 end`,
        locked_until: sql<string | null>`case
          when ${lapsed} then null
          when sign_in_failures.locked_until is not null then sign_in_failures.locked_until
          when sign_in_failures.failed_count + 1 >= ${max} then ${lockUntil}
          else null end`,
        updated_at: now,
      }),
    )
    .returning(['failed_count'])
    .executeTakeFirstOrThrow();
  // Past the fifth attempt the lock stands: this one is refused without looking at the password.
  if (row.failed_count > max) throw locked();
  return { phone, count: row.failed_count };
}

/** The refusal for a wrong password, saying how many tries are left. */
export function wrongPassword(attempt: PasswordAttempt): AppError {
  const left = SIGN_IN_LOCK.maxFailures - attempt.count;
  return new AppError(
    ERROR_CODE.rule,
    left > 0 ? ACCOUNT_MSG.wrongPassword(left) : LOCKED_MESSAGE,
    422,
  );
}

/**
 * A right password: its own attempt is taken back. The count starts again only when no other attempt
 * came in meanwhile, so a success inside a burst of guesses does not lift the lock they earned.
 */
export async function passwordAccepted(deps: AppDeps, attempt: PasswordAttempt): Promise<void> {
  const cleared = await deps.db
    .deleteFrom('sign_in_failures')
    .where('phone', '=', attempt.phone)
    .where('failed_count', '=', attempt.count)
    .executeTakeFirst();
  if (Number(cleared.numDeletedRows) === 1) return;
  await deps.db
    .updateTable('sign_in_failures')
    .set({ failed_count: sql<number>`failed_count - 1`, updated_at: iso(deps.now()) })
    .where('phone', '=', attempt.phone)
    .where('failed_count', '>', 0)
    .execute();
}

export async function clearFailures(deps: AppDeps, phone: string): Promise<void> {
  await deps.db.deleteFrom('sign_in_failures').where('phone', '=', phone).execute();
}
