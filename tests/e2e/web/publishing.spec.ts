import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { clientAddressHeaders } from '../client-address';
import { patternPng } from './pattern-png';

test.use({ extraHTTPHeaders: clientAddressHeaders() });

// The designer journey of the publishing issue, on the real server: a new user applies to settle in,
// the admin approves, the user publishes a work with an image, the admin approves it, and a guest
// finds it by word search.

const ADMIN = { phone: '13800000000', password: 'wenyang123' };

const randomPhone = () => `15${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** A valid resident ID number (GB 11643 check character). */
function idNumber(): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const seq = String(100 + Math.floor(Math.random() * 899));
  const first17 = `11010519880512${seq}`;
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return first17 + ('10X98765432'[sum % 11] ?? '');
}

/** The agreement and registration-interest dialogs a user may be asked first (accounts issue). */
async function answerAccountDialogs(page: Page) {
  const agreement = page.getByRole('dialog', { name: '用户协议更新' });
  const interest = page.getByRole('dialog', { name: '完善信息' });
  const avatar = page.getByRole('banner').getByRole('link', { name: '个人中心' });
  await expect(avatar).toBeVisible();
  await page.waitForTimeout(800);
  if (await agreement.isVisible()) {
    await agreement.getByRole('checkbox', { name: '我已阅读并同意' }).check();
    await agreement.getByRole('button', { name: '同意', exact: true }).click();
    await expect(agreement).toBeHidden();
    await page.waitForTimeout(500);
  }
  if (await interest.isVisible()) {
    await interest
      .getByRole('region', { name: '我是卖家' })
      .getByRole('button', { name: '设计师' })
      .click();
    const creator = interest.getByRole('radio', { name: '我是创作者' });
    if (await creator.isVisible()) await creator.check();
    await interest.getByRole('button', { name: '选好了' }).click();
    await expect(interest).toBeHidden();
  }
}

/** Signs in through the framed account site with a password. */
async function signIn(browser: Browser, phone: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: '登录/注册' }).click();
  const frame = page.frameLocator('iframe[title="登录/注册"]');
  await frame.getByRole('navigation').getByRole('button', { name: '密码登录' }).click();
  await frame.getByLabel('手机号').fill(phone);
  await frame.getByLabel(/密码/).fill(password);
  await frame.locator('form').getByRole('button', { name: '登录' }).click();
  await answerAccountDialogs(page);
  return page;
}

test('a new user settles in, publishes a work, the admin approves both, and a guest finds it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const seed = Date.now() % 100_000;
  const nickName = `织梦工作室${seed}`;
  const workTitle = `晨曦缠枝纹样${seed}`;

  // --- A new user registers through the framed account site ---
  await page.goto('/application/spread');
  await page.getByRole('button', { name: '登录后申请入驻' }).click();
  const frame = page.frameLocator('iframe[title="登录/注册"]');
  await frame.getByRole('navigation').getByRole('button', { name: '注册' }).click();
  const phone = randomPhone();
  await frame.getByLabel('手机号').fill(phone);
  await frame.getByRole('button', { name: '获取验证码' }).click();
  const sandboxCode = frame.getByTestId('sandbox-sms-code');
  await expect(sandboxCode).toHaveText(/^\d{6}$/);
  await frame.getByLabel('验证码').fill((await sandboxCode.textContent()) ?? '');
  await frame.getByLabel(/密码/).fill('designer-e2e-2024');
  await frame.locator('form').getByRole('button', { name: '注册' }).click();
  await answerAccountDialogs(page);

  // --- Applies as a personal designer ---
  await page.goto('/application/spread');
  await page.getByLabel('设计师昵称').fill(nickName);
  await page.getByLabel('真实姓名').fill('林晓');
  await page.getByLabel('身份证号').fill(idNumber());
  await page.getByLabel('联系电话').fill('13912345678');
  await page.getByRole('checkbox', { name: '服装面料' }).check();
  await page
    .locator('.apply-card input[type=file]')
    .setInputFiles({ name: 'sample.png', mimeType: 'image/png', buffer: patternPng(seed + 1) });
  await expect(page.locator('.apply-card .ant-upload-list-item-done')).toHaveCount(1);
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('审核中', { exact: true }).first()).toBeVisible();

  // Not settled yet: the publish page sends the user to settle in.
  await page.goto('/publishWork');
  await expect(page).toHaveURL(/\/application\/spread$/);

  // --- The admin approves the application in the back office ---
  const admin = await signIn(browser, ADMIN.phone, ADMIN.password);
  await admin.goto('/admin/applications');
  const applicationRow = admin.getByRole('row').filter({ hasText: nickName });
  await applicationRow.getByRole('button', { name: '审核' }).click();
  const applicationDrawer = admin.getByRole('dialog').filter({ hasText: '入驻申请' });
  await expect(applicationDrawer.getByRole('img', { name: '作品样例' })).toHaveCount(1);
  await applicationDrawer.getByRole('button', { name: /^通\s?过$/ }).click();
  await expect(admin.getByText('已通过，申请人已成为入驻设计师')).toBeVisible();

  // --- The user, now settled, publishes a work with an image ---
  await page.goto('/application/spread');
  await expect(page.getByText('您已入驻成功')).toBeVisible();
  await page.goto('/publishWork');
  await page
    .locator('.publish-editor__image input[type=file]')
    .setInputFiles({ name: 'chenxi.png', mimeType: 'image/png', buffer: patternPng(seed + 2) });
  await expect(page).toHaveURL(/\/publishWork\?id=\d+$/);
  await expect(page.locator('.publish-editor__meta')).toContainText('640 × 640');
  await page.getByLabel('作品标题').fill(workTitle);
  await page.getByRole('combobox', { name: /品类$/ }).click();
  await page.getByRole('menuitemcheckbox', { name: '服装面料' }).click();
  await page.getByRole('menuitemcheckbox', { name: '女装' }).click();
  await page.getByRole('combobox', { name: /风格$/ }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '花卉' }).click();
  await expect(page.getByText(/草稿已自动保存/)).toBeVisible();
  // The draft survives a reload.
  await page.reload();
  await expect(page.getByLabel('作品标题')).toHaveValue(workTitle);
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByText('已提交审核')).toBeVisible();

  // --- The admin approves the work ---
  await admin.goto('/admin/works');
  const workRow = admin.getByRole('row').filter({ hasText: workTitle });
  await workRow.getByRole('button', { name: '审核' }).click();
  const workDrawer = admin.getByRole('dialog').filter({ hasText: '作品审核' });
  await expect(workDrawer.getByText('查重未发现相同或相似的作品')).toBeVisible();
  await workDrawer.getByRole('button', { name: '通过并发布' }).click();
  await expect(admin.getByText('已通过，作品已发布')).toBeVisible();

  // The designer is no admin: the back office shows nothing, and its calls refuse (code 1003).
  await page.goto('/admin/works');
  await expect(page.getByText('无权访问')).toBeVisible();
  const designerToken = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
  const refused = await page.request.post('/api/1.0.0/Admin/GetOverview', {
    data: {},
    headers: { token: designerToken ?? '' },
  });
  expect(await refused.json()).toMatchObject({ code: 1003 });

  // The designer sees it published.
  await page.goto('/user/mywork/2');
  await expect(page.getByRole('article', { name: workTitle })).toContainText('已发布');

  // It is on the designer's gallery page too.
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  const info = await page.request.post('/api/1.0.0/User/GetUserInfo', {
    data: {},
    headers: { token },
  });
  const { rs } = (await info.json()) as { rs: { userId: number } };
  await page.goto(`/tawDesigner/${rs.userId}.html`);
  await expect(page.getByText(workTitle).first()).toBeVisible();

  // --- A guest finds it by word search ---
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/search/wordSearch?keyword=${encodeURIComponent(workTitle)}`);
  await expect(guest.getByTestId('word-result').filter({ hasText: workTitle })).toBeVisible();
  await guestContext.close();
  await admin.context().close();
});

test('guests cannot use the back office, not even through its calls', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: '提示' })).toContainText('游客请先登录');
  const res = await page.request.post('/api/1.0.0/Admin/GetOverview', { data: {} });
  expect((await res.json()) as { code: number }).toMatchObject({ code: 401 });
});
