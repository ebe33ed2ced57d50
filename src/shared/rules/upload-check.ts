// The generic upload check of spec §5 ("another upload check"): png/jpg only, under 2 MB, a name
// added twice gives '{name} 已添加！'; wrong format, too large or too small, and wrong dimensions
// are reported by name. The browser checks the name and size first; the server checks the bytes
// again by content (sharp), so a renamed file or a forged size is refused all the same.

/** Limits of the check (§9: 2 MB in another check). */
export const UPLOAD_CHECK = {
  /** Under 2 MB. */
  maxBytes: 2 * 1024 * 1024,
  /** Smaller than this is no picture anyone can read (an empty or broken file). */
  minBytes: 1024,
  /** Shortest and longest side in pixels of an evidence picture. */
  minSide: 100,
  maxSide: 8000,
  /** Files one form may carry. */
  maxFiles: 9,
  /** The extensions and content formats allowed (png/jpg only). */
  extensions: ['png', 'jpg', 'jpeg'],
  formats: ['png', 'jpeg'],
  /** What the file chooser offers. */
  accept: '.png,.jpg,.jpeg,image/png,image/jpeg',
} as const;

/** The check's sentences, one per way a file is refused. */
export const UPLOAD_CHECK_MSG = {
  duplicate: (name: string) => `${name} 已添加！`,
  format: (name: string) => `${name} 格式不正确，只能上传 png、jpg 格式的图片`,
  tooLarge: (name: string) => `${name} 太大了，图片需小于 2M`,
  tooSmall: (name: string) => `${name} 太小了，图片不能小于 1KB`,
  dimensions: (name: string, width: number, height: number) =>
    `${name} 尺寸为 ${width}×${height} 像素，宽和高需在 ${UPLOAD_CHECK.minSide} 到 ${UPLOAD_CHECK.maxSide} 像素之间`,
  unreadable: (name: string) => `${name} 无法识别为图片，请重新选择`,
  tooMany: `最多只能添加 ${UPLOAD_CHECK.maxFiles} 张图片`,
} as const;

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** What is known of a file before reading it: its name and size in bytes. */
export type UploadCandidate = { name: string; size: number };

/**
 * The reason a file may not be added next to `addedNames` (names already in the list), or null.
 * Checks the order a user can fix them: the count, a repeat, the format, then the size.
 */
export function checkUploadFile(
  file: UploadCandidate,
  addedNames: readonly string[],
): string | null {
  if (addedNames.includes(file.name)) return UPLOAD_CHECK_MSG.duplicate(file.name);
  if (addedNames.length >= UPLOAD_CHECK.maxFiles) return UPLOAD_CHECK_MSG.tooMany;
  if (!(UPLOAD_CHECK.extensions as readonly string[]).includes(extensionOf(file.name))) {
    return UPLOAD_CHECK_MSG.format(file.name);
  }
  return checkUploadSize(file.name, file.size);
}

/** Too large (2 MB or more) or too small (under 1 KB), or null. */
export function checkUploadSize(name: string, size: number): string | null {
  if (size >= UPLOAD_CHECK.maxBytes) return UPLOAD_CHECK_MSG.tooLarge(name);
  if (size < UPLOAD_CHECK.minBytes) return UPLOAD_CHECK_MSG.tooSmall(name);
  return null;
}

/** Wrong dimensions, or null. */
export function checkUploadDimensions(name: string, width: number, height: number): string | null {
  const sides = [width, height];
  if (
    sides.some((s) => !Number.isInteger(s) || s < UPLOAD_CHECK.minSide || s > UPLOAD_CHECK.maxSide)
  ) {
    return UPLOAD_CHECK_MSG.dimensions(name, width, height);
  }
  return null;
}

/**
 * The server's check of the bytes: `format` is what the content is (sharp's name: 'png', 'jpeg'…,
 * '' when unreadable), whatever the file is called.
 */
export function checkUploadContent(
  name: string,
  content: { size: number; format: string; width: number; height: number },
): string | null {
  const size = checkUploadSize(name, content.size);
  if (size) return size;
  if (content.format === '') return UPLOAD_CHECK_MSG.unreadable(name);
  if (!(UPLOAD_CHECK.formats as readonly string[]).includes(content.format)) {
    return UPLOAD_CHECK_MSG.format(name);
  }
  return checkUploadDimensions(name, content.width, content.height);
}
