import type { Kysely } from 'kysely';
import { HOME_TOP_ZONE } from '@shared/contract/home';
import {
  BANNER_SIZES,
  BANNER_WIDTHS,
  PREVIEW_SIZES,
  PREVIEW_WIDTHS,
  type VariantWidth,
  publicKeyOfFileUrl,
  variantSrcSet,
} from '@shared/image-variants';
import type { Database } from '../db/schema';
import type { AppDeps } from '../deps';
import { liveBanners } from '../modules/home/banner-service';
import { publicUrl } from '../platform/storage/storage';

// The largest picture of a page is asked for with the HTML, before the scripts that show it run
// (issue 16, LCP): home's first banner, a work page's watermarked preview. The srcset and sizes are
// the ones the renderer gives that <img>, so the browser uses the preloaded copy.

const isHomePath = (pathname: string) => pathname === '/' || /^\/\d+$/.test(pathname);

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A `<link rel=preload>` for the WebP copies of a public file URL, or '' when it has none. */
export function imagePreloadLink(
  fileUrl: string,
  widths: readonly VariantWidth[],
  sizes: string,
): string {
  const key = publicKeyOfFileUrl(fileUrl);
  if (!key) return '';
  return (
    `<link rel="preload" as="image" type="image/webp" fetchpriority="high"` +
    ` imagesrcset="${attribute(variantSrcSet(key, widths, 'webp'))}"` +
    ` imagesizes="${attribute(sizes)}">`
  );
}

async function publishedPreviewUrl(db: Kysely<Database>, workId: number): Promise<string> {
  const row = await db
    .selectFrom('work_images as i')
    .innerJoin('works as w', 'w.id', 'i.work_id')
    .select('i.storage_key')
    .where('i.work_id', '=', workId)
    .where('i.kind', '=', 'preview')
    .where('w.status', '=', 'published')
    .executeTakeFirst();
  return row ? publicUrl(row.storage_key) : '';
}

/** The preload tag of the page at `url` (a request URL: path and query), or ''. */
export async function lcpPreloadFor(
  deps: Pick<AppDeps, 'db' | 'now'>,
  url: string,
): Promise<string> {
  const { pathname, searchParams } = new URL(url, 'http://page.invalid');
  if (isHomePath(pathname)) {
    const [first] = await liveBanners(deps, HOME_TOP_ZONE);
    return first ? imagePreloadLink(first.bannerUrl, BANNER_WIDTHS, BANNER_SIZES) : '';
  }
  if (pathname === '/work/detail') {
    const id = Number(searchParams.get('id'));
    if (!Number.isSafeInteger(id) || id <= 0) return '';
    return imagePreloadLink(await publishedPreviewUrl(deps.db, id), PREVIEW_WIDTHS, PREVIEW_SIZES);
  }
  return '';
}
