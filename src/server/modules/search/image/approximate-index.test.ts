import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../../db/seed/pattern-art';
import { ScalingCandidateIndex } from './approximate-index';
import type { ApproximateIndexOptions } from './approximate-index';
import { BruteForceIndex } from './vector-index';

// The approximate stage one (HNSW, usearch, built in a worker thread and kept in a file) that takes
// over from the exact scan past a size: the threshold is lowered here so a test-sized catalogue
// crosses it.

const DIMS = 48;
const immediate = () => Promise.resolve();
const folder = mkdtempSync(join(tmpdir(), 'wenyang-graph-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

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

/** Share of the exact top 10 (per query slot) the index returns. */
function recallAt10(
  index: ScalingCandidateIndex,
  exact: BruteForceIndex,
  queries: readonly (readonly [Float32Array, Float32Array])[],
): number {
  let found = 0;
  let wanted = 0;
  for (const q of queries) {
    const approx = index.search(q, 10);
    const truth = exact.search(q, 10);
    for (const slot of [0, 1]) {
      const want = new Set(truth[slot]!.map((h) => h.id));
      wanted += want.size;
      found += approx[slot]!.filter((h) => want.has(h.id)).length;
    }
  }
  return found / wanted;
}

function filled(vectors: readonly Float32Array[], options: ApproximateIndexOptions) {
  const index = new ScalingCandidateIndex(DIMS, { yieldBetweenSlices: immediate, ...options });
  const exact = new BruteForceIndex(DIMS);
  vectors.forEach((v, i) => {
    index.upsert(i + 1, v, category(i + 1));
    exact.upsert(i + 1, v, category(i + 1));
  });
  return { index, exact };
}

describe('ScalingCandidateIndex', () => {
  it('stays exact below the threshold, then builds a graph whose neighbours match the exact ones', async () => {
    const vectors = clusteredVectors(3000, 3);
    const { index, exact } = filled(vectors.slice(0, 1999), { approximateFromRows: 1999 });
    expect(index.mode).toBe('exact');
    vectors.slice(1999).forEach((v, i) => {
      index.upsert(i + 2000, v, category(i + 2000));
      exact.upsert(i + 2000, v, category(i + 2000));
    });
    expect(index.mode).toBe('building');
    await index.whenBuilt();
    expect(index.mode).toBe('approximate');
    expect(index.graphTiming?.source).toBe('built');

    const queries = clusteredVectors(50, 11).map((q) => [q, q] as const);
    expect(recallAt10(index, exact, queries)).toBeGreaterThan(0.9);
    // Scores are the same inner products, best first.
    const [hits] = index.search(queries[0]!, 10);
    for (let i = 1; i < hits.length; i++) {
      expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
    }
  });

  it('walks one weighted graph for both queries and ranks each by its own product', async () => {
    const half = DIMS / 2;
    // Like the image index: a first block (structure), a second (colour) weighted 0.4 in the graph.
    const weights = Float32Array.from({ length: DIMS }, (_, i) => (i < half ? 1 : 0.4));
    const firstHalf = (v: Float32Array) => v.map((x, i) => (i < half ? x : 0));
    const weighted = (v: Float32Array) => v.map((x, i) => x * weights[i]!);
    const { index, exact } = filled(clusteredVectors(1500, 8), {
      approximateFromRows: 1000,
      graphWeights: weights,
    });
    await index.whenBuilt();
    expect(index.mode).toBe('approximate');
    // Slot 0 asks with the first block only (the structure-only query), slot 1 with both, the
    // second at its weight (structure + 0.4 colour), as the searcher's two queries do.
    const queries = clusteredVectors(30, 13).map((q) => [firstHalf(q), weighted(q)] as const);
    expect(recallAt10(index, exact, queries)).toBeGreaterThan(0.9);
  });

  it('follows removals and edits, and answers category filters exactly', async () => {
    const vectors = clusteredVectors(600, 5);
    const { index } = filled(vectors, { approximateFromRows: 499 });
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

  it('keeps the graph in its file and loads it at the next start, patching rows changed since', async () => {
    const graphFile = join(folder, 'patched');
    const vectors = clusteredVectors(1200, 21);
    const options = { approximateFromRows: 1000, graphFile, buildOnThreshold: false };
    const first = filled(vectors, options);
    first.index.buildIfLarge();
    await first.index.whenBuilt();
    expect(first.index.graphTiming?.source).toBe('built');
    for (const ext of ['usearch', 'rows', 'json'])
      expect(existsSync(`${graphFile}.${ext}`)).toBe(true);

    // The next start: the same rows but 20 changed, 10 removed and 10 new (40 of 1,200 < 10 %).
    const fresh = clusteredVectors(30, 22);
    const second = filled(vectors, options);
    for (let id = 1; id <= 20; id++) second.index.upsert(id, fresh[id - 1]!, category(id));
    for (let id = 21; id <= 30; id++) second.index.remove(id);
    for (let i = 20; i < 30; i++) second.index.upsert(5000 + i, fresh[i]!, category(5000 + i));
    expect(second.index.mode).toBe('exact');
    second.index.buildIfLarge();
    await second.index.whenBuilt();
    expect(second.index.graphTiming).toMatchObject({ source: 'loaded', patchedRows: 40 });
    // What changed is searched by its new vector; what was removed is gone.
    for (let i = 0; i < 30; i++) {
      const id = i < 20 ? i + 1 : 5000 + i;
      expect(second.index.search([fresh[i]!, fresh[i]!], 1)[0][0]?.id).toBe(id);
    }
    const removedQuery = vectors[24]!;
    expect(second.index.search([removedQuery, removedQuery], 50)[0].map((h) => h.id)).not.toContain(
      25,
    );

    // Dropped and loaded again (what the benchmark times): the same answers.
    const before = second.index.search([vectors[500]!, vectors[500]!], 10);
    second.index.forgetGraph();
    expect(second.index.mode).toBe('exact');
    second.index.buildIfLarge();
    await second.index.whenBuilt();
    expect(second.index.graphTiming?.source).toBe('loaded');
    expect(second.index.search([vectors[500]!, vectors[500]!], 10)).toEqual(before);
  });

  it('builds again when the stored graph is stale or of another format', async () => {
    const graphFile = join(folder, 'stale');
    const vectors = clusteredVectors(1100, 31);
    const options = { approximateFromRows: 1000, graphFile, buildOnThreshold: false };
    const first = filled(vectors, options);
    first.index.buildIfLarge();
    await first.index.whenBuilt();

    // 200 of 1,100 rows changed: more than a tenth, so the graph is built afresh (and saved).
    const moved = clusteredVectors(200, 32);
    const second = filled(vectors, options);
    moved.forEach((v, i) => second.index.upsert(i + 1, v, category(i + 1)));
    second.index.buildIfLarge();
    await second.index.whenBuilt();
    expect(second.index.graphTiming?.source).toBe('built');
    expect(second.index.search([moved[3]!, moved[3]!], 1)[0][0]?.id).toBe(4);

    // Its rows are current now, so the next start loads it; another tag (a new descriptor version) builds.
    const third = filled(vectors, options);
    moved.forEach((v, i) => third.index.upsert(i + 1, v, category(i + 1)));
    third.index.buildIfLarge();
    await third.index.whenBuilt();
    expect(third.index.graphTiming).toMatchObject({ source: 'loaded', patchedRows: 0 });
    const retagged = filled(vectors, { ...options, graphTag: 'descriptor-7' });
    retagged.index.buildIfLarge();
    await retagged.index.whenBuilt();
    expect(retagged.index.graphTiming?.source).toBe('built');
  });
});
