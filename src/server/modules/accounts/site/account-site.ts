import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@shared/messages';
import { ACCOUNT_MSG } from '../messages';
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
<title>${escapeHtml(ACCOUNT_MSG.site.documentTitle(options.title))}</title>
<link rel="stylesheet" href="/account/assets/account-site.css">
</head>
<body>
<main class="account" aria-labelledby="account-title">
  <button type="button" class="account__close" id="close" aria-label="${ACCOUNT_MSG.site.close}">×</button>
  <div class="account__brand"><span class="account__logo" aria-hidden="true"></span>${ACCOUNT_MSG.site.brand}</div>
  <h1 id="account-title">${escapeHtml(options.title)}</h1>
  <nav class="account__tabs" id="tabs">
    <button type="button" data-mode="password">${ACCOUNT_MSG.site.passwordTab}</button>
    <button type="button" data-mode="sms">${ACCOUNT_MSG.site.smsTab}</button>
    <button type="button" data-mode="register">${ACCOUNT_MSG.site.registerTab}</button>
  </nav>
  <form id="form" novalidate>
    <label class="field"><span>${ACCOUNT_MSG.site.phone}</span><input id="phone" name="phone" type="tel" inputmode="numeric" maxlength="11" autocomplete="tel" placeholder="${ACCOUNT_MSG.site.phonePlaceholder}" required></label>
    <div class="field field--code" id="code-row"><label for="code">${ACCOUNT_MSG.site.code}</label>
      <div class="field__inline"><input id="code" name="code" inputmode="numeric" maxlength="6" autocomplete="one-time-code" placeholder="${ACCOUNT_MSG.site.codePlaceholder}">
      <button type="button" id="send-code">${ACCOUNT_MSG.site.sendCode}</button></div>
    </div>
    <p class="sandbox" id="sandbox" hidden>${ACCOUNT_MSG.site.sandboxCode}<strong data-testid="sandbox-sms-code" id="sandbox-code"></strong></p>
    <label class="field" id="password-row"><span id="password-label">${ACCOUNT_MSG.site.password}</span><input id="password" name="password" type="password" autocomplete="current-password" placeholder="${ACCOUNT_MSG.site.passwordPlaceholder}"></label>
    <template id="new-password-template"><label class="field" id="new-password-row"><span>${ACCOUNT_MSG.site.newPassword}</span><input id="new-password" name="new-password" type="password" autocomplete="new-password" placeholder="${ACCOUNT_MSG.site.newPasswordPlaceholder}"></label></template>
    <p class="terms" id="terms" hidden>${ACCOUNT_MSG.site.termsLead}<a href="/agreement/userAgreement" target="_blank" rel="noopener">${MSG.agreementLink}</a>${ACCOUNT_MSG.site.termsComma}<a href="/help/bqshengming/1" target="_blank" rel="noopener">${ACCOUNT_MSG.site.copyrightNotice}</a>${ACCOUNT_MSG.site.termsAnd}<a href="/agreement/privacyPolicy" target="_blank" rel="noopener">${ACCOUNT_MSG.site.privacyPolicy}</a></p>
    <p class="error" id="error" role="alert"></p>
    <button type="submit" class="primary" id="submit">${ACCOUNT_MSG.site.submit}</button>
  </form>
  <p class="account__links"><a href="#" id="forgot">${ACCOUNT_MSG.site.forgotPassword}</a><a href="#" id="back-login" hidden>${ACCOUNT_MSG.site.backToLogin}</a></p>
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
  app.get('/account/', { schema: { hide: true } }, send('login', ACCOUNT_MSG.site.loginTitle));
  app.get(
    '/account/security',
    { schema: { hide: true } },
    send('reset', MSG.userCentre.accountSecurity),
  );
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
