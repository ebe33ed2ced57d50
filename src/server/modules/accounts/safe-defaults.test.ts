import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changePassword,
  discardToken,
  getUserInfo,
  login,
  register,
  renewToken,
  saveUserKeyword,
  sendSmsCode,
} from '@shared/contract/accounts';
import type { LoginPayload } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import { ERROR_CODE } from '@shared/contract/envelope';
import { MSG } from '@shared/messages';
import { buildApp } from '../../app';
import { seedDemo } from '../../db/seed/seed-demo';
import { DEMO_PASSWORD } from '../../db/seed/demo-catalogue';
import { buildTestApp, injectCall, testDatabases } from '../../testing/test-app';
import type { CallOptions, TestApp } from '../../testing/test-app';
import { createAdminWithOneTimePassword } from '../admin/bootstrap';
import { REFRESH_REUSE_GRACE_MS } from './sessions';

type Body = { code?: number; flag?: boolean; msg: string; data?: unknown; rs?: unknown };

// Issue 9: a fresh install cannot be taken over; each test names the finding it keeps fixed.
describe.each(testDatabases())('safe accounts on $name', (database) => {
  let t: TestApp;
  let ipCounter = 0;
  let phoneCounter = 0;
  const localIp = () => `127.1.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`;
  const remoteIp = () => `10.1.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`;
  const freshPhone = () => `1360000${String(++phoneCounter).padStart(4, '0')}`;

  const call = (c: CallDef, input: object, opts: CallOptions = {}) =>
    injectCall<Body>(t.app, c, input, { ip: localIp(), ...opts });

  async function registerUser(password = 'secret-pass-1') {
    const phone = freshPhone();
    const sms = await call(sendSmsCode, { phone, purpose: 'register' });
    const smsCode = (sms.body.data as { sandboxCode: string }).sandboxCode;
    const res = await call(register, { phone, smsCode, password });
    expect(res.body.code, res.body.msg).toBe(1);
    return { phone, login: (res.body.data as { login: LoginPayload }).login };
  }

  beforeAll(async () => {
    t = await buildTestApp(database);
    await seedDemo(t.deps, () => undefined, 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the sandbox code only to this machine, never to a remote or proxied client (1)', async () => {
    const local = await call(sendSmsCode, { phone: freshPhone(), purpose: 'login' });
    expect((local.body.data as { sandboxCode?: string }).sandboxCode).toMatch(/^\d{6}$/);
    const remote = await call(
      sendSmsCode,
      { phone: freshPhone(), purpose: 'login' },
      { ip: remoteIp() },
    );
    expect(remote.body.code).toBe(1);
    expect(remote.body.data).toEqual({ resendAfter: 60 });
    const proxied = await call(
      sendSmsCode,
      { phone: freshPhone(), purpose: 'login' },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(proxied.body.data).toEqual({ resendAfter: 60 });
    const page = await t.app.inject({ url: '/account/', remoteAddress: remoteIp() });
    expect(page.body).toContain('"showSandboxCode":false');
    const localPage = await t.app.inject({ url: '/account/', remoteAddress: '127.0.0.1' });
    expect(localPage.body).toContain('"showSandboxCode":true');
  });

  it('never lets anyone sign in with the demo password on a production install (2)', async () => {
    const production = await buildTestApp(database, { production: true });
    try {
      await seedDemo(production.deps, () => undefined, 2);
      const res = await production.app.inject({
        method: 'POST',
        url: login.path,
        payload: { phone: '13800000000', password: DEMO_PASSWORD },
        remoteAddress: '127.0.0.1',
      });
      expect(res.json<Body>().code).not.toBe(1);
      const sms = await production.app.inject({
        method: 'POST',
        url: sendSmsCode.path,
        payload: { phone: '13800000000', purpose: 'login' },
        remoteAddress: '127.0.0.1',
      });
      expect(sms.json<Body>().data).toEqual({ resendAfter: 60 });
    } finally {
      await production.close();
    }
  });

  it('makes the first admin with a one-time password that must be changed at first sign-in (2)', async () => {
    const phone = freshPhone();
    const { password } = await createAdminWithOneTimePassword(t.deps, phone);
    expect(password).toHaveLength(16);
    const first = await call(login, { phone, password });
    expect(first.body).toMatchObject({
      code: ERROR_CODE.passwordChangeRequired,
      msg: MSG.passwordChangeRequired,
    });
    const same = await call(changePassword, { phone, password, newPassword: password });
    expect(same.body.msg).toBe(MSG.passwordMustDiffer);
    const changed = await call(changePassword, {
      phone,
      password,
      newPassword: 'my-own-admin-pass',
    });
    expect(changed.body.code, changed.body.msg).toBe(1);
    const token = (changed.body.data as { login: LoginPayload }).login.token;
    const me = await call(getUserInfo, {}, { token });
    expect((me.body.rs as { role: string }).role).toBe('admin');
    expect((await call(login, { phone, password })).body.code).not.toBe(1);
    expect((await call(login, { phone, password: 'my-own-admin-pass' })).body.code).toBe(1);
  });

  it('treats a cookie that cannot be decoded as no token, not as a server error (5)', async () => {
    const { login: session } = await registerUser();
    for (const cookie of ['token=%E0%A4%A', 'token=%', `token=${session.token}%ZZ`, 'token']) {
      const res = await t.app.inject({
        method: 'POST',
        url: getUserInfo.path,
        headers: { cookie },
        payload: {},
      });
      expect(res.statusCode, cookie).toBeLessThan(500);
      expect(res.json<Body>().code).toBe(401);
    }
    const good = await t.app.inject({
      method: 'POST',
      url: getUserInfo.path,
      headers: { cookie: `other=%E0%A4%A; token=${session.token}` },
      payload: {},
    });
    expect(good.json<Body>().flag).toBe(true);
  });

  it('checks at most five of a burst of passwords sent at once, and the lock holds (6)', async () => {
    const { phone } = await registerUser('right-password-1');
    const attempts = [
      ...Array.from({ length: 40 }, (_, i) => `wrong-password-${i}`),
      'right-password-1',
    ];
    const answers = await Promise.all(
      attempts.map((password) => call(login, { phone, password }, { ip: localIp() })),
    );
    const checkedWrong = answers.filter((a) => a.body.code === ERROR_CODE.rule);
    const refused = answers.filter((a) => a.body.code === ERROR_CODE.tooMany);
    const signedIn = answers.filter((a) => a.body.code === 1);
    expect(checkedWrong.length + signedIn.length).toBeLessThanOrEqual(5);
    expect(refused.length).toBeGreaterThanOrEqual(36);
    const after = await call(login, { phone, password: 'right-password-1' });
    expect(after.body.code).toBe(ERROR_CODE.tooMany);
  });

  it('throttles sign-in attempts per client address (6)', async () => {
    const ip = remoteIp();
    const codes: number[] = [];
    for (let i = 0; i < 35; i += 1) {
      const res = await call(login, { phone: freshPhone(), password: 'whatever-1' }, { ip });
      codes.push(res.body.code ?? 0);
    }
    expect(codes.slice(0, 30).every((c) => c === ERROR_CODE.rule)).toBe(true);
    expect(codes.slice(30).every((c) => c === ERROR_CODE.tooMany)).toBe(true);
  });

  it('applies the SMS limit before anything is said about a registered phone (7)', async () => {
    const { phone } = await registerUser();
    t.advance(61_000);
    const ip = remoteIp();
    const first = await call(sendSmsCode, { phone, purpose: 'register' }, { ip });
    const second = await call(sendSmsCode, { phone, purpose: 'register' }, { ip });
    expect(first.body).toEqual({ code: 1, msg: '', data: { resendAfter: 60 } });
    expect(second.body.code).toBe(ERROR_CODE.tooMany);
  });

  it('writes no token, refresh token, password or code to the log (8)', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildApp({
      deps: t.deps,
      config: { webRoot: t.webRoot, nodeEnv: 'test' },
      logger: { level: 'info', stream },
    });
    try {
      const { login: session } = await registerUser();
      const phone = freshPhone();
      await logged.inject({
        method: 'POST',
        url: sendSmsCode.path,
        payload: { phone, purpose: 'register' },
        remoteAddress: '127.0.0.1',
      });
      await logged.inject({
        method: 'GET',
        url: `${renewToken.path}?refreshToken=${session.refreshToken}`,
      });
      await logged.inject({ method: 'GET', url: `${discardToken.path}?token=${session.token}` });
      await logged.inject({
        method: 'POST',
        url: login.path,
        payload: { phone, password: 'pass-word-secret' },
        headers: { token: session.token, cookie: `token=${session.token}` },
      });
      const text = lines.join('\n');
      expect(text).toContain(renewToken.path);
      for (const secret of [session.token, session.refreshToken, 'pass-word-secret']) {
        expect(text).not.toContain(secret);
      }
      const sms = t.sentSms.at(-1)?.text ?? '';
      const code = /\d{6}/.exec(sms)?.[0] ?? 'no-code';
      expect(text).not.toContain(code);
    } finally {
      await logged.close();
    }
  });

  it('ends the whole session when either token is discarded (9)', async () => {
    const { login: session } = await registerUser();
    expect((await call(discardToken, { token: session.refreshToken })).body.code).toBe(1);
    expect((await call(getUserInfo, {}, { token: session.token })).body.code).toBe(401);
  });

  it('rotates the refresh token on renewal and ends the session when an old one comes back (9)', async () => {
    const { login: session } = await registerUser();
    const renewed = await call(renewToken, { refreshToken: session.refreshToken });
    expect(renewed.body.data).toBe(7200);
    const setCookie = String(renewed.headers['set-cookie']);
    const rotated = /refreshToken=([^;]+)/.exec(setCookie)?.[1] ?? '';
    expect(rotated).not.toBe('');
    expect(rotated).not.toBe(session.refreshToken);
    // A second tab renewing with the same token a moment later is not an attack.
    expect((await call(renewToken, { refreshToken: session.refreshToken })).body.data).toBe(7200);
    t.advance(REFRESH_REUSE_GRACE_MS + 1);
    const next = await call(renewToken, { refreshToken: rotated });
    expect(next.body.code).toBe(1);
    const rotatedAgain = /refreshToken=([^;]+)/.exec(String(next.headers['set-cookie']))?.[1];
    t.advance(REFRESH_REUSE_GRACE_MS + 1);
    // The first token again: a copy is in other hands, so nobody keeps the session.
    expect((await call(renewToken, { refreshToken: session.refreshToken })).body.code).toBe(401);
    expect((await call(getUserInfo, {}, { token: session.token })).body.code).toBe(401);
    expect((await call(renewToken, { refreshToken: rotatedAgain ?? '' })).body.code).toBe(401);
  });

  it('sets the rotated cookie on the registrable domain of a .com.cn host (15)', async () => {
    const { login: session } = await registerUser();
    const res = await t.app.inject({
      method: 'GET',
      url: `${renewToken.path}?refreshToken=${session.refreshToken}`,
      headers: { host: 'www.wenyang.com.cn' },
    });
    expect(String(res.headers['set-cookie'])).toContain('Domain=.wenyang.com.cn');
    const page = await t.app.inject({ url: '/work', headers: { host: 'www.wenyang.com.cn' } });
    expect(page.body).toContain('<meta name="wenyang-cookie-domain" content=".wenyang.com.cn">');
  });

  it('keeps no user and no spent code when registration fails half way (13)', async () => {
    const phone = freshPhone();
    const sms = await call(sendSmsCode, { phone, purpose: 'register' });
    const smsCode = (sms.body.data as { sandboxCode: string }).sandboxCode;
    await sql`alter table sessions rename to sessions_off`.execute(t.deps.db);
    let failed;
    try {
      failed = await call(register, { phone, smsCode, password: 'secret-pass-1' });
    } finally {
      await sql`alter table sessions_off rename to sessions`.execute(t.deps.db);
    }
    expect(failed.body.code).not.toBe(1);
    const users = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .execute();
    expect(users).toEqual([]);
    const retry = await call(register, { phone, smsCode, password: 'secret-pass-1' });
    expect(retry.body.code, retry.body.msg).toBe(1);
  });

  it('asks a new registrant for a role whatever the request says about being new (14)', async () => {
    const { login: session } = await registerUser();
    const res = await call(
      saveUserKeyword,
      { UserKeyword: ['工厂'], isNewRegister: false },
      { token: session.token },
    );
    expect(res.body.msg).toBe(MSG.completeInfoFirst);
  });
});
