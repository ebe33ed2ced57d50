import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';

// §1/§2/§4 Image search in the browser, against the real server and its index of the demo works:
// a buyer drops a changed copy of a work's public preview on the header search box and finds that
// work first under 同款; several files open the batch page with one row each.

type ListedWork = { id: number; title: string; previewUrl: string };

async function demoWorks(request: APIRequestContext, count: number): Promise<ListedWork[]> {
  const res = await request.post('/sapi/tu-zp/api/Creation/GetCreationList', {
    data: { pageIndex: 1, pageSize: count },
  });
  const body = (await res.json()) as { data: { list: ListedWork[] } };
  return body.data.list;
}

/** What a buyer has: a screenshot of the preview, turned, scaled down and saved as JPEG again. */
async function changedCopy(request: APIRequestContext, work: ListedWork): Promise<Buffer> {
  const preview = await (await request.get(work.previewUrl)).body();
  return sharp(preview).rotate(90).resize(640).jpeg({ quality: 70 }).toBuffer();
}

/** Drags a file from the desktop onto `target`: dragenter, dragover and drop with a real DataTransfer. */
async function dropFile(page: Page, target: Locator, name: string, bytes: Buffer): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
      // The page's own DataTransfer (this project's Node types have no DOM).
      const { DataTransfer } = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: File): unknown } };
      };
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: 'image/jpeg' }));
      return transfer;
    },
    { name, base64: bytes.toString('base64') },
  );
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await target.dispatchEvent(type, { dataTransfer });
  }
}

test('a changed copy dropped on the header search finds its work first under 同款', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [work] = await demoWorks(request, 3);
  expect(work).toBeDefined();
  const copy = await changedCopy(request, work!);

  await page.goto('/');
  await dropFile(page, page.getByTestId('header-search-drop'), '样品照片.jpg', copy);

  await expect(page).toHaveURL(/\/search\/picSearch/);
  const same = page.getByRole('region', { name: /同款/ });
  await expect(same.getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`/work/detail\\?id=${work!.id}$`),
  );
  await expect(page.getByTestId('image-same-total')).toHaveText('1');
  // The query image is kept for the session: a reload shows the same results.
  await page.reload();
  await expect(same.getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`/work/detail\\?id=${work!.id}$`),
  );
});

test('three files picked on the smart-search page make three rows on the batch page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const works = await demoWorks(request, 3);
  const files = await Promise.all(
    works.map(async (work, i) => ({
      name: `样品${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await changedCopy(request, work),
    })),
  );

  await page.goto('/AiSearchImg');
  await page.getByTestId('image-file-input').setInputFiles(files);

  await expect(page).toHaveURL(/\/search\/picBatch/);
  const rows = page.getByTestId('pic-batch-row');
  await expect(rows).toHaveCount(3);
  for (const [i, work] of works.entries()) {
    const row = rows.nth(i);
    await expect(row).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(row).toContainText(`样品${i + 1}.jpg`);
    await expect(row.getByRole('link').first()).toHaveAttribute(
      'href',
      new RegExp(`/work/detail\\?id=${work.id}$`),
    );
  }
});
