import { randomBytes } from 'node:crypto';
import type { LoginPayload } from '@shared/contract/accounts';
import { ERROR_CODE } from '@shared/contract/envelope';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { hashToken } from '../../http/session-auth';
import { iso } from './clock';
import { ACCOUNT_MSG } from './messages';

const newToken = () => randomBytes(32).toString('base64url');

/** Starts a session: random tokens, stored only as hashes. */
export async function createSession(
  deps: AppDeps,
  userId: number,
  userAgent: string,
): Promise<LoginPayload> {
  const now = deps.now();
  const token = newToken();
  const refreshToken = newToken();
  const expiration = now + deps.accounts.accessTtlSeconds * 1000;
  await deps.db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      refresh_hash: hashToken(refreshToken),
      expires_at: iso(expiration),
      refresh_expires_at: iso(now + deps.accounts.refreshTtlSeconds * 1000),
      revoked_at: null,
      created_at: iso(now),
      user_agent: userAgent.slice(0, 200),
    })
    .execute();
  await deps.db
    .updateTable('users')
    .set({ last_login_at: iso(now) })
    .where('id', '=', userId)
    .execute();
  return { token, expiration, refreshToken };
}

/**
 * Two renewals of one refresh token this close together are one client's tabs racing, not a stolen
 * copy: the later one is answered without a new token (its browser already has the new cookie).
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export type Renewal = {
  /** The access token's new lifetime in seconds (§7). */
  lifetime: number;
  /** The refresh token that replaces the presented one, or null when a racing tab already got it. */
  refreshToken: string | null;
  /** Until when the refresh token renews (ms). */
  refreshExpiresAt: number;
};

const sessionGone = () => new AppError(ERROR_CODE.loginRequired, ACCOUNT_MSG.sessionExpired, 401);

/**
 * §4 renewal: extends the access token of a live refresh token and rotates the refresh token. A
 * refresh token used again after it was replaced means two parties hold it: the session ends.
 */
export async function renewSession(deps: AppDeps, refreshToken: string): Promise<Renewal> {
  const now = deps.now();
  const presented = hashToken(refreshToken);
  const lifetime = deps.accounts.accessTtlSeconds;
  const next = newToken();
  const renewed = await deps.db.transaction().execute(async (trx) => {
    const session = await trx
      .updateTable('sessions')
      .set({ expires_at: iso(now + lifetime * 1000), refresh_hash: hashToken(next) })
      .where('refresh_hash', '=', presented)
      .where('revoked_at', 'is', null)
      .where('refresh_expires_at', '>', iso(now))
      .returning(['id', 'refresh_expires_at'])
      .executeTakeFirst();
    if (session) {
      await trx
        .insertInto('spent_refresh_tokens')
        .values({ token_hash: presented, session_id: session.id, spent_at: iso(now) })
        .execute();
    }
    return session;
  });
  if (renewed) {
    return {
      lifetime,
      refreshToken: next,
      refreshExpiresAt: Date.parse(renewed.refresh_expires_at),
    };
  }
  const spent = await deps.db
    .selectFrom('spent_refresh_tokens as r')
    .innerJoin('sessions as s', 's.id', 'r.session_id')
    .select(['s.id', 's.revoked_at', 's.refresh_expires_at', 'r.spent_at'])
    .where('r.token_hash', '=', presented)
    .executeTakeFirst();
  if (!spent || spent.revoked_at !== null || spent.refresh_expires_at <= iso(now)) {
    throw sessionGone();
  }
  if (Date.parse(spent.spent_at) + REFRESH_REUSE_GRACE_MS > now) {
    return { lifetime, refreshToken: null, refreshExpiresAt: Date.parse(spent.refresh_expires_at) };
  }
  // Reuse detection: whoever presented it, the session is no longer trustworthy.
  await deps.db
    .updateTable('sessions')
    .set({ revoked_at: iso(now) })
    .where('id', '=', spent.id)
    .where('revoked_at', 'is', null)
    .execute();
  throw sessionGone();
}

/**
 * Logs out: revokes the session the token belongs to, whether the access or the refresh token is
 * presented (unknown tokens are fine: the user is out either way).
 */
export async function discardSession(deps: AppDeps, token: string): Promise<void> {
  const hash = hashToken(token);
  await deps.db
    .updateTable('sessions')
    .set({ revoked_at: iso(deps.now()) })
    .where((eb) => eb.or([eb('token_hash', '=', hash), eb('refresh_hash', '=', hash)]))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session of a user (after a password reset). */
export async function revokeAllSessions(deps: AppDeps, userId: number): Promise<void> {
  await deps.db
    .updateTable('sessions')
    .set({ revoked_at: iso(deps.now()) })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
