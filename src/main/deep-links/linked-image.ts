// The image of a `wenyang://search?image=…` link, made ready for image search by the main process and
// kept until the app's window takes it (bridge imageSearch.takeLinkedImage). A web image is fetched
// with limits (size, time, raster types only, no cookies) into a temporary file; a local one is read
// where it is. Both then go through the same sharp preparation as a dropped file. No Electron.
import { randomBytes } from 'node:crypto';
import { mkdir, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { PrepareSearchImageResult } from '../../shared/bridge';
import { prepareSearchImage } from '../image-search/prepare-search-image';
import type { DeepLinkImage } from './deep-link';

/** Largest web image fetched for a link (a large scan is welcome; a video is not). */
export const LINKED_IMAGE_MAX_BYTES = 50 * 1024 * 1024;
export const LINKED_IMAGE_TIMEOUT_MS = 30_000;

/** Raster types taken from the web, by Content-Type: never SVG, whose decoder may follow references. */
const WEB_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/tiff': 'tif',
  'image/bmp': 'bmp',
};

export const LINKED_IMAGE_MSG = {
  unreachable: '无法下载链接中的图片，请检查网络或图片地址',
  notAnImage: '链接中的地址不是 jpg、png、webp、gif、tif 或 bmp 图片',
  tooBig: '链接中的图片超过 50 MB，无法搜索',
} as const;

/** The file's name as the page shows it: the URL's last segment, else 链接图片. */
export function linkedImageName(url: string, extension: string): string {
  let last = '';
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    last = '';
  }
  const stem = [...last.replace(/\.[^.]*$/, '')]
    .map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .slice(0, 80);
  return `${stem || '链接图片'}.${extension}`;
}

export type LinkedImageOptions = {
  /** Folder for the temporary copy of a web image (Electron's temp path). */
  tempDir: string;
  fetch?: typeof fetch;
  maxBytes?: number;
  timeoutMs?: number;
};

/** Fetches a web image into a temporary file and prepares it; never throws. */
export async function prepareWebImage(
  url: string,
  options: LinkedImageOptions,
): Promise<PrepareSearchImageResult> {
  const maxBytes = options.maxBytes ?? LINKED_IMAGE_MAX_BYTES;
  const fallbackName = linkedImageName(url, 'jpg');
  const failure = (message: string): PrepareSearchImageResult => ({
    ok: false,
    name: fallbackName,
    message,
  });
  let response: Response;
  try {
    // No credentials: the image is public, and the user's cookies stay out of it.
    response = await (options.fetch ?? fetch)(url, {
      credentials: 'omit',
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs ?? LINKED_IMAGE_TIMEOUT_MS),
    });
  } catch {
    return failure(LINKED_IMAGE_MSG.unreachable);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  const extension = type ? WEB_IMAGE_TYPES[type] : undefined;
  if (!response.ok || response.body === null) {
    await response.body?.cancel().catch(() => undefined);
    return failure(LINKED_IMAGE_MSG.unreachable);
  }
  if (extension === undefined) {
    await response.body.cancel().catch(() => undefined);
    return failure(LINKED_IMAGE_MSG.notAnImage);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel().catch(() => undefined);
    return failure(LINKED_IMAGE_MSG.tooBig);
  }

  await mkdir(options.tempDir, { recursive: true });
  const name = linkedImageName(url, extension);
  const temporary = join(
    options.tempDir,
    `wenyang-link-${randomBytes(8).toString('hex')}.${extension}`,
  );
  try {
    const handle = await open(temporary, 'wx', 0o600);
    const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
    let received = 0;
    try {
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        received += chunk.byteLength;
        if (received > maxBytes) {
          await reader.cancel().catch(() => undefined);
          return failure(LINKED_IMAGE_MSG.tooBig);
        }
        await handle.write(chunk);
      }
    } catch {
      return failure(LINKED_IMAGE_MSG.unreachable);
    } finally {
      await handle.close();
    }
    const prepared = await prepareSearchImage(temporary);
    // The temporary file's name means nothing to the user: the link's name is shown instead.
    return prepared.ok
      ? { ok: true, image: { ...prepared.image, name } }
      : { ok: false, name, message: prepared.message };
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/** Prepares a link's image, web or local; never throws. */
export function prepareLinkedImage(
  image: DeepLinkImage,
  options: LinkedImageOptions,
): Promise<PrepareSearchImageResult> {
  return image.kind === 'url'
    ? prepareWebImage(image.url, options)
    : prepareSearchImage(image.path);
}

/** Holds the newest prepared link image until the window takes it (once). */
export function createLinkedImageInbox(onArrived: (name: string) => void) {
  let waiting: PrepareSearchImageResult | null = null;
  return {
    put(result: PrepareSearchImageResult): void {
      waiting = result;
      onArrived(result.ok ? result.image.name : result.name);
    },
    take(): PrepareSearchImageResult | null {
      const result = waiting;
      waiting = null;
      return result;
    },
  };
}
