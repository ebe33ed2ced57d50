// Descriptor outputs are pinned bit for bit: the hashes below were computed before descriptors.ts
// was split into its parts (issue 10), so any refactor that changes a single float fails here.
// A deliberate change of extraction bumps DESCRIPTOR_VERSION and recomputes these (version 6,
// issue 15: the texture signature joined the structure block; the fine spectra did not change).
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
  'floral/index': 'c54589110c3b52a21a6e83abd511344c',
  'floral/query': '2be46eb46fe2fe111f53e395c094f9f8',
  'floral/region': 'deabf5d0d7489fe78da0108a12c61cda',
  'geometric/fine': '0438a90fc66b6849e54cb37520ecfc6b',
  'geometric/index': 'c515c12f0a1e8917cbe1556398b1ca12',
  'geometric/query': '729bed7c299e9512a34bf8fdd2753579',
  'geometric/region': 'f517dce84611d2c513f7505acfa659f6',
  'wide/fine': 'f7b3af832a904492d5ce4f4c11a34798',
  'wide/index': '9699c394790992305aede466be80da3f',
  'wide/query': 'c9e91d32de71c1fbc35704bad4643979',
  'wide/region': '7877619922ca3b19cb705b9be72a961e',
};

describe('descriptor outputs', () => {
  it('are bit-identical to the pinned values', async () => {
    expect(DESCRIPTOR_VERSION).toBe(6);
    const got = await digests();
    if (process.env.PRINT_DESCRIPTOR_DIGESTS) console.log(JSON.stringify(got, null, 2));
    expect(got).toEqual(EXPECTED);
  }, 60_000);
});
