import { randomBytes } from 'node:crypto';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { OutputInfo } from 'sharp';
import { UPLOAD } from '@shared/constants';
import type { SearchImage, SearchImageFile, SearchRegion } from '@shared/contract/image-search';
import { ERROR_CODE } from '@shared/contract/envelope';
import { MSG } from '@shared/messages';
import { searchUploadProblem } from '@shared/rules/search-upload';
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../http/app-error';
import { FILES_ROUTE, PUBLIC_PREFIX } from '../../../platform/storage/storage';
import { ImageDecodeError, openImage } from './decode';
import { extractQuery } from './query-views';
import type { QueryDescriptor } from './query-views';

// The search image of a session (§3 name, url, copyUrl; §4 checked, resized, stored): the §5 rules
// checked again on the server, the file decoded safely, reduced to ≤1000×1000 and kept privately.

export const SEARCH_IMAGE_PREFIX = 'private/search/';
/** §3 url: for showing the image. */
const URL_TTL_SECONDS = 3600;
/** §3 copyUrl: kept by the client for the session and sent back to search again. */
const COPY_URL_TTL_SECONDS = 24 * 3600;
/** Decodes and extractions running at once; more wait, and past the queue they are turned away. */
const MAX_RUNNING = 2;
const MAX_WAITING = 16;

/** The message a user reads for a file the server cannot turn into pixels. */
export function decodeFailureError(err: unknown): AppError {
  if (!(err instanceof ImageDecodeError)) throw err;
  const { failure } = err;
  const message =
    failure.kind === 'unsupported'
      ? MSG.imageSearch.unsupportedFormat(failure.format)
      : failure.kind === 'too-large'
        ? MSG.imageSearch.tooManyPixels
        : failure.kind === 'empty'
          ? MSG.imageSearch.empty
          : MSG.imageSearch.corrupt;
  return AppError.rule(message);
}

/** Bytes of a Base64 string (data URL prefix allowed) without decoding it. */
function base64Size(data: string): { payload: string; size: number } {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  const payload = comma >= 0 ? data.slice(comma + 1) : data;
  const clean = payload.replace(/[^A-Za-z0-9+/_-]/g, '');
  return { payload: clean, size: Math.floor((clean.length * 3) / 4) };
}

/** Applies the §5 rules to the uploaded files and returns the one image's bytes. */
export function acceptUpload(files: readonly SearchImageFile[]): { name: string; bytes: Buffer } {
  const sized = files.map((f) => ({ name: f.name, ...base64Size(f.data) }));
  const problem = searchUploadProblem(sized);
  if (problem) throw AppError.rule(problem);
  const file = sized[0];
  if (!file) throw AppError.rule(MSG.imageSearch.noImage);
  const bytes = Buffer.from(file.payload, 'base64');
  if (bytes.length > UPLOAD.maxBytes) throw AppError.rule(MSG.imageTooLarge);
  return { name: file.name, bytes };
}

/**
 * Runs image work at most MAX_RUNNING at a time (p-limit), so a burst of uploads cannot starve the
 * server; past MAX_WAITING queued, a request is told to come back instead of waiting.
 */
export function createImageWorkLimiter(): <T>(work: () => Promise<T>) => Promise<T> {
  const limit = pLimit(MAX_RUNNING);
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (limit.activeCount >= MAX_RUNNING && limit.pendingCount >= MAX_WAITING) {
      throw new AppError(ERROR_CODE.tooMany, MSG.imageSearch.busy, 429);
    }
    return limit(work);
  };
}

export type StoredSearchImage = { key: string; name: string; width: number; height: number };

/** Days a search image is kept: its copyUrl lives 24 hours, so a day's folder goes the day after next. */
export const SEARCH_IMAGE_KEEP_DAYS = 2;

/**
 * Removes the day folders of search images older than SEARCH_IMAGE_KEEP_DAYS (every copyUrl into
 * them has expired); returns the days removed. Folders not named like a date are left alone.
 */
export async function sweepSearchImages(deps: Pick<AppDeps, 'storage' | 'now'>): Promise<string[]> {
  const cutoff = new Date(deps.now() - SEARCH_IMAGE_KEEP_DAYS * 24 * 3600_000)
    .toISOString()
    .slice(0, 10);
  const removed: string[] = [];
  for (const day of await deps.storage.listFolders(SEARCH_IMAGE_PREFIX)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day >= cutoff) continue;
    await deps.storage.deleteFolder(`${SEARCH_IMAGE_PREFIX}${day}/`);
    removed.push(day);
  }
  return removed.sort();
}

/** Decodes the upload (bomb limit, EXIF orientation), reduces it to ≤1000×1000 and stores it. */
export async function storeSearchImage(
  deps: Pick<AppDeps, 'storage' | 'now'>,
  name: string,
  bytes: Buffer,
): Promise<{ stored: StoredSearchImage; jpeg: Buffer }> {
  let output: { data: Buffer; info: OutputInfo };
  try {
    const { image } = await openImage(bytes);
    output = await image
      .resize(UPLOAD.resizeBoundPx, UPLOAD.resizeBoundPx, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 88 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof ImageDecodeError) throw decodeFailureError(err);
    throw decodeFailureError(new ImageDecodeError({ kind: 'corrupt' }));
  }
  const day = new Date(deps.now()).toISOString().slice(0, 10);
  const key = `${SEARCH_IMAGE_PREFIX}${day}/${randomBytes(12).toString('hex')}.jpg`;
  await deps.storage.put(key, output.data, 'image/jpeg');
  return {
    stored: { key, name, width: output.info.width, height: output.info.height },
    jpeg: output.data,
  };
}

/** §3 search image of a stored copy: signed links that only this session's holder has. */
export function searchImageOf(
  deps: Pick<AppDeps, 'storage'>,
  stored: StoredSearchImage,
): SearchImage {
  const publicKey = stored.key.startsWith(PUBLIC_PREFIX);
  return {
    name: stored.name,
    url: publicKey
      ? `${FILES_ROUTE}${stored.key}`
      : deps.storage.signedUrl(stored.key, URL_TTL_SECONDS),
    copyUrl: publicKey
      ? `${FILES_ROUTE}${stored.key}`
      : deps.storage.signedUrl(stored.key, COPY_URL_TTL_SECONDS),
    width: stored.width,
    height: stored.height,
  };
}

/**
 * The stored image a url points at: a search image of this session (signed, not expired) or a
 * public work image. Anything else is refused as expired.
 */
export async function openSearchUrl(
  deps: Pick<AppDeps, 'storage' | 'now'>,
  url: string,
): Promise<{ stored: StoredSearchImage; bytes: Buffer }> {
  const expired = () => AppError.rule(MSG.imageSearch.expired);
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://local');
  } catch {
    throw expired();
  }
  if (!parsed.pathname.startsWith(FILES_ROUTE)) throw expired();
  const key = decodeURIComponent(parsed.pathname.slice(FILES_ROUTE.length));
  const isSearchImage = key.startsWith(SEARCH_IMAGE_PREFIX) && !key.includes('..');
  const isPublicWork = key.startsWith(`${PUBLIC_PREFIX}works/`) && !key.includes('..');
  if (!isSearchImage && !isPublicWork) throw expired();
  if (isSearchImage) {
    const expires = Number(parsed.searchParams.get('expires'));
    const sig = parsed.searchParams.get('sig') ?? '';
    if (!deps.storage.verify(key, expires, sig, deps.now())) throw expired();
  }
  const object = await deps.storage.get(key);
  if (!object) throw expired();
  const meta = await sharp(object.body).metadata();
  const name = key.slice(key.lastIndexOf('/') + 1);
  return {
    stored: { key, name, width: meta.width ?? 0, height: meta.height ?? 0 },
    bytes: object.body,
  };
}

/**
 * Descriptors of recent search images (per key and region), so paging does not decode again. A
 * photo of a print also carries its printed region's views (query-views.ts).
 */
export function createQueryCache(maxEntries = 256) {
  const entries = new Map<string, QueryDescriptor>();
  return async (key: string, bytes: Buffer, region?: SearchRegion): Promise<QueryDescriptor> => {
    const id = `${key}|${region ? [region.x, region.y, region.w, region.h].join(',') : ''}`;
    const hit = entries.get(id);
    if (hit) {
      entries.delete(id);
      entries.set(id, hit);
      return hit;
    }
    let descriptor: QueryDescriptor;
    try {
      descriptor = await extractQuery(bytes, region);
    } catch (err) {
      throw decodeFailureError(err);
    }
    entries.set(id, descriptor);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return descriptor;
  };
}
