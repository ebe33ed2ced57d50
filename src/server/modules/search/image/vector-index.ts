import { SIMD_AVAILABLE, SimdInt8Matrix } from './simd-scan';

export type CandidateHit = { id: number; score: number };

/** What the stage-one filter keeps: items of one of these categories (leaf or parent kid). */
export type CategoryFilter = ReadonlySet<number> | null;

/**
 * Stage one of a search: the best `k` items by inner product with each of two query vectors
 * (structure only, and structure + colour), computed in one pass. The exact implementation below
 * is the default; an approximate index (HNSW, e.g. usearch) implements the same type once the
 * catalogue outgrows a brute-force scan (see docs/benchmarks.md, "Scaling past 100 000 works").
 */
export type CandidateIndex = {
  readonly size: number;
  readonly dims: number;
  has(id: number): boolean;
  upsert(id: number, vector: Float32Array, category: { kid: number; parentKid: number }): void;
  remove(id: number): void;
  search(
    queries: readonly [Float32Array, Float32Array],
    k: number,
    filter?: CategoryFilter,
  ): [CandidateHit[], CandidateHit[]];
};

/** Fixed-size min-heap keeping the k largest scores. */
class TopK {
  private scores: Float32Array;
  private slots: Int32Array;
  size = 0;
  constructor(private readonly k: number) {
    this.scores = new Float32Array(k);
    this.slots = new Int32Array(k);
  }
  get threshold(): number {
    return this.size < this.k ? -Infinity : this.scores[0]!;
  }
  push(score: number, slot: number): void {
    const { scores, slots } = this;
    if (this.size < this.k) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (scores[parent]! <= score) break;
        scores[i] = scores[parent]!;
        slots[i] = slots[parent]!;
        i = parent;
      }
      scores[i] = score;
      slots[i] = slot;
      return;
    }
    if (score <= scores[0]!) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.k) break;
      const right = left + 1;
      const child = right < this.k && scores[right]! < scores[left]! ? right : left;
      if (scores[child]! >= score) break;
      scores[i] = scores[child]!;
      slots[i] = slots[child]!;
      i = child;
    }
    scores[i] = score;
    slots[i] = slot;
  }
  sorted(ids: Int32Array): CandidateHit[] {
    const out: CandidateHit[] = [];
    for (let i = 0; i < this.size; i++)
      out.push({ id: ids[this.slots[i]!]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || a.id - b.id);
  }
}

const roundUp16 = (n: number) => Math.ceil(n / 16) * 16;

/**
 * Exact search: every vector is scored, as int8 in WebAssembly SIMD when present (stage two
 * re-scores the candidates in float, so the ~0.3 % quantisation error only blurs the cut-off),
 * plain float loops otherwise.
 */
export class BruteForceIndex implements CandidateIndex {
  readonly dims: number;
  private readonly matrix: SimdInt8Matrix | null;
  private outA = new Float32Array(0);
  private outB = new Float32Array(0);
  private plain: Float32Array = new Float32Array(0);
  private ids = new Int32Array(1024);
  private kids = new Int32Array(1024);
  private parents = new Int32Array(1024);
  private readonly slotOf = new Map<number, number>();
  private count = 0;

  constructor(dims: number, options: { simd?: boolean } = {}) {
    this.dims = roundUp16(dims);
    this.matrix = (options.simd ?? SIMD_AVAILABLE) ? new SimdInt8Matrix(this.dims) : null;
  }

  get size(): number {
    return this.count;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  private grow(rows: number): void {
    if (rows <= this.ids.length) return;
    const cap = Math.max(rows, this.ids.length * 2);
    const resize = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.ids = resize(this.ids);
    this.kids = resize(this.kids);
    this.parents = resize(this.parents);
  }

  upsert(id: number, vector: Float32Array, category: { kid: number; parentKid: number }): void {
    let slot = this.slotOf.get(id);
    if (slot === undefined) {
      slot = this.count++;
      this.grow(this.count);
      this.slotOf.set(id, slot);
    }
    this.ids[slot] = id;
    this.kids[slot] = category.kid;
    this.parents[slot] = category.parentKid;
    if (this.matrix) {
      this.matrix.setRow(slot, vector);
    } else {
      if ((slot + 1) * this.dims > this.plain.length) {
        const next = new Float32Array(Math.max((slot + 1) * this.dims, this.plain.length * 2));
        next.set(this.plain);
        this.plain = next;
      }
      this.plain.fill(0, slot * this.dims, (slot + 1) * this.dims);
      this.plain.set(vector.subarray(0, this.dims), slot * this.dims);
    }
  }

  /** Ids of every row, for building another index from this one. */
  allIds(): number[] {
    return Array.from(this.ids.subarray(0, this.count));
  }

  /** A row's vector (int8 rows come back scaled to floats), or undefined when absent. */
  vectorOf(id: number): Float32Array | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    return this.matrix
      ? this.matrix.getRow(slot)
      : this.plain.slice(slot * this.dims, (slot + 1) * this.dims);
  }

  /** A digest of the row as stored (equal digests: the same vector), undefined when absent. */
  digestOf(id: number): number | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    if (this.matrix) return this.matrix.digestRow(slot);
    const words = new Uint32Array(this.plain.buffer, slot * this.dims * 4, this.dims);
    let h = 0x811c9dc5;
    for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i]!, 0x01000193);
    return h >>> 0;
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    const last = --this.count;
    this.slotOf.delete(id);
    if (slot !== last) {
      // Keep rows dense: the last row moves into the hole.
      const movedId = this.ids[last]!;
      this.ids[slot] = movedId;
      this.kids[slot] = this.kids[last]!;
      this.parents[slot] = this.parents[last]!;
      this.slotOf.set(movedId, slot);
      if (this.matrix) this.matrix.copyRow(last, slot);
      else this.plain.copyWithin(slot * this.dims, last * this.dims, (last + 1) * this.dims);
    }
  }

  private scores(q1: Float32Array, q2: Float32Array): { a: Float32Array; b: Float32Array } {
    const n = this.count;
    if (this.matrix) {
      if (this.outA.length < n) {
        this.outA = new Float32Array(Math.max(n, this.outA.length * 2));
        this.outB = new Float32Array(this.outA.length);
      }
      this.matrix.scan2(q1, q2, n, this.outA, this.outB);
      return { a: this.outA, b: this.outB };
    }
    const a = new Float32Array(n);
    const b = new Float32Array(n);
    const d = this.dims;
    // Rows are padded to a multiple of 16 floats; queries may be shorter.
    const pad = (q: Float32Array) => {
      const out = new Float32Array(d);
      out.set(q.subarray(0, d));
      return out;
    };
    q1 = pad(q1);
    q2 = pad(q2);
    const v = this.plain;
    for (let s = 0; s < n; s++) {
      let x = 0;
      let y = 0;
      const base = s * d;
      for (let i = 0; i < d; i++) {
        const value = v[base + i]!;
        x += q1[i]! * value;
        y += q2[i]! * value;
      }
      a[s] = x;
      b[s] = y;
    }
    return { a, b };
  }

  /**
   * The best `k` of the given rows by each query's product (absent ids are skipped): an
   * approximate index's candidates, re-scored on the rows the exact scan reads.
   */
  scoreRows(
    ids: readonly number[],
    queries: readonly [Float32Array, Float32Array],
    k: number,
  ): [CandidateHit[], CandidateHit[]] {
    const a: CandidateHit[] = [];
    const b: CandidateHit[] = [];
    const [q1, q2] = queries;
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      let x = 0;
      let y = 0;
      if (this.matrix) [x, y] = this.matrix.dot2(slot, q1, q2);
      else {
        const base = slot * this.dims;
        const n = Math.min(this.dims, q1.length, q2.length);
        for (let i = 0; i < n; i++) {
          x += q1[i]! * this.plain[base + i]!;
          y += q2[i]! * this.plain[base + i]!;
        }
      }
      a.push({ id, score: x });
      b.push({ id, score: y });
    }
    const best = (hits: CandidateHit[]) =>
      hits.sort((p, q) => q.score - p.score || p.id - q.id).slice(0, k);
    return [best(a), best(b)];
  }

  search(
    queries: readonly [Float32Array, Float32Array],
    k: number,
    filter: CategoryFilter = null,
  ): [CandidateHit[], CandidateHit[]] {
    const n = this.count;
    if (n === 0 || k <= 0) return [[], []];
    const { a, b } = this.scores(queries[0], queries[1]);
    const topA = new TopK(Math.min(k, n));
    const topB = new TopK(Math.min(k, n));
    const { kids, parents } = this;
    for (let s = 0; s < n; s++) {
      if (filter && !filter.has(kids[s]!) && !filter.has(parents[s]!)) continue;
      const sa = a[s]!;
      if (sa > topA.threshold) topA.push(sa, s);
      const sb = b[s]!;
      if (sb > topB.threshold) topB.push(sb, s);
    }
    return [topA.sorted(this.ids), topB.sorted(this.ids)];
  }
}
