import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PALETTES, renderPattern } from '../../../db/seed/pattern-art';
import {
  DESCRIPTOR_VERSION,
  HASH_BITS,
  deserialiseDescriptor,
  dihedralHamming,
  extractFineSpectrum,
  extractIndexDescriptor,
  extractQueryDescriptor,
  hashVariants,
  serialiseDescriptor,
  storedDescriptorVersion,
} from './descriptors';
import type { ImageDescriptor } from './descriptors';
import { fineSimilarity, prepareQuery } from './matcher';

const png = (s: Sharp) => s.png().toBuffer();

describe('repeat-pattern descriptors', () => {
  let tile: Buffer;
  let other: Buffer;
  let base: ImageDescriptor;

  beforeAll(async () => {
    tile = await renderPattern(
      { style: 'floral', palette: PALETTES[0]!, seed: 11, seamless: true },
      400,
    );
    other = await renderPattern(
      { style: 'floral', palette: PALETTES[0]!, seed: 12, seamless: true },
      400,
    );
    base = await extractQueryDescriptor(tile);
  });

  const closeness = async (bytes: Buffer) => {
    const d = await extractQueryDescriptor(bytes);
    return {
      hamming: dihedralHamming(hashVariants(base.hash), d.hash),
      fine: fineSimilarity(prepareQuery(base), d.fine),
    };
  };

  it('gives every rotation and flip of an image the same hash and spectrum', async () => {
    for (const turned of [
      sharp(tile).rotate(90),
      sharp(tile).rotate(180),
      sharp(tile).rotate(270),
      sharp(tile).flop(),
      sharp(tile).flip(),
      sharp(tile).rotate(90).flop(),
    ]) {
      const c = await closeness(await png(turned));
      expect(c.hamming).toBeLessThanOrEqual(3);
      expect(c.fine).toBeGreaterThan(0.99);
    }
  });

  it('ignores a repeat offset of a seamless tile', async () => {
    const tiled = await sharp(tile)
      .extend({ right: 400, bottom: 400, extendWith: 'repeat' })
      .png()
      .toBuffer();
    const shifted = await png(
      sharp(tiled).extract({ left: 130, top: 250, width: 400, height: 400 }),
    );
    expect((await closeness(shifted)).fine).toBeGreaterThan(0.96);
  });

  it('tells another design of the same style and palette apart', async () => {
    const c = await closeness(other);
    expect(c.hamming).toBeGreaterThan(12);
    expect(c.fine).toBeLessThan(0.9);
    expect(HASH_BITS).toBe(128);
  });

  it('describes an indexed work with the whole image and two centre crops', async () => {
    const indexed = await extractIndexDescriptor(tile);
    expect(indexed.views).toHaveLength(3);
    expect(indexed.palette[0]?.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(Array.from(indexed.hash)).toEqual(Array.from(base.hash));
  });

  it('computes the fine spectrum alone exactly as a full query descriptor does', async () => {
    const jpeg = await sharp(other).rotate(90).jpeg({ quality: 70 }).toBuffer();
    expect(await extractFineSpectrum(jpeg)).toEqual((await extractQueryDescriptor(jpeg)).fine);
  });

  it('describes only the region when one is given', async () => {
    const region = await extractQueryDescriptor(tile, { x: 0, y: 0, w: 0.5, h: 0.5 });
    expect(Array.from(region.views[0]!.coarse)).not.toEqual(Array.from(base.views[0]!.coarse));
    expect(region.sourceWidth).toBe(400);
  });

  it('round-trips through storage and refuses bytes of another version', async () => {
    const bytes = serialiseDescriptor(base);
    expect(storedDescriptorVersion(bytes)).toBe(DESCRIPTOR_VERSION);
    const back = deserialiseDescriptor(bytes);
    expect(back).not.toBeNull();
    expect(Array.from(back!.fine)).toEqual(Array.from(base.fine));
    expect(Array.from(back!.views[0]!.spectrum)).toEqual(Array.from(base.views[0]!.spectrum));
    expect(back!.palette).toEqual(
      base.palette.map((p) => ({ color: p.color, ratio: Math.round(p.ratio * 10_000) / 10_000 })),
    );
    const older = Buffer.from(bytes);
    older.writeUInt16LE(DESCRIPTOR_VERSION - 1, 2);
    expect(deserialiseDescriptor(older)).toBeNull();
    expect(deserialiseDescriptor(Buffer.from('not a descriptor'))).toBeNull();
  });
});
