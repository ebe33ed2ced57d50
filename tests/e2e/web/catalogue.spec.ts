import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn as signInBuyer } from './sign-in';

async function openFirstWork(page: Page): Promise<string> {
  const card = page.getByTestId('work-card').first();
  const title = (await card.locator('.work-card__title').textContent()) ?? '';
  await card.click();
  await expect(page).toHaveURL(/\/work\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return title;
}

test('a guest browses home → 品类独家 → filters by colour → meets the uncloseable login dialog', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: '品类独家', exact: true }).click();
  await expect(page).toHaveURL(/\/work\?headerType=3$/);
  await expect(page.getByRole('heading', { level: 2, name: '品类独家' })).toBeVisible();
  const total = page.getByTestId('work-total');
  await expect(total).toContainText(/共找到 \d+ 件作品/);
  const before = Number((await total.locator('strong').textContent()) ?? '0');

  await page.getByRole('group', { name: '颜色' }).getByRole('button', { name: /红/ }).click();
  await expect(page).toHaveURL(/[?&]color=red(&|$)/);
  await expect(page).toHaveURL(/headerType=3/);
  await expect(total.locator('strong')).not.toHaveText(String(before));
  const filtered = Number((await total.locator('strong').textContent()) ?? '0');
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(before);

  // A copied link reproduces the view.
  await page.reload();
  await expect(
    page.getByRole('group', { name: '颜色' }).getByRole('button', { name: /红/ }),
  ).toHaveAttribute('aria-pressed', 'true');

  await openFirstWork(page);
  const dialog = page.getByRole('dialog', { name: '登录/注册' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-closable', 'false');
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  // The page is still there under the dialog: the guest can see what they would license.
  await expect(page.getByRole('region', { name: '授权价格' })).toBeAttached();
});

test('a signed-in buyer collects a work into a new group and follows its designer', async ({
  page,
  context,
  baseURL,
}) => {
  await signInBuyer(context, baseURL ?? '');
  await page.goto('/work?headerType=4');
  const title = await openFirstWork(page);
  await expect(page.getByRole('dialog', { name: '登录/注册' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: '授权价格' }).getByRole('table')).toContainText(
    '素材授权',
  );

  const group = `春季提案${Date.now() % 100000}`;
  await page.getByTestId('collect-work').click();
  const collect = page.getByRole('dialog', { name: '收藏到分组' });
  await collect.getByRole('textbox', { name: '新建分组名称' }).fill(group);
  await collect.getByRole('button', { name: /新建分组/ }).click();
  await expect(collect.getByRole('radio', { name: new RegExp(group) })).toBeChecked();
  await collect.getByRole('button', { name: '确定收藏' }).click();
  await expect(page.getByText(`已收藏到「${group}」`)).toBeVisible();
  await expect(page.getByTestId('collect-work')).toContainText('已收藏');

  const designerCard = page.getByTestId('designer-card');
  const designer = (await designerCard.locator('.designer-card__name a').textContent()) ?? '';
  await designerCard.getByRole('button', { name: /关注/ }).click();
  await expect(designerCard.getByRole('button', { name: /已关注/ })).toBeVisible();

  await page.goto('/user/myCollect');
  await expect(page.getByRole('heading', { level: 2, name: '我的收藏' })).toBeVisible();
  const groupCard = page.getByTestId('collect-group').filter({ hasText: group });
  await expect(groupCard).toContainText('1 件');
  await groupCard.getByRole('link', { name: group }).click();
  await expect(page).toHaveURL(/\/user\/myCollect\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  await expect(page.getByTestId('work-card').filter({ hasText: title })).toBeVisible();

  await page.goto('/user/myConcern');
  await expect(page.getByRole('heading', { level: 2, name: '我的关注' })).toBeVisible();
  await expect(page.getByTestId('follow-row').filter({ hasText: designer })).toBeVisible();
});

test('unknown ids show the 404 page', async ({ page }) => {
  for (const url of [
    '/theme/detail?id=99999',
    '/tawDesigner/99999.html',
    '/enterprise/99999.html',
  ]) {
    await page.goto(url);
    await expect(page.getByText('This page could not be found')).toBeVisible();
  }
});
