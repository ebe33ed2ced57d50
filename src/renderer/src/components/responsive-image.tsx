import type { CSSProperties } from 'react';
import {
  type VariantFormat,
  type VariantWidth,
  publicKeyOfFileUrl,
  variantPath,
} from '@shared/image-variants';
import { serverUrl } from '../lib/platform';

export { CARD_WIDTHS } from '@shared/image-variants';
/** A card in the five-column grid (four up to 1366 px) inside the 1440 px page. */
export const CARD_SIZES =
  '(max-width: 1366px) calc((100vw - 96px) / 4), min(calc((100vw - 112px) / 5), 266px)';

/** The home banner's art proportions (1920 × 120), shown 60 px high and cropped to fit. */
export const BANNER_ART = { width: 1920, height: 120 } as const;

/** A theme cover in the four-column theme grid (2:1, cropped to fit). */
export const THEME_COVER_SIZES = 'min(calc((100vw - 96px) / 4), 336px)';

export type ImageSources = {
  /** The WebP candidates, `url width` pairs. */
  webp: string;
  /** The JPEG candidates, for browsers without WebP. */
  jpeg: string;
  /** The JPEG at the largest offered width: the `src` of browsers without srcset. */
  fallback: string;
};

const srcSet = (key: string, widths: readonly VariantWidth[], format: VariantFormat) =>
  widths.map((w) => `${serverUrl(variantPath(key, w, format))} ${w}w`).join(', ');

/** The right-sized copies of a public stored image, or null when `src` has none (not public). */
export function imageSources(src: string, widths: readonly VariantWidth[]): ImageSources | null {
  const key = publicKeyOfFileUrl(src);
  const largest = widths[widths.length - 1];
  if (!key || largest === undefined) return null;
  return {
    webp: srcSet(key, widths, 'webp'),
    jpeg: srcSet(key, widths, 'jpeg'),
    fallback: serverUrl(variantPath(key, largest, 'jpeg')),
  };
}

type ResponsiveImageProps = {
  /** The server's path of the image (`/files/public/…`); other URLs are shown as they are. */
  src: string;
  alt: string;
  /** The picture's proportions (any scale): the browser reserves its box before it loads. */
  width: number;
  height: number;
  /** Widths to offer, smallest first; the browser picks one for `sizes` and the screen density. */
  widths: readonly VariantWidth[];
  /** How wide the slot is, as in the `sizes` attribute. */
  sizes: string;
  /** The page's largest picture loads first and eagerly (LCP); others lazily. */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
};

/**
 * A public image in the size its slot needs: WebP candidates in a `<source>`, JPEG in the `<img>`,
 * with width and height so its box is reserved before any byte arrives (issue 16).
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  widths,
  sizes,
  priority = false,
  className,
  style,
}: ResponsiveImageProps) {
  const sources = imageSources(src, widths);
  const img = (
    <img
      src={sources ? sources.fallback : serverUrl(src)}
      srcSet={sources?.jpeg}
      sizes={sources ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
      style={style}
    />
  );
  if (!sources) return img;
  return (
    <picture className="responsive-picture">
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
