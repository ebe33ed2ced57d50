import {
  changePassword,
  login,
  register,
  resetPassword,
  sendSmsCode,
} from '@shared/contract/accounts';
import type { LoginPayload, SmsPurpose } from '@shared/contract/accounts';
import { ERROR_CODE } from '@shared/contract/envelope';
import { isPhoneNumber } from '@shared/rules/roles';
import { AccountCallError, postCall } from './account-client';

// The account site's page script: sign in (password or SMS code), register, reset a password,
// then hand the login message to the framing marketplace page — only to an allowed origin, never '*'.
// The page itself (its HTML, the config it carries and its CSP) is served by
// src/server/modules/accounts/site/account-site.ts.

/** What the server writes into the page's `account-config` script (application/json). */
export type AccountSiteConfig = {
  mode?: 'login' | 'reset';
  allowedOrigins?: string[];
  showSandboxCode?: boolean;
};

type Mode = 'password' | 'sms' | 'register' | 'reset' | 'change';

/** What the site posts to the page that frames it. */
export type AccountSiteMessage =
  ({ type: 'wenyang:login'; isNewRegister: boolean } & LoginPayload) | { type: 'wenyang:close' };

const TEXT: Record<Mode, { submit: string; passwordLabel: string }> = {
  password: { submit: '登录', passwordLabel: '密码' },
  sms: { submit: '登录', passwordLabel: '密码' },
  register: { submit: '注册', passwordLabel: '设置密码' },
  reset: { submit: '重设密码', passwordLabel: '新密码' },
  change: { submit: '修改密码并登录', passwordLabel: '当前密码（一次性密码）' },
};

const MODES: readonly Mode[] = ['password', 'sms', 'register', 'reset', 'change'];
const BAD_PHONE = '请输入正确的手机号（11 位，以 1 开头）';

function readConfig(doc: Document): AccountSiteConfig {
  const text = doc.getElementById('account-config')?.textContent || '{}';
  return JSON.parse(text) as AccountSiteConfig;
}

/** Wires the page in `win`: its tabs, the code button, the form and the close button. */
export function startAccountSite(win: Window = window): void {
  const doc = win.document;
  const config = readConfig(doc);
  const $ = <E extends HTMLElement = HTMLElement>(id: string): E => {
    const element = doc.getElementById(id);
    if (!element) throw new Error(`account site: #${id} missing`);
    return element as E;
  };
  const input = (id: string) => $<HTMLInputElement>(id);
  const button = (id: string) => $<HTMLButtonElement>(id);

  const requested = new URLSearchParams(win.location.search).get('origin') || '';
  const allowed = [win.location.origin, ...(config.allowedOrigins ?? [])];
  const framed = win.parent !== win;
  const parentOrigin = framed && allowed.includes(requested) ? requested : null;

  // Said once when the framing page is not allowed; it stays on screen (render() keeps it).
  const originError = framed && !parentOrigin ? '该页面来源未被允许，无法完成登录' : '';
  let mode: Mode = config.mode === 'reset' ? 'reset' : 'password';
  let countdown = 0;
  let busy = false;

  function post(message: AccountSiteMessage): void {
    if (parentOrigin) win.parent.postMessage(message, parentOrigin);
  }

  function setError(text: string): void {
    $('error').textContent = text || originError;
  }

  function render(): void {
    const needsCode = mode !== 'password' && mode !== 'change';
    const needsPassword = mode !== 'sms';
    // The new-password field exists only while a one-time password is being replaced.
    const newRow = doc.getElementById('new-password-row');
    if (mode === 'change' && !newRow) {
      $('password-row').after(
        $<HTMLTemplateElement>('new-password-template').content.cloneNode(true),
      );
    } else if (mode !== 'change' && newRow) {
      newRow.remove();
    }
    input('phone').readOnly = mode === 'change';
    $('code-row').hidden = !needsCode;
    $('password-row').hidden = !needsPassword;
    $('password-label').textContent = TEXT[mode].passwordLabel;
    input('password').setAttribute(
      'autocomplete',
      mode === 'password' ? 'current-password' : 'new-password',
    );
    $('submit').textContent = TEXT[mode].submit;
    $('tabs').hidden = mode === 'reset' || mode === 'change';
    $('terms').hidden = mode !== 'register';
    $('forgot').hidden = mode === 'reset';
    $('back-login').hidden = mode !== 'reset' || config.mode === 'reset';
    doc.querySelectorAll<HTMLButtonElement>('#tabs button').forEach((b) => {
      b.setAttribute('aria-selected', String(b.dataset.mode === mode));
    });
    $('sandbox').hidden = true;
    setError('');
  }

  const purpose = (): SmsPurpose =>
    mode === 'register' ? 'register' : mode === 'reset' ? 'reset' : 'login';

  const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

  function tick(): void {
    const send = button('send-code');
    if (countdown > 0) {
      send.disabled = true;
      send.textContent = `${countdown}秒后重新获取`;
      countdown -= 1;
      win.setTimeout(tick, 1000);
    } else {
      send.disabled = false;
      send.textContent = '获取验证码';
    }
  }

  async function sendCode(): Promise<void> {
    const phone = input('phone').value.trim();
    if (!isPhoneNumber(phone)) return setError(BAD_PHONE);
    if (countdown > 0 || busy) return;
    busy = true;
    setError('');
    try {
      const data = await postCall(sendSmsCode, { phone, purpose: purpose() });
      countdown = data.resendAfter || 60;
      tick();
      if (config.showSandboxCode && data.sandboxCode) {
        $('sandbox-code').textContent = data.sandboxCode;
        $('sandbox').hidden = false;
      }
    } catch (err) {
      setError(messageOf(err));
    } finally {
      busy = false;
    }
  }

  function finish(payload: LoginPayload, isNewRegister: boolean): void {
    const done = $('done');
    if (parentOrigin) {
      post({
        type: 'wenyang:login',
        token: payload.token,
        expiration: payload.expiration,
        refreshToken: payload.refreshToken,
        isNewRegister,
      });
      done.textContent = '登录成功，正在返回……';
    } else {
      done.innerHTML = '';
      done.append('登录成功。');
      const link = doc.createElement('a');
      link.href = '/';
      link.textContent = '返回纹样首页';
      done.append(link);
    }
    $('form').hidden = true;
    done.hidden = false;
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const phone = input('phone').value.trim();
    const code = input('code').value.trim();
    const password = input('password').value;
    if (!isPhoneNumber(phone)) return setError(BAD_PHONE);
    const newPassword = mode === 'change' ? input('new-password').value : '';
    const needsCode = mode !== 'password' && mode !== 'change';
    if (needsCode && !/^\d{6}$/.test(code)) return setError('请输入 6 位数字验证码');
    if ((mode === 'password' || mode === 'change') && !password) return setError('请输入密码');
    if (mode === 'change' && (newPassword.length < 8 || newPassword.length > 64)) {
      return setError('新密码长度需为 8–64 位');
    }
    if (
      (mode === 'register' || mode === 'reset') &&
      (password.length < 8 || password.length > 64)
    ) {
      return setError('密码长度需为 8–64 位');
    }
    busy = true;
    button('submit').disabled = true;
    setError('');
    try {
      if (mode === 'change') {
        const data = await postCall(changePassword, { phone, password, newPassword });
        finish(data.login, data.isNewRegister);
      } else if (mode === 'register') {
        const data = await postCall(register, { phone, smsCode: code, password });
        finish(data.login, data.isNewRegister);
      } else if (mode === 'reset') {
        await postCall(resetPassword, { phone, smsCode: code, password });
        mode = 'password';
        render();
        input('password').value = '';
        setError('');
        $('done').textContent = '密码已重设，请用新密码登录';
        $('done').hidden = false;
      } else {
        const body = mode === 'sms' ? { phone, smsCode: code } : { phone, password };
        const data = await postCall(login, body);
        finish(data.login, data.isNewRegister);
      }
    } catch (err) {
      // A one-time password: ask for a new one, keeping the phone and the current password typed.
      if (
        err instanceof AccountCallError &&
        err.code === ERROR_CODE.passwordChangeRequired &&
        mode === 'password'
      ) {
        mode = 'change';
        render();
      }
      setError(messageOf(err));
    } finally {
      busy = false;
      button('submit').disabled = false;
    }
  }

  doc.querySelectorAll<HTMLButtonElement>('#tabs button').forEach((b) => {
    b.addEventListener('click', () => {
      const next = MODES.find((m) => m === b.dataset.mode);
      if (!next) return;
      mode = next;
      $('done').hidden = true;
      render();
    });
  });
  $('forgot').addEventListener('click', (e) => {
    e.preventDefault();
    mode = 'reset';
    render();
  });
  $('back-login').addEventListener('click', (e) => {
    e.preventDefault();
    mode = 'password';
    render();
  });
  $('send-code').addEventListener('click', () => void sendCode());
  $('form').addEventListener('submit', (e) => void submit(e));
  $('close').hidden = !parentOrigin;
  $('close').addEventListener('click', () => post({ type: 'wenyang:close' }));
  input('phone').addEventListener('input', () => {
    const phone = input('phone');
    phone.value = phone.value.replace(/\D/g, '').slice(0, 11);
  });
  render();
}
