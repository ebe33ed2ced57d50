import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

// 新品生成 → 我的新品 (docs/new-products.md): a demo buyer lays a work on a product from the work's
// page, sees the 新品 in 我的新品, and deletes it.

test('a buyer generates a 新品 from a work, finds it in 我的新品 and deletes it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(context, baseURL ?? '');
  const title = `测款抱枕 ${Date.now().toString(36)}`;

  await page.goto('/work');
  await page.getByTestId('work-card').first().click();
  await expect(page).toHaveURL(/\/work\/detail\?id=\d+$/);
  const workId = new URL(page.url()).searchParams.get('id');
  await page.getByRole('button', { name: '生成新品' }).click();
  await expect(page).toHaveURL(new RegExp(`/design/index\\?workId=${workId}$`));
  await expect(page.getByText('当前花型：')).toBeVisible();

  await page.getByRole('radio', { name: '抱枕' }).check();
  await expect(page.getByRole('img', { name: '抱枕效果预览' })).toBeVisible();
  await page.getByRole('spinbutton', { name: '花回大小数值' }).fill('30');
  await page.getByRole('spinbutton', { name: '旋转数值' }).fill('15');
  await expect(page.getByRole('slider', { name: '花回大小' })).toHaveAttribute(
    'aria-valuenow',
    '30',
  );
  await page.getByLabel('新品名称').fill(title);
  await page.getByRole('button', { name: /^生\s*成$/ }).click();
  await expect(page.getByText(`已生成：${title}`)).toBeVisible({ timeout: 30_000 });
  // The rendered picture is served to its owner.
  const src = await page.locator('.np-result img').getAttribute('src');
  const picture = await page.request.get(src ?? '');
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toContain('image/jpeg');

  await page.getByRole('link', { name: '查看我的新品' }).click();
  await expect(page).toHaveURL(/\/user\/myTemplate$/);
  const card = page.locator('.np-card', { hasText: title });
  await expect(card).toBeVisible();
  await expect(card.locator(`a[href="/work/detail?id=${workId}"]`)).toBeVisible();

  await card.getByRole('button', { name: /^删\s*除$/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await expect(page.locator('.np-card', { hasText: title })).toHaveCount(0);
});
