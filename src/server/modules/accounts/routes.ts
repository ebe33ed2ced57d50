import type { FastifyInstance } from 'fastify';
import {
  activeUser,
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
  AGREEMENT_VERSION,
  SELLER_KINDS,
} from '@shared/contract/accounts';
import { ERROR_CODE } from '@shared/contract/envelope';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { chinaDay, iso } from './clock';
import { hashPassword, verifyPassword } from './password';
import { createSession, discardSession, renewSession, revokeAllSessions } from './sessions';
import { SIGN_IN_LOCK, assertNotLocked, clearFailures, recordFailure } from './sign-in-guard';
import { consumeSmsCode, issueSmsCode } from './sms-codes';
import { createUser, grantTrialOnFirstLogin, loadUser, toUserInfo, toVipInfo } from './users';

export function registerAccountsRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const userByPhone = (phone: string) =>
    deps.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();

  registerCall(app, sendSmsCode, async (input, { request }) => {
    // Only the register form may say that a phone is taken (the user must sign in instead).
    if (input.purpose === 'register' && (await userByPhone(input.phone))) {
      throw AppError.conflict('该手机号已注册，请直接登录');
    }
    const code = await issueSmsCode(deps, input.phone, input.purpose, request.ip);
    return {
      resendAfter: 60,
      ...(deps.sms.sandbox && !deps.production ? { sandboxCode: code } : {}),
    };
  });

  registerCall(app, register, async (input, { request }) => {
    await consumeSmsCode(deps, input.phone, 'register', input.smsCode);
    if (await userByPhone(input.phone)) throw AppError.conflict('该手机号已注册，请直接登录');
    const user = await createUser(deps, input.phone, await hashPassword(input.password));
    const payload = await createSession(deps, user.id, request.headers['user-agent'] ?? '');
    return { login: payload, isNewRegister: true };
  });

  registerCall(app, login, async (input, { request }) => {
    const hasPassword = input.password !== undefined && input.password !== '';
    if (hasPassword === (input.smsCode !== undefined)) {
      throw new AppError(ERROR_CODE.invalidRequest, '请输入密码或验证码其中一项', 400);
    }
    let user = undefined;
    if (hasPassword) {
      await assertNotLocked(deps, input.phone);
      user = await userByPhone(input.phone);
      const ok = user?.password_hash
        ? await verifyPassword(input.password ?? '', user.password_hash)
        : false;
      if (!user || !ok) {
        const failures = await recordFailure(deps, input.phone);
        const left = SIGN_IN_LOCK.maxFailures - failures;
        throw new AppError(
          ERROR_CODE.rule,
          left > 0
            ? `手机号或密码错误，还可尝试 ${left} 次`
            : '密码错误次数过多，该手机号已锁定 15 分钟，请稍后再试或使用验证码登录',
          422,
        );
      }
    } else {
      await consumeSmsCode(deps, input.phone, 'login', input.smsCode ?? '');
      user = await userByPhone(input.phone);
      if (!user) throw new AppError(ERROR_CODE.rule, '手机号或验证码错误', 422);
    }
    await clearFailures(deps, input.phone);
    await grantTrialOnFirstLogin(deps, user);
    const payload = await createSession(deps, user.id, request.headers['user-agent'] ?? '');
    return { login: payload, isNewRegister: false };
  });

  registerCall(app, resetPassword, async (input) => {
    await consumeSmsCode(deps, input.phone, 'reset', input.smsCode);
    const user = await userByPhone(input.phone);
    if (!user) throw new AppError(ERROR_CODE.rule, '手机号或验证码错误', 422);
    await deps.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(input.password), updated_at: iso(deps.now()) })
      .where('id', '=', user.id)
      .execute();
    await revokeAllSessions(deps, user.id);
    await clearFailures(deps, input.phone);
    return { reset: true };
  });

  registerCall(app, renewToken, async (input) => renewSession(deps, input.refreshToken));

  registerCall(app, discardToken, async (input) => {
    await discardSession(deps, input.token);
    return true;
  });

  registerCall(app, getUserInfo, async (_input, { currentUser }) =>
    toUserInfo(await loadUser(deps, currentUser().id), deps.now()),
  );

  registerCall(app, getVipInfo, async (_input, { currentUser }) =>
    toVipInfo(await loadUser(deps, currentUser().id), deps.now()),
  );

  registerCall(app, userReadAndAgree, async (_input, { currentUser }) => {
    await deps.db
      .updateTable('users')
      .set({ agreed_version: AGREEMENT_VERSION, updated_at: iso(deps.now()) })
      .where('id', '=', currentUser().id)
      .execute();
    return { code: 1 as const };
  });

  registerCall(app, saveUserKeyword, async (input, { currentUser }) => {
    // §5: at most one seller kind; a new registrant must choose a role.
    const sellers = input.UserKeyword.filter((k) =>
      (SELLER_KINDS as readonly string[]).includes(k),
    );
    if (sellers.length > 1) throw AppError.rule('卖家类型只能选择一项');
    if (input.isNewRegister && input.registerRole === undefined)
      throw AppError.rule('请先完善信息');
    await deps.db
      .updateTable('users')
      .set({
        user_keywords: JSON.stringify(input.UserKeyword),
        register_role: input.registerRole ?? null,
        updated_at: iso(deps.now()),
      })
      .where('id', '=', currentUser().id)
      .execute();
    return { flag: true };
  });

  registerCall(app, recvMsgParserService, async (input, { currentUser }) => {
    const now = deps.now();
    await deps.db
      .insertInto('user_events')
      .values({
        user_id: currentUser().id,
        kind: 'message-source',
        day: chinaDay(now),
        detail: JSON.stringify({ sourceType: input.sourceType, source: input.source }),
        created_at: iso(now),
      })
      .execute();
    return true;
  });

  registerCall(app, getCaiHongIdByUserId, async (input) => {
    const row = await deps.db
      .selectFrom('users')
      .select('cai_hong_id')
      .where('id', '=', input.userId)
      .executeTakeFirst();
    if (!row) throw AppError.notFound('用户不存在');
    return { caiHongID: row.cai_hong_id };
  });

  registerCall(app, getMyInfo, async (_input, { currentUser }) => {
    const user = await loadUser(deps, currentUser().id);
    return {
      orgInfo: { orgFlag: user.org_flag, orgName: user.org_flag === 2 ? user.user_name : '' },
    };
  });

  registerCall(app, getOrgAvatar, async (_input, { currentUser }) => {
    return { avatar: toUserInfo(await loadUser(deps, currentUser().id), deps.now()).headImg };
  });

  registerCall(app, getDesignerStatus, async (_input, { currentUser }) => {
    const user = await loadUser(deps, currentUser().id);
    return { status: user.designer_status, settleStatus: user.settle_status };
  });

  registerCall(app, activeUser, async (input, { currentUser }) => {
    const user = currentUser();
    if (input.caihongId !== user.caiHongId) throw AppError.forbidden('只能上报自己的活跃');
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
