// A search image described for the search: the whole image (or the user's 框选 region) as always,
// and — when it is a photo of the print on a backdrop, bezel or page margin — the printed region
// found by printed-region.ts as two alternative views (as it is, and under evened-out light). The
// search scores each work by the best view (ImageMatcher.search); an image the finder leaves whole
// is searched exactly as before.
import { describeViews, normaliseQuery } from './descriptors';
import type { ImageDescriptor, Region } from './descriptors';
import { findPrintedRegion, flattenIllumination } from './printed-region';

export type QueryDescriptor = ImageDescriptor & {
  /** Other views of the query (the printed region of a photo); a work scores by the best. */
  alternatives?: readonly ImageDescriptor[];
  /** Where the alternative views were cut, as fractions of the image. */
  printedRegion?: Region;
};

/** `inner` (fractions of `outer`) as fractions of the image `outer` is a fraction of. */
function within(outer: Region | undefined, inner: Region): Region {
  if (!outer) return inner;
  return {
    x: outer.x + inner.x * outer.w,
    y: outer.y + inner.y * outer.h,
    w: inner.w * outer.w,
    h: inner.h * outer.h,
  };
}

/** Describes a search image (or `region` of it), with the printed region as an alternative view. */
export async function extractQuery(
  bytes: Buffer,
  region?: Region,
): Promise<QueryDescriptor & { sourceWidth: number; sourceHeight: number }> {
  const { pixels, sourceWidth, sourceHeight } = await normaliseQuery(bytes, region);
  const whole = describeViews([pixels]);
  const printed = findPrintedRegion(pixels);
  if (!printed) return { ...whole, sourceWidth, sourceHeight };
  const printedRegion = within(region, printed);
  const inner = await normaliseQuery(bytes, printedRegion);
  return {
    ...whole,
    // The region as it is, and with its slow light changes (shading over folds, glare, a lamp's
    // fall-off) divided out: both helped photos of every corpus (docs/image-search.md).
    alternatives: [
      describeViews([inner.pixels]),
      describeViews([flattenIllumination(inner.pixels)]),
    ],
    printedRegion,
    sourceWidth,
    sourceHeight,
  };
}
