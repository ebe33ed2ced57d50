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

/**
 * The WebP copies pages ask for first (cards, work previews, banners), made for every published
 * work and banner that lacks them: the backfill of works published before variants existed, run in
 * the background at start, one picture at a time. Returns how many copies were asked for.
 */
export async function warmVariants(
  db: Kysely<Database>,
  variants: ImageVariants,
  stopped: () => boolean,
): Promise<number> {
  const [images, banners] = await Promise.all([
    db
      .selectFrom('work_images as i')
      .innerJoin('works as w', 'w.id', 'i.work_id')
      .select(['i.kind', 'i.storage_key'])
      .where('w.status', '=', 'published')
      .where((eb) =>
        eb.or([
          eb.and([eb('i.kind', '=', 'thumb'), eb('i.format', '=', 'webp')]),
          eb('i.kind', '=', 'preview'),
        ]),
      )
      .orderBy('w.id')
      .execute(),
    db.selectFrom('banners').select('banner_url').where('enabled', '=', 1).execute(),
  ]);
  const jobs: { key: string; widths: readonly VariantWidth[] }[] = [
    ...banners.map((b) => ({ key: b.banner_url, widths: BANNER_WIDTHS })),
    ...images.map((i) => ({
      key: i.storage_key,
      widths: i.kind === 'preview' ? PREVIEW_WIDTHS : CARD_WIDTHS,
    })),
  ];
  let asked = 0;
  for (const job of jobs) {
    if (!isVariantSource(job.key)) continue;
    for (const width of job.widths) {
      if (stopped()) return asked;
      await variants.get(job.key, width, 'webp');
      asked += 1;
    }
  }
  return asked;
}
