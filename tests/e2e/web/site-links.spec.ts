import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { BUYER, signIn } from './sign-in';

// Issue 13's census in a real browser: every page the issue names, and every link of the header,
// the footer and the user centre's side menu, as a guest and as a signed-in buyer, is a real page:
// not the 404 page, not a title-only placeholder, not empty, and without a page error.

const ISSUE_PAGES = [
  '/about',
  '/agreement',
  '/agreement/userAgreement',
  '/agreement/privacyPolicy',
  '/agreement/memberService',
  '/help',
  '/helpCenter',
  '/help/bqshengming/1',
  '/redActivity',
  '/sign',
  '/sign/NOSUCHCODE',
  '/pageChild/case',
  '/pageChild/category-dialog',
  '/pageChild/four',
  '/pageChild/pattern',
  '/pageChild/popular-pattern',
  '/pageChild/recommend',
  '/pageChild/seamless',
  '/pageChild/stylist',
  '/pageChild/theme',
  '/pageChild/trend',
  '/pageChild/video',
];
/** Pages that need a signed-in user (a guest is asked to sign in there, which is right). */
const SIGNED_IN_PAGES = ['/components/upload', '/user/user', '/user/message'];

/** Shortest text a real page's main area has (a title alone is a few characters). */
const MIN_TEXT = 20;
/** What a guest is told on a page for signed-in users (§8): the right page for a guest. */
const GUEST_NOTICE = '游客请先登录';

type Census = { errors: string[] };

function watch(page: Page): Census {
  const census: Census = { errors: [] };
  page.on('pageerror', (err) => census.errors.push(`${page.url()}: ${err.message}`));
  return census;
}

async function expectRealPage(page: Page, census: Census, path: string): Promise<void> {
  const before = census.errors.length;
  await page.goto(path);
  const main = page.locator('main.app-main');
  await expect(main, `${path} has its main area`).toBeVisible();
  // Wait for the page's content (a guest on a signed-in page is told to sign in: that is right).
  await expect
    .poll(
      async () => {
        const text = (await page.locator('body').innerText()).includes(GUEST_NOTICE)
          ? GUEST_NOTICE.repeat(MIN_TEXT)
          : await main.innerText();
        return text.replace(/\s+/g, '').length;
      },
      { message: `${path} shows content`, timeout: 15_000 },
    )
    .toBeGreaterThan(MIN_TEXT);
  await expect(
    page.getByText('This page could not be found'),
    `${path} is not the 404 page`,
  ).toHaveCount(0);
  await expect(page.getByTestId('planned-page'), `${path} is not title-only`).toHaveCount(0);
  expect(census.errors.slice(before), `${path} raised no page error`).toEqual([]);
}

/** Same-site paths (with query) of the links inside `scope`, and the external addresses apart. */
async function linksIn(
  page: Page,
  selector: string,
): Promise<{ internal: string[]; external: string[] }> {
  const hrefs = await page
    .locator(`${selector} a[href]`)
    .evaluateAll((anchors) => anchors.map((a) => (a as unknown as { href: string }).href));
  const origin = new URL(page.url()).origin;
  const internal = new Set<string>();
  const external = new Set<string>();
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.protocol === 'mailto:' || url.protocol === 'tel:') continue;
    if (url.origin === origin) internal.add(`${url.pathname}${url.search}`);
    else external.add(url.href);
  }
  return { internal: [...internal], external: [...external] };
}

/** No link leads to a host that cannot resolve: external links are https to a real domain. */
function expectResolvableHosts(external: string[]): void {
  for (const href of external) {
    const url = new URL(href);
    expect(url.protocol, href).toBe('https:');
    expect(url.hostname, href).not.toMatch(/(^|\.)(example|invalid|test|localhost|local)$/);
    expect(url.hostname, href).toContain('.');
  }
}

async function crawl(context: BrowserContext, signedIn: boolean): Promise<void> {
  const page = await context.newPage();
  const census = watch(page);
  for (const path of ISSUE_PAGES) await expectRealPage(page, census, path);
  if (signedIn) for (const path of SIGNED_IN_PAGES) await expectRealPage(page, census, path);

  await page.goto('/');
  await expect(page.locator('footer')).toBeVisible();
  const header = await linksIn(page, 'header');
  const footer = await linksIn(page, 'footer');
  expectResolvableHosts([...header.external, ...footer.external]);
  const visited = new Set<string>();
  for (const path of [...header.internal, ...footer.internal]) {
    if (visited.has(path)) continue;
    visited.add(path);
    await expectRealPage(page, census, path);
  }

  if (!signedIn) return;
  // The user centre's side menu navigates on click: each item must land on a real page.
  await page.goto('/user/myorder');
  const menu = page.getByRole('menu', { name: /导航|菜单/ }).first();
  await expect(menu).toBeVisible();
  const labels = await menu.getByRole('menuitem').allInnerTexts();
  expect(labels.length).toBeGreaterThan(3);
  for (const label of labels) {
    await page.goto('/user/myorder');
    const item = page
      .getByRole('menu', { name: /导航|菜单/ })
      .first()
      .getByRole('menuitem', { name: label.trim(), exact: true });
    // An item opens a new tab or moves this one; only an item for the page itself does neither
    // (then the wait ends after 1.5 s), so no item waits for a tab that never comes.
    const from = page.url();
    const popup = context.waitForEvent('page', { timeout: 1_500 }).catch(() => null);
    const moved = page
      .waitForURL((url) => url.href !== from, { timeout: 1_500 })
      .then(
        () => null,
        () => null,
      );
    await item.click();
    const opened = await Promise.race([popup, moved]);
    const target = opened ?? page;
    await target.waitForLoadState();
    const url = new URL(target.url());
    if (url.origin !== new URL(page.url()).origin) {
      expectResolvableHosts([url.href]);
    } else {
      const path = `${url.pathname}${url.search}`;
      if (!visited.has(path)) {
        visited.add(path);
        if (path.startsWith('/account/')) {
          // The account site is the server's own page (not the app): it answers with real content.
          await expect(target.locator('body')).not.toHaveText('');
          await expect(target.getByText('This page could not be found')).toHaveCount(0);
          expect((await target.locator('body').innerText()).length).toBeGreaterThan(MIN_TEXT);
        } else {
          await expectRealPage(target, opened ? watch(target) : census, path);
        }
      }
    }
    if (opened) await opened.close();
  }
}

test('every page of the content issue and every header and footer link is a real page, as a guest', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL });
  await crawl(context, false);
  await context.close();
});

test('the same for a signed-in buyer, and every item of the user centre side menu', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const context = await browser.newContext({ baseURL });
  await signIn(context, baseURL ?? '', BUYER);
  await crawl(context, true);
  await context.close();
});
