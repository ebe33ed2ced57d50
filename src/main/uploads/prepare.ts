// Preparing one file for upload, with sharp: read and hash the bytes, validate the image by decoding it,
// write a small sRGB preview for the page, and choose what to send.
//
// What is sent: the ORIGINAL bytes whenever they are within the server's limits (a designer's export is
// kept exactly: no second JPEG generation loss, the print colour profile intact). Only a file above the
// limits (more than 40 MB, a side above MAX_UPLOAD_SIDE_PX, or more pixels than the server decodes) is
// sent as a converted copy: EXIF orientation applied, converted to sRGB, scaled to fit, re-encoded.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { CREATION_UPLOAD_MAX_BYTES } from '../../shared/contract/uploads';
import { errorCode } from '../atomic-file';
import type { PreparedUpload, SourceFile } from './queue';
import { UPLOAD_MSG, UploadFailure } from './upload-failure';

/** The server refuses to decode more pixels than this (src/server/modules/uploads); a larger image is scaled. */
export const SERVER_MAX_PIXELS = 120_000_000;
/** Longest side sent as is; a larger image is scaled to fit (10,000 px is 85 cm at 300 dpi). */
export const MAX_UPLOAD_SIDE_PX = 10_000;
/** Largest image decoded at all on the desktop (sharp's own default guard, 0x3FFF²). */
export const LOCAL_MAX_PIXELS = 268_402_689;
/** Largest file read into memory. */
export const MAX_READ_BYTES = 512 * 1024 * 1024;
/** Longest side of the preview shown on the page. */
export const PREVIEW_SIZE_PX = 400;

const UPLOAD_FORMATS: ReadonlySet<string> = new Set(['png', 'jpeg', 'webp', 'tiff']);

export type PrepareOptions = {
  /** Folder for preview JPEGs, named by content hash (in the user-data folder). */
  previewDir: string;
  maxBytes?: number;
  maxSidePx?: number;
  maxPixels?: number;
};

/**
 * Global sharp settings for the main process: no operation cache (each file is seen once, so a cache only
 * holds memory), and few libvips threads per image (several files run side by side instead).
 */
export function configureSharp(threadsPerImage = 1): void {
  sharp.cache(false);
  sharp.concurrency(Math.max(1, threadsPerImage));
}

/** Files prepared at once: half the cores, so the computer stays responsive while a folder uploads. */
export function defaultPrepareConcurrency(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

/** A file modified more recently than this may still be being written (a slow copy): it waits. */
export const SETTLE_MS = 1_000;
/** A modification time further ahead than this is clock skew (a network share), not a write. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Reads the file whole and hashes it. The file must have settled (unchanged for `settleMs`, which also
 * covers files found by the first scan, where the watcher does not wait) and not change while read.
 */
export async function readSourceFile(
  path: string,
  { settleMs = SETTLE_MS, now = Date.now }: { settleMs?: number; now?: () => number } = {},
): Promise<SourceFile> {
  try {
    const before = await stat(path);
    if (!before.isFile()) throw new UploadFailure('gone', UPLOAD_MSG.unreadable);
    if (before.size > MAX_READ_BYTES)
      throw new UploadFailure('rejected', UPLOAD_MSG.tooLargeToRead);
    const age = now() - before.mtimeMs;
    if (age < settleMs && age > -CLOCK_SKEW_MS) {
      throw new UploadFailure('unstable', UPLOAD_MSG.unreadable);
    }
    const bytes = await readFile(path);
    const after = await stat(path);
    // Still being written (or rewritten): read it again once it has settled.
    if (
      after.size !== before.size ||
      after.mtimeMs !== before.mtimeMs ||
      bytes.length !== after.size
    ) {
      throw new UploadFailure('unstable', UPLOAD_MSG.unreadable);
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return { bytes, sha256, size: after.size, mtimeMs: after.mtimeMs };
  } catch (error) {
    if (error instanceof UploadFailure) throw error;
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new UploadFailure('gone', UPLOAD_MSG.unreadable, { cause: error });
    }
    if (code === 'EBUSY') throw new UploadFailure('unstable', UPLOAD_MSG.unreadable);
    throw new UploadFailure('rejected', UPLOAD_MSG.unreadable, { cause: error });
  }
}

/** Where the preview of these bytes lives. */
export function previewPath(previewDir: string, sha256: string): string {
  return join(previewDir, sha256.slice(0, 2), `${sha256}.jpg`);
}

function decodeFailure(error: unknown, truncatedMessage: string): UploadFailure {
  const text = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(text)) return new UploadFailure('rejected', UPLOAD_MSG.tooManyPixels);
  if (/unsupported image format/i.test(text)) {
    return new UploadFailure('rejected', UPLOAD_MSG.notImage);
  }
  return new UploadFailure('rejected', truncatedMessage, { cause: error });
}

async function writePreview(bytes: Buffer, file: string): Promise<void> {
  let preview: Buffer;
  try {
    // Decoding every pixel (failOn 'truncated') is also the check the server makes: a cut-off file fails here.
    preview = await sharp(bytes, {
      limitInputPixels: LOCAL_MAX_PIXELS,
      failOn: 'truncated',
      sequentialRead: true,
    })
      .rotate()
      .resize(PREVIEW_SIZE_PX, PREVIEW_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 72 })
      .toBuffer();
  } catch (error) {
    throw decodeFailure(error, UPLOAD_MSG.truncated);
  }
  await mkdir(dirname(file), { recursive: true });
  // A preview can always be made again, so it is renamed into place but not fsynced (two fewer disk
  // flushes per file); a preview left empty by a power cut counts as missing.
  const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, preview);
  await rename(temp, file);
}

async function convertToLimits(
  bytes: Buffer,
  hasAlpha: boolean,
  maxSide: number,
  maxBytes: number,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  // Each try is smaller: the sides shrink until the encoded file fits.
  for (const scale of [1, 0.8, 0.6]) {
    const side = Math.round(maxSide * scale);
    const pipeline = sharp(bytes, { limitInputPixels: LOCAL_MAX_PIXELS, sequentialRead: true })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .withIccProfile('srgb');
    const { data, info } = await (
      hasAlpha
        ? pipeline.png({ compressionLevel: 9 })
        : pipeline.jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    ).toBuffer({ resolveWithObject: true });
    if (data.length <= maxBytes) return { bytes: data, width: info.width, height: info.height };
  }
  throw new UploadFailure('rejected', UPLOAD_MSG.tooLargeAfterResize);
}

/** Validates the image, writes its preview (once per content), and returns the bytes to upload. */
export async function prepareImage(
  source: SourceFile,
  options: PrepareOptions,
): Promise<PreparedUpload> {
  const maxBytes = options.maxBytes ?? CREATION_UPLOAD_MAX_BYTES;
  const maxSide = options.maxSidePx ?? MAX_UPLOAD_SIDE_PX;
  const maxPixels = options.maxPixels ?? SERVER_MAX_PIXELS;
  const meta = await sharp(source.bytes, { limitInputPixels: LOCAL_MAX_PIXELS, failOn: 'error' })
    .metadata()
    .catch((error: unknown) => {
      throw decodeFailure(error, UPLOAD_MSG.notImage);
    });
  const detected: string = meta.format ?? '';
  const format = detected === 'jpg' ? 'jpeg' : detected;
  if (!UPLOAD_FORMATS.has(format) || !meta.width || !meta.height) {
    throw new UploadFailure('rejected', UPLOAD_MSG.unsupportedFormat);
  }
  const preview = previewPath(options.previewDir, source.sha256);
  const exists = await stat(preview).then(
    (info) => info.size > 0,
    () => false,
  );
  if (!exists) await writePreview(source.bytes, preview);

  // Displayed sides, after the EXIF orientation.
  const [width, height] =
    (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  const withinLimits =
    source.bytes.length <= maxBytes &&
    Math.max(width, height) <= maxSide &&
    width * height <= maxPixels;
  if (withinLimits) return { bytes: source.bytes, converted: false, width, height };
  const converted = await convertToLimits(source.bytes, meta.hasAlpha === true, maxSide, maxBytes);
  return { ...converted, converted: true };
}
