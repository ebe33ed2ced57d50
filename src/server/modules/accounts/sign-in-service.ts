import type { LoginPayload } from '@shared/contract/accounts';
import { ERROR_CODE } from '@shared/contract/envelope';
import { MSG } from '@shared/messages';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from './clock';
import { ACCOUNT_MSG } from './messages';
import { hashPassword, verifyPassword } from './password';
import { createSession, revokeAllSessions } from './sessions';
import {
  beginPasswordAttempt,
  clearFailures,
  passwordAccepted,
  wrongPassword,
} from './sign-in-guard';
import { consumeSmsCode } from './sms-codes';
import { createUser, grantTrialOnFirstLogin } from './users';

// Registering, signing in and replacing a password: the rules, free of HTTP (routes.ts maps the
// calls here; the per-address throttle stays there because it reads the request).

export const phoneTaken = (): AppError => AppError.conflict(ACCOUNT_MSG.phoneTaken);
const wrongCode = () => new AppError(ERROR_CODE.rule, ACCOUNT_MSG.wrongCode, 422);

export const userByPhone = (deps: Pick<AppDeps, 'db'>, phone: string) =>
  deps.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();

/** Consumes the register code, creates the user and starts the session: all or nothing. */
export async function registerAccount(
  deps: AppDeps,
  input: { phone: string; smsCode: string; password: string },
  userAgent: string,
): Promise<LoginPayload> {
  const passwordHash = await hashPassword(input.password);
  try {
    type Outcome = { refused: AppError } | { login: LoginPayload };
    const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
      const scoped: AppDeps = { ...deps, db: trx };
      try {
        await consumeSmsCode(scoped, input.phone, 'register', input.smsCode);
      } catch (err) {
        // A wrong guess is counted against the code: that write must commit.
        if (err instanceof AppError) return { refused: err };
        throw err;
      }
      if (await userByPhone(scoped, input.phone)) return { refused: phoneTaken() };
      const user = await createUser(scoped, input.phone, passwordHash, { selfRegistered: true });
      return { login: await createSession(scoped, user.id, userAgent) };
    });
    if ('refused' in outcome) throw outcome.refused;
    return outcome.login;
  } catch (err) {
    // Two registrations of one phone at once: the unique index let only one through.
    if (!(err instanceof AppError) && (await userByPhone(deps, input.phone))) throw phoneTaken();
    throw err;
  }
}

/** The user whose password this is; counted against the lock before it is checked. */
export async function checkPassword(
  deps: AppDeps,
  phone: string,
  password: string,
): Promise<UserRow> {
  const attempt = await beginPasswordAttempt(deps, phone);
  const user = await userByPhone(deps, phone);
  const ok = user?.password_hash ? await verifyPassword(password, user.password_hash) : false;
  if (!user || !ok) throw wrongPassword(attempt);
  await passwordAccepted(deps, attempt);
  return user;
}

/** Signs in by password or SMS code and starts a session. */
export async function signIn(
  deps: AppDeps,
  input: { phone: string; password?: string | undefined; smsCode?: string | undefined },
  userAgent: string,
): Promise<LoginPayload> {
  let user: UserRow | undefined;
  if (input.password !== undefined && input.password !== '') {
    user = await checkPassword(deps, input.phone, input.password);
    // A one-time password (admin:create) opens nothing until it is replaced.
    if (user.must_change_password === 1) {
      throw new AppError(ERROR_CODE.passwordChangeRequired, MSG.passwordChangeRequired, 403);
    }
  } else {
    await consumeSmsCode(deps, input.phone, 'login', input.smsCode ?? '');
    user = await userByPhone(deps, input.phone);
    if (!user) throw wrongCode();
    await clearFailures(deps, input.phone);
  }
  await grantTrialOnFirstLogin(deps, user);
  return createSession(deps, user.id, userAgent);
}

/** Sets a new password; every session of the user ends (a reset, or a replaced one-time password). */
export async function replacePassword(
  deps: AppDeps,
  userId: number,
  password: string,
): Promise<void> {
  await deps.db
    .updateTable('users')
    .set({
      password_hash: await hashPassword(password),
      must_change_password: 0,
      updated_at: iso(deps.now()),
    })
    .where('id', '=', userId)
    .execute();
  await revokeAllSessions(deps, userId);
}

/** Replaces the current (one-time) password and signs in with the new one. */
export async function changePasswordAndSignIn(
  deps: AppDeps,
  input: { phone: string; password: string; newPassword: string },
  userAgent: string,
): Promise<LoginPayload> {
  if (input.newPassword === input.password) throw AppError.rule(MSG.passwordMustDiffer);
  const user = await checkPassword(deps, input.phone, input.password);
  await replacePassword(deps, user.id, input.newPassword);
  await grantTrialOnFirstLogin(deps, user);
  return createSession(deps, user.id, userAgent);
}

/** A forgotten password: the reset code proves the phone; the lock is lifted. */
export async function resetForgottenPassword(
  deps: AppDeps,
  input: { phone: string; smsCode: string; password: string },
): Promise<void> {
  await consumeSmsCode(deps, input.phone, 'reset', input.smsCode);
  const user = await userByPhone(deps, input.phone);
  if (!user) throw wrongCode();
  await replacePassword(deps, user.id, input.password);
  await clearFailures(deps, input.phone);
}
