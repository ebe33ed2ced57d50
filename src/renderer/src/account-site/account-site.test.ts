import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changePassword, login, register, sendSmsCode } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import { ERROR_CODE } from '@shared/contract/envelope';
import { mockCall } from '../test/mock-call';
import { startAccountSite } from './account-site';
import type { AccountSiteConfig } from './account-site';

// The body of the page src/server/modules/accounts/site/account-site.ts serves.
const PAGE = `
<main class="account" aria-labelledby="account-title">
  <button type="button" class="account__close" id="close" aria-label="关闭">×</button>
  <h1 id="account-title">登录</h1>
  <nav class="account__tabs" id="tabs">
    <button type="button" data-mode="password">密码登录</button>
    <button type="button" data-mode="sms">验证码登录</button>
    <button type="button" data-mode="register">注册</button>
  </nav>
  <form id="form" novalidate>
    <label class="field"><span>手机号</span><input id="phone" name="phone" type="tel" maxlength="11"></label>
    <div class="field field--code" id="code-row"><label for="code">验证码</label>
      <div class="field__inline"><input id="code" name="code" maxlength="6">
      <button type="button" id="send-code">获取验证码</button></div>
    </div>
    <p class="sandbox" id="sandbox" hidden>测试环境验证码：<strong data-testid="sandbox-sms-code" id="sandbox-code"></strong></p>
    <label class="field" id="password-row"><span id="password-label">密码</span><input id="password" name="password" type="password"></label>
    <template id="new-password-template"><label class="field" id="new-password-row"><span>新密码</span><input id="new-password" name="new-password" type="password"></label></template>
    <p class="terms" id="terms" hidden>注册即表示您已阅读并同意</p>
    <p class="error" id="error" role="alert"></p>
    <button type="submit" class="primary" id="submit">登录</button>
  </form>
  <p class="account__links"><a href="#" id="forgot">忘记密码</a><a href="#" id="back-login" hidden>返回登录</a></p>
  <p class="account__done" id="done" hidden></p>
</main>`;

const SITE = 'http://localhost:8080';
const MARKET = 'https://www.wenyang.example';
const LOGIN = { token: 't', expiration: 1_700_000_000_000, refreshToken: 'r' };

const requests: { path: string; body: unknown }[] = [];
/** The page's countdown timers, stopped after each test. */
const timers: number[] = [];
/** Answers by call: data for code 1, or a failure [code, msg]. */
let answers: Map<string, unknown>;
const answer = <C extends CallDef>(call: C, data: Parameters<typeof mockCall<C>>[1]) =>
  answers.set(call.path, { code: 1, msg: '', data: mockCall(call, data) });
const refuse = (call: CallDef, code: number, msg: string) =>
  answers.set(call.path, { code, msg, data: null });

/** Starts the page as framed by `origin` (or not framed), with the server's config. */
function start(options: { framedBy?: string; config?: AccountSiteConfig } = {}) {
  document.body.innerHTML = `${PAGE}<script id="account-config" type="application/json">${JSON.stringify(
    { mode: 'login', allowedOrigins: ['app://wenyang', MARKET], ...options.config },
  )}</script>`;
  const postMessage = vi.fn();
  const framed = options.framedBy !== undefined;
  const win: Record<string, unknown> = {
    document,
    location: {
      origin: SITE,
      search: framed ? `?origin=${encodeURIComponent(options.framedBy ?? '')}` : '',
    },
    setTimeout: (fn: () => void, ms: number) => {
      const id = window.setTimeout(fn, ms);
      timers.push(id);
      return id;
    },
    parent: null,
  };
  win.parent = framed ? { postMessage } : win;
  startAccountSite(win as unknown as Window);
  return { postMessage };
}

const byId = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;

beforeEach(() => {
  requests.length = 0;
  answers = new Map();
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    requests.push({ path, body: JSON.parse(init.body as string) });
    const body = answers.get(path);
    if (!body) throw new TypeError('offline');
    return { json: async () => body } as Response;
  });
});
afterEach(() => {
  timers.splice(0).forEach((id) => window.clearTimeout(id));
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('account site page', () => {
  it('posts the login only to the allowed origin that framed it, never to *', async () => {
    const user = userEvent.setup();
    const { postMessage } = start({ framedBy: MARKET });
    answer(login, { login: LOGIN, isNewRegister: false });
    await user.type(byId('phone'), '138-0000-0000');
    expect(byId<HTMLInputElement>('phone').value).toBe('13800000000');
    await user.type(byId('password'), 'secret-123');
    await user.click(byId('submit'));
    await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1));
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'wenyang:login', ...LOGIN, isNewRegister: false },
      MARKET,
    );
    expect(requests).toEqual([
      { path: login.path, body: { phone: '13800000000', password: 'secret-123' } },
    ]);
    expect(byId('done')).toHaveTextContent('登录成功，正在返回……');
    expect(byId('form')).not.toBeVisible();
    await user.click(byId('close'));
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'wenyang:close' }, MARKET);
  });

  it('refuses a framing origin it does not know and posts nothing', async () => {
    const user = userEvent.setup();
    const { postMessage } = start({ framedBy: 'https://evil.example' });
    expect(screen.getByRole('alert')).toHaveTextContent('该页面来源未被允许，无法完成登录');
    expect(byId('close')).not.toBeVisible();
    answer(login, { login: LOGIN, isNewRegister: false });
    await user.type(byId('phone'), '13800000000');
    await user.type(byId('password'), 'secret-123');
    await user.click(byId('submit'));
    await waitFor(() => expect(byId('done')).toBeVisible());
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('checks the phone by the shared rule before calling', async () => {
    const user = userEvent.setup();
    start();
    await user.type(byId('phone'), '23800000000');
    await user.click(byId('send-code'));
    expect(screen.getByRole('alert')).toHaveTextContent('请输入正确的手机号（11 位，以 1 开头）');
    expect(requests).toEqual([]);
  });

  it('registers with an SMS code, showing the sandbox code and the countdown', async () => {
    const user = userEvent.setup();
    start({ config: { showSandboxCode: true } });
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(byId('submit')).toHaveTextContent('注册');
    expect(byId('password-label')).toHaveTextContent('设置密码');
    expect(byId('terms')).toBeVisible();
    answer(sendSmsCode, { resendAfter: 60, sandboxCode: '123456' });
    await user.type(byId('phone'), '13800000000');
    await user.click(byId('send-code'));
    await waitFor(() => expect(byId('sandbox-code')).toHaveTextContent('123456'));
    expect(byId('send-code')).toHaveTextContent('60秒后重新获取');
    expect(requests[0]).toEqual({
      path: sendSmsCode.path,
      body: { phone: '13800000000', purpose: 'register' },
    });
    answer(register, { login: LOGIN, isNewRegister: true });
    await user.type(byId('code'), '123456');
    await user.type(byId('password'), 'short');
    await user.click(byId('submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('密码长度需为 8–64 位');
    await user.type(byId('password'), '-enough');
    await user.click(byId('submit'));
    await waitFor(() => expect(byId('done')).toHaveTextContent('登录成功。返回纹样首页'));
    expect(requests.at(-1)).toEqual({
      path: register.path,
      body: { phone: '13800000000', smsCode: '123456', password: 'short-enough' },
    });
  });

  it('asks for a new password when the password is a one-time one', async () => {
    const user = userEvent.setup();
    start();
    refuse(login, ERROR_CODE.passwordChangeRequired, '首次登录请先修改密码');
    await user.type(byId('phone'), '13800000000');
    await user.type(byId('password'), 'one-time-1');
    await user.click(byId('submit'));
    await waitFor(() => expect(byId('submit')).toHaveTextContent('修改密码并登录'));
    expect(screen.getByRole('alert')).toHaveTextContent('首次登录请先修改密码');
    expect(byId<HTMLInputElement>('phone').readOnly).toBe(true);
    answer(changePassword, { login: LOGIN, isNewRegister: false });
    await user.type(byId('new-password'), 'brand-new-2');
    await user.click(byId('submit'));
    await waitFor(() => expect(byId('done')).toBeVisible());
    expect(requests.at(-1)).toEqual({
      path: changePassword.path,
      body: { phone: '13800000000', password: 'one-time-1', newPassword: 'brand-new-2' },
    });
  });

  it('says a network failure and a server message as the site did', async () => {
    const user = userEvent.setup();
    start();
    await user.type(byId('phone'), '13800000000');
    await user.type(byId('password'), 'secret-123');
    await user.click(byId('submit'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('网络连接失败，请检查网络后重试'),
    );
    refuse(login, 1022, '手机号或密码错误');
    await user.click(byId('submit'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('手机号或密码错误'));
  });
});
