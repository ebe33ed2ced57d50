import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { idCheckDigit } from '../../../src/shared/rules/identity';
import { formatYuan } from '../../../src/shared/rules/money';
import { BUYER, signIn } from './sign-in';

// Issue 12 in a real browser: a settled designer with settled sales money binds a bank card in
// their verified real name and withdraws ¥100; an admin approves and marks it paid in the back
// office; the designer's available amount drops by ¥100 and the statement and log agree.

const ADMIN = { phone: '13800000000', password: BUYER.password };
const REAL_NAME = '林青禾';

type WithdrawalAccount = { availableFen: number; paidFen: number; withdrawingFen: number };

async function post<T>(request: APIRequestContext, path: string, data: object, token: string) {
  const res = await request.post(`/api/1.0.0/${path}`, { data, headers: { token } });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(1);
  return body.data;
}

test('a settled designer withdraws to a verified card and an admin pays it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // The demo designer with the most settled money (the demo's sales go back 120 days).
  const designerContext = await browser.newContext({ baseURL });
  let best: { phone: string; token: string; account: WithdrawalAccount } | null = null;
  for (let n = 1; n <= 12; n++) {
    const phone = `139000000${String(n).padStart(2, '0')}`;
    const login = await designerContext.request.post('/account/api/Login', {
      data: { phone, password: BUYER.password },
    });
    const token = ((await login.json()) as { data?: { login?: { token: string } } }).data?.login
      ?.token;
    if (!token) continue;
    const res = await designerContext.request.post('/api/1.0.0/Finance/GetWithdrawalAccount', {
      data: {},
      headers: { token },
    });
    const body = (await res.json()) as { code: number; data?: WithdrawalAccount };
    if (
      body.code === 1 &&
      body.data &&
      body.data.availableFen > (best?.account.availableFen ?? 0)
    ) {
      best = { phone, token, account: body.data };
    }
  }
  expect(best, 'a settled designer with settled sales money').not.toBeNull();
  expect(best!.account.availableFen).toBeGreaterThanOrEqual(10_000);
  const token = await signIn(designerContext, baseURL ?? '', {
    phone: best!.phone,
    password: BUYER.password,
  });
  // Real-name verification is its own page (covered elsewhere); here it is done through its call.
  const first17 = '11010519900307123';
  await post(
    designerContext.request,
    'Certification/GetVerifyUrl',
    { kind: 'personal', name: REAL_NAME, number: first17 + idCheckDigit(first17) },
    token,
  );

  const page = await designerContext.newPage();
  await page.goto('/user/mybalance/accWithdraw');
  const before = best!.account.availableFen;
  await expect(page.getByText(formatYuan(before)).first()).toBeVisible();

  // The card: a holder other than the verified name is refused, the real name binds.
  await page.getByLabel('持卡人').fill('王五');
  await page.getByLabel('开户银行').click();
  await page.getByTitle('招商银行').click();
  await page.getByLabel('银行卡号').fill('6225 8812 3456 7890');
  await page.getByRole('button', { name: '绑定银行卡' }).click();
  await expect(page.getByText('持卡人姓名须与实名认证的姓名一致').first()).toBeVisible();
  await page.getByLabel('持卡人').fill(REAL_NAME);
  await page.getByRole('button', { name: '绑定银行卡' }).click();
  await expect(page.getByText(/7890/).first()).toBeVisible();

  // ¥100, the minimum.
  await page.getByLabel('提现金额（元）').fill('100');
  await page.getByRole('button', { name: '申请提现' }).click();
  const log = page.getByRole('table').filter({ hasText: '¥100' }).first();
  await expect(log).toBeVisible();
  const account = await post<WithdrawalAccount>(
    designerContext.request,
    'Finance/GetWithdrawalAccount',
    {},
    token,
  );
  expect(account.availableFen).toBe(before - 10_000);
  expect(account.withdrawingFen).toBe(10_000);

  // The admin approves it, then marks it paid with the bank's serial.
  const adminContext = await browser.newContext({ baseURL });
  await signIn(adminContext, baseURL ?? '', ADMIN);
  const desk = await adminContext.newPage();
  await desk.goto('/admin/finance?tab=withdrawals');
  const row = desk.getByRole('row').filter({ hasText: REAL_NAME }).first();
  await row.getByRole('button', { name: '审核通过' }).click();
  await expect(desk.getByText('已审核通过，请打款后标记已打款')).toBeVisible();
  // Approved, it waits under 待打款.
  await desk.getByText('待打款', { exact: true }).click();
  await row.getByRole('button', { name: '标记已打款' }).click();
  const dialog = desk.getByRole('dialog').filter({ hasText: '确认已打款' });
  await dialog.getByLabel('打款流水号').fill('CMB20261124001');
  await dialog.getByRole('button', { name: '确认已打款' }).click();
  await expect(desk.getByText('已标记打款，设计师会看到已打款')).toBeVisible();
  await adminContext.close();

  // The designer sees it paid; the amounts and the statement agree.
  await page.reload();
  await expect(page.getByText('已打款').first()).toBeVisible();
  const paid = await post<WithdrawalAccount>(
    designerContext.request,
    'Finance/GetWithdrawalAccount',
    {},
    token,
  );
  expect(paid).toMatchObject({
    availableFen: before - 10_000,
    withdrawingFen: 0,
    paidFen: best!.account.paidFen + 10_000,
  });
  await expect(page.getByText(formatYuan(before - 10_000)).first()).toBeVisible();
  await designerContext.close();
});
