import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_TOP_ZONE } from '@shared/contract/home';
import { BANNER_WIDTHS, PREVIEW_WIDTHS, variantPath } from '@shared/image-variants';
import { createHash } from 'node:crypto';
import { seedDemo } from '../db/seed/seed-demo';
import {
  createImageVariants,
  isVariantSource,
  variantKey,
  warmVariants,
} from '../modules/images/image-variants';
import { liveBanners } from '../modules/home/banner-service';
import { buildTestApp, testDatabases } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

const preloadOf = (html: string) => /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? '';

describe.each(testDatabases())('LCP image preload in the served page ($name)', (database) => {
  let t: TestApp;
  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await buildTestApp(database);
    await seedDemo(t.deps, () => undefined, 3);
  });
  afterAll(async () => t?.close());

  it('asks for the first live home banner with the page, at the widths the banner offers', async () => {
    const [first] = await liveBanners(t.deps, HOME_TOP_ZONE);
    const key = first?.bannerUrl.replace(/^\/files\//, '') ?? '';
    expect(key).toMatch(/^public\//);
    const link = preloadOf(await page('/'));
    expect(link).toContain('fetchpriority="high"');
    expect(link).toContain('imagesizes="100vw"');
    for (const w of BANNER_WIDTHS) expect(link).toContain(`${variantPath(key, w, 'webp')} ${w}w`);
  });

  it("asks for a published work's preview on its page, and for nothing on other pages", async () => {
    const work = await t.deps.db
      .selectFrom('work_images as i')
      .innerJoin('works as w', 'w.id', 'i.work_id')
      .select(['w.id', 'i.storage_key'])
      .where('w.status', '=', 'published')
      .where('i.kind', '=', 'preview')
      .orderBy('w.id')
      .executeTakeFirstOrThrow();
    const link = preloadOf(await page(`/work/detail?id=${work.id}`));
    for (const w of PREVIEW_WIDTHS) {
      expect(link).toContain(`${variantPath(work.storage_key, w, 'webp')} ${w}w`);
    }
    // The preloaded copy is really there to be served.
    const first = await t.app.inject({
      method: 'GET',
      url: variantPath(work.storage_key, PREVIEW_WIDTHS[0], 'webp'),
    });
    expect(first.headers['content-type']).toBe('image/webp');

    await t.deps.db
      .updateTable('works')
      .set({ status: 'offline' })
      .where('id', '=', work.id)
      .execute();
    expect(preloadOf(await page(`/work/detail?id=${work.id}`))).toBe('');
    expect(preloadOf(await page('/work/detail?id=abc'))).toBe('');
    expect(preloadOf(await page('/work/detail?id=999999'))).toBe('');
    expect(preloadOf(await page('/theme'))).toBe('');
  });

  it('backfills the first copies of published works and banners, and stops when asked', async () => {
    const thumb = await t.deps.db
      .selectFrom('work_images as i')
      .innerJoin('works as w', 'w.id', 'i.work_id')
      .select('i.storage_key')
      .where('w.status', '=', 'published')
      .where('i.kind', '=', 'thumb')
      .where('i.format', '=', 'webp')
      .orderBy('w.id')
      .executeTakeFirstOrThrow();
    const body = (await t.deps.storage.get(thumb.storage_key))?.body ?? Buffer.alloc(0);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
    const variants = createImageVariants(t.deps.storage);
    expect(await warmVariants(t.deps.db, variants, () => true)).toBe(0);
    expect(await t.deps.storage.exists(variantKey(hash, 320, 'webp'))).toBe(false);
    expect(await warmVariants(t.deps.db, variants, () => false)).toBeGreaterThan(0);
    for (const w of [160, 240, 320, 400] as const) {
      expect(await t.deps.storage.exists(variantKey(hash, w, 'webp'))).toBe(true);
    }
    // Where it got to is kept: a restart asks only for the banners' copies again.
    const banners = await t.deps.db
      .selectFrom('banners')
      .select('banner_url')
      .where('enabled', '=', 1)
      .execute();
    const bannerKeys = new Set(banners.map((b) => b.banner_url).filter(isVariantSource));
    expect(await warmVariants(t.deps.db, variants, () => false)).toBe(
      bannerKeys.size * BANNER_WIDTHS.length,
    );
  });
});
