import { expect, test } from '@playwright/test';
import { patternPng } from './pattern-png';
import { BUYER, signIn } from './sign-in';

// Custom-pattern demands in a real browser (docs/demands.md): the demo member customer publishes a
// demand from /demand/release (the rewards are held from the balance), a demo designer signs up on
// its page and submits a manuscript from /demand/contribute, and the customer adopts it.

const CUSTOMER = { phone: '13700000003', password: BUYER.password };
const DESIGNER = { phone: '13900000002', password: BUYER.password };

test('a member publishes a demand, a designer submits a manuscript and the customer adopts it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const title = `床品碎花定制 ${Date.now() % 100_000}`;

  // --- The customer publishes ---
  const customerContext = await browser.newContext({ baseURL });
  await signIn(customerContext, baseURL ?? '', CUSTOMER);
  const customer = await customerContext.newPage();
  await customer.goto('/demand');
  await expect(customer.getByRole('heading', { name: '图案定制', level: 1 })).toBeVisible();
  await customer.getByRole('button', { name: '发布需求' }).click();
  await expect(customer).toHaveURL(/\/demand\/release$/);
  await expect(customer.getByText(/本年度还可发布 \d+ 个定制需求/)).toBeVisible();
  await customer.getByLabel('需求标题').fill(title);
  await customer.getByRole('combobox', { name: '品类' }).click();
  await customer.getByTitle('家纺床品 / 四件套').click();
  await customer
    .getByLabel('需求描述')
    .fill('用于婴儿床品，柔和的粉蓝配色，小碎花四方连续，循环 64cm。');
  await expect(customer.getByTestId('escrow-total')).toHaveText('¥500');
  await customer.getByRole('button', { name: '发布需求' }).click();
  await expect(customer).toHaveURL(/\/demand\/\d+\.html$/);
  await expect(customer.getByRole('heading', { name: title })).toBeVisible();
  const demandUrl = new URL(customer.url()).pathname;
  const demandId = /\/demand\/(\d+)\.html$/.exec(demandUrl)?.[1];

  // --- A designer signs up and submits ---
  const designerContext = await browser.newContext({ baseURL });
  await signIn(designerContext, baseURL ?? '', DESIGNER);
  const designer = await designerContext.newPage();
  await designer.goto(demandUrl);
  await designer.getByRole('button', { name: /^报\s*名$/ }).click();
  await designer.getByRole('button', { name: '去投稿' }).click();
  await expect(designer).toHaveURL(new RegExp(`/demand/contribute\\?demandId=${demandId}$`));
  await designer.locator('.ant-upload input[type=file]').setInputFiles({
    name: 'manuscript.png',
    mimeType: 'image/png',
    buffer: patternPng(Date.now() % 997),
  });
  await expect(designer.locator('.ant-upload-list-item-done')).toHaveCount(1, { timeout: 30_000 });
  await designer.getByLabel('稿件说明').fill('粉蓝两种配色');
  await designer.getByRole('button', { name: '提交稿件' }).click();
  await expect(designer).toHaveURL(new RegExp(`/demand/Mine/${demandId}\\.html$`));
  await expect(designer.getByTestId('manuscript-card')).toContainText('待处理');

  // --- The customer adopts it ---
  await customer.goto(`/demand/Manuscript/${demandId}.html`);
  const card = customer.getByTestId('manuscript-card');
  await expect(card.locator('img')).toBeVisible();
  await card.getByRole('button', { name: /^采\s*用$/ }).click();
  await expect(customer.getByText(/采用后将从托管赏金中支付 ¥500/)).toBeVisible();
  await customer.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(card).toContainText('已采用');
  await expect(card.getByRole('button', { name: '下载原图' })).toBeVisible();

  // The designer sees it adopted.
  await designer.reload();
  await expect(designer.getByTestId('manuscript-card')).toContainText('已采用');
  await customerContext.close();
  await designerContext.close();
});
