import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { BUYER, signIn } from './sign-in';

// Issue 12 in a real browser: the second demo buyer buys the 9800 package for two years through the
// sandbox QR and the user centre shows the new expiry; then, as a member, licenses a source-material
// work from the package's 素材授权 quota without paying.

const MEMBER = { phone: '13700000002', password: BUYER.password };

/**
 * YYYY-MM-DD of `years` from now as the page may show it: in the browser's own zone (the page formats
 * dates where the user is) or in China, and the day after either, for a run across midnight. Between
 * 16:00 and 24:00 UTC a browser on UTC and China are on different days.
 */
function daysAfter(years: number): string {
  const day = (ms: number, timeZone?: string) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone }).format(new Date(ms));
  const at = new Date();
  at.setFullYear(at.getFullYear() + years);
  const ms = at.getTime();
  const days = [ms, ms + 86_400_000].flatMap((t) => [day(t), day(t, 'Asia/Shanghai')]);
  return [...new Set(days)].join('|');
}

async function payInSandbox(page: Page, context: BrowserContext): Promise<void> {
  const payUrl = await page.getByRole('link', { name: '在新窗口打开支付页' }).getAttribute('href');
  expect(payUrl).toMatch(/\/pay\/sandbox\/[A-Z0-9]+$/);
  const sandbox = await context.newPage();
  await sandbox.goto(payUrl!);
  await sandbox.getByRole('button', { name: '确认支付' }).click();
  await expect(sandbox.getByText('已支付，可返回订单页面查看')).toBeVisible();
  await sandbox.close();
}

test.describe.serial('membership', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, baseURL }) => {
    context = await browser.newContext({ baseURL });
    await signIn(context, baseURL ?? '', MEMBER);
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('a buyer opens the 9800 package for 2 years (¥19,600) and the user centre shows the expiry', async () => {
    test.setTimeout(120_000);
    await page.goto('/user/myorder');
    // A new account is a trial member until it buys a package.
    await expect(page.getByText('体验会员', { exact: true }).first()).toBeVisible();

    await page.goto('/openMember');
    await page.getByRole('radio', { name: /专业商用版/ }).click();
    await page.getByText('2年', { exact: true }).click();
    await expect(page.getByTestId('member-price')).toHaveText('¥19,600');
    const qr = page.getByTestId('pay-qr').locator('svg');
    await expect(qr).toHaveAttribute('width', '119');
    await payInSandbox(page, context);

    // The page's own polling finds the payment.
    await expect(page.getByText('开通成功')).toBeVisible({ timeout: 20_000 });
    const expiry = daysAfter(2);
    await expect(page.getByText(new RegExp(`会员有效期至 (${expiry})`)).first()).toBeVisible();
    await page.getByRole('button', { name: /^确\s*定$/ }).click();

    await page.goto('/user/myorder');
    await expect(page.getByText(new RegExp(`会员有效期至 (${expiry})`)).first()).toBeVisible();
  });

  test('the member licenses a source-material work from the 素材授权 quota', async () => {
    test.setTimeout(120_000);
    await page.goto('/work?headerType=4');
    await page.getByTestId('work-card').first().click();
    await expect(page).toHaveURL(/\/work\/detail\?id=\d+$/);
    await page
      .getByRole('region', { name: '授权价格' })
      .getByRole('row', { name: /^素材授权/ })
      .getByRole('button', { name: '立即授权' })
      .click();
    await expect(page).toHaveURL(/\/materialOrder\?creationId=\d+&licenceId=\d+$/);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect(page).toHaveURL(/\/materialOrder\/2\?orderNo=WY\d+/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;

    // The 9800 package grants 300 a year: two years hold 600.
    await page.getByRole('button', { name: '使用会员额度（剩余 600 次，本单 1 次）' }).click();
    await expect(page).toHaveURL(new RegExp(`/materialOrder/3\\?orderNo=${orderNo}$`));
    await expect(page.getByText('支付成功')).toBeVisible();

    // Nothing was paid: the order says how it was licensed, and the quota is one less.
    await page.goto(`/user/myorder/detail?orderNo=${orderNo}`);
    await expect(page.getByText('会员额度').first()).toBeVisible();
    await page.goto('/vip');
    await expect(page.getByText(/599/).first()).toBeVisible();
  });
});
