// Descriptors for repeat patterns, computed from small normalised copies (short side 128 px):
// - the fine spectrum: low-frequency magnitudes of the whole image, unchanged by a repeat offset
//   (a cyclic shift) and permuted by rotations and flips — the test for 同款;
// - a 128-bit hash, a SimHash of the fine spectrum whose bits only permute when the image turns;
// - per view, a colour-free structure block (ring profile and angular harmonics of the spectrum,
//   areas of the dominant colours and which of them touch which, named by area rank so a
//   recoloured copy keeps them), a colour block (soft Lab histogram) and the log-polar spectrum
//   for the close comparison of stage two.
// Indexed works also get views of their centre crops, so a crop or close-up photo of a work meets
// a view at its own scale instead of relying on scale invariance alone. docs/image-search.md has
// the reasons and docs/benchmarks.md the measurements.
//
// The parts live in descriptors/: layout.ts (version, sizes, types), resampling.ts (normalised
// copies and views), spectrum.ts, hashing.ts, colour.ts and serialisation.ts. This file composes
// them into a descriptor and is the one importers use.
import {
  ADJACENCY_DIMS,
  ADJACENCY_SCALES,
  COARSE_DIMS,
  PALETTE_SIZE,
  STRUCTURE_DIMS,
  STRUCTURE_WEIGHTS,
  normaliseInPlace,
} from './descriptors/layout';
import type { ImageDescriptor, Pixels, Region, ViewDescriptor } from './descriptors/layout';
import {
  areaResample,
  centralSquare,
  grayOf,
  normaliseForIndex,
  normaliseQuery,
} from './descriptors/resampling';
import { spectrumFeatures, textureSignature, whitenFine } from './descriptors/spectrum';
import { spectralHash } from './descriptors/hashing';
import {
  colourHistogram,
  labImage,
  paletteAdjacency,
  paletteClusters,
  swatches,
} from './descriptors/colour';

export {
  COARSE_DIMS,
  COLOUR_DIMS,
  DESCRIPTOR_VERSION,
  INDEX_VIEW_CROPS,
  NORMALISED_SIDE,
  PALETTE_SIZE,
  SPECTRUM_ANGLES,
  SPECTRUM_DIMS,
  SPECTRUM_RINGS,
  STRUCTURE_DIMS,
  STRUCTURE_WEIGHTS,
  TEXTURE_DIMS,
} from './descriptors/layout';
export type {
  ImageDescriptor,
  PaletteColour,
  Pixels,
  Region,
  ViewDescriptor,
} from './descriptors/layout';
export { normaliseForIndex, normaliseQuery, regionBox } from './descriptors/resampling';
export {
  FINE_DIMS,
  FINE_ORBITS,
  FINE_SYMMETRIES,
  textureSignature,
  whitenFine,
} from './descriptors/spectrum';
export {
  HASH_BITS,
  HASH_WORDS,
  dihedralHamming,
  hashVariants,
  popcount32,
} from './descriptors/hashing';
export {
  deserialiseDescriptor,
  serialiseDescriptor,
  storedDescriptorVersion,
} from './descriptors/serialisation';

function describeView(p: Pixels): { view: ViewDescriptor; fine: Float32Array } {
  const square = centralSquare(p);
  const gray = grayOf(square);
  const { grid, rings, harmonics, fine } = spectrumFeatures(gray, square.width, square.height);

  const coarse = new Float32Array(COARSE_DIMS);
  let o = 0;
  const put = (part: ArrayLike<number>, weight: number) => {
    for (let i = 0; i < part.length; i++) coarse[o + i] = part[i]! * weight;
    o += part.length;
  };
  put(rings, STRUCTURE_WEIGHTS.rings);
  put(harmonics, STRUCTURE_WEIGHTS.harmonics);

  const side0 = ADJACENCY_SCALES[0];
  const small = areaResample(square.rgb, square.width, square.height, 3, side0, side0);
  const lab = labImage(small, side0 * side0);
  const coarseSide = 32;
  const tiny = areaResample(small, side0, side0, 3, coarseSide, coarseSide);
  const tinyLab = labImage(tiny, coarseSide * coarseSide);
  const { centres, areas } = paletteClusters(tinyLab, coarseSide * coarseSide);
  const areaPart = new Float32Array(PALETTE_SIZE);
  for (let c = 0; c < PALETTE_SIZE; c++) areaPart[c] = Math.sqrt(areas[c]!);
  normaliseInPlace(areaPart);
  put(areaPart, STRUCTURE_WEIGHTS.areas);

  const adjacency = new Float32Array(ADJACENCY_DIMS * ADJACENCY_SCALES.length);
  paletteAdjacency(lab, side0, centres, adjacency, 0);
  paletteAdjacency(tinyLab, coarseSide, centres, adjacency, ADJACENCY_DIMS);
  put(adjacency, STRUCTURE_WEIGHTS.adjacency / Math.sqrt(ADJACENCY_SCALES.length));
  // The view's own texture fingerprint: its whitened low-frequency spectrum, pooled over turns and
  // flips. Colour-, contrast-, offset- and orientation-free, and what tells one grey texture from
  // another when every other part of the block looks alike.
  put(textureSignature(whitenFine(fine)), STRUCTURE_WEIGHTS.texture);
  normaliseInPlace(coarse, 0, STRUCTURE_DIMS);
  colourHistogram(p, coarse, STRUCTURE_DIMS);
  return { view: { coarse, spectrum: grid }, fine };
}

/** Describes normalised views; the first is the whole image. */
export function describeViews(views: readonly Pixels[]): ImageDescriptor {
  const whole = views[0];
  if (!whole) throw new Error('no view to describe');
  const described = views.map(describeView);
  return {
    hash: spectralHash(described[0]!.fine),
    views: described.map((d) => d.view),
    fine: described[0]!.fine,
    palette: swatches(whole),
  };
}

/** Describes a query image (or `region` of it): the whole view only. */
export async function extractQueryDescriptor(
  bytes: Buffer,
  region?: Region,
): Promise<ImageDescriptor & { sourceWidth: number; sourceHeight: number }> {
  const { pixels, sourceWidth, sourceHeight } = await normaliseQuery(bytes, region);
  return { ...describeViews([pixels]), sourceWidth, sourceHeight };
}

/**
 * Only the fine spectrum of an image, exactly as extractQueryDescriptor computes it, without the
 * colour and palette work the rest of a descriptor needs (for a work's public-preview copy).
 */
export async function extractFineSpectrum(bytes: Buffer): Promise<Float32Array> {
  const { pixels } = await normaliseQuery(bytes);
  const square = centralSquare(pixels);
  return spectrumFeatures(grayOf(square), square.width, square.height).fine;
}

/** Describes a work for the index: the whole image and its centre-crop views. */
export async function extractIndexDescriptor(bytes: Buffer): Promise<ImageDescriptor> {
  const { views } = await normaliseForIndex(bytes);
  return describeViews(views);
}
