import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { OutputInfo } from 'sharp';
import { MSG } from '@shared/messages';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { Storage } from '../../platform/storage/storage';
import { THUMB_WIDTH } from '../works/work-cards';
import { PUBLISHING_MSG } from './messages';

// Private files of publishing: the uploaded originals, their small private thumbnails (drafts,
// applications and the back office show them through short-lived signed URLs) and their colours.

/** How long a signed URL of a private file shown on a page stays valid. */
export const SIGNED_URL_TTL_SECONDS = 3600;

export type UploadRow = {
  id: number;
  file_key: string;
  sha256: string;
  width: number;
  height: number;
  format: string;
  size: number;
};

/** The caller's own upload of this key; anything else is refused as missing. */
export async function ownUpload(
  db: Kysely<Database>,
  userId: number,
  fileKey: string,
): Promise<UploadRow> {
  const row = await db
    .selectFrom('uploads')
    .select(['id', 'file_key', 'sha256', 'width', 'height', 'format', 'size'])
    .where('user_id', '=', userId)
    .where('file_key', '=', fileKey)
    .executeTakeFirst();
  if (!row) throw AppError.rule(PUBLISHING_MSG.uploadMissing);
  return row;
}

/** Key of the private thumbnail of a private file: deterministic, so it is made once. */
export function privateThumbKey(key: string): string {
  const rest = key.replace(/^private\//, '').replace(/\.[A-Za-z0-9]+$/, '');
  return `private/thumbs/${rest}-${THUMB_WIDTH}.webp`;
}

const making = new Map<string, Promise<void>>();

/** Makes the private thumbnail of `key` unless it exists (one attempt at a time per key). */
export async function ensurePrivateThumb(storage: Storage, key: string): Promise<string> {
  const thumbKey = privateThumbKey(key);
  if (await storage.exists(thumbKey)) return thumbKey;
  let job = making.get(thumbKey);
  if (!job) {
    job = (async () => {
      const original = await storage.get(key);
      if (!original) throw new Error(`missing file ${key}`);
      const thumb = await sharp(original.body, { limitInputPixels: false })
        .rotate()
        .resize({
          width: THUMB_WIDTH,
          height: THUMB_WIDTH,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 78 })
        .toBuffer();
      await storage.put(thumbKey, thumb, 'image/webp');
    })().finally(() => making.delete(thumbKey));
    making.set(thumbKey, job);
  }
  await job;
  return thumbKey;
}

/** A signed URL of the private thumbnail of `key`, or '' when the file is gone. */
export async function privateThumbUrl(
  deps: Pick<AppDeps, 'storage'>,
  key: string,
): Promise<string> {
  try {
    return deps.storage.signedUrl(
      await ensurePrivateThumb(deps.storage, key),
      SIGNED_URL_TTL_SECONDS,
    );
  } catch {
    return '';
  }
}

export const privateFileUrl = (deps: Pick<AppDeps, 'storage'>, key: string): string =>
  deps.storage.signedUrl(key, SIGNED_URL_TTL_SECONDS);

/** Runs `run` over `items` with at most `size` at a time, keeping the order of results. */
export async function mapLimited<T, R>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/**
 * The main colours of a picture, most common first: pixels of a small copy are put into 4-bit
 * buckets per channel, and buckets close to a more common one are merged into it.
 */
export async function extractPalette(image: Buffer, count = 5): Promise<string[]> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(image, { limitInputPixels: false })
      .rotate()
      .resize(64, 64, { fit: 'inside' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // The upload checked the file's structure; this is the first decode of its pixels.
    throw AppError.rule(MSG.imageTruncated);
  }
  const { data, info } = decoded;
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i + 2 < data.length; i += info.channels) {
    const r = data[i] ?? 0;
    const g = data[i + 1] ?? 0;
    const b = data[i + 2] ?? 0;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bucket.n += 1;
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    buckets.set(key, bucket);
  }
  const ranked = [...buckets.values()]
    .map((b) => ({ n: b.n, r: b.r / b.n, g: b.g / b.n, b: b.b / b.n }))
    .sort((a, b) => b.n - a.n);
  const chosen: { r: number; g: number; b: number }[] = [];
  for (const c of ranked) {
    const near = chosen.some((p) => Math.hypot(p.r - c.r, p.g - c.g, p.b - c.b) < 48);
    if (!near) chosen.push(c);
    if (chosen.length >= count) break;
  }
  return chosen.map((c) => `#${hex(c.r)}${hex(c.g)}${hex(c.b)}`);
}
