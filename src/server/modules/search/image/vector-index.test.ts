import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../db/seed/pattern-art';
import { BruteForceIndex } from './vector-index';

const DIMS = 40;

function unit(random: () => number): Float32Array {
  const v = Float32Array.from({ length: DIMS }, () => random() - 0.5);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

describe('stage-one vector index', () => {
  it('finds the same neighbours with the SIMD kernel as with plain loops', () => {
    const random = createRandom(5);
    const simd = new BruteForceIndex(DIMS, { simd: true });
    const plain = new BruteForceIndex(DIMS, { simd: false });
    for (let id = 1; id <= 3000; id++) {
      const v = unit(random);
      const category = { kid: 100 + (id % 7), parentKid: 100 };
      simd.upsert(id, v, category);
      plain.upsert(id, v, category);
    }
    for (let q = 0; q < 5; q++) {
      const a = unit(random);
      const b = unit(random);
      const [s1, s2] = simd.search([a, b], 10);
      const [p1, p2] = plain.search([a, b], 10);
      // int8 rows shift scores by ~0.3 %: the neighbours agree, the order may swap near-ties.
      expect(new Set(s1.map((h) => h.id))).toEqual(new Set(p1.map((h) => h.id)));
      expect(
        s2.map((h) => h.id).filter((id) => p2.some((p) => p.id === id)).length,
      ).toBeGreaterThan(8);
      s1.forEach((h, i) => expect(h.score).toBeCloseTo(p1[i]!.score, 1));
    }
  });

  it('forgets removed items, updates replaced ones and filters by category', () => {
    const random = createRandom(9);
    const index = new BruteForceIndex(DIMS);
    const vectors = new Map<number, Float32Array>();
    for (let id = 1; id <= 50; id++) {
      const v = unit(random);
      vectors.set(id, v);
      index.upsert(id, v, { kid: id % 2 === 0 ? 201 : 301, parentKid: id % 2 === 0 ? 200 : 300 });
    }
    const query = vectors.get(7)!;
    expect(index.search([query, query], 1)[0][0]?.id).toBe(7);
    index.remove(7);
    expect(index.size).toBe(49);
    expect(index.has(7)).toBe(false);
    expect(index.search([query, query], 50)[0].map((h) => h.id)).not.toContain(7);
    index.upsert(8, query, { kid: 201, parentKid: 200 });
    expect(index.search([query, query], 1)[0][0]?.id).toBe(8);
    const evens = index.search([query, query], 50, new Set([200]))[0];
    expect(evens).toHaveLength(25);
    for (const h of evens) expect(h.id % 2).toBe(0);
  });
});
