import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { clientAddressHeaders } from '../client-address';

test.use({ extraHTTPHeaders: clientAddressHeaders() });

// §2/§4/§5/§6 The account journey in the browser, against the real server and its framed account site.

const randomPhone = () => `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

const avatar = (page: Page) => page.getByRole('banner').getByRole('link', { name: '个人中心' });
const loginButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: '登录/注册' });

test('a new user registers, answers the interest dialog, stays signed in and logs out', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await loginButton(page).click();

  // The account site, full-screen in a frame.
  const frame = page.frameLocator('iframe[title="登录/注册"]');
  await frame.getByRole('navigation').getByRole('button', { name: '注册' }).click();
  await frame.getByLabel('手机号').fill(randomPhone());
  await frame.getByRole('button', { name: '获取验证码' }).click();
  const sandboxCode = frame.getByTestId('sandbox-sms-code');
  await expect(sandboxCode).toHaveText(/^\d{6}$/);
  await frame.getByLabel('验证码').fill((await sandboxCode.textContent()) ?? '');
  await frame.getByLabel(/密码/).fill('wenyang-e2e-2024');
  await frame.locator('form').getByRole('button', { name: '注册' }).click();

  // The login message: cookies saved, the page reloads signed in.
  await expect(avatar(page)).toBeVisible();
  await expect(page.locator('iframe[title="登录/注册"]')).toHaveCount(0);
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect(cookies.token).toBeTruthy();
  expect(cookies.refreshToken).toBeTruthy();
  expect(Number(cookies.expiration)).toBeGreaterThan(Date.now());

  // A user who has not accepted the current agreement is asked first; then the interest.
  const agreement = page.getByRole('dialog', { name: '用户协议更新' });
  const interest = page.getByRole('dialog', { name: '完善信息' });
  await expect(agreement.or(interest)).toBeVisible();
  if (await agreement.isVisible()) {
    await expect(agreement.getByRole('button', { name: '同意', exact: true })).toBeDisabled();
    await agreement.getByRole('checkbox', { name: '我已阅读并同意' }).check();
    await agreement.getByRole('button', { name: '同意', exact: true }).click();
    await expect(agreement).toBeHidden();
  }
  await expect(interest).toBeVisible();
  const done = interest.getByRole('button', { name: '选好了' });
  await expect(done).toBeDisabled();
  await interest
    .getByRole('region', { name: '我是卖家' })
    .getByRole('button', { name: '设计师' })
    .click();
  await interest
    .getByRole('region', { name: '我是买家' })
    .getByRole('button', { name: '品牌方' })
    .click();
  // A new registrant also chooses a role.
  await expect(done).toBeDisabled();
  await interest.getByRole('radio', { name: '我是创作者' }).check();
  await done.click();
  await expect(interest).toBeHidden();

  // The trial VIP countdown.
  const countdown = page.getByTestId('trial-countdown');
  await expect(countdown).toContainText('体验会员剩余');
  await expect(countdown).toHaveText(/\d{2}:\d{2}$/);

  // Still signed in after a reload, and the answered dialogs stay away.
  await page.reload();
  await expect(avatar(page)).toBeVisible();
  await expect(countdown).toBeVisible();
  await expect(interest).toBeHidden();
  await expect(loginButton(page)).toHaveCount(0);

  // The user centre knows the user.
  await avatar(page).click();
  await expect(page).toHaveURL(/\/user\/myorder$/);
  await expect(page.getByTestId('user-centre-header')).toContainText('彩虹号');
  await expect(page.getByTestId('user-centre-header')).toContainText('体验会员');

  // Log out through the avatar menu (it opens on hover) and its confirmation.
  await page.mouse.move(0, 400);
  await avatar(page).hover();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定要退出登录吗？' });
  await confirm.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(loginButton(page)).toBeVisible();
  await expect(avatar(page)).toHaveCount(0);
  await expect(countdown).toHaveCount(0);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('token');

  // A guest again after a reload too.
  await page.reload();
  await expect(loginButton(page)).toBeVisible();
});

test('a guest opening /user/myorder sees 提示 游客请先登录 and can leave', async ({ page }) => {
  await page.goto('/user/myorder');
  const notice = page.getByRole('region', { name: '提示' });
  await expect(notice).toContainText('游客请先登录');
  // The login dialog is offered too, and may be closed here.
  const frame = page.frameLocator('iframe[title="登录/注册"]');
  await frame.getByRole('button', { name: '关闭' }).click();
  await expect(page.locator('iframe[title="登录/注册"]')).toHaveCount(0);
  await notice.getByRole('button', { name: '离开页面' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('work-card').first()).toBeVisible();
});

test('/work/detail forces a login dialog that its close button does not close', async ({
  page,
}) => {
  await page.goto('/work/detail?id=1');
  const frame = page.frameLocator('iframe[title="登录/注册"]');
  await frame.getByRole('button', { name: '关闭' }).click();
  await page.waitForTimeout(300);
  await expect(page.locator('iframe[title="登录/注册"]')).toHaveCount(1);
});

test('the first admin signs in with the one-time password of admin:create and must replace it', async ({
  page,
}) => {
  const phone = randomPhone();
  // What an operator runs on a fresh install; it writes to the same database as the e2e server.
  const printed = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/admin-create.ts', '--phone', phone],
    { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: 'test' } },
  ).toString();
  const oneTime = /一次性密码[^：]*：(\S+)/.exec(printed)?.[1] ?? '';
  expect(oneTime).toHaveLength(16);

  await page.goto('/');
  await loginButton(page).click();
  const frame = page.frameLocator('iframe[title="登录/注册"]');
  await frame.getByLabel('手机号').fill(phone);
  await frame.getByLabel('密码').fill(oneTime);
  await frame.locator('form').getByRole('button', { name: '登录' }).click();

  // Not signed in yet: the account site asks for a new password first.
  await expect(frame.getByRole('alert')).toHaveText(
    '首次登录请先修改密码：请输入当前的一次性密码和新密码',
  );
  await frame.getByLabel('新密码').fill('my-admin-password-1');
  await frame.locator('form').getByRole('button', { name: '修改密码并登录' }).click();
  await expect(avatar(page)).toBeVisible();
});
