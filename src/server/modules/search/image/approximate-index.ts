import { createRequire } from 'node:module';
import { BruteForceIndex } from './vector-index';
import type { CandidateHit, CandidateIndex, CategoryFilter } from './vector-index';
import { IMAGE_SEARCH_MSG } from './messages';

// Stage one past the size where an exact scan stays within the search budget. Below
// `approximateFromRows` every search is exact (BruteForceIndex). From there an HNSW graph (usearch,
// prebuilt Node-API binaries) is built in the background, in small slices between requests, and
// unfiltered searches use it once it is ready; the exact index is kept beside it, so a category
// filter (rare, and narrow: the graph would have to be searched far too deep to fill k) and the time
// the graph is being built are still answered exactly. If the native module cannot be loaded on
// this platform, everything stays exact and the log says so.

/** Rows (3 per work) past which the graph is built: 100 000 works, where the exact scan takes ~10 ms. */
export const APPROXIMATE_FROM_ROWS = 300_000;
/** Vectors added to the graph per slice; each slice blocks the event loop for a few ms only. */
const BUILD_SLICE = 64;
/** Candidates asked of the graph per wanted hit: the graph ranks by the full vector's product. */
const OVERFETCH = 2;

type UsearchMatches = { keys: BigUint64Array; distances: Float32Array };
type UsearchIndex = {
  add(keys: bigint | BigUint64Array, vectors: Float32Array, threads?: number): void;
  search(vector: Float32Array, k: number, threads?: number): UsearchMatches;
  remove(keys: bigint): number;
  contains(key: bigint): boolean;
  size(): number;
};
type UsearchModule = {
  Index: new (options: {
    dimensions: number;
    metric: string;
    quantization: string;
    connectivity: number;
    expansion_add: number;
    expansion_search: number;
  }) => UsearchIndex;
  MetricKind: { IP: string };
  ScalarKind: { F16: string };
};

let usearchModule: UsearchModule | null | undefined;

/** The usearch module, or null (once, with the reason) when this platform has no binary for it. */
function loadUsearch(log: (line: string) => void): UsearchModule | null {
  if (usearchModule !== undefined) return usearchModule;
  try {
    const loaded = createRequire(import.meta.url)('usearch') as
      UsearchModule | { default: UsearchModule };
    usearchModule = 'Index' in loaded ? loaded : loaded.default;
  } catch (err) {
    usearchModule = null;
    log(IMAGE_SEARCH_MSG.log.approximateUnavailable(String(err)));
  }
  return usearchModule;
}

/** How a row is placed in a graph: the vector as the graph's own metric should see it. */
export type GraphView = (vector: Float32Array) => Float32Array;

export type ApproximateIndexOptions = {
  /**
   * One graph per query slot, each built on its own view of the rows, so the structure-only query
   * and the structure + colour query each walk a graph made for their product. Default: one graph
   * on the rows as they are, for both queries.
   */
  graphViews?: readonly [GraphView, GraphView];
  /** Rows past which the graph is built (default APPROXIMATE_FROM_ROWS). */
  approximateFromRows?: number;
  log?: (line: string) => void;
  /** Yields between build slices; tests pass a synchronous one. */
  yieldBetweenSlices?: () => Promise<void>;
};

export class ScalingCandidateIndex implements CandidateIndex {
  private readonly exact: BruteForceIndex;
  /** One graph, or one per query slot (graphViews); null until built. */
  private graphs: UsearchIndex[] | null = null;
  private readonly views: readonly GraphView[];
  /** Ids of rows the graph does not hold yet, or holds an older vector of; vectors come from `exact`. */
  private readonly unbuilt = new Set<number>();
  private building: Promise<void> | null = null;
  private readonly threshold: number;
  private readonly log: (line: string) => void;
  private readonly yieldSlice: () => Promise<void>;

  readonly dims: number;

  constructor(dims: number, options: ApproximateIndexOptions = {}) {
    this.exact = new BruteForceIndex(dims);
    this.dims = this.exact.dims;
    this.threshold = options.approximateFromRows ?? APPROXIMATE_FROM_ROWS;
    this.views = options.graphViews ?? [(v) => v];
    this.log = options.log ?? (() => undefined);
    this.yieldSlice =
      options.yieldBetweenSlices ?? (() => new Promise((resolve) => setImmediate(resolve)));
  }

  get size(): number {
    return this.exact.size;
  }

  /** 'approximate' once the graph answers unfiltered searches. */
  get mode(): 'exact' | 'building' | 'approximate' {
    if (this.building) return 'building';
    return this.graphs ? 'approximate' : 'exact';
  }

  /** Resolves when no graph build is running. */
  async whenBuilt(): Promise<void> {
    while (this.building) await this.building;
  }

  has(id: number): boolean {
    return this.exact.has(id);
  }

  upsert(id: number, vector: Float32Array, category: { kid: number; parentKid: number }): void {
    this.exact.upsert(id, vector, category);
    if (this.graphs || this.building) {
      // The graph copy follows, in the build loop (also for a work edited while building).
      this.unbuilt.add(id);
      this.startBuild();
    } else if (this.exact.size > this.threshold) {
      this.startBuild();
    }
  }

  remove(id: number): void {
    this.exact.remove(id);
    this.unbuilt.delete(id);
    const key = BigInt(id);
    for (const graph of this.graphs ?? []) if (graph.contains(key)) graph.remove(key);
  }

  search(
    queries: readonly [Float32Array, Float32Array],
    k: number,
    filter?: CategoryFilter,
  ): [CandidateHit[], CandidateHit[]] {
    const graphs = this.graphs;
    if (!graphs || this.building || (filter && filter.size > 0)) {
      return this.exact.search(queries, k, filter);
    }
    const graphFor = (slot: number) => graphs[Math.min(slot, graphs.length - 1)]!;
    return [
      this.searchGraph(graphFor(0), queries[0], k),
      this.searchGraph(graphFor(1), queries[1], k),
    ];
  }

  private searchGraph(graph: UsearchIndex, query: Float32Array, k: number): CandidateHit[] {
    const padded = new Float32Array(this.dims);
    padded.set(query.subarray(0, this.dims));
    const matches = graph.search(padded, Math.min(k * OVERFETCH, graph.size()), 1);
    const hits: CandidateHit[] = [];
    for (let i = 0; i < matches.keys.length; i++) {
      const id = Number(matches.keys[i]!);
      if (!this.exact.has(id)) continue;
      // usearch's inner-product distance is 1 − product.
      hits.push({ id, score: 1 - matches.distances[i]! });
    }
    hits.sort((a, b) => b.score - a.score || a.id - b.id);
    return hits.slice(0, k);
  }

  /** Starts (or keeps) the background build: the first time every row, later the changed ones. */
  private startBuild(): void {
    if (this.building) return;
    const usearch = loadUsearch(this.log);
    if (!usearch) return;
    if (!this.graphs) {
      for (const id of this.exact.allIds()) this.unbuilt.add(id);
    }
    if (this.unbuilt.size === 0) return;
    const firstBuild = !this.graphs;
    const graphs =
      this.graphs ??
      this.views.map(
        () =>
          new usearch.Index({
            dimensions: this.dims,
            metric: usearch.MetricKind.IP,
            quantization: usearch.ScalarKind.F16,
            connectivity: 16,
            expansion_add: 128,
            expansion_search: 128,
          }),
      );
    const started = performance.now();
    if (firstBuild) this.log(IMAGE_SEARCH_MSG.log.approximateBuilding(this.unbuilt.size));
    this.building = (async () => {
      while (this.unbuilt.size > 0) {
        let n = 0;
        for (const id of this.unbuilt) {
          this.unbuilt.delete(id);
          const key = BigInt(id);
          const vector = this.exact.vectorOf(id);
          graphs.forEach((graph, g) => {
            if (graph.contains(key)) graph.remove(key);
            if (!vector) return;
            const padded = new Float32Array(this.dims);
            padded.set(this.views[g]!(vector).subarray(0, this.dims));
            graph.add(key, padded, 1);
          });
          if (++n >= BUILD_SLICE) break;
        }
        await this.yieldSlice();
      }
      this.graphs = graphs;
      if (firstBuild) {
        this.log(
          IMAGE_SEARCH_MSG.log.approximateReady(
            graphs[0]!.size(),
            Math.round(performance.now() - started),
          ),
        );
      }
    })()
      .catch((err: unknown) => {
        this.log(IMAGE_SEARCH_MSG.log.approximateFailed(String(err)));
      })
      .finally(() => {
        this.building = null;
      });
  }
}
