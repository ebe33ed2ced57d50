import { isAdmin } from '@shared/rules/roles';
import type { SessionUser } from '../../http/session-auth';
import { AppError } from '../../http/app-error';

/** The back office is for reviewers: any other signed-in user gets code 1003. */
export function requireAdmin(user: SessionUser): SessionUser {
  if (!isAdmin(user)) throw AppError.forbidden('需要管理员权限');
  return user;
}
