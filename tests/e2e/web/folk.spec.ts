import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { BUYER, signIn } from './sign-in';

// Issue 14 in a real browser: the entitled demo buyer opens the south-west folk base from the
// header, searches it, likes a work and submits a licensing intention; a buyer without the
// entitlement sees neither the header link nor any work.

const NOT_ENTITLED = { phone: '13700000002', password: BUYER.password };

test.describe.serial('south-west folk base', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, baseURL }) => {
    context = await browser.newContext({ baseURL, viewport: { width: 1600, height: 1000 } });
    await signIn(context, baseURL ?? '', BUYER);
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('the entitled buyer opens the base from the header and searches it', async () => {
    test.setTimeout(90_000);
    await page.goto('/');
    const link = page.getByRole('banner').getByRole('link', { name: '西南民族文化基地' });
    await expect(link).toBeVisible({ timeout: 20_000 });
    await link.click();
    await expect(page).toHaveURL(/\/southwestFolk\/southwestParent$/);
    await expect(page.getByRole('heading', { name: '西南民族文化基地' })).toBeVisible();
    await expect(page.getByRole('link', { name: /苗绣.*苗族/ })).toBeVisible();

    await page.getByRole('menuitem', { name: '作品检索' }).click();
    await page.getByLabel('搜索基地作品').fill('蝴蝶');
    await page.getByLabel('搜索基地作品').press('Enter');
    await expect(page).toHaveURL(/keyword=/);
    const results = page.getByRole('list', { name: '基地作品' });
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText(/共 \d+ 件作品/)).toBeVisible();
    await expect(results.getByRole('link', { name: /蝴蝶妈妈/ }).first()).toBeVisible();
  });

  test('the buyer likes a work once and submits a licensing intention for it', async () => {
    test.setTimeout(90_000);
    await page
      .getByRole('list', { name: '基地作品' })
      .getByRole('link', { name: /蝴蝶妈妈/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /苗绣·蝴蝶妈妈/ })).toBeVisible();
    await expect(page.getByText('纹样寓意')).toBeVisible();
    const likeButton = page.getByRole('button', { name: /点赞 \d+/ });
    const before = Number((await likeButton.textContent())?.match(/\d+/)?.[0] ?? '0');
    await likeButton.click();
    await expect(
      page.getByRole('button', { name: new RegExp(`已点赞 ${before + 1}$`) }),
    ).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('button', { name: new RegExp(`已点赞 ${before + 1}$`) }),
    ).toBeVisible();

    await page.getByRole('button', { name: '申请授权' }).click();
    await expect(page).toHaveURL(/authorizationForm\?workIds=\d+/);
    await page.getByLabel('单位名称').fill('杭州织造厂');
    await page.getByLabel('联系人').fill('陈经理');
    await page.getByLabel('手机号').fill('1371234567');
    await page.getByRole('button', { name: '提交授权意向' }).click();
    await expect(page.getByText('请输入正确的手机号（11 位，以 1 开头）')).toBeVisible();
    await page.getByLabel('手机号').fill('13712345678');
    await page.getByLabel('所属行业').click();
    await page.getByTitle('家纺床品').click();
    await page.getByLabel('授权用途').fill('用于家纺四件套的印花面料');
    await page.getByLabel('拟使用的产品').fill('床品四件套、抱枕');
    await page.getByLabel('预计数量').fill('首批 3000 套');
    await page.getByLabel('使用地域').fill('中国大陆及东南亚');
    await page.getByRole('button', { name: '提交授权意向' }).click();
    await expect(page.getByText('授权意向已提交')).toBeVisible();
    const refNo = (await page.getByText(/受理编号 YX\d+/).textContent())?.match(/YX\d+/)?.[0];
    expect(refNo).toBeTruthy();
    await expect(
      page.getByRole('region', { name: '我的授权意向' }).getByText(refNo ?? ''),
    ).toBeVisible();
  });

  test('a buyer without the entitlement sees neither the link nor the works', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const other = await browser.newContext({ baseURL, viewport: { width: 1600, height: 1000 } });
    await signIn(other, baseURL ?? '', NOT_ENTITLED);
    const page2 = await other.newPage();
    await page2.goto('/');
    await expect(page2.getByRole('banner').getByRole('link', { name: '首页' })).toBeVisible();
    await expect(
      page2.getByRole('banner').getByRole('link', { name: '西南民族文化基地' }),
    ).toHaveCount(0);
    await page2.goto('/southwestFolk/southwestParent/searchWorks?keyword=蝴蝶');
    await expect(page2.getByText('西南民族文化基地仅对已开通权限的用户开放')).toBeVisible();
    await expect(page2.getByRole('button', { name: '提交开通申请' })).toBeVisible();
    await expect(page2.getByRole('list', { name: '基地作品' })).toHaveCount(0);
    await other.close();
  });
});
