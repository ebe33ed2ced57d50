import { UPLOAD } from '../constants';
import { MSG } from '../messages';

// §5 image upload for search: one file, an extension from the accept list, at most 5 MB. The
// renderer checks before uploading; the server checks again on every upload.

/** Spellings of an accepted format that the list names under one extension. */
const ALIASES: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', jfif: 'jpg', tiff: 'tif' };

/** The §5 message for a file of the wrong format: 格式限制： followed by the accept list. */
export const FORMAT_LIMIT_MESSAGE = `${MSG.formatLimit}${UPLOAD.acceptExtensions.join(',')}`;

/** Lower-case extension of a file name, '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether the name's extension is in the accept list (case-insensitive; jpeg/tiff count as jpg/tif). */
export function isAcceptedImageName(name: string): boolean {
  const ext = fileExtension(name);
  const canonical = ALIASES[ext] ?? ext;
  return UPLOAD.acceptExtensions.some((accepted) => accepted.toLowerCase() === canonical);
}

export type SearchUploadFile = { name: string; size: number };

/**
 * The first §5 rule the files break, as the exact message to show, or null when they pass:
 * a second file, then the format, then the size.
 */
export function searchUploadProblem(files: readonly SearchUploadFile[]): string | null {
  if (files.length > 1) return MSG.oneFileAtATime;
  const file = files[0];
  if (!file) return null;
  if (!isAcceptedImageName(file.name)) return FORMAT_LIMIT_MESSAGE;
  if (file.size > UPLOAD.maxBytes) return MSG.imageTooLarge;
  return null;
}
