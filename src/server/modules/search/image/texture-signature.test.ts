// The texture parts of a descriptor (issue 15): the whitened fine spectrum and the orbit-pooled
// texture signature of the structure block. On a generated low-contrast grey texture they must
// ignore a contrast change, a brightness change and a colour cast, survive JPEG, not change under
// turns and flips, and still tell the texture from another one drawn the same way.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../platform/seeded-random';
import {
  FINE_DIMS,
  FINE_SYMMETRIES,
  STRUCTURE_DIMS,
  TEXTURE_DIMS,
  extractQueryDescriptor,
  textureSignature,
  whitenFine,
} from './descriptors';
import type { ImageDescriptor } from './descriptors';
import { prepareQuery, whitenedSimilarity } from './matcher';

const SIDE = 192;

/** A seamless grey cloud (periodic value noise, 3 octaves) of standard deviation 1. */
function cloud(seed: number): Float32Array {
  const random = createRandom(seed);
  const out = new Float32Array(SIDE * SIDE);
  for (const cells of [6, 12, 24]) {
    const lattice = Float32Array.from({ length: cells * cells }, () => random() * 2 - 1);
    const amp = 6 / cells;
    for (let y = 0; y < SIDE; y++) {
      const fy = (y * cells) / SIDE;
      const y0 = Math.floor(fy);
      const ty = fy - y0;
      for (let x = 0; x < SIDE; x++) {
        const fx = (x * cells) / SIDE;
        const x0 = Math.floor(fx);
        const tx = fx - x0;
        const v = (i: number, j: number) => lattice[(i % cells) * cells + (j % cells)]!;
        const top = v(y0, x0) + (v(y0, x0 + 1) - v(y0, x0)) * tx;
        const bottom = v(y0 + 1, x0) + (v(y0 + 1, x0 + 1) - v(y0 + 1, x0)) * tx;
        out[y * SIDE + x] = out[y * SIDE + x]! + (top + (bottom - top) * ty) * amp;
      }
    }
  }
  let sq = 0;
  for (const v of out) sq += v * v;
  const inv = 1 / Math.sqrt(sq / out.length);
  return out.map((v) => v * inv);
}

/** The cloud as a PNG: grey `level` ± `amp` per unit, times a per-channel `cast`. */
function png(field: Float32Array, level: number, amp: number, cast = [1, 1, 1]): Promise<Buffer> {
  const rgb = new Uint8Array(SIDE * SIDE * 3);
  for (let i = 0; i < field.length; i++) {
    for (let c = 0; c < 3; c++) {
      rgb[i * 3 + c] = Math.max(0, Math.min(255, Math.round((level + amp * field[i]!) * cast[c]!)));
    }
  }
  return sharp(rgb, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png()
    .toBuffer();
}

const textureBlock = (d: ImageDescriptor) => {
  const block = d.views[0]!.coarse.slice(STRUCTURE_DIMS - TEXTURE_DIMS, STRUCTURE_DIMS);
  let n = 0;
  for (const v of block) n += v * v;
  return block.map((v) => v / Math.sqrt(n));
};
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, v, i) => s + v * b[i]!, 0);

describe('texture signature', () => {
  it('whitening ignores the scale of a spectrum and leaves every ring centred', () => {
    const random = createRandom(3);
    const fine = Float32Array.from({ length: FINE_DIMS }, () => random());
    const a = whitenFine(fine);
    const b = whitenFine(fine.map((v) => v * 7.5));
    for (let i = 0; i < FINE_DIMS; i++) expect(b[i]).toBeCloseTo(a[i]!, 5);
    expect(dot(a, a)).toBeCloseTo(1, 5);
  });

  it('is the same under every turn and flip of the fine grid', () => {
    const random = createRandom(4);
    const whitened = whitenFine(Float32Array.from({ length: FINE_DIMS }, () => random()));
    const reference = textureSignature(whitened);
    expect(reference).toHaveLength(TEXTURE_DIMS);
    for (const perm of FINE_SYMMETRIES) {
      const turned = new Float32Array(FINE_DIMS);
      for (let i = 0; i < FINE_DIMS; i++) turned[perm[i]!] = whitened[i]!;
      const got = textureSignature(turned);
      for (let i = 0; i < TEXTURE_DIMS; i++) expect(got[i]).toBeCloseTo(reference[i]!, 5);
    }
  });

  it('ignores contrast, brightness and a colour cast on a low-contrast texture, and tells textures apart', async () => {
    const field = cloud(11);
    const original = await extractQueryDescriptor(await png(field, 200, 6));
    // [image, least similarity]: a contrast or colour change leaves the texture as it was; JPEG
    // at a contrast of ±6 grey levels wipes its finest frequencies, but not the rest.
    const variants: [Buffer, number][] = [
      [await png(field, 150, 18), 0.95], // three times the contrast, darker
      [await png(field, 200, 6, [1.08, 1, 0.86]), 0.95], // a warm colour cast
      [
        await sharp(await png(field, 200, 6))
          .jpeg({ quality: 40 })
          .toBuffer(),
        0.6,
      ],
    ];
    const other = await extractQueryDescriptor(await png(cloud(12), 200, 6));
    const query = prepareQuery(original);
    const otherScore = whitenedSimilarity(query, other.fine);
    const otherBlock = dot(textureBlock(original), textureBlock(other));
    for (const [bytes, least] of variants) {
      const d = await extractQueryDescriptor(bytes);
      const score = whitenedSimilarity(query, d.fine);
      const block = dot(textureBlock(original), textureBlock(d));
      expect(score).toBeGreaterThan(least);
      expect(block).toBeGreaterThan(least);
      expect(score).toBeGreaterThan(otherScore + 0.4);
      expect(block).toBeGreaterThan(otherBlock + 0.3);
    }
  }, 20_000);
});
