import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import {
  BANNER_WIDTHS,
  CARD_WIDTHS,
  PREVIEW_WIDTHS,
  VARIANT_CONTENT_TYPE,
  type VariantFormat,
  type VariantWidth,
} from '@shared/image-variants';
import type { Database } from '../../db/schema';
import { PUBLIC_PREFIX, assertValidKey } from '../../platform/storage/storage';
import type { Storage } from '../../platform/storage/storage';

// Right-sized copies of public images (issue 16, docs/page-images.md): made by sharp on the first
// request, stored under a key named by the source's content hash, served from storage afterwards.

/** Where variants live: `public/variants/<sha256 of the source, 32 hex>/<width>.<ext>`. */
const VARIANTS_PREFIX = `${PUBLIC_PREFIX}variants/`;
const EXTENSION: Record<VariantFormat, string> = { webp: 'webp', jpeg: 'jpg' };
/** Sources a variant is made from: public stored images, never a variant of a variant. */
const SOURCE_KEY = /^public\/(?!variants\/)[A-Za-z0-9][A-Za-z0-9._\-/]*\.(?:png|webp|jpe?g)$/;

export type ImageVariant = {
  body: Buffer;
  contentType: string;
  /** Names the bytes: the source's content hash, the width and the format. */
  etag: string;
};

export const variantKey = (sourceHash: string, width: VariantWidth, format: VariantFormat) =>
  `${VARIANTS_PREFIX}${sourceHash}/${width}.${EXTENSION[format]}`;

/** Whether `key` may have variants: a valid public image key that is not itself a variant. */
export function isVariantSource(key: string): boolean {
  try {
    assertValidKey(key);
  } catch {
    return false;
  }
  return SOURCE_KEY.test(key);
}

/** Resizes to at most `width` (never enlarges), in `format`; JPEG gets a white ground for alpha. */
export async function renderVariant(
  source: Buffer,
  width: VariantWidth,
  format: VariantFormat,
): Promise<Buffer> {
  const resized = sharp(source).rotate().resize({ width, withoutEnlargement: true });
  return format === 'webp'
    ? resized.webp({ quality: 78 }).toBuffer()
    : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

export type ImageVariants = {
  /** The variant of public `sourceKey`, made once; null when the source is missing or not an image. */
  get(sourceKey: string, width: VariantWidth, format: VariantFormat): Promise<ImageVariant | null>;
};

/**
 * One app's variant maker: at most `concurrency` sharp jobs at once, and one job per variant key
 * however many requests ask for it at the same moment.
 */
export function createImageVariants(storage: Storage, concurrency = 2): ImageVariants {
  const limit = pLimit(concurrency);
  const making = new Map<string, Promise<Buffer | null>>();

  const make = (key: string, source: Buffer, width: VariantWidth, format: VariantFormat) => {
    let job = making.get(key);
    if (!job) {
      job = limit(async () => {
        const stored = await storage.get(key);
        if (stored) return stored.body;
        let body: Buffer;
        try {
          body = await renderVariant(source, width, format);
        } catch {
          return null; // A public key whose bytes are not a decodable image has no variants.
        }
        await storage.put(key, body, VARIANT_CONTENT_TYPE[format]);
        return body;
      }).finally(() => making.delete(key));
      making.set(key, job);
    }
    return job;
  };

  return {
    async get(sourceKey, width, format) {
      if (!isVariantSource(sourceKey)) return null;
      const source = await storage.get(sourceKey);
      if (!source) return null;
      const hash = createHash('sha256').update(source.body).digest('hex').slice(0, 32);
      const key = variantKey(hash, width, format);
      const etag = `"${hash}-${width}-${format}"`;
      const contentType = VARIANT_CONTENT_TYPE[format];
      const stored = await storage.get(key);
      if (stored) return { body: stored.body, contentType, etag };
      const body = await make(key, source.body, width, format);
      return body ? { body, contentType, etag } : null;
    },
  };
}

/** Works read per query by the backfill: a million works are read in pages, never in one query. */
const WARM_PAGE = 2_000;
/** Source keys remembered as warmed (works sharing a picture warm it once), bounded for memory. */
const WARMED_KEYS_KEPT = 10_000;
/**
 * app_meta: the last work id the backfill went through. A restart goes on after it instead of
 * reading every work's pictures again (at a million works, every start read and hashed them all);
 * works published since get their copies at their first request.
 */
const WARMED_THROUGH_KEY = 'image_variants_warmed_through';

/**
 * The WebP copies pages ask for first (cards, work previews, banners), made for every published
 * work and banner that lacks them: the backfill of works published before variants existed, run in
 * the background at start, one picture at a time. Works are read in pages by id with a turn of the
 * event loop between (SQLite's driver blocks: one query over a million works' images held the
 * server for 26 s at start); where it got to is kept (WARMED_THROUGH_KEY). Returns how many copies
 * were asked for.
 */
export async function warmVariants(
  db: Kysely<Database>,
  variants: ImageVariants,
  stopped: () => boolean,
): Promise<number> {
  let asked = 0;
  const warmed = new Set<string>();
  /** False once stopped. */
  const warm = async (key: string, widths: readonly VariantWidth[]): Promise<boolean> => {
    if (!isVariantSource(key) || warmed.has(key)) return true;
    if (warmed.size >= WARMED_KEYS_KEPT) warmed.clear();
    warmed.add(key);
    for (const width of widths) {
      if (stopped()) return false;
      await variants.get(key, width, 'webp');
      asked += 1;
    }
    return true;
  };
  const banners = await db
    .selectFrom('banners')
    .select('banner_url')
    .where('enabled', '=', 1)
    .execute();
  for (const banner of banners) if (!(await warm(banner.banner_url, BANNER_WIDTHS))) return asked;
  const mark = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', WARMED_THROUGH_KEY)
    .executeTakeFirst();
  for (let after = Number(mark?.value ?? 0) || 0; !stopped();) {
    // By primary key alone (a status condition makes SQLite walk the status index and sort).
    const works = await db
      .selectFrom('works')
      .select(['id', 'status'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(WARM_PAGE)
      .execute();
    const ids = works.filter((w) => w.status === 'published').map((w) => w.id);
    const images =
      ids.length === 0
        ? []
        : await db
            .selectFrom('work_images')
            .select(['work_id', 'kind', 'storage_key'])
            .where('work_id', 'in', ids)
            .where((eb) =>
              eb.or([
                eb.and([eb('kind', '=', 'thumb'), eb('format', '=', 'webp')]),
                eb('kind', '=', 'preview'),
              ]),
            )
            .orderBy('work_id')
            .execute();
    for (const image of images) {
      const widths = image.kind === 'preview' ? PREVIEW_WIDTHS : CARD_WIDTHS;
      if (!(await warm(image.storage_key, widths))) return asked;
    }
    const last = works.at(-1);
    if (!last) break;
    const through = String(last.id);
    await db
      .insertInto('app_meta')
      .values({ key: WARMED_THROUGH_KEY, value: through })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: through }))
      .execute();
    if (works.length < WARM_PAGE) break;
    after = last.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return asked;
}
