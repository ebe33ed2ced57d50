import { UPLOAD } from '@shared/constants';
import type { SearchImageFile } from '@shared/contract/image-search';
import { MSG } from '@shared/messages';
import {
  FORMAT_LIMIT_MESSAGE,
  isAcceptedImageName,
  searchUploadProblem,
} from '@shared/rules/search-upload';
import { desktopImageSearch } from '../../../lib/platform';

// §4 "Image upload for search: file checked, resized, stored": the §5 checks with their exact
// messages, then a copy of at most 1000×1000 (§9). In the browser a canvas downsizes what it can
// decode; the rest (tif, psd…) goes as it is, for the server to decode or to explain. On the
// desktop, sharp in the main process does it, so a large scanner file is fine there.

/** Single-file places (重新上传, the AI search box) take one image; the others take up to 50. */
export type SearchUploadMode = 'single' | 'multi';

/** One file ready for a search call, or the message saying why it cannot be searched. */
export type PreparedSearchFile =
  | { ok: true; name: string; file: SearchImageFile; width?: number; height?: number }
  | { ok: false; name: string; message: string };

/** JPEG quality of the browser's downsized copy. */
const JPEG_QUALITY = 0.92;
/** Types sent untouched when they already fit the bound: the server reads them, and no quality is lost. */
const SENT_AS_IS_WHEN_SMALL = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The §5 message for how many files were chosen, or null: more than 50 anywhere, and a second
 * file where only one is taken.
 */
export function searchUploadCountProblem(
  files: readonly unknown[],
  mode: SearchUploadMode,
): string | null {
  if (files.length === 0) return MSG.imageSearch.noImage;
  if (files.length > UPLOAD.maxFiles) return MSG.tooManyImages;
  if (mode === 'single' && files.length > 1) return MSG.oneFileAtATime;
  return null;
}

/** Image files among what was dropped or pasted (a paste of text has none). */
export function filesOf(list: FileList | readonly File[] | null | undefined): File[] {
  return list ? Array.from(list) : [];
}

/** Whether a drag carries files (as opposed to text or a link). */
export const dragHasFiles = (transfer: DataTransfer | null): boolean =>
  Boolean(transfer && Array.from(transfer.types).includes('Files'));

/** `accept` of a file input: the §5 list plus the spellings it covers (jpeg, tiff). */
export const SEARCH_ACCEPT_ATTRIBUTE = [...UPLOAD.acceptExtensions, 'jpeg', 'tiff']
  .map((ext) => `.${ext.toLowerCase()}`)
  .join(',');

function readAsBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error(MSG.imageSearch.corrupt));
    reader.readAsDataURL(blob);
  });
}

type Downsized = { blob: Blob; width: number; height: number };

/**
 * The image reduced to ≤1000×1000 (aspect kept, flattened on white) as JPEG, or null when this
 * browser cannot decode it (tif, psd…; or no createImageBitmap/canvas, as in tests).
 */
async function downsizeInBrowser(file: File): Promise<Downsized | 'as-is' | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, UPLOAD.resizeBoundPx / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && SENT_AS_IS_WHEN_SMALL.has(file.type)) return 'as-is';
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    return blob ? { blob, width, height } : null;
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}

/** The browser's path: §5 format and size on the original, then the downsized copy (or the original). */
async function prepareInBrowser(file: File): Promise<PreparedSearchFile> {
  const problem = searchUploadProblem([{ name: file.name, size: file.size }]);
  if (problem) return { ok: false, name: file.name, message: problem };
  try {
    const downsized = await downsizeInBrowser(file);
    if (downsized && downsized !== 'as-is') {
      return {
        ok: true,
        name: file.name,
        file: { name: file.name, data: await readAsBase64(downsized.blob) },
        width: downsized.width,
        height: downsized.height,
      };
    }
    return { ok: true, name: file.name, file: { name: file.name, data: await readAsBase64(file) } };
  } catch {
    return { ok: false, name: file.name, message: MSG.imageSearch.corrupt };
  }
}

/**
 * A file the main process could not take, decoded here instead when this renderer can: a pasted
 * screenshot has no path on disk for the main process to read. Null when it cannot either.
 */
async function prepareDecodedInBrowser(file: File): Promise<PreparedSearchFile | null> {
  if (searchUploadProblem([{ name: file.name, size: file.size }])) return null;
  const downsized = await downsizeInBrowser(file);
  if (!downsized) return null;
  try {
    const blob = downsized === 'as-is' ? file : downsized.blob;
    return {
      ok: true,
      name: file.name,
      file: { name: file.name, data: await readAsBase64(blob) },
      ...(downsized === 'as-is' ? {} : { width: downsized.width, height: downsized.height }),
    };
  } catch {
    return null;
  }
}

/**
 * The desktop's path: the count and format checks here, not the 5 MB one (only the downsized copy
 * is sent); the main process decodes and downsizes each file and says what is wrong with the rest.
 */
async function prepareOnDesktop(
  bridge: NonNullable<ReturnType<typeof desktopImageSearch>>,
  files: readonly File[],
): Promise<PreparedSearchFile[]> {
  const accepted = files.filter((f) => isAcceptedImageName(f.name));
  const prepared = accepted.length > 0 ? await bridge.prepareFiles(accepted) : [];
  let next = 0;
  const results: PreparedSearchFile[] = [];
  for (const file of files) {
    if (!isAcceptedImageName(file.name)) {
      results.push({ ok: false, name: file.name, message: FORMAT_LIMIT_MESSAGE });
      continue;
    }
    const result = prepared[next];
    next += 1;
    if (result?.ok) {
      const { image } = result;
      results.push({
        ok: true,
        name: file.name,
        file: { name: image.name || file.name, data: image.data },
        width: image.width,
        height: image.height,
      });
      continue;
    }
    const message = result?.message ?? MSG.operationFailed;
    results.push((await prepareDecodedInBrowser(file)) ?? { ok: false, name: file.name, message });
  }
  return results;
}

/**
 * Checks and downsizes files for search calls, one result per file in order. The count rule
 * (searchUploadCountProblem) is the caller's: it decides between one search and a batch.
 */
export async function prepareSearchFiles(files: readonly File[]): Promise<PreparedSearchFile[]> {
  const bridge = desktopImageSearch();
  if (bridge) return prepareOnDesktop(bridge, files);
  // One at a time: a canvas of a large photo holds tens of MB.
  const results: PreparedSearchFile[] = [];
  for (const file of files) results.push(await prepareInBrowser(file));
  return results;
}
