// The account site's page script: sign in (password or SMS code), register, reset a password,
// then hand the login message to the framing marketplace page — only to an allowed origin, never '*'.
(function accountSite() {
  'use strict';
  const config = JSON.parse(document.getElementById('account-config').textContent || '{}');
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(window.location.search);
  const requested = params.get('origin') || '';
  const allowed = [window.location.origin].concat(config.allowedOrigins || []);
  const framed = window.parent !== window;
  const parentOrigin = framed && allowed.indexOf(requested) !== -1 ? requested : null;

  const TEXT = {
    password: { submit: '登录', passwordLabel: '密码' },
    sms: { submit: '登录', passwordLabel: '密码' },
    register: { submit: '注册', passwordLabel: '设置密码' },
    reset: { submit: '重设密码', passwordLabel: '新密码' },
    change: { submit: '修改密码并登录', passwordLabel: '当前密码（一次性密码）' },
  };
  // Said once when the framing page is not allowed; it stays on screen (render() keeps it).
  const originError = framed && !parentOrigin ? '该页面来源未被允许，无法完成登录' : '';
  let mode = config.mode === 'reset' ? 'reset' : 'password';
  // ERROR_CODE.passwordChangeRequired (src/shared/contract/envelope.ts).
  const CODE_PASSWORD_CHANGE_REQUIRED = 1030;
  let countdown = 0;
  let timer = null;
  let busy = false;

  function post(message) {
    if (parentOrigin) window.parent.postMessage(message, parentOrigin);
  }

  function setError(text) {
    $('error').textContent = text || originError;
  }

  function render() {
    const needsCode = mode !== 'password' && mode !== 'change';
    const needsPassword = mode !== 'sms';
    // The new-password field exists only while a one-time password is being replaced.
    const newRow = $('new-password-row');
    if (mode === 'change' && !newRow) {
      $('password-row').after($('new-password-template').content.cloneNode(true));
    } else if (mode !== 'change' && newRow) {
      newRow.remove();
    }
    $('phone').readOnly = mode === 'change';
    $('code-row').hidden = !needsCode;
    $('password-row').hidden = !needsPassword;
    $('password-label').textContent = TEXT[mode].passwordLabel;
    $('password').setAttribute(
      'autocomplete',
      mode === 'password' ? 'current-password' : 'new-password',
    );
    $('submit').textContent = TEXT[mode].submit;
    $('tabs').hidden = mode === 'reset' || mode === 'change';
    $('terms').hidden = mode !== 'register';
    $('forgot').hidden = mode === 'reset';
    $('back-login').hidden = mode !== 'reset' || config.mode === 'reset';
    document.querySelectorAll('#tabs button').forEach((b) => {
      b.setAttribute('aria-selected', String(b.dataset.mode === mode));
    });
    $('sandbox').hidden = true;
    setError('');
  }

  function purpose() {
    return mode === 'register' ? 'register' : mode === 'reset' ? 'reset' : 'login';
  }

  function validPhone(phone) {
    return /^1\d{10}$/.test(phone);
  }

  async function call(path, body) {
    let res;
    try {
      res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      throw new Error('网络连接失败，请检查网络后重试');
    }
    let data = null;
    try {
      data = await res.json();
    } catch {
      throw new Error('服务器开小差了，请稍后再试');
    }
    if (!data || data.code !== 1) {
      const error = new Error((data && data.msg) || '操作失败！');
      error.code = data && data.code;
      throw error;
    }
    return data.data;
  }

  function tick() {
    const button = $('send-code');
    if (countdown > 0) {
      button.disabled = true;
      button.textContent = countdown + '秒后重新获取';
      countdown -= 1;
      timer = setTimeout(tick, 1000);
    } else {
      button.disabled = false;
      button.textContent = '获取验证码';
      timer = null;
    }
  }

  async function sendCode() {
    const phone = $('phone').value.trim();
    if (!validPhone(phone)) return setError('请输入正确的手机号（11 位，以 1 开头）');
    if (countdown > 0 || busy) return;
    busy = true;
    setError('');
    try {
      const data = await call('/account/api/SendSmsCode', { phone: phone, purpose: purpose() });
      countdown = data.resendAfter || 60;
      tick();
      if (config.showSandboxCode && data.sandboxCode) {
        $('sandbox-code').textContent = data.sandboxCode;
        $('sandbox').hidden = false;
      }
    } catch (err) {
      setError(err.message);
    } finally {
      busy = false;
    }
  }

  function finish(login, isNewRegister) {
    if (parentOrigin) {
      post({
        type: 'wenyang:login',
        token: login.token,
        expiration: login.expiration,
        refreshToken: login.refreshToken,
        isNewRegister: isNewRegister,
      });
      $('done').textContent = '登录成功，正在返回……';
    } else {
      $('done').innerHTML = '';
      $('done').append('登录成功。');
      const link = document.createElement('a');
      link.href = '/';
      link.textContent = '返回纹样首页';
      $('done').append(link);
    }
    $('form').hidden = true;
    $('done').hidden = false;
  }

  async function submit(event) {
    event.preventDefault();
    if (busy) return;
    const phone = $('phone').value.trim();
    const code = $('code').value.trim();
    const password = $('password').value;
    if (!validPhone(phone)) return setError('请输入正确的手机号（11 位，以 1 开头）');
    const newPassword = mode === 'change' ? $('new-password').value : '';
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
    $('submit').disabled = true;
    setError('');
    try {
      if (mode === 'change') {
        const data = await call('/account/api/ChangePassword', {
          phone: phone,
          password: password,
          newPassword: newPassword,
        });
        finish(data.login, data.isNewRegister);
      } else if (mode === 'register') {
        const data = await call('/account/api/Register', {
          phone: phone,
          smsCode: code,
          password: password,
        });
        finish(data.login, data.isNewRegister);
      } else if (mode === 'reset') {
        await call('/account/api/ResetPassword', {
          phone: phone,
          smsCode: code,
          password: password,
        });
        mode = 'password';
        render();
        $('password').value = '';
        setError('');
        $('done').textContent = '密码已重设，请用新密码登录';
        $('done').hidden = false;
      } else {
        const body =
          mode === 'sms' ? { phone: phone, smsCode: code } : { phone: phone, password: password };
        const data = await call('/account/api/Login', body);
        finish(data.login, data.isNewRegister);
      }
    } catch (err) {
      // A one-time password: ask for a new one, keeping the phone and the current password typed.
      if (err.code === CODE_PASSWORD_CHANGE_REQUIRED && mode === 'password') {
        mode = 'change';
        render();
      }
      setError(err.message);
    } finally {
      busy = false;
      $('submit').disabled = false;
    }
  }

  document.querySelectorAll('#tabs button').forEach((b) => {
    b.addEventListener('click', () => {
      mode = b.dataset.mode;
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
  $('send-code').addEventListener('click', sendCode);
  $('form').addEventListener('submit', submit);
  $('close').hidden = !parentOrigin;
  $('close').addEventListener('click', () => post({ type: 'wenyang:close' }));
  $('phone').addEventListener('input', (e) => {
    e.target.value = e.target.value.replace(/\D/g, '').slice(0, 11);
  });
  if (timer) clearTimeout(timer);
  render();
})();
