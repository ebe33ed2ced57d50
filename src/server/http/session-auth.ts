import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODE } from '@shared/contract/envelope';
import type { AppDeps } from '../deps';
import { AppError } from './app-error';

/** The signed-in user as handlers see it. */
export type SessionUser = {
  id: number;
  caiHongId: string;
  role: string;
  sessionId: number;
};

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** The token of a request: the `token` header (spec §7), else the `token` cookie of a same-site call. */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header !== '') return header;
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'token' && rest.length > 0) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Looks up a live (unrevoked, unexpired) session by its access token. */
export async function findSessionUser(
  deps: AppDeps,
  token: string | undefined,
): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const now = new Date(deps.now()).toISOString();
  const row = await deps.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as session_id', 'u.id', 'u.cai_hong_id', 'u.role'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  return row
    ? { id: row.id, caiHongId: row.cai_hong_id, role: row.role, sessionId: row.session_id }
    : null;
}

export const loginRequired = (): AppError =>
  new AppError(ERROR_CODE.loginRequired, '请先登录', 401);
