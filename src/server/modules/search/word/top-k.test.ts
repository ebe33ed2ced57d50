import { describe, expect, it } from 'vitest';
import { TopK } from './top-k';

/** A small deterministic generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = { item: number; primary: number; secondary: number; tie: number };

/** The first k of a full sort: primary, then secondary, then tie, each higher first. */
const fullSort = (rows: readonly Row[], k: number) =>
  [...rows]
    .sort((a, b) => b.primary - a.primary || b.secondary - a.secondary || b.tie - a.tie)
    .slice(0, k)
    .map((r) => r.item);

describe('TopK', () => {
  it('keeps exactly the first k of a full sort, on random data with many ties', () => {
    const next = random(17);
    for (let round = 0; round < 200; round += 1) {
      const n = Math.floor(next() * 400);
      const k = Math.floor(next() * 60);
      // Few distinct keys, so most comparisons go down to the secondary key and the tie.
      const spread = 1 + Math.floor(next() * 6);
      const ties = [...Array(n).keys()].sort(() => next() - 0.5);
      const rows = ties.map((tie, item): Row => ({
        item,
        primary: Math.floor(next() * spread),
        secondary: Math.floor(next() * spread) * 1.5,
        tie,
      }));
      const top = new TopK(k);
      for (const r of rows) {
        if (top.admits(r.primary)) top.offer(r.item, r.primary, r.secondary, r.tie);
      }
      expect(top.sorted(), `round ${round}: n ${n}, k ${k}`).toEqual(fullSort(rows, k));
    }
  });

  it('turns away what ranks after all it keeps, and keeps nothing for k = 0', () => {
    const top = new TopK(2);
    top.offer(1, 5, 0, 1);
    top.offer(2, 3, 0, 2);
    expect(top.admits(2)).toBe(false);
    expect(top.admits(3)).toBe(true);
    top.offer(3, 3, 0, 3);
    expect(top.sorted()).toEqual([1, 3]);
    const none = new TopK(0);
    none.offer(1, 1, 1, 1);
    expect(none.sorted()).toEqual([]);
  });
});
