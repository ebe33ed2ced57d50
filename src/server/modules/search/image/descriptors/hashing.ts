// Hashing: the 128-bit exact-copy hash, a SimHash of the fine spectrum whose bits only permute
// when the image turns or flips, its 8 orientations, and the dihedral Hamming distance.
import { createRandom } from '../../../../platform/seeded-random';
import { FINE_DIMS, FINE_SYMMETRIES } from './spectrum';

/**
 * Exact-copy hash for repeat patterns: a SimHash of the fine magnitude spectrum (128 bits), so it
 * ignores repeat offsets, and its bits only permute under rotations and flips. pHash-style DCT
 * signs are noise on a seamless tile, whose lowest frequencies carry almost no energy.
 */
const HASH_BASES = 32;
export const HASH_BITS = HASH_BASES * 4;
export const HASH_WORDS = HASH_BITS / 32;

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Random projections for the hash, in orbits: bit (j, g) is the sign of base vector j against the
 * fine spectrum turned by symmetry g, so turning the image only permutes bits within each orbit.
 */
const HASH_PROJECTIONS = (() => {
  const random = createRandom(0x5eed);
  const bases = new Float32Array(HASH_BASES * FINE_DIMS);
  for (let i = 0; i < bases.length; i++) {
    // Box–Muller: Gaussian directions make P(bit differs) = angle / π (SimHash).
    bases[i] = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  }
  return bases;
})();

/** composeSymmetry[g][h] = k such that turning by h then by g is turning by k. */
const COMPOSE_SYMMETRY: readonly number[][] = FINE_SYMMETRIES.map((pg) =>
  FINE_SYMMETRIES.map((ph) => {
    const k = FINE_SYMMETRIES.findIndex((pk) => pk.every((v, i) => v === pg[ph[i]!]));
    if (k < 0) throw new Error('fine symmetries are not a group');
    return k;
  }),
);

export function spectralHash(fine: Float32Array): Uint32Array {
  const hash = new Uint32Array(HASH_WORDS);
  const symmetries = FINE_SYMMETRIES.length;
  for (let j = 0; j < HASH_BASES; j++) {
    const base = j * FINE_DIMS;
    FINE_SYMMETRIES.forEach((perm, g) => {
      // (g·x)[perm[i]] = x[i], so r · (g·x) = Σ r[perm[i]] · x[i].
      let s = 0;
      for (let i = 0; i < FINE_DIMS; i++) s += HASH_PROJECTIONS[base + perm[i]!]! * fine[i]!;
      const bit = j * symmetries + g;
      if (s > 0) hash[bit >> 5]! |= 1 << (bit & 31);
    });
  }
  return hash;
}

/** The hash of the image under each rotation/flip, HASH_WORDS words apiece. */
export function hashVariants(hash: Uint32Array): Uint32Array {
  const symmetries = FINE_SYMMETRIES.length;
  const out = new Uint32Array(symmetries * HASH_WORDS);
  for (let h = 0; h < symmetries; h++) {
    for (let j = 0; j < HASH_BASES; j++) {
      for (let g = 0; g < symmetries; g++) {
        const from = j * symmetries + COMPOSE_SYMMETRY[g]![h]!;
        if (((hash[from >> 5]! >>> (from & 31)) & 1) === 0) continue;
        const to = j * symmetries + g;
        out[h * HASH_WORDS + (to >> 5)]! |= 1 << (to & 31);
      }
    }
  }
  return out;
}

/** Smallest Hamming distance between `hash` and any orientation in `variants`. */
export function dihedralHamming(variants: Uint32Array, hash: Uint32Array): number {
  let best = HASH_BITS;
  for (let v = 0; v < variants.length; v += HASH_WORDS) {
    let d = 0;
    for (let w = 0; w < HASH_WORDS; w++) d += popcount32(variants[v + w]! ^ hash[w]!);
    if (d < best) best = d;
  }
  return best;
}
