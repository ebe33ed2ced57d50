import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:18931';
const [phone, password, ...pages] = process.argv.slice(2);
const res = await fetch(`${base}/account/api/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, password }) });
const body = await res.json();
const login = body.data.login;
const call = (path, payload) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', token: login.token }, body: JSON.stringify(payload) }).then((r) => r.json());
await call('/api/1.0.0/User/UserReadAndAgree', { type: 2 });
await call('/api/1.0.0/User/SaveUserKeyword', { UserKeyword: ['设计师'], isNewRegister: false });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
const url = new URL(base);
await context.addCookies([
  { name: 'token', value: login.token, domain: url.hostname, path: '/' },
  { name: 'expiration', value: String(login.expiration), domain: url.hostname, path: '/' },
  { name: 'refreshToken', value: login.refreshToken, domain: url.hostname, path: '/' },
]);
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text().slice(0, 300)); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
for (const p of pages) {
  const [path, name] = p.split('=');
  await page.goto(base + path);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/wy-shots/${name}.png`, fullPage: true });
  console.log('shot', name);
}
await browser.close();
