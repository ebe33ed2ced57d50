import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { revealsSandboxCode } from '../sms-codes';

// The account site the login dialog frames (§2): its own pages under /account/, so it can move to its own host.

/**
 * The page's script, built from src/renderer/src/account-site by `npm run build:web` into the web
 * root (vite.web.config.ts), where the web routes serve it like the renderer's other files; it loads
 * the chunks it shares with the renderer from /assets/. Without a build it is missing like them.
 */
export const ACCOUNT_SITE_SCRIPT = '/account/assets/account-site.js';
const styles = readFileSync(new URL('./account-site.css', import.meta.url), 'utf8');

export const DESKTOP_APP_ORIGIN = 'app://wenyang';

type PageOptions = {
  mode: 'login' | 'reset';
  title: string;
  allowedOrigins: string[];
  showSandboxCode: boolean;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(options: PageOptions): string {
  const config = JSON.stringify({
    mode: options.mode,
    allowedOrigins: options.allowedOrigins,
    showSandboxCode: options.showSandboxCode,
  }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} - 纹样账号</title>
<link rel="stylesheet" href="/account/assets/account-site.css">
</head>
<body>
<main class="account" aria-labelledby="account-title">
  <button type="button" class="account__close" id="close" aria-label="关闭">×</button>
  <div class="account__brand"><span class="account__logo" aria-hidden="true"></span>纹样</div>
  <h1 id="account-title">${escapeHtml(options.title)}</h1>
  <nav class="account__tabs" id="tabs">
    <button type="button" data-mode="password">密码登录</button>
    <button type="button" data-mode="sms">验证码登录</button>
    <button type="button" data-mode="register">注册</button>
  </nav>
  <form id="form" novalidate>
    <label class="field"><span>手机号</span><input id="phone" name="phone" type="tel" inputmode="numeric" maxlength="11" autocomplete="tel" placeholder="请输入 11 位手机号" required></label>
    <div class="field field--code" id="code-row"><label for="code">验证码</label>
      <div class="field__inline"><input id="code" name="code" inputmode="numeric" maxlength="6" autocomplete="one-time-code" placeholder="6 位验证码">
      <button type="button" id="send-code">获取验证码</button></div>
    </div>
    <p class="sandbox" id="sandbox" hidden>测试环境验证码：<strong data-testid="sandbox-sms-code" id="sandbox-code"></strong></p>
    <label class="field" id="password-row"><span id="password-label">密码</span><input id="password" name="password" type="password" autocomplete="current-password" placeholder="8–64 位密码"></label>
    <template id="new-password-template"><label class="field" id="new-password-row"><span>新密码</span><input id="new-password" name="new-password" type="password" autocomplete="new-password" placeholder="8–64 位新密码"></label></template>
    <p class="terms" id="terms" hidden>注册即表示您已阅读并同意<a href="/agreement" target="_blank" rel="noopener">《纹样用户协议》</a>与<a href="/help/bqshengming/1" target="_blank" rel="noopener">《版权声明》</a></p>
    <p class="error" id="error" role="alert"></p>
    <button type="submit" class="primary" id="submit">登录</button>
  </form>
  <p class="account__links"><a href="#" id="forgot">忘记密码</a><a href="#" id="back-login" hidden>返回登录</a></p>
  <p class="account__done" id="done" hidden></p>
</main>
<script id="account-config" type="application/json">${config}</script>
<script type="module" src="${ACCOUNT_SITE_SCRIPT}"></script>
</body>
</html>`;
}

export function registerAccountSite(app: FastifyInstance): void {
  const { accounts } = app.deps;
  const allowedOrigins = [DESKTOP_APP_ORIGIN, ...accounts.allowedOrigins];
  // Only the marketplace itself, the desktop renderer and the configured origins may frame the page.
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self' ${allowedOrigins.join(' ')}`,
  ].join('; ');
  const send =
    (mode: PageOptions['mode'], title: string) =>
    async (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', policy)
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(
          page({
            mode,
            title,
            allowedOrigins,
            showSandboxCode: revealsSandboxCode(app.deps, request),
          }),
        );
  app.get('/account', { schema: { hide: true } }, async (_req, reply) =>
    reply.redirect('/account/'),
  );
  app.get('/account/', { schema: { hide: true } }, send('login', '登录'));
  app.get('/account/security', { schema: { hide: true } }, send('reset', '账户安全'));
  // Without a build (tests, a server started before `npm run build:web`) there is no such file: a 404,
  // as for a missing /assets/ file, never the renderer's page in place of a script.
  app.addHook('onRequest', async (request, reply) => {
    if (
      request.url.split('?')[0] === ACCOUNT_SITE_SCRIPT &&
      !app.hasRoute({ method: 'GET', url: ACCOUNT_SITE_SCRIPT })
    ) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
  });
  // Its name has no hash: asked again on every page, as the page itself is.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.split('?')[0] === ACCOUNT_SITE_SCRIPT && reply.statusCode === 200) {
      reply.header('cache-control', 'no-cache');
    }
  });
  app.get('/account/assets/account-site.css', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(styles),
  );
}
