import { expect, test } from '@playwright/test';
import { BUYER, signIn } from './sign-in';

// 我的展厅 in a real browser (docs/showrooms.md): a demo designer creates a hall, adds one of their
// works, opens it to link visitors and shares it; a fresh browser without a session opens the link
// and sees the work. Every showroom route is a real page for a guest and for the designer.

const DESIGNER = { phone: '13900000001', password: BUYER.password };
const SHOWROOM_ROUTES = [
  '/user/myShowRoom',
  '/user/myShowRoom/add',
  '/user/myShowRoom/delete',
  '/user/myShowRoom/share',
  '/user/myShowRoom/inviteManage',
  '/user/myShowRoom/lockRelease',
  '/user/myShowRoom/unlockHistory',
  '/user/myShowRoom/cooperate',
  '/user/myShowRoom/compare',
  '/user/myShowRoom/setting',
  '/user/myShowRoom/scene3d',
  '/user/myShowRoom/showRoomId',
  '/design/user/myShowRoom',
];

test('a designer shares a hall and a visitor without an account sees its work', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const name = `客户提案 ${Date.now() % 100_000}`;
  const context = await browser.newContext({ baseURL });
  await signIn(context, baseURL ?? '', DESIGNER);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/user/myShowRoom/add');
  await page.getByLabel('展厅名称').fill(name);
  await page.getByRole('button', { name: '创建展厅' }).click();
  await expect(page).toHaveURL(/\/user\/myShowRoom\/showRoomId\/\d+$/);
  const hallId = /showRoomId\/(\d+)$/.exec(page.url())?.[1];
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // Add one of my works.
  await page.getByRole('button', { name: '添加作品' }).click();
  const dialog = page.getByRole('dialog', { name: '添加作品' });
  await dialog.getByRole('tab', { name: '我的作品' }).click();
  const first = dialog.getByTestId('candidate-work').first().getByRole('checkbox');
  await first.check();
  const title = (await dialog.getByTestId('candidate-work').first().innerText()).trim();
  await dialog.getByRole('button', { name: '加入展厅' }).click();
  await expect(page.getByTestId('hall-work')).toHaveCount(1);
  await expect(page.getByTestId('hall-work')).toContainText(title);

  // Open it to link visitors, then share it for 7 days without a 访问码.
  await page.goto(`/user/myShowRoom/setting?id=${hallId}`);
  await page.getByRole('radio', { name: '凭链接访问' }).check();
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByText('设置已保存')).toBeVisible();
  await page.goto(`/user/myShowRoom/share?id=${hallId}`);
  await page.getByRole('button', { name: '生成分享链接' }).click();
  const link = (await page.getByTestId('share-url').innerText()).trim();
  expect(link).toMatch(/\/user\/myShowRoom\/share\?token=/);
  expect(errors).toEqual([]);

  // Every showroom page has real content for the signed-in designer.
  for (const path of SHOWROOM_ROUTES) {
    await page.goto(path);
    await expect(page.getByTestId('planned-page'), path).toHaveCount(0);
    await expect(page.locator('main.app-main'), path).toContainText(/展厅/);
  }
  expect(errors).toEqual([]);

  // A fresh browser, no session: the hall read-only with its work.
  const visitor = await browser.newContext({ baseURL });
  const guest = await visitor.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name })).toBeVisible();
  await expect(guest.getByTestId('shared-work')).toContainText(title);
  await expect(guest.getByText('游客请先登录')).toHaveCount(0);

  // A guest on the other showroom pages is asked to sign in; the share page says what it is for.
  for (const path of SHOWROOM_ROUTES) {
    await guest.goto(path);
    await expect(guest.locator('body'), path).toContainText(/游客请先登录|分享链接/);
  }
  await visitor.close();
  await context.close();
});
