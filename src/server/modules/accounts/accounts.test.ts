import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeUser,
  discardToken,
  getDesignerStatus,
  getMyInfo,
  getUserInfo,
  getVipInfo,
  login,
  register,
  renewToken,
  resetPassword,
  saveUserKeyword,
  sendSmsCode,
  userReadAndAgree,
} from '@shared/contract/accounts';
import type { LoginPayload } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import { needsSignIn } from '@shared/contract/define';
import { allCalls } from '@shared/contract';
import { seedDemo } from '../../db/seed/seed-demo';
import { buildTestApp, injectCall, testDatabases } from '../../testing/test-app';
import type { CallOptions, TestApp } from '../../testing/test-app';
import { DEMO_PASSWORD } from '../../db/seed/demo-catalogue';

type Body = { code?: number; flag?: boolean; msg: string; data?: unknown; rs?: unknown };

describe.each(testDatabases())('accounts on $name', (database) => {
  let t: TestApp;
  let ipCounter = 0;
  let phoneCounter = 0;
  // Loopback addresses: the sandbox shows its code to this machine only, and each test gets its own.
  const freshIp = () => `127.0.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`;
  const freshPhone = () => `1350000${String(++phoneCounter).padStart(4, '0')}`;

  const call = (c: CallDef, input: object, opts: CallOptions = {}) =>
    injectCall<Body>(t.app, c, input, opts);

  async function sandboxCode(
    phone: string,
    purpose: 'register' | 'login' | 'reset',
    ip = freshIp(),
  ) {
    const res = await call(sendSmsCode, { phone, purpose }, { ip });
    expect(res.body.code, res.body.msg).toBe(1);
    return (res.body.data as { sandboxCode: string }).sandboxCode;
  }

  async function registerUser(
    password = 'secret-pass-1',
  ): Promise<{ phone: string; login: LoginPayload }> {
    const phone = freshPhone();
    const code = await sandboxCode(phone, 'register');
    const res = await call(register, { phone, smsCode: code, password }, { ip: freshIp() });
    expect(res.body.code, res.body.msg).toBe(1);
    return { phone, login: (res.body.data as { login: LoginPayload }).login };
  }

  beforeAll(async () => {
    t = await buildTestApp(database);
    await seedDemo(t.deps, () => undefined, 4);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers code 401 in the body for every session call made without a valid token', async () => {
    const needsSession = allCalls.filter((c) => needsSignIn(c.auth));
    expect(needsSession.length).toBeGreaterThan(5);
    for (const c of needsSession) {
      for (const token of [undefined, 'not-a-real-token']) {
        const res = await call(c, {}, token ? { token } : {});
        expect(res.body.code, c.name).toBe(401);
      }
    }
  });

  it('registers a new user with the sandbox SMS code and signs them in with a trial VIP', async () => {
    const { login: payload } = await registerUser();
    expect(payload.expiration).toBeGreaterThan(Date.now() + 7100_000);
    const info = await call(getUserInfo, {}, { token: payload.token });
    expect(info.body.flag).toBe(true);
    const rs = info.body.rs as Record<string, unknown>;
    expect(rs.caiHongID).toMatch(/^\d{8}$/);
    expect(rs.isExpVip).toBe(true);
    expect(rs.showExpVIP).toBe(true);
    expect(rs.memberTypeName).toBe('体验会员');
    expect(rs.isUserKeywork).toBe(false);
    // Registering accepts the current agreement (the register form says so).
    expect(rs.isReadAndAgreeNotify).toBe(true);
    // …recorded with the versions in force: the user agreement and the privacy policy (PIPL).
    const accepted = await t.deps.db
      .selectFrom('agreement_acceptances')
      .select(['alias', 'version', 'type'])
      .where('user_id', '=', rs.userId as number)
      .orderBy('alias')
      .execute();
    expect(accepted).toEqual([
      { alias: 'privacyPolicy', version: 1, type: 1 },
      { alias: 'userAgreement', version: 1, type: 1 },
    ]);
    expect(String(rs.smallHeadImg)).toMatch(/^\/files\/public\/avatars\/\d{8}\.svg$/);
    const avatar = await t.app.inject({ method: 'GET', url: String(rs.smallHeadImg) });
    expect(avatar.statusCode).toBe(200);
    const vip = await call(getVipInfo, {}, { token: payload.token });
    const v = vip.body.rs as { vipType: number; vipTryEndTime: number };
    expect(v.vipType).toBe(1);
    expect(String(v.vipTryEndTime)).toHaveLength(10);
  });

  it('stores the SMS text through the sender and never the code in the database', async () => {
    const phone = freshPhone();
    const code = await sandboxCode(phone, 'register');
    expect(t.sentSms.at(-1)).toEqual({ phone, text: expect.stringContaining(code) });
    const rows = await t.deps.db
      .selectFrom('sms_codes')
      .select('code_hash')
      .where('phone', '=', phone)
      .execute();
    expect(rows[0]?.code_hash).not.toContain(code);
  });

  it('says a phone is taken only after its register code is checked, and nothing else reveals it', async () => {
    const { phone } = await registerUser();
    t.advance(61_000);
    const taken = await call(sendSmsCode, { phone, purpose: 'register' }, { ip: freshIp() });
    const fresh = await call(
      sendSmsCode,
      { phone: freshPhone(), purpose: 'register' },
      { ip: freshIp() },
    );
    expect(Object.keys(taken.body.data as object)).toEqual(Object.keys(fresh.body.data as object));
    expect(taken.body.code).toBe(1);
    const smsCode = (taken.body.data as { sandboxCode: string }).sandboxCode;
    const again = await call(register, { phone, smsCode, password: 'another-pass-1' });
    expect(again.body).toMatchObject({ code: 1009, msg: '该手机号已注册，请直接登录' });
    const unknown = freshPhone();
    const forLogin = await call(
      sendSmsCode,
      { phone: unknown, purpose: 'login' },
      { ip: freshIp() },
    );
    expect(forLogin.body.code).toBe(1);
    const wrongKnown = await call(login, { phone, password: 'wrong-password' }, { ip: freshIp() });
    const wrongUnknown = await call(
      login,
      { phone: unknown, password: 'wrong-password' },
      { ip: freshIp() },
    );
    expect(wrongKnown.body.msg).toBe('手机号或密码错误，还可尝试 4 次');
    expect(wrongUnknown.body.msg).toBe(wrongKnown.body.msg);
  });

  it('refuses a phone number that is not a mainland mobile number', async () => {
    const res = await call(sendSmsCode, { phone: '2380000000', purpose: 'register' });
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('phone');
  });

  it('signs a seeded user in with the demo password', async () => {
    const res = await call(
      login,
      { phone: '13900000001', password: DEMO_PASSWORD },
      { ip: freshIp() },
    );
    expect(res.body.code).toBe(1);
    const token = (res.body.data as { login: LoginPayload }).login.token;
    const status = await call(getDesignerStatus, {}, { token });
    expect(status.body.data).toEqual({ status: 1, settleStatus: 1 });
    const company = await call(
      login,
      { phone: '13900000004', password: DEMO_PASSWORD },
      { ip: freshIp() },
    );
    const companyToken = (company.body.data as { login: LoginPayload }).login.token;
    const org = await call(getMyInfo, {}, { token: companyToken });
    expect((org.body.data as { orgInfo: { orgFlag: number } }).orgInfo.orgFlag).toBe(2);
  });

  it('locks sign-in for 15 minutes after 5 wrong passwords, even for the right one', async () => {
    const { phone } = await registerUser('right-password');
    for (let i = 0; i < 4; i += 1)
      await call(login, { phone, password: 'nope' }, { ip: freshIp() });
    const fifth = await call(login, { phone, password: 'nope' }, { ip: freshIp() });
    expect(fifth.body.msg).toContain('已锁定 15 分钟');
    const right = await call(login, { phone, password: 'right-password' }, { ip: freshIp() });
    expect(right.body.code).toBe(1029);
    t.advance(15 * 60_000 + 1000);
    const later = await call(login, { phone, password: 'right-password' }, { ip: freshIp() });
    expect(later.body.code).toBe(1);
  });

  it('sends at most one code a minute and ten an hour, per phone and per IP', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await call(sendSmsCode, { phone, purpose: 'login' }, { ip })).body.code).toBe(1);
    const again = await call(sendSmsCode, { phone, purpose: 'login' }, { ip: freshIp() });
    expect(again.body).toMatchObject({ code: 1029, msg: '验证码发送过于频繁，请 60 秒后再试' });
    const sameIp = await call(sendSmsCode, { phone: freshPhone(), purpose: 'login' }, { ip });
    expect(sameIp.body.code).toBe(1029);
    for (let i = 0; i < 9; i += 1) {
      t.advance(61_000);
      expect(
        (await call(sendSmsCode, { phone, purpose: 'login' }, { ip: freshIp() })).body.code,
      ).toBe(1);
    }
    t.advance(61_000);
    const eleventh = await call(sendSmsCode, { phone, purpose: 'login' }, { ip: freshIp() });
    expect(eleventh.body.msg).toBe('验证码发送次数过多，请一小时后再试');
  });

  it('signs in with an SMS code once, and refuses a wrong or reused code', async () => {
    const { phone } = await registerUser();
    t.advance(61_000);
    const code = await sandboxCode(phone, 'login');
    const wrong = await call(login, { phone, smsCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.body.msg).toBe('验证码错误或已过期');
    expect((await call(login, { phone, smsCode: code })).body.code).toBe(1);
    expect((await call(login, { phone, smsCode: code })).body.msg).toBe('验证码错误或已过期');
  });

  it('expires the access token, renews it with the refresh token, and logout revokes both', async () => {
    const { login: payload } = await registerUser();
    t.advance(2 * 3600_000 + 1000);
    expect((await call(getUserInfo, {}, { token: payload.token })).body.code).toBe(401);
    const renewed = await call(renewToken, { refreshToken: payload.refreshToken });
    expect(renewed.body).toEqual({ code: 1, msg: '', data: 7200 });
    expect((await call(getUserInfo, {}, { token: payload.token })).body.flag).toBe(true);
    expect((await call(discardToken, { token: payload.token })).body.code).toBe(1);
    expect((await call(getUserInfo, {}, { token: payload.token })).body.code).toBe(401);
    const afterLogout = await call(renewToken, { refreshToken: payload.refreshToken });
    expect(afterLogout.body.code).toBe(401);
  });

  it('resets a forgotten password and ends every old session', async () => {
    const { phone, login: old } = await registerUser('old-password-1');
    t.advance(61_000);
    const code = await sandboxCode(phone, 'reset');
    const res = await call(resetPassword, { phone, smsCode: code, password: 'new-password-1' });
    expect(res.body.code).toBe(1);
    expect((await call(getUserInfo, {}, { token: old.token })).body.code).toBe(401);
    expect(
      (await call(login, { phone, password: 'old-password-1' }, { ip: freshIp() })).body.code,
    ).not.toBe(1);
    expect(
      (await call(login, { phone, password: 'new-password-1' }, { ip: freshIp() })).body.code,
    ).toBe(1);
  });

  it('records agreement acceptance and the registration-interest answers by the rules of §5', async () => {
    const { login: payload } = await registerUser();
    const token = payload.token;
    // A seeded account accepted no version yet: it is asked, and its answer is recorded.
    const seeded = await call(
      login,
      { phone: '13700000002', password: DEMO_PASSWORD },
      { ip: freshIp() },
    );
    const seededToken = (seeded.body.data as { login: LoginPayload }).login.token;
    const before = (await call(getUserInfo, {}, { token: seededToken })).body.rs as Record<
      string,
      unknown
    >;
    expect(before.isReadAndAgreeNotify).toBe(false);
    expect((await call(userReadAndAgree, { type: 2 }, { token: seededToken })).body.data).toEqual({
      code: 1,
    });
    const after = (await call(getUserInfo, {}, { token: seededToken })).body.rs as Record<
      string,
      unknown
    >;
    expect(after.isReadAndAgreeNotify).toBe(true);
    const twoSellers = await call(
      saveUserKeyword,
      { UserKeyword: ['设计师', '设计公司'], registerRole: 1, isNewRegister: true },
      { token },
    );
    expect(twoSellers.body.msg).toBe('卖家类型只能选择一项');
    const noRole = await call(
      saveUserKeyword,
      { UserKeyword: ['工厂'], isNewRegister: true },
      { token },
    );
    expect(noRole.body.msg).toBe('请先完善信息');
    const unknownKind = await call(
      saveUserKeyword,
      { UserKeyword: ['宇航员'], registerRole: 0, isNewRegister: true },
      { token },
    );
    expect(unknownKind.body.code).toBe(400);
    const ok = await call(
      saveUserKeyword,
      { UserKeyword: ['工厂', '跨境电商'], registerRole: 0, isNewRegister: true },
      { token },
    );
    expect(ok.body.data).toEqual({ flag: true });
    const rs = (await call(getUserInfo, {}, { token })).body.rs as Record<string, unknown>;
    expect(rs.isUserKeywork).toBe(true);
  });

  it('records the daily activity once a day and only for oneself', async () => {
    const { login: payload } = await registerUser();
    const rs = (await call(getUserInfo, {}, { token: payload.token })).body.rs as {
      caiHongID: string;
    };
    const first = await call(
      activeUser,
      { caihongId: rs.caiHongID, type: 2 },
      { token: payload.token },
    );
    const second = await call(
      activeUser,
      { caihongId: rs.caiHongID, type: 2 },
      { token: payload.token },
    );
    expect(first.body.data).toEqual({ recorded: true });
    expect(second.body.data).toEqual({ recorded: false });
    const other = await call(
      activeUser,
      { caihongId: '99999999', type: 2 },
      { token: payload.token },
    );
    expect(other.body.code).toBe(1003);
  });

  it('serves the account site with its labels, and a login page for the security entry', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/account/' });
    expect(res.statusCode).toBe(200);
    for (const label of ['手机号', '验证码', '获取验证码', '密码', '登录', '注册', '忘记密码']) {
      expect(res.body).toContain(label);
    }
    expect(res.body).toContain('app://wenyang');
    // The script is built from src/renderer/src/account-site (its own tests: only to an allowed
    // origin, never '*'); site/account-site.test.ts covers how it is served.
    expect(res.body).toContain('<script type="module" src="/account/assets/account-site.js">');
  });
});

describe('accounts in production', () => {
  it('never shows the sandbox SMS code', async () => {
    const [database] = testDatabases();
    if (!database) throw new Error('no database');
    const t = await buildTestApp(database, { production: true });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: sendSmsCode.path,
        payload: { phone: '13600000000', purpose: 'login' },
      });
      expect(res.json()).toEqual({ code: 1, msg: '', data: { resendAfter: 60 } });
    } finally {
      await t.close();
    }
  });
});
