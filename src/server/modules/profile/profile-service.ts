import type { Profile } from '@shared/contract/profile';
import { PROFILE_RULE_MSG, checkNickName, maskPhone } from '@shared/rules/profile';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../../http/session-auth';
import { iso } from '../accounts/clock';
import { hashPassword, verifyPassword } from '../accounts/password';
import { SIGN_IN_LOCK, beginPasswordAttempt, passwordAccepted } from '../accounts/sign-in-guard';
import { avatarUrl, loadUser, smallAvatarUrl } from '../accounts/users';
import { sendNotice } from '../notices/notice-service';
import { nickNameTaken } from '../settle-in/settle-in-service';
import { pendingDeletion } from './deletion-service';
import { PROFILE_MSG } from './messages';

// The profile page's reads and small changes: nickname and password (issue 13 "Profile").

export async function getProfile(deps: AppDeps, userId: number): Promise<Profile> {
  const user = await loadUser(deps, userId);
  const deletion = await pendingDeletion(deps.db, userId);
  return {
    userId: user.id,
    caiHongID: user.cai_hong_id,
    userName: user.user_name,
    headImg: avatarUrl(user),
    smallHeadImg: smallAvatarUrl(user),
    phoneMasked: maskPhone(user.phone),
    isEnterprise: user.org_flag === 2,
    deletion: deletion
      ? { requestedAt: Date.parse(deletion.requested_at), dueAt: Date.parse(deletion.due_at) }
      : null,
  };
}

/**
 * Whether another account uses the name: a designer's or applicant's name (as Shop/IsExistenceNickName
 * says), or any other user's, case aside.
 */
async function nameTaken(deps: AppDeps, name: string, userId: number): Promise<boolean> {
  if (await nickNameTaken(deps.db, name, userId)) return true;
  const other = await deps.db
    .selectFrom('users')
    .select('id')
    .where('id', '!=', userId)
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return Boolean(other);
}

export async function saveNickName(
  deps: AppDeps,
  userId: number,
  input: string,
): Promise<{ userName: string }> {
  const refusal = checkNickName(input);
  if (refusal) throw AppError.rule(refusal);
  const name = input.trim();
  const user = await loadUser(deps, userId);
  if (user.user_name === name) throw AppError.rule(PROFILE_RULE_MSG.nickNameSame);
  if (await nameTaken(deps, name, userId)) throw AppError.conflict(PROFILE_RULE_MSG.nickNameTaken);
  await deps.db
    .updateTable('users')
    .set({ user_name: name, updated_at: iso(deps.now()) })
    .where('id', '=', userId)
    .execute();
  return { userName: name };
}

/**
 * Checks the owner's current password, counted against the same five-failure lock as signing in
 * (keyed by the phone), so the profile page is no side door for guessing.
 */
export async function confirmPassword(
  deps: AppDeps,
  userId: number,
  password: string,
): Promise<void> {
  const user = await loadUser(deps, userId);
  if (!user.password_hash || !user.phone) throw AppError.rule(PROFILE_MSG.noPassword);
  const attempt = await beginPasswordAttempt(deps, user.phone);
  if (!(await verifyPassword(password, user.password_hash))) {
    throw AppError.rule(PROFILE_MSG.wrongPassword(SIGN_IN_LOCK.maxFailures - attempt.count));
  }
  await passwordAccepted(deps, attempt);
}

/** A new password; this session stays, every other one ends, and the owner is told. */
export async function changeMyPassword(
  deps: AppDeps,
  user: SessionUser,
  input: { password: string; newPassword: string },
): Promise<{ changed: boolean }> {
  if (input.newPassword.length < 8 || input.newPassword.length > 64) {
    throw AppError.rule(PROFILE_RULE_MSG.passwordLength);
  }
  if (input.newPassword === input.password) throw AppError.rule(PROFILE_MSG.passwordMustDiffer);
  await confirmPassword(deps, user.id, input.password);
  const passwordHash = await hashPassword(input.newPassword);
  const now = iso(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: 0, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', user.id)
      .where('id', '!=', user.sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    await sendNotice(trx, {
      userId: user.id,
      kind: 'system',
      title: PROFILE_MSG.passwordChangedTitle,
      body: PROFILE_MSG.passwordChangedBody,
      link: '/user/user',
    });
  });
  return { changed: true };
}
