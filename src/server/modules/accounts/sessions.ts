import { randomBytes } from 'node:crypto';
import type { LoginPayload } from '@shared/contract/accounts';
import { ERROR_CODE } from '@shared/contract/envelope';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { hashToken } from '../../http/session-auth';
import { iso } from './clock';

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

/** §4 renewal: extends the access token of a live refresh token; answers the new lifetime in seconds. */
export async function renewSession(deps: AppDeps, refreshToken: string): Promise<number> {
  const now = deps.now();
  const session = await deps.db
    .selectFrom('sessions')
    .select(['id'])
    .where('refresh_hash', '=', hashToken(refreshToken))
    .where('revoked_at', 'is', null)
    .where('refresh_expires_at', '>', iso(now))
    .executeTakeFirst();
  if (!session) throw new AppError(ERROR_CODE.loginRequired, '登录已过期，请重新登录', 401);
  const lifetime = deps.accounts.accessTtlSeconds;
  await deps.db
    .updateTable('sessions')
    .set({ expires_at: iso(now + lifetime * 1000) })
    .where('id', '=', session.id)
    .execute();
  return lifetime;
}

/** Logs out: revokes the session the token belongs to (unknown tokens are fine: the user is out either way). */
export async function discardSession(deps: AppDeps, token: string): Promise<void> {
  await deps.db
    .updateTable('sessions')
    .set({ revoked_at: iso(deps.now()) })
    .where('token_hash', '=', hashToken(token))
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
