import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { BruteForceIndex } from './vector-index';
import type { CandidateHit, CandidateIndex, CategoryFilter } from './vector-index';
import { IMAGE_SEARCH_MSG } from './messages';

// Stage one past the size where an exact scan stays within the search budget. Below
// `approximateFromRows` every search is exact (BruteForceIndex). Past it, one HNSW graph (usearch,
// prebuilt Node-API binaries) finds the candidates of both stage-one queries, and the exact rows
// re-score them. The graph holds each row times `graphWeights` (for the image index: structure,
// then colour at its stage-one weight 0.4) and is searched with each query divided by them, so its
// inner product is the query's own product with the row: the structure-only query (colour 0) and
// the structure + 0.4 colour query walk one graph, at the memory and build time of one.
//
// The graph is built in a worker thread (the event loop only hands it the vectors), saved to a
// file and loaded from it; with `graphFile` that file is kept, so the next start loads it in
// seconds instead of building for many minutes. Beside it a list of every row's id and a digest of
// the vector it was built from: at load, rows added, changed or removed since are brought up to
// date in small slices; when more than a tenth are stale (or the format differs) it is built again.
//
// The exact index is always kept: it answers while the graph is built or loaded, and for category
// filters (a narrow filter would need the graph searched far too deep to fill k). If the native
// module cannot be loaded on this platform, everything stays exact and the log says so.

/** Rows (3 per work) past which the graph is built: 100 000 works, where the exact scan takes ~10 ms. */
export const APPROXIMATE_FROM_ROWS = 300_000;
/** Changed rows applied to a ready graph per slice, between requests. */
const UPDATE_SLICE = 16;
/** Rows handed to the building worker per message. */
const BUILD_CHUNK = 8192;
/**
 * Graph candidates beyond the wanted rows, re-scored by the exact rows: the graph ranks by int8
 * products, so near the cut-off its order can differ from the exact one.
 */
const MARGIN = 32;
/** Share of stale rows past which a stored graph is rebuilt instead of patched. */
const STALE_REBUILD = 0.1;
/** Bump when the graph's layout or parameters change: stored graphs of another format are rebuilt. */
const GRAPH_FORMAT = 'usearch-ip-i8-m16-ef64-v1';
const GRAPH_PARAMS = {
  connectivity: 16,
  expansion_add: 64,
  expansion_search: 128,
} as const;

type UsearchMatches = { keys: BigUint64Array; distances: Float32Array };
type UsearchIndex = {
  add(keys: bigint | BigUint64Array, vectors: Float32Array, threads?: number): void;
  search(vector: Float32Array, k: number, threads?: number): UsearchMatches;
  remove(keys: bigint): number;
  contains(key: bigint): boolean;
  size(): number;
  load(path: string): void;
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
  ScalarKind: { I8: string };
};

const requireHere = createRequire(import.meta.url);
let usearchModule: UsearchModule | null | undefined;

/** The usearch module, or null (once, with the reason) when this platform has no binary for it. */
function loadUsearch(log: (line: string) => void): UsearchModule | null {
  if (usearchModule !== undefined) return usearchModule;
  try {
    const loaded = requireHere('usearch') as UsearchModule | { default: UsearchModule };
    usearchModule = 'Index' in loaded ? loaded : loaded.default;
  } catch (err) {
    usearchModule = null;
    log(IMAGE_SEARCH_MSG.log.approximateUnavailable(String(err)));
  }
  return usearchModule;
}

function newGraph(usearch: UsearchModule, dims: number): UsearchIndex {
  return new usearch.Index({
    dimensions: dims,
    metric: usearch.MetricKind.IP,
    quantization: usearch.ScalarKind.I8,
    ...GRAPH_PARAMS,
  });
}

// The worker: plain JavaScript, evaluated, so it runs the same under tsx, vitest and a bundle. It
// builds the graph from the chunks it is sent (one at a time: the sender waits for each answer,
// so at most one chunk is in flight), saves it and ends.
const BUILD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const usearch = require(workerData.usearchPath);
const index = new usearch.Index(workerData.options);
parentPort.on('message', (message) => {
  try {
    if (message.type === 'add') {
      index.add(message.keys, message.vectors, workerData.threads);
      parentPort.postMessage({ type: 'added' });
    } else if (message.type === 'save') {
      index.save(message.path);
      parentPort.postMessage({ type: 'saved', size: index.size() });
    }
  } catch (err) {
    parentPort.postMessage({ type: 'error', message: String(err && err.stack || err) });
  }
});
`;

type WorkerAnswer =
  { type: 'added' } | { type: 'saved'; size: number } | { type: 'error'; message: string };

/** A graph being built in a worker thread; each call waits for the worker's answer. */
class GraphBuilder {
  private readonly worker: Worker;
  private waiting: { resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;
  private ended = false;

  constructor(usearch: UsearchModule, dims: number) {
    this.worker = new Worker(BUILD_WORKER, {
      eval: true,
      workerData: {
        usearchPath: requireHere.resolve('usearch'),
        options: {
          dimensions: dims,
          metric: usearch.MetricKind.IP,
          quantization: usearch.ScalarKind.I8,
          ...GRAPH_PARAMS,
        },
        // Leave a core to the server; usearch builds with the others.
        threads: Math.max(1, availableParallelism() - 1),
      },
    });
    const fail = (err: Error) => {
      this.failure = err;
      this.waiting?.reject(err);
      this.waiting = null;
    };
    this.worker.on('message', (answer: WorkerAnswer) => {
      const waiting = this.waiting;
      this.waiting = null;
      if (answer.type === 'error') waiting?.reject(new Error(answer.message));
      else waiting?.resolve(answer);
    });
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`graph worker exited (${code})`)));
  }

  private ask(message: object, transfer: ArrayBuffer[] = []): Promise<WorkerAnswer> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.worker.postMessage(message, transfer);
    });
  }

  async add(keys: BigUint64Array, vectors: Float32Array): Promise<void> {
    await this.ask({ type: 'add', keys, vectors }, [
      keys.buffer as ArrayBuffer,
      vectors.buffer as ArrayBuffer,
    ]);
  }

  async save(path: string): Promise<number> {
    const answer = await this.ask({ type: 'save', path });
    return answer.type === 'saved' ? answer.size : 0;
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.worker.terminate();
  }
}

type StoredRows = { ids: Int32Array; digests: Uint32Array };

/** The files of a stored graph: the usearch file, its rows (id, digest) and the manifest. */
function graphFiles(base: string) {
  return { graph: `${base}.usearch`, rows: `${base}.rows`, manifest: `${base}.json` };
}

function writeAtomically(path: string, bytes: Uint8Array | string): void {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}

export type ApproximateIndexOptions = {
  /**
   * Per-dimension weights of the rows the graph holds (default 1; beyond its length 0, i.e. not in
   * the graph). Queries are divided by them, so the graph's product is the query's product.
   */
  graphWeights?: Float32Array;
  /** Rows past which the graph is built (default APPROXIMATE_FROM_ROWS). */
  approximateFromRows?: number;
  /**
   * Where the graph is kept between starts (a path without extension: `.usearch`, `.rows` and
   * `.json` are added); undefined = a temporary file, deleted once loaded.
   */
  graphFile?: string;
  /** Part of the stored graph's format: a graph saved under another tag is rebuilt. */
  graphTag?: string;
  /**
   * Build as soon as the rows pass the threshold (default). The image index turns this off and
   * calls `buildIfLarge` after its first full load, so the build starts from every row at once.
   */
  buildOnThreshold?: boolean;
  log?: (line: string) => void;
  /** Yields between update slices; tests pass a synchronous one. */
  yieldBetweenSlices?: () => Promise<void>;
};

export type GraphTiming = {
  /** How the graph came to be: built in the worker, or loaded from a stored file and patched. */
  source: 'built' | 'loaded';
  /** From the start of the build (or load) until searches use the graph, in ms. */
  readyMs: number;
  /** Rows brought up to date after loading a stored graph. */
  patchedRows: number;
};

export class ScalingCandidateIndex implements CandidateIndex {
  private readonly exact: BruteForceIndex;
  private graph: UsearchIndex | null = null;
  /** Ids of rows the graph does not hold yet, or holds an older vector of; vectors come from `exact`. */
  private readonly unbuilt = new Set<number>();
  private building: Promise<void> | null = null;
  private readonly threshold: number;
  private readonly graphDims: number;
  private readonly weights: Float32Array;
  private readonly log: (line: string) => void;
  private readonly yieldSlice: () => Promise<void>;
  private readonly buildOnThreshold: boolean;
  private timing: GraphTiming | null = null;
  private closed = false;
  private builder: GraphBuilder | null = null;

  readonly dims: number;

  constructor(
    dims: number,
    private readonly options: ApproximateIndexOptions = {},
  ) {
    this.exact = new BruteForceIndex(dims);
    this.dims = this.exact.dims;
    this.graphDims = Math.min(options.graphWeights?.length ?? dims, this.dims);
    this.weights = options.graphWeights ?? new Float32Array(this.graphDims).fill(1);
    this.threshold = options.approximateFromRows ?? APPROXIMATE_FROM_ROWS;
    this.buildOnThreshold = options.buildOnThreshold ?? true;
    this.log = options.log ?? (() => undefined);
    this.yieldSlice =
      options.yieldBetweenSlices ?? (() => new Promise((resolve) => setImmediate(resolve)));
  }

  get size(): number {
    return this.exact.size;
  }

  /** 'approximate' once the graph answers unfiltered searches (also while it takes in changes). */
  get mode(): 'exact' | 'building' | 'approximate' {
    if (this.timing) return 'approximate';
    return this.building ? 'building' : 'exact';
  }

  /** How the graph became ready and how long it took; null before. */
  get graphTiming(): GraphTiming | null {
    return this.timing;
  }

  /** Resolves when no graph build, load or update is running. */
  async whenBuilt(): Promise<void> {
    while (this.building) await this.building;
  }

  /**
   * Drops the graph in memory, so that the next `buildIfLarge` loads it from its file (or builds
   * it): for tests and the benchmark, which measure the load.
   */
  forgetGraph(): void {
    if (this.building) throw new Error('the graph is being built');
    this.graph = null;
    this.timing = null;
    this.unbuilt.clear();
  }

  /** Stops building (the app is closing); searches stay exact or on the graph as it is. */
  close(): void {
    this.closed = true;
    // A server that is closing does not wait for a build it no longer needs.
    void this.builder?.end();
  }

  has(id: number): boolean {
    return this.exact.has(id);
  }

  upsert(id: number, vector: Float32Array, category: { kid: number; parentKid: number }): void {
    this.exact.upsert(id, vector, category);
    if (this.graph || this.building) {
      // The graph copy follows (also for a row changed while the graph is being built).
      this.unbuilt.add(id);
      this.startBuild();
    } else if (this.buildOnThreshold) {
      this.buildIfLarge();
    }
  }

  remove(id: number): void {
    this.exact.remove(id);
    if (this.building && !this.graph) {
      // The worker may hold it: taken out once the graph is loaded.
      this.unbuilt.add(id);
      return;
    }
    this.unbuilt.delete(id);
    const key = BigInt(id);
    if (this.graph?.contains(key)) this.graph.remove(key);
  }

  /** Builds (or loads) the graph when the rows are past the threshold and it is not there yet. */
  buildIfLarge(): void {
    if (!this.graph && !this.building && this.exact.size > this.threshold) this.startBuild();
  }

  /** The exact stage one, whatever the mode (the benchmark compares the graph with it). */
  searchExact(
    queries: readonly [Float32Array, Float32Array],
    k: number,
    filter?: CategoryFilter,
  ): [CandidateHit[], CandidateHit[]] {
    return this.exact.search(queries, k, filter);
  }

  search(
    queries: readonly [Float32Array, Float32Array],
    k: number,
    filter?: CategoryFilter,
  ): [CandidateHit[], CandidateHit[]] {
    // A ready graph answers while changed rows are patched in: a removed row is out of it at once,
    // and a changed one is re-scored from its new vector.
    const graph = this.timing ? this.graph : null;
    if (!graph || (filter && filter.size > 0)) {
      return this.exact.search(queries, k, filter);
    }
    // Candidates from the graph for each query (once when both are the same, as with 忽略颜色),
    // then both queries' exact products over all of them.
    const want = Math.min(k + MARGIN, graph.size());
    const candidates = new Set<number>();
    const asked = queries.map((q) => this.queryVector(q));
    const same = asked[0]!.every((x, i) => x === asked[1]![i]);
    for (const query of same ? [asked[0]!] : asked) {
      const matches = graph.search(query, want, 1);
      for (const key of matches.keys) candidates.add(Number(key));
    }
    return this.exact.scoreRows([...candidates], queries, k);
  }

  /** A row as the graph holds it: times the weights. */
  private graphVector(vector: Float32Array): Float32Array {
    const out = new Float32Array(this.graphDims);
    for (let i = 0; i < this.graphDims; i++) out[i] = (vector[i] ?? 0) * this.weights[i]!;
    return out;
  }

  /** A query as the graph is searched with it: divided by the weights (0 where they are 0). */
  private queryVector(vector: Float32Array): Float32Array {
    const out = new Float32Array(this.graphDims);
    for (let i = 0; i < this.graphDims; i++) {
      const w = this.weights[i]!;
      out[i] = w === 0 ? 0 : Math.max(-1, Math.min(1, (vector[i] ?? 0) / w));
    }
    return out;
  }

  private get tag(): string {
    const weights = createHash('sha1').update(new Uint8Array(this.weights.buffer)).digest('hex');
    return `${GRAPH_FORMAT};dims=${this.graphDims};weights=${weights.slice(0, 12)};${this.options.graphTag ?? ''}`;
  }

  /** Starts (or keeps) the background work: load or build the graph, then apply changed rows. */
  private startBuild(): void {
    if (this.building || this.closed) return;
    const usearch = loadUsearch(this.log);
    if (!usearch) return;
    this.building = (this.graph ? this.applyChanges() : this.makeGraph(usearch))
      .catch((err: unknown) => {
        if (!this.closed) this.log(IMAGE_SEARCH_MSG.log.approximateFailed(String(err)));
      })
      .finally(() => {
        this.building = null;
        // Changes that came in while the last slice ran.
        if (this.graph && this.unbuilt.size > 0 && !this.closed) this.startBuild();
      });
  }

  private async makeGraph(usearch: UsearchModule): Promise<void> {
    const started = performance.now();
    const stored = this.options.graphFile ? this.loadStored(usearch, this.options.graphFile) : null;
    let source: GraphTiming['source'] = 'loaded';
    if (stored) {
      this.graph = stored;
    } else {
      source = 'built';
      this.graph = await this.buildInWorker(usearch);
      if (!this.graph) return;
    }
    const patchedRows = this.unbuilt.size;
    await this.applyChanges();
    this.timing = { source, readyMs: Math.round(performance.now() - started), patchedRows };
    this.log(IMAGE_SEARCH_MSG.log.approximateReady(this.graph.size(), this.timing.readyMs, source));
  }

  /**
   * The stored graph when its format matches and at most STALE_REBUILD of the rows changed since
   * it was saved; rows added, changed or removed since are queued (unbuilt). Null otherwise.
   */
  private loadStored(usearch: UsearchModule, base: string): UsearchIndex | null {
    const files = graphFiles(base);
    if (!existsSync(files.manifest) || !existsSync(files.graph) || !existsSync(files.rows)) {
      return null;
    }
    let rows: StoredRows;
    try {
      const manifest = JSON.parse(readFileSync(files.manifest, 'utf8')) as {
        tag?: string;
        rows?: number;
      };
      if (manifest.tag !== this.tag) {
        this.log(IMAGE_SEARCH_MSG.log.approximateStale('format'));
        return null;
      }
      const bytes = readFileSync(files.rows);
      const count = bytes.byteLength / 8;
      if (count !== manifest.rows) return null;
      const copy = new Uint8Array(bytes).buffer;
      rows = { ids: new Int32Array(copy, 0, count), digests: new Uint32Array(copy, count * 4) };
    } catch {
      return null;
    }
    // Digests of the exact rows (the graph's rows are a fixed function of them, in the tag).
    const stale: number[] = [];
    const removed: number[] = [];
    rows.ids.forEach((id, i) => {
      const d = this.exact.digestOf(id);
      if (d === undefined) removed.push(id);
      else if (d !== rows.digests[i]) stale.push(id);
    });
    let added: number[] = [];
    if (this.exact.size > rows.ids.length - removed.length) {
      const stored = new Set(rows.ids);
      added = this.exact.allIds().filter((id) => !stored.has(id));
    }
    const changed = stale.length + removed.length + added.length;
    if (changed > STALE_REBUILD * Math.max(this.exact.size, rows.ids.length)) {
      this.log(IMAGE_SEARCH_MSG.log.approximateStale(`${changed}/${this.exact.size}`));
      return null;
    }
    const graph = newGraph(usearch, this.graphDims);
    try {
      graph.load(files.graph);
    } catch (err) {
      this.log(IMAGE_SEARCH_MSG.log.approximateStale(String(err)));
      return null;
    }
    for (const id of [...stale, ...removed, ...added]) this.unbuilt.add(id);
    return graph;
  }

  /** Builds the graph of every row in a worker thread, saves it and loads it here. */
  private async buildInWorker(usearch: UsearchModule): Promise<UsearchIndex | null> {
    const ids = this.exact.allIds();
    this.log(IMAGE_SEARCH_MSG.log.approximateBuilding(ids.length));
    // Changes from here on are applied after the load.
    this.unbuilt.clear();
    const builder = new GraphBuilder(usearch, this.graphDims);
    this.builder = builder;
    const keep = this.options.graphFile;
    const base = keep ?? join(tmpdir(), `wenyang-image-graph-${randomBytes(6).toString('hex')}`);
    const files = graphFiles(base);
    const digests = new Uint32Array(ids.length);
    const kept: number[] = [];
    try {
      for (let start = 0; start < ids.length; start += BUILD_CHUNK) {
        if (this.closed) return null;
        const part = ids.slice(start, start + BUILD_CHUNK);
        const keys = new BigUint64Array(part.length);
        const vectors = new Float32Array(part.length * this.graphDims);
        let n = 0;
        for (const id of part) {
          const vector = this.exact.vectorOf(id);
          if (!vector) continue;
          const row = this.graphVector(vector);
          digests[kept.length] = this.exact.digestOf(id)!;
          kept.push(id);
          keys[n] = BigInt(id);
          vectors.set(row, n * this.graphDims);
          n += 1;
        }
        await builder.add(keys.slice(0, n), vectors.slice(0, n * this.graphDims));
      }
      mkdirSync(dirname(files.graph), { recursive: true });
      const temporary = `${files.graph}.${randomBytes(4).toString('hex')}.tmp`;
      await builder.save(temporary);
      renameSync(temporary, files.graph);
    } finally {
      this.builder = null;
      await builder.end();
    }
    const graph = newGraph(usearch, this.graphDims);
    graph.load(files.graph);
    if (keep) {
      const rows = new Uint8Array(kept.length * 8);
      new Int32Array(rows.buffer, 0, kept.length).set(kept);
      new Uint32Array(rows.buffer, kept.length * 4).set(digests.subarray(0, kept.length));
      writeAtomically(files.rows, rows);
      writeAtomically(files.manifest, JSON.stringify({ tag: this.tag, rows: kept.length }));
    } else {
      rmSync(files.graph, { force: true });
    }
    return graph;
  }

  /** Brings the graph up to date with rows changed since it was built, in small slices. */
  private async applyChanges(): Promise<void> {
    const graph = this.graph;
    if (!graph) return;
    while (this.unbuilt.size > 0 && !this.closed) {
      let n = 0;
      for (const id of this.unbuilt) {
        this.unbuilt.delete(id);
        const key = BigInt(id);
        if (graph.contains(key)) graph.remove(key);
        const vector = this.exact.vectorOf(id);
        if (vector) graph.add(key, this.graphVector(vector), 1);
        if (++n >= UPDATE_SLICE) break;
      }
      await this.yieldSlice();
    }
  }
}
