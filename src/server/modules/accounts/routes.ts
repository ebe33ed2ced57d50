import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  activeUser,
  changePassword,
  discardToken,
  getCaiHongIdByUserId,
  getDesignerStatus,
  getMyInfo,
  getOrgAvatar,
  getUserInfo,
  getVipInfo,
  login,
  recvMsgParserService,
  register,
  renewToken,
  resetPassword,
  saveUserKeyword,
  sendSmsCode,
  userReadAndAgree,
  SELLER_KINDS,
} from '@shared/contract/accounts';
import { COOKIE } from '@shared/constants';
import { ERROR_CODE } from '@shared/contract/envelope';
import { MSG } from '@shared/messages';
import { AppError } from '../../http/app-error';
import { sessionCookieDomain } from '../../http/cookie-domain';
import { registerCall } from '../../http/register-call';
import { chinaDay, iso } from './clock';
import { ACCOUNT_MSG } from './messages';
import { discardSession, renewSession } from './sessions';
import {
  changePasswordAndSignIn,
  registerAccount,
  resetForgottenPassword,
  signIn,
} from './sign-in-service';
import { issueSmsCode, revealsSandboxCode } from './sms-codes';
import { acceptUserAgreement, userAgreementVersion } from '../agreements/agreement-service';
import { avatarUrl, isNewRegistrant, loadUser, toUserInfo, toVipInfo } from './users';
import { authList } from '../membership/membership-service';
import { receiveMessageSource } from '../notices/inbox-service';

/** Sign-in throttles (per client address and per phone), beside the five-failure lock. */
export const SIGN_IN_THROTTLE = { perIpPerMinute: 30, perPhonePerMinute: 10 } as const;

const THROTTLED_MESSAGE = ACCOUNT_MSG.signInThrottled;

export function registerAccountsRoutes(app: FastifyInstance): void {
  const deps = app.deps;

  // Keyed as the SMS limits are: the client address (TRUST_PROXY decides what that is) and the phone.
  const perIp = app.createRateLimit({
    max: SIGN_IN_THROTTLE.perIpPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `sign-in:ip:${request.ip}`,
  });
  const perPhone = app.createRateLimit({
    max: SIGN_IN_THROTTLE.perPhonePerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const body = request.body as { phone?: unknown } | undefined;
      return `sign-in:phone:${typeof body?.phone === 'string' ? body.phone : ''}`;
    },
  });
  const throttleSignIn = async (request: FastifyRequest): Promise<void> => {
    for (const check of [perIp, perPhone]) {
      const limit = await check(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new AppError(ERROR_CODE.tooMany, THROTTLED_MESSAGE, 429);
      }
    }
  };

  registerCall(app, sendSmsCode, async (input, { request }) => {
    // The limits come first, and a registered phone gets the same answer as a new one: whether a
    // number has an account is only said after its code is checked (Register), so it cannot be listed.
    const code = await issueSmsCode(deps, input.phone, input.purpose, request.ip);
    return {
      resendAfter: 60,
      ...(revealsSandboxCode(deps, request) ? { sandboxCode: code } : {}),
    };
  });

  const userAgent = (request: FastifyRequest) => request.headers['user-agent'] ?? '';

  registerCall(app, register, async (input, { request }) => ({
    login: await registerAccount(deps, input, userAgent(request)),
    isNewRegister: true,
  }));

  registerCall(app, login, async (input, { request }) => {
    const hasPassword = input.password !== undefined && input.password !== '';
    if (hasPassword === (input.smsCode !== undefined)) {
      throw new AppError(ERROR_CODE.invalidRequest, ACCOUNT_MSG.passwordOrCode, 400);
    }
    await throttleSignIn(request);
    return { login: await signIn(deps, input, userAgent(request)), isNewRegister: false };
  });

  registerCall(app, changePassword, async (input, { request }) => {
    await throttleSignIn(request);
    return {
      login: await changePasswordAndSignIn(deps, input, userAgent(request)),
      isNewRegister: false,
    };
  });

  registerCall(app, resetPassword, async (input) => {
    await resetForgottenPassword(deps, input);
    return { reset: true };
  });

  registerCall(app, renewToken, async (input, { request, reply }) => {
    const renewal = await renewSession(deps, input.refreshToken);
    // §4 The rotated refresh token replaces the cookie the page saved at login.
    if (renewal.refreshToken !== null) {
      reply.setCookie(COOKIE.refreshToken, renewal.refreshToken, {
        path: '/',
        domain: sessionCookieDomain(request.hostname),
        expires: new Date(renewal.refreshExpiresAt),
        sameSite: 'lax',
        secure: request.protocol === 'https',
      });
    }
    return renewal.lifetime;
  });

  registerCall(app, discardToken, async (input) => {
    await discardSession(deps, input.token);
    return true;
  });

  registerCall(app, getUserInfo, async (_input, { currentUser }) => {
    const [user, agreementVersion] = await Promise.all([
      loadUser(deps, currentUser().id),
      userAgreementVersion(deps),
    ]);
    return toUserInfo(user, deps.now(), agreementVersion);
  });

  registerCall(app, getVipInfo, async (_input, { currentUser }) => {
    const id = currentUser().id;
    const [user, auths] = await Promise.all([
      loadUser(deps, id),
      authList(deps, id, { includeHidden: true }),
    ]);
    return toVipInfo(user, deps.now(), auths);
  });

  registerCall(app, userReadAndAgree, async (input, { currentUser }) => {
    await acceptUserAgreement(deps, currentUser().id, input.type, input.version);
    return { code: 1 as const };
  });

  registerCall(app, saveUserKeyword, async (input, { currentUser }) => {
    // §5: at most one seller kind; a new registrant must choose a role. Who is new is the server's
    // knowledge (the same rule as getUserInfo's isNewRegister), never the request's flag.
    const sellers = input.UserKeyword.filter((k) =>
      (SELLER_KINDS as readonly string[]).includes(k),
    );
    if (sellers.length > 1) throw AppError.rule(ACCOUNT_MSG.oneSellerType);
    const user = await loadUser(deps, currentUser().id);
    if (isNewRegistrant(user, deps.now()) && input.registerRole === undefined)
      throw AppError.rule(MSG.completeInfoFirst);
    await deps.db
      .updateTable('users')
      .set({
        user_keywords: JSON.stringify(input.UserKeyword),
        register_role: input.registerRole ?? null,
        updated_at: iso(deps.now()),
      })
      .where('id', '=', user.id)
      .execute();
    return { flag: true };
  });

  // Records where the messages were opened from and marks that kind read (docs/notices.md).
  registerCall(app, recvMsgParserService, async (input, { currentUser }) => {
    await receiveMessageSource(deps, currentUser().id, input);
    return true;
  });

  registerCall(app, getCaiHongIdByUserId, async (input) => {
    const row = await deps.db
      .selectFrom('users')
      .select('cai_hong_id')
      .where('id', '=', input.userId)
      .executeTakeFirst();
    if (!row) throw AppError.notFound(ACCOUNT_MSG.userMissing);
    return { caiHongID: row.cai_hong_id };
  });

  registerCall(app, getMyInfo, async (_input, { currentUser }) => {
    const user = await loadUser(deps, currentUser().id);
    return {
      orgInfo: { orgFlag: user.org_flag, orgName: user.org_flag === 2 ? user.user_name : '' },
    };
  });

  registerCall(app, getOrgAvatar, async (_input, { currentUser }) => {
    return { avatar: avatarUrl(await loadUser(deps, currentUser().id)) };
  });

  registerCall(app, getDesignerStatus, async (_input, { currentUser }) => {
    const user = await loadUser(deps, currentUser().id);
    return { status: user.designer_status, settleStatus: user.settle_status };
  });

  registerCall(app, activeUser, async (input, { currentUser }) => {
    const user = currentUser();
    if (input.caihongId !== user.caiHongId) throw AppError.forbidden(ACCOUNT_MSG.ownActivityOnly);
    const now = deps.now();
    const day = chinaDay(now);
    const seen = await deps.db
      .selectFrom('user_events')
      .select('id')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'active')
      .where('day', '=', day)
      .executeTakeFirst();
    if (!seen) {
      await deps.db
        .insertInto('user_events')
        .values({ user_id: user.id, kind: 'active', day, created_at: iso(now) })
        .execute();
    }
    return { recorded: !seen };
  });
}
