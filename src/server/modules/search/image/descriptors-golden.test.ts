// Descriptor outputs are pinned bit for bit: the hashes below were computed before descriptors.ts
// was split into its parts (issue 10), so any refactor that changes a single float fails here.
// A deliberate change of extraction bumps DESCRIPTOR_VERSION and recomputes these.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PALETTES, renderPattern } from '../../../db/seed/pattern-art';
import {
  DESCRIPTOR_VERSION,
  extractFineSpectrum,
  extractIndexDescriptor,
  extractQueryDescriptor,
  serialiseDescriptor,
} from './descriptors';
import type { ImageDescriptor } from './descriptors';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);
const floats = (v: Float32Array) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
/** The serialised bytes, plus what serialisation rounds (palette ratios) and source sizes. */
const whole = (d: ImageDescriptor & { sourceWidth?: number; sourceHeight?: number }) =>
  sha(
    Buffer.concat([
      serialiseDescriptor(d),
      Buffer.from(JSON.stringify([d.palette, d.sourceWidth ?? 0, d.sourceHeight ?? 0])),
    ]),
  );

async function images(): Promise<Record<string, Buffer>> {
  const floral = await renderPattern(
    { style: 'floral', palette: PALETTES[0]!, seed: 11, seamless: true },
    300,
  );
  const geometric = await renderPattern(
    { style: 'geometric', palette: PALETTES[2]!, seed: 5, seamless: false },
    240,
  );
  const wide = await sharp(floral)
    .resize(420, 180, { fit: 'fill' })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { floral, geometric, wide };
}

async function digests(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(await images())) {
    out[`${name}/query`] = whole(await extractQueryDescriptor(bytes));
    out[`${name}/index`] = whole(await extractIndexDescriptor(bytes));
    out[`${name}/region`] = whole(
      await extractQueryDescriptor(bytes, { x: 0.1, y: 0.2, w: 0.5, h: 0.6 }),
    );
    out[`${name}/fine`] = sha(floats(await extractFineSpectrum(bytes)));
  }
  return out;
}

const EXPECTED: Record<string, string> = {
  'floral/fine': '8a6944fd28f9e30ec0da8507d7c67b3b',
  'floral/index': 'db24fd26e9625c11226d770cffffa0ec',
  'floral/query': '87e4d60957666395624ea5ade4ebbb1f',
  'floral/region': 'ef80872c36348b58d852a8500fe050df',
  'geometric/fine': '0438a90fc66b6849e54cb37520ecfc6b',
  'geometric/index': '8405d2fad16408ceac2fbe89d709d385',
  'geometric/query': '3eef496b7139a881c2dcc317f0f0c1a9',
  'geometric/region': '0dfc8a04a4d5f7db620a29231c305879',
  'wide/fine': 'f7b3af832a904492d5ce4f4c11a34798',
  'wide/index': '0578f9c6882180038e13452ec60b223e',
  'wide/query': '18494970acbff4f5d67dafd90a97a8e4',
  'wide/region': 'b0f34599382458f713e797d96a0f0217',
};

describe('descriptor outputs', () => {
  it('are bit-identical to the pinned values', async () => {
    expect(DESCRIPTOR_VERSION).toBe(5);
    const got = await digests();
    if (process.env.PRINT_DESCRIPTOR_DIGESTS) console.log(JSON.stringify(got, null, 2));
    expect(got).toEqual(EXPECTED);
  }, 60_000);
});
