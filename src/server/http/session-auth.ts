import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { UserStatusFacts } from '@shared/rules/roles';
import { ERROR_CODE } from '@shared/contract/envelope';
import type { AppDeps } from '../deps';
import { AppError } from './app-error';

/** The signed-in user as handlers see it. */
export type SessionUser = {
  id: number;
  caiHongId: string;
  role: string;
  /** §6 designer status (not 0: a designer) and settle status (1: settled), for the call roles. */
  designerStatus: number;
  settleStatus: number;
  sessionId: number;
};

/** The §6 status facts of a session user, as the shared role rules take them. */
export const statusFactsOf = (user: SessionUser): UserStatusFacts => ({
  status: user.designerStatus,
  settleStatus: user.settleStatus,
});

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Tokens are 32 random bytes in base64url (sessions.ts); anything else is no token. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/** A well-formed token, or undefined for anything else (a malformed cookie is simply no token). */
export const wellFormedToken = (value: unknown): string | undefined =>
  typeof value === 'string' && TOKEN_SHAPE.test(value) ? value : undefined;

/**
 * The token of a request: the `token` header (spec §7), else the `token` cookie of a same-site call
 * (parsed by @fastify/cookie, which leaves an undecodable value as it is; the shape check drops it).
 */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header !== '') return wellFormedToken(header);
  return wellFormedToken(request.cookies.token);
}

/** Looks up a live (unrevoked, unexpired) session by its access token. */
export async function findSessionUser(
  deps: AppDeps,
  token: string | undefined,
): Promise<SessionUser | null> {
  if (!token) return null;
  const now = new Date(deps.now()).toISOString();
  const row = await deps.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as session_id',
      'u.id',
      'u.cai_hong_id',
      'u.role',
      'u.designer_status',
      'u.settle_status',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        caiHongId: row.cai_hong_id,
        role: row.role,
        designerStatus: row.designer_status,
        settleStatus: row.settle_status,
        sessionId: row.session_id,
      }
    : null;
}

export const loginRequired = (): AppError =>
  new AppError(ERROR_CODE.loginRequired, '请先登录', 401);
