import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

// §2 Word search: the header's search box (hot keywords, suggestions, open and close) and
// /search/wordSearch (highlighted results, /work filters, a helpful empty state), on the real server.

const searchBox = (page: Page) =>
  page.getByRole('banner').getByPlaceholder('搜索图案、主题、设计师');
const suggestion = (page: Page, text: RegExp) =>
  page.locator('.site-header__search-popup .ant-select-item-option').filter({ hasText: text });
const results = (page: Page) => page.getByTestId('word-result');

test('searching 花卉 from the header shows highlighted results that filter by style', async ({
  page,
}) => {
  await page.goto('/theme');
  await searchBox(page).click();
  // Opening the empty box offers the hot keywords.
  await expect(page.locator('.site-header__search-popup')).toContainText('热门搜索');

  await searchBox(page).fill('花');
  await expect(suggestion(page, /^花卉/).locator('mark')).toHaveText('花');
  await searchBox(page).fill('花卉');
  // The suggestions for 花卉 replace those for 花 (which also offered 花型).
  await expect(suggestion(page, /^花型/)).toHaveCount(0);
  const floral = suggestion(page, /^花卉/).first();
  await expect(floral).toBeVisible();
  // Pick it with the keyboard: the highlighted suggestion wins over the typed text.
  await searchBox(page).press('ArrowDown');
  await expect(floral).toHaveClass(/ant-select-item-option-active/);
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/search\/wordSearch\?keyword=%E8%8A%B1%E5%8D%89$/);

  await expect(results(page).first()).toBeVisible();
  const count = await results(page).count();
  expect(count).toBeGreaterThan(0);
  await expect(page.getByTestId('word-search-total')).toContainText('共找到');
  // Titles that contain the word show it highlighted.
  await expect(results(page).first().locator('mark.word-hit').first()).toHaveText('花卉');

  const styles = page.getByRole('group', { name: '风格' });
  await styles.getByRole('button', { name: '花卉' }).click();
  await expect(page).toHaveURL(/style=floral/);
  await expect(results(page).first()).toBeVisible();

  await styles.getByRole('button', { name: '几何' }).click();
  await expect(page).toHaveURL(/style=geometric/);
  const empty = page.getByTestId('word-search-empty');
  await expect(empty).toContainText('没有找到与“花卉”相关的作品');
  await empty.getByRole('button', { name: '清除筛选' }).click();
  await expect(page).not.toHaveURL(/style=/);
  await expect(results(page)).toHaveCount(count);

  // §2 Closing the search returns to the page it was opened from.
  await page.getByRole('banner').getByRole('button', { name: '关闭搜索' }).click();
  await expect(page).toHaveURL(/\/theme$/);
  await expect(searchBox(page)).toHaveValue('');
});

test('a designer name, a partial word and odd input all search without errors', async ({
  page,
}) => {
  await page.goto('/');
  await searchBox(page).fill('苗岭绣坊');
  await searchBox(page).press('Enter');
  await expect(results(page).first()).toBeVisible();
  await expect(results(page).first()).toContainText('苗岭绣坊');

  await searchBox(page).fill('佩斯');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/keyword=%E4%BD%A9%E6%96%AF$/);
  await expect(page.getByTestId('word-search-total')).toContainText('共找到');

  await searchBox(page).fill('🌸🌸🌸');
  await searchBox(page).press('Enter');
  const empty = page.getByTestId('word-search-empty');
  await expect(empty).toContainText('没有找到');
  // Hot keywords start a new search with one click.
  await empty.locator('.word-empty__tag').first().click();
  await expect(results(page).first()).toBeVisible();

  // A search page opened directly closes to home.
  await page.goto(`/search/wordSearch?keyword=${encodeURIComponent('x'.repeat(3000))}`);
  await expect(page.getByTestId('word-search-empty')).toBeVisible();
  await page
    .getByRole('button', { name: /关闭搜索/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
});
