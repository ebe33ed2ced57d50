import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { BUYER, signIn as signInBuyer } from './sign-in';

test('a buyer licenses a category-exclusive work, pays in the sandbox and downloads the original', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const token = await signInBuyer(context, baseURL ?? '');

  // A work, its watermarked preview, and 立即授权 on its exclusive licence.
  await page.goto('/work?headerType=3');
  const card = page.getByTestId('work-card').first();
  const title = ((await card.locator('.work-card__title').textContent()) ?? '').trim();
  await card.click();
  await expect(page).toHaveURL(/\/work\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const workUrl = page.url();
  const previewSrc = await page.locator('.work-detail__preview img').first().getAttribute('src');
  expect(previewSrc).toBeTruthy();
  const preview = await (await page.request.get(previewSrc!)).body();

  const prices = page.getByRole('region', { name: '授权价格' });
  await prices
    .getByRole('row', { name: /品类独家授权/ })
    .getByRole('button', { name: '立即授权' })
    .click();
  await expect(page).toHaveURL(/\/purchaseOrder\?creationId=\d+&licenceId=\d+$/);
  await expect(page.getByText('订单结算')).toBeVisible();

  // Step 1: a category, the agreement, submit.
  await expect(page.getByRole('radio', { name: /品类独家授权/ })).toBeChecked();
  const categories = page.getByRole('region', { name: '使用品类' });
  await categories.getByRole('checkbox', { disabled: false }).first().check();
  await expect(page.getByTestId('order-amount')).toHaveText(/^¥[\d,.]+$/);
  const agreement = page.getByRole('link', { name: '《纹样作品授权协议》' });
  await expect(agreement).toHaveAttribute('target', '_blank');
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/purchaseOrder\/2\?orderNo=WY\d+/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;

  // Step 2: the QR, and the sandbox's pay page opened from its link.
  const qr = page.getByTestId('pay-qr').locator('svg');
  await expect(qr).toHaveAttribute('width', '119');
  const payLink = page.getByRole('link', { name: '在新窗口打开支付页' });
  const payUrl = await payLink.getAttribute('href');
  expect(payUrl).toMatch(/\/pay\/sandbox\/[A-Z0-9]+$/);
  const sandbox = await context.newPage();
  await sandbox.goto(payUrl!);
  await sandbox.getByRole('button', { name: '确认支付' }).click();
  await expect(sandbox.getByText('已支付，可返回订单页面查看')).toBeVisible();
  await sandbox.close();

  // Step 3, found by the page's own polling.
  await expect(page).toHaveURL(new RegExp(`/purchaseOrder/3\\?orderNo=${orderNo}$`));
  await expect(page.getByText('支付成功')).toBeVisible();
  await page.getByRole('button', { name: '查看授权合同' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchaseOrder/contract\\?orderNo=${orderNo}$`));
  await expect(page.getByTestId('licence-period')).toHaveText(
    /^\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}$/,
  );
  await expect(page.getByText('未签署')).toBeVisible();

  // The original: a real download whose bytes are not the watermarked preview's.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /下载原图/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  const original = await readFile(await download.path());
  expect(original.subarray(1, 4).toString()).toBe('PNG');
  expect(original.length).toBeGreaterThan(0);
  expect(Buffer.compare(original, preview)).not.toBe(0);

  // The trade certificate opens in a new tab, and its link is a PDF.
  const certificate = page.waitForResponse(/\/Order\/GetTradeCertificate$/);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /交易凭证/ }).click();
  await popup;
  const { data } = (await (await certificate).json()) as { data: { url: string } };
  const pdf = await page.request.get(data.url);
  expect(pdf.ok()).toBe(true);
  expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');

  // Signing the contract, after the dialog says who signs.
  await page.getByRole('button', { name: /签署合同/ }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '签署人' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '确认签署' }).click();
  await expect(page.getByText(/^已签署/)).toBeVisible();

  // The work page now says so.
  await page.goto(workUrl);
  await expect(page.getByTestId('licence-owned')).toContainText('已授权');
  await expect(
    page.getByTestId('licence-owned').getByRole('button', { name: /下载原图/ }),
  ).toBeVisible();

  // The order is under 我的订单, and so says the call behind it (asked with the page's session).
  await page.goto('/user/myorder');
  await expect(page.getByText(`订单号 ${orderNo}`)).toBeVisible();
  const mine = await page.evaluate(
    async ({ orderNo, token }) => {
      const res = await fetch('/api/1.0.0/Order/GetMyOrders', {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({ state: '', keyword: orderNo, pageIndex: 1, pageSize: 20 }),
      });
      return (await res.json()) as {
        code: number;
        data: { list: { orderNo: string; state: string }[] };
      };
    },
    { orderNo, token },
  );
  expect(mine.code).toBe(1);
  expect(mine.data.list.map((o) => [o.orderNo, o.state])).toEqual([[orderNo, 'authorised']]);

  // The designer of the work sees the sale in 销售记录 (found among the demo designers by the call
  // the page itself makes, then looked at in the page).
  const designerContext = await browser.newContext({ baseURL });
  let designerPhone = '';
  for (let n = 1; n <= 12 && !designerPhone; n++) {
    const phone = `139000000${String(n).padStart(2, '0')}`;
    const login = await designerContext.request.post('/account/api/Login', {
      data: { phone, password: BUYER.password },
    });
    const body = (await login.json()) as { data?: { login?: { token: string } } };
    const designerToken = body.data?.login?.token;
    if (!designerToken) continue;
    const sales = await designerContext.request.post('/api/1.0.0/SaleRecord/GetSaleRecordList', {
      data: { pageIndex: 1, pageSize: 20, keyword: orderNo },
      headers: { token: designerToken },
    });
    const found = (await sales.json()) as { code: number; data?: { total: number } };
    if (found.code === 1 && (found.data?.total ?? 0) > 0) designerPhone = phone;
  }
  expect(designerPhone).not.toBe('');
  await signInBuyer(designerContext, baseURL ?? '', {
    phone: designerPhone,
    password: BUYER.password,
  });
  const designerPage = await designerContext.newPage();
  await designerPage.goto('/user/saleRecord');
  await designerPage.getByLabel('搜索销售记录').fill(orderNo);
  await designerPage.getByLabel('搜索销售记录').press('Enter');
  // The search narrows the designer's records (the demo has many) to this one order.
  await expect(designerPage.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(designerPage.getByRole('cell', { name: title })).toBeVisible();
  await expect(designerPage.getByRole('cell', { name: '品类独家授权' })).toBeVisible();
  await designerContext.close();
});
