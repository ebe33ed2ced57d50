// Right-sized copies of public images (issue 16): one URL per width and format, served by the
// server's /img route, built by the renderer's <picture> srcset. Both sides read this one list.

/** URL path under which the server serves resized copies of public stored images. */
export const IMAGE_VARIANTS_ROUTE = '/img/';

/**
 * The only widths the server resizes to, in device pixels: card slots (160–400; a card's thumbnail
 * is 400 wide), the work page's preview column (640, 800) and the full-width banner (1280, 1920).
 * A fixed list, so nobody can make the server resize to arbitrary sizes or fill its storage.
 */
export const VARIANT_WIDTHS = [160, 240, 320, 400, 640, 800, 1280, 1920] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** WebP for every browser we support; JPEG for the rest (the old-browser bar's audience). */
export const VARIANT_FORMATS = ['webp', 'jpeg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_CONTENT_TYPE: Record<VariantFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/** The public files path a variant can be made from (`/files/public/…`); others have none. */
const PUBLIC_FILE = /^\/files\/(public\/[A-Za-z0-9][A-Za-z0-9._\-/]*\.(?:png|webp|jpe?g))$/;

/** The storage key behind a public file URL path, or null when the path has no variants. */
export function publicKeyOfFileUrl(path: string): string | null {
  const match = PUBLIC_FILE.exec(path);
  return match && !path.includes('..') ? (match[1] ?? null) : null;
}

export const isVariantWidth = (n: number): n is VariantWidth =>
  (VARIANT_WIDTHS as readonly number[]).includes(n);

export const isVariantFormat = (s: string): s is VariantFormat =>
  (VARIANT_FORMATS as readonly string[]).includes(s);

/** URL path of the `format` copy of public `key` at most `width` pixels wide. */
export const variantPath = (key: string, width: VariantWidth, format: VariantFormat): string =>
  `${IMAGE_VARIANTS_ROUTE}${width}/${format}/${key}`;

/** Widths offered for a work card's thumbnail (400 px wide at most) and a theme cover. */
export const CARD_WIDTHS = [160, 240, 320, 400] as const satisfies readonly VariantWidth[];

/** Widths of the work page's watermarked preview (800 wide at most), WebP like the preview itself. */
export const PREVIEW_WIDTHS = [400, 640, 800] as const satisfies readonly VariantWidth[];
/** The preview column: 1.15 of 2.15 shares of the 1440 px page, less padding (about 700 px). */
export const PREVIEW_SIZES = '(max-width: 1440px) calc(53vw - 60px), 710px';

/** The full-width home banner: its art is 1920 × 120, shown 60 px high, cropped to fit. */
export const BANNER_WIDTHS = [640, 1280, 1920] as const satisfies readonly VariantWidth[];
export const BANNER_SIZES = '100vw';

/** `path width` pairs of the `format` copies of public `key` (a srcset). */
export const variantSrcSet = (
  key: string,
  widths: readonly VariantWidth[],
  format: VariantFormat,
): string => widths.map((w) => `${variantPath(key, w, format)} ${w}w`).join(', ');
