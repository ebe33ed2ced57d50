// Image search from local files on the desktop: the main process reads each dropped file, decodes it
// with sharp (so a 200 MB TIFF from a factory scanner works, which a renderer canvas cannot) and sends
// on only a copy of at most 1000×1000 px (§4, §9). Each file gets its own result: a bad file never
// stops the others, and its message says in Chinese what is wrong.
import { open, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import sharp from 'sharp';
import { UPLOAD } from '../../shared/constants';
import { SIGNATURE_HEAD_BYTES, sniffUnreadableFormat } from '../../shared/rules/image-signatures';
import { MSG } from '../../shared/messages';
import type { PrepareSearchImageResult } from '../../shared/bridge';
import {
  fileExtension,
  FORMAT_LIMIT_MESSAGE,
  isAcceptedImageName,
} from '../../shared/rules/search-upload';

/** Largest file read into memory (a large scanner TIFF is well under this). */
export const SEARCH_MAX_READ_BYTES = 512 * 1024 * 1024;
/** Largest image decoded (sharp's own guard, 0x3FFF²): a bigger canvas is a decompression bomb. */
export const SEARCH_MAX_PIXELS = 268_402_689;
/** JPEG quality of the copy sent to the server. */
const OUTPUT_QUALITY = 90;

/** Formats sharp reads here; the rest of the accept list (psd, cdr, ai, eps, dxf…) gets a clear message. */
const DECODABLE: ReadonlySet<string> = new Set([
  'jpeg',
  'png',
  'webp',
  'gif',
  'tiff',
  'svg',
  'heif',
  'avif',
]);

export const SEARCH_PREPARE_MSG = {
  notFound: (name: string) => `找不到文件 ${name}，它可能已被移动或删除`,
  notAFile: (name: string) => `${name} 不是图片文件`,
  tooBigToRead: (name: string) => `${name} 超过 512 MB，无法读取`,
  tooManyPixels: '图片尺寸过大（超过 2.6 亿像素），无法安全读取，请缩小后再试',
} as const;

function failure(name: string, message: string): PrepareSearchImageResult {
  return { ok: false, name, message };
}

/** The first bytes, to name formats sharp cannot decode by what they really are. */
async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(SIGNATURE_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, SIGNATURE_HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const isPixelLimit = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);

/** Decodes and downsizes one local file; never throws. */
export async function prepareSearchImage(path: string): Promise<PrepareSearchImageResult> {
  const name = typeof path === 'string' ? basename(path) : '';
  if (typeof path !== 'string' || !isAbsolute(path) || name === '') {
    return failure(name || '未知文件', SEARCH_PREPARE_MSG.notAFile(name || '该项'));
  }
  if (!isAcceptedImageName(name)) return failure(name, FORMAT_LIMIT_MESSAGE);

  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) return failure(name, SEARCH_PREPARE_MSG.notAFile(name));
    size = info.size;
  } catch {
    return failure(name, SEARCH_PREPARE_MSG.notFound(name));
  }
  if (size === 0) return failure(name, MSG.imageSearch.empty);
  if (size > SEARCH_MAX_READ_BYTES) return failure(name, SEARCH_PREPARE_MSG.tooBigToRead(name));

  try {
    const sniffed = sniffUnreadableFormat(await readHead(path));
    if (sniffed) return failure(name, MSG.imageSearch.unsupportedFormat(sniffed));
  } catch {
    return failure(name, SEARCH_PREPARE_MSG.notFound(name));
  }

  // Metadata reads only the header: the format and the declared size, before any pixel is decoded.
  const input = () => sharp(path, { limitInputPixels: SEARCH_MAX_PIXELS, failOn: 'error' });
  let format: string;
  try {
    const meta = await input().metadata();
    format = meta.format ?? '';
    if ((meta.width ?? 0) * (meta.height ?? 0) > SEARCH_MAX_PIXELS) {
      return failure(name, SEARCH_PREPARE_MSG.tooManyPixels);
    }
  } catch (error) {
    if (isPixelLimit(error)) return failure(name, SEARCH_PREPARE_MSG.tooManyPixels);
    const ext = fileExtension(name);
    return DECODABLE.has(ext === 'jpg' ? 'jpeg' : ext === 'tif' ? 'tiff' : ext)
      ? failure(name, MSG.imageSearch.corrupt)
      : failure(name, MSG.imageSearch.unsupportedFormat(ext || '该'));
  }
  if (!DECODABLE.has(format)) {
    return failure(name, MSG.imageSearch.unsupportedFormat(format || fileExtension(name)));
  }

  try {
    const { data, info } = await input()
      .rotate() // EXIF orientation
      .resize(UPLOAD.resizeBoundPx, UPLOAD.resizeBoundPx, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: OUTPUT_QUALITY, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      image: {
        name,
        data: data.toString('base64'),
        width: info.width,
        height: info.height,
        originalBytes: size,
      },
    };
  } catch (error) {
    if (isPixelLimit(error)) return failure(name, SEARCH_PREPARE_MSG.tooManyPixels);
    return failure(name, MSG.imageSearch.corrupt);
  }
}

/**
 * Prepares the files one after another (each decode already uses libvips' threads, and a scanner TIFF
 * can take hundreds of MB while open). More than 50 paths (§9) is refused as a whole.
 */
export async function prepareSearchImages(paths: unknown): Promise<PrepareSearchImageResult[]> {
  if (!Array.isArray(paths) || paths.length === 0) {
    return [failure('', MSG.imageSearch.noImage)];
  }
  if (paths.length > UPLOAD.maxFiles) return [failure('', MSG.tooManyImages)];
  const results: PrepareSearchImageResult[] = [];
  for (const path of paths) {
    results.push(await prepareSearchImage(typeof path === 'string' ? path : ''));
  }
  return results;
}
