import { ERROR_CODE } from '@shared/contract/envelope';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from './clock';

/** Five wrong passwords lock sign-in for that phone for fifteen minutes. */
export const SIGN_IN_LOCK = { maxFailures: 5, lockMs: 15 * 60_000 } as const;

export async function assertNotLocked(deps: AppDeps, phone: string): Promise<void> {
  const row = await deps.db
    .selectFrom('sign_in_failures')
    .selectAll()
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (row?.locked_until && row.locked_until > iso(deps.now())) {
    throw new AppError(
      ERROR_CODE.tooMany,
      '密码错误次数过多，该手机号已锁定 15 分钟，请稍后再试或使用验证码登录',
      429,
    );
  }
}

/** Records a failure; the fifth within a lock window locks the phone. Returns the failures so far. */
export async function recordFailure(deps: AppDeps, phone: string): Promise<number> {
  const now = deps.now();
  const row = await deps.db
    .selectFrom('sign_in_failures')
    .selectAll()
    .where('phone', '=', phone)
    .executeTakeFirst();
  // A lock that has run out starts a fresh count.
  const lapsed = row?.locked_until ? row.locked_until <= iso(now) : false;
  const count = row && !lapsed ? row.failed_count + 1 : 1;
  const lockedUntil = count >= SIGN_IN_LOCK.maxFailures ? iso(now + SIGN_IN_LOCK.lockMs) : null;
  if (row) {
    await deps.db
      .updateTable('sign_in_failures')
      .set({ failed_count: count, locked_until: lockedUntil, updated_at: iso(now) })
      .where('phone', '=', phone)
      .execute();
  } else {
    await deps.db
      .insertInto('sign_in_failures')
      .values({ phone, failed_count: count, locked_until: lockedUntil, updated_at: iso(now) })
      .execute();
  }
  return count;
}

export async function clearFailures(deps: AppDeps, phone: string): Promise<void> {
  await deps.db.deleteFrom('sign_in_failures').where('phone', '=', phone).execute();
}
