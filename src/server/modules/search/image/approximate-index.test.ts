import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../db/seed/pattern-art';
import { ScalingCandidateIndex } from './approximate-index';
import { BruteForceIndex } from './vector-index';

// The approximate stage one (HNSW, usearch) that takes over from the exact scan past a size: the
// threshold is lowered here so a test-sized catalogue crosses it.

const DIMS = 48;
const immediate = () => Promise.resolve();

/** Clustered unit vectors, like works of a few styles. */
function clusteredVectors(count: number, seed: number): Float32Array[] {
  const random = createRandom(seed);
  const centres = Array.from({ length: 20 }, () =>
    Float32Array.from({ length: DIMS }, () => random() - 0.5),
  );
  return Array.from({ length: count }, (_, i) => {
    const centre = centres[i % centres.length]!;
    const v = centre.map((x) => x + (random() - 0.5) * 0.6);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

const category = (id: number) => ({ kid: 100 + (id % 3), parentKid: 100 });

describe('ScalingCandidateIndex', () => {
  it('stays exact below the threshold, then builds a graph whose neighbours match the exact ones', async () => {
    const vectors = clusteredVectors(3000, 3);
    const index = new ScalingCandidateIndex(DIMS, {
      approximateFromRows: 1999,
      yieldBetweenSlices: immediate,
    });
    const exact = new BruteForceIndex(DIMS);
    vectors.slice(0, 1999).forEach((v, i) => {
      index.upsert(i + 1, v, category(i + 1));
      exact.upsert(i + 1, v, category(i + 1));
    });
    expect(index.mode).toBe('exact');
    vectors.slice(1999).forEach((v, i) => {
      index.upsert(i + 2000, v, category(i + 2000));
      exact.upsert(i + 2000, v, category(i + 2000));
    });
    expect(index.mode).toBe('building');
    await index.whenBuilt();
    expect(index.mode).toBe('approximate');

    let found = 0;
    const queries = clusteredVectors(50, 11);
    for (const q of queries) {
      const [approx] = index.search([q, q], 10);
      const [truth] = exact.search([q, q], 10);
      const want = new Set(truth.map((h) => h.id));
      found += approx.filter((h) => want.has(h.id)).length;
      // Scores are the same inner products, best first.
      for (let i = 1; i < approx.length; i++) {
        expect(approx[i - 1]!.score).toBeGreaterThanOrEqual(approx[i]!.score);
      }
    }
    expect(found / (queries.length * 10)).toBeGreaterThan(0.9);
  });

  it('walks one graph per query when given a view per query slot', async () => {
    const half = DIMS / 2;
    const firstHalf = (v: Float32Array) => v.map((x, i) => (i < half ? x : 0));
    const vectors = clusteredVectors(1500, 8);
    const index = new ScalingCandidateIndex(DIMS, {
      approximateFromRows: 1000,
      yieldBetweenSlices: immediate,
      graphViews: [firstHalf, (v) => v],
    });
    const exact = new BruteForceIndex(DIMS);
    vectors.forEach((v, i) => {
      index.upsert(i + 1, v, category(i + 1));
      exact.upsert(i + 1, v, category(i + 1));
    });
    await index.whenBuilt();
    expect(index.mode).toBe('approximate');
    let found = 0;
    let wanted = 0;
    for (const q of clusteredVectors(30, 13)) {
      // Slot 0 asks with the first half only (like the structure-only query), slot 1 with all.
      const queries = [firstHalf(q), q] as const;
      const approx = index.search(queries, 10);
      const truth = exact.search(queries, 10);
      for (const slot of [0, 1]) {
        const want = new Set(truth[slot]!.map((h) => h.id));
        wanted += want.size;
        found += approx[slot]!.filter((h) => want.has(h.id)).length;
      }
    }
    expect(found / wanted).toBeGreaterThan(0.9);
  });

  it('follows removals and edits, and answers category filters exactly', async () => {
    const vectors = clusteredVectors(600, 5);
    const index = new ScalingCandidateIndex(DIMS, {
      approximateFromRows: 499,
      yieldBetweenSlices: immediate,
    });
    vectors.forEach((v, i) => index.upsert(i + 1, v, category(i + 1)));
    await index.whenBuilt();
    expect(index.mode).toBe('approximate');

    const query = vectors[41]!;
    expect(index.search([query, query], 1)[0][0]?.id).toBe(42);
    index.remove(42);
    expect(index.has(42)).toBe(false);
    expect(index.search([query, query], 20)[0].map((h) => h.id)).not.toContain(42);

    // Work 7 now looks like the removed one: once the graph has it, it is found first.
    index.upsert(7, query, category(7));
    await index.whenBuilt();
    expect(index.search([query, query], 1)[0][0]?.id).toBe(7);

    const filtered = index.search([query, query], 600, new Set([101]))[0];
    expect(filtered.length).toBe(vectors.filter((_, i) => (i + 1) % 3 === 1).length);
    for (const hit of filtered) expect(hit.id % 3).toBe(1);
  });
});
