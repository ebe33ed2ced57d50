import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { ImageDecodeError } from './decode';
import {
  COARSE_DIMS,
  DESCRIPTOR_VERSION,
  FINE_DIMS,
  deserialiseDescriptor,
  extractFineSpectrum,
  extractIndexDescriptor,
  extractQueryDescriptor,
  serialiseDescriptor,
} from './descriptors';
import type { ImageDescriptor } from './descriptors';
import type { QueryDescriptor } from './query-views';
import { ScalingCandidateIndex } from './approximate-index';
import { ImageMatcher, STAGE_ONE_GRAPH_WEIGHTS } from './searcher';
import type { RankedHit, SearchOptions } from './searcher';
import { IMAGE_SEARCH_MSG } from './messages';

// The image-search index of published works, in memory, rebuilt from the database at start.
// Descriptors live in work_image_descriptors, so a restart only reads rows; works published before
// this module existed (or with an outdated descriptor) are described in the background while the
// index already answers from what it holds.

export type ImageIndexStatus = {
  /** Published works searchable now. */
  indexed: number;
  /** Works waiting for a descriptor. */
  pending: number;
  /** The first load from the database has finished. */
  loaded: boolean;
};

export type ImageSearchIndexOptions = {
  /** How often to pick up works other servers published or withdrew; 0 = never. */
  syncIntervalMs?: number;
  /**
   * Where the stage-one graph (past 100 000 works) is kept between starts, a path without
   * extension (approximate-index.ts); undefined = built again at every start.
   */
  graphFile?: string;
  /** Stage-one rows (3 a work) past which the graph is used (default 300 000); tests lower it. */
  approximateFromRows?: number;
  log?: (line: string) => void;
};

type WorkRow = {
  id: number;
  category_kid: number;
  parent_kid: number | null;
  original_key: string | null;
  preview_key: string | null;
  version: number | null;
  source_key: string | null;
  public_key: string | null;
  updated_at: string | null;
};

const LOAD_PAGE = 500;
/** Works read per query by a full reconcile (a million works are read in ranges of ids). */
const ROWS_PAGE = 5_000;

/** A stored float32 vector back to numbers; null when absent or not a fine spectrum. */
function readFine(bytes: Uint8Array | null): Float32Array | null {
  if (!bytes || bytes.length !== FINE_DIMS * 4) return null;
  const out = new Float32Array(FINE_DIMS);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < FINE_DIMS; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

function writeFine(fine: Float32Array): Buffer {
  const out = Buffer.alloc(fine.length * 4);
  for (let i = 0; i < fine.length; i++) out.writeFloatLE(fine[i]!, i * 4);
  return out;
}
const hex = (hash: Uint32Array) =>
  Array.from(hash, (w) => w.toString(16).padStart(8, '0')).join('');

export class ImageSearchIndex {
  /**
   * Exact stage one up to 100 000 works, an HNSW graph (structure + 0.4 colour) past that
   * (approximate-index.ts), built once the first load is done, or loaded from its file.
   */
  private readonly candidates: ScalingCandidateIndex;
  private readonly matcher: ImageMatcher;
  /** updated_at of the stored descriptor each indexed work was loaded from. */
  private readonly loadedAt = new Map<number, string>();
  private readonly pending = new Map<number, WorkRow>();
  /** Works whose original could not be read; retried when the work changes. */
  private readonly failed = new Set<number>();
  /** Works being described now, each with whether it was withdrawn meanwhile. */
  private readonly inFlight = new Map<number, { withdrawn: boolean; done: Promise<void> }>();
  private syncing: Promise<void> | null = null;
  private readonly refreshing = new Set<Promise<void>>();
  private worker: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private loaded = false;
  private stopped = false;
  private described = 0;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'storage'>,
    private readonly options: ImageSearchIndexOptions = {},
  ) {
    this.candidates = new ScalingCandidateIndex(COARSE_DIMS, {
      graphWeights: STAGE_ONE_GRAPH_WEIGHTS,
      graphFile: options.graphFile,
      approximateFromRows: options.approximateFromRows,
      graphTag: `descriptor-${DESCRIPTOR_VERSION}`,
      buildOnThreshold: false,
      log: (line) => this.log(line),
    });
    this.matcher = new ImageMatcher(this.candidates);
  }

  private get db(): Kysely<Database> {
    return this.deps.db;
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  /** Loads the index and starts the background work; resolves once the load from the database is done. */
  async start(): Promise<void> {
    await this.sync();
    const every = this.options.syncIntervalMs ?? 0;
    if (every > 0 && !this.stopped && !this.timer) {
      this.timer = setInterval(() => {
        this.sync().catch((err: unknown) => this.log(IMAGE_SEARCH_MSG.log.syncFailed(String(err))));
      }, every);
      this.timer.unref();
    }
  }

  /** Whether the periodic sync is scheduled (closing the app must end it). */
  get scheduled(): boolean {
    return this.timer !== null;
  }

  stop(): void {
    this.stopped = true;
    this.candidates.close();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  status(): ImageIndexStatus {
    return { indexed: this.matcher.size, pending: this.pending.size, loaded: this.loaded };
  }

  /** Stage one's state: exact, graph being built or loaded, or graph ready (and how it came). */
  graphStatus() {
    return { mode: this.candidates.mode, timing: this.candidates.graphTiming };
  }

  /** Resolves when no graph build or load is running (tests, tools). */
  async whenGraphBuilt(): Promise<void> {
    await this.candidates.whenBuilt();
  }

  /** Resolves when no load or background description is running (tests, tools). */
  async whenIdle(): Promise<void> {
    while (this.syncing || this.worker || this.refreshing.size > 0) {
      await Promise.all([this.syncing, this.worker, ...this.refreshing]);
    }
    // Once stopped, a graph build ends after its current step (a building worker is ended).
    if (this.stopped) await this.candidates.whenBuilt();
  }

  /**
   * Makes the index agree with the database: every published work in it, with its current
   * descriptor and category; everything else out of it.
   */
  sync(): Promise<void> {
    this.syncing ??= this.reconcile(null).finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /** Re-reads these works (published, withdrawn, edited, new image) and updates the index. */
  async refreshWorks(workIds: readonly number[]): Promise<void> {
    if (workIds.length === 0 || this.stopped) return;
    for (const id of workIds) this.failed.delete(id);
    const running = this.reconcile(workIds);
    this.refreshing.add(running);
    try {
      await running;
    } finally {
      this.refreshing.delete(running);
    }
  }

  /**
   * Adds or refreshes one work when it is published (a no-op for works that are not), described
   * now rather than behind the background queue: a copy sent for review a moment after the
   * original's approval must already meet it in the duplicate check.
   */
  async indexWork(workId: number): Promise<void> {
    await this.refreshWorks([workId]);
    const row = this.pending.get(workId);
    if (row && !this.stopped) {
      this.pending.delete(workId);
      await this.describe(row);
    } else {
      // The background worker took it first (a change notice ran the same reconcile): wait for it
      // rather than describing it a second time.
      await this.inFlight.get(workId)?.done;
    }
  }

  /** Takes a work out of search at once (withdrawn, deleted). */
  removeWork(workId: number): void {
    this.matcher.delete(workId);
    this.loadedAt.delete(workId);
    this.pending.delete(workId);
    const running = this.inFlight.get(workId);
    if (running) running.withdrawn = true;
  }

  get(workId: number): ImageDescriptor | undefined {
    return this.matcher.get(workId);
  }

  /** Ranked works for a query; a photo's printed-region views count too (query-views.ts). */
  search(
    descriptor: QueryDescriptor,
    options: SearchOptions,
  ): { same: RankedHit[]; similar: RankedHit[] } {
    return this.matcher.search(descriptor, options);
  }

  private async rows(workIds: readonly number[] | null): Promise<WorkRow[]> {
    const query = this.db
      .selectFrom('works as w')
      .innerJoin('categories as c', 'c.kid', 'w.category_kid')
      .leftJoin('work_images as wi', (join) =>
        join.onRef('wi.work_id', '=', 'w.id').on('wi.kind', '=', 'original'),
      )
      .leftJoin('work_images as wp', (join) =>
        join.onRef('wp.work_id', '=', 'w.id').on('wp.kind', '=', 'preview'),
      )
      .leftJoin('work_image_descriptors as d', 'd.work_id', 'w.id')
      .select([
        'w.id',
        'w.category_kid',
        'c.parent_kid',
        'wi.storage_key as original_key',
        'wp.storage_key as preview_key',
        'd.version',
        'd.source_key',
        'd.public_key',
        'd.updated_at',
        'w.status',
      ]);
    if (workIds) {
      const rows = await query.where('w.id', 'in', [...workIds]).execute();
      return rows.filter((r) => r.status === 'published');
    }
    // All works: in ranges of ids with a turn of the event loop between (SQLite's driver blocks;
    // one query over a million works held a starting server for 19-31 s). By id range alone: with
    // the status in the query SQLite may walk the status index instead, for every range.
    const last = await this.db
      .selectFrom('works')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const rows: WorkRow[] = [];
    for (let from = 0; from < Number(last?.id ?? 0) && !this.stopped; from += ROWS_PAGE) {
      const page = await query
        .where('w.id', '>', from)
        .where('w.id', '<=', from + ROWS_PAGE)
        .execute();
      for (const row of page) if (row.status === 'published') rows.push(row);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return rows;
  }

  private async reconcile(workIds: readonly number[] | null): Promise<void> {
    if (this.stopped) return;
    const rows = await this.rows(workIds);
    const published = new Set(rows.map((r) => r.id));
    // Out: works that are no longer published (all of them on a full sync, else of those asked).
    const asked = workIds ?? [...this.loadedAt.keys(), ...this.pending.keys()];
    for (const id of asked) if (!published.has(id)) this.removeWork(id);

    const toLoad: WorkRow[] = [];
    for (const row of rows) {
      const current =
        row.version === DESCRIPTOR_VERSION &&
        row.source_key !== null &&
        row.source_key === row.original_key &&
        row.public_key === row.preview_key;
      if (current) {
        if (this.loadedAt.get(row.id) !== row.updated_at || workIds) toLoad.push(row);
      } else if (row.original_key && !this.failed.has(row.id)) {
        this.pending.set(row.id, row);
      }
    }
    for (let i = 0; i < toLoad.length && !this.stopped; i += LOAD_PAGE) {
      await this.load(toLoad.slice(i, i + LOAD_PAGE));
      // Let requests in between pages: a large catalogue loads while the server answers.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (!this.loaded && workIds === null) {
      this.loaded = true;
      this.log(IMAGE_SEARCH_MSG.log.loaded(this.matcher.size, this.pending.size));
    }
    // Past the threshold, the graph is loaded or built from every row at once.
    if (this.loaded && !this.stopped) this.candidates.buildIfLarge();
    this.kick();
  }

  private async load(rows: readonly WorkRow[]): Promise<void> {
    const stored = await this.db
      .selectFrom('work_image_descriptors')
      .select(['work_id', 'descriptor', 'public_fine', 'updated_at'])
      .where(
        'work_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    const byId = new Map(stored.map((s) => [s.work_id, s]));
    for (const row of rows) {
      const s = byId.get(row.id);
      const descriptor = s ? deserialiseDescriptor(s.descriptor) : null;
      if (!s || !descriptor) {
        if (row.original_key) this.pending.set(row.id, row);
        continue;
      }
      this.matcher.set(
        row.id,
        descriptor,
        { kid: row.category_kid, parentKid: row.parent_kid ?? 0 },
        readFine(s.public_fine),
      );
      this.loadedAt.set(row.id, s.updated_at);
    }
  }

  /** Starts the background describer if there is work for it. */
  private kick(): void {
    if (this.worker || this.pending.size === 0 || this.stopped) return;
    this.worker = this.describePending()
      .catch((err: unknown) => this.log(IMAGE_SEARCH_MSG.log.describeInterrupted(String(err))))
      .finally(() => {
        this.worker = null;
        if (this.pending.size > 0 && !this.stopped) this.kick();
      });
  }

  private async describePending(): Promise<void> {
    const total = this.pending.size;
    let done = 0;
    while (this.pending.size > 0 && !this.stopped) {
      const [id, row] = this.pending.entries().next().value as [number, WorkRow];
      this.pending.delete(id);
      await this.describe(row);
      done += 1;
      if (done % 50 === 0 || (done === total && total >= 10)) {
        this.log(IMAGE_SEARCH_MSG.log.describeProgress(done, total));
      }
      // One at a time, yielding between works, so requests keep their share of the CPU.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Describes one work and adds it, unless it was withdrawn meanwhile (its row is still stored). */
  private describe(row: WorkRow): Promise<void> {
    const flight = { withdrawn: false, done: Promise.resolve() };
    flight.done = this.describeInto(row, flight).finally(() => {
      if (this.inFlight.get(row.id) === flight) this.inFlight.delete(row.id);
    });
    this.inFlight.set(row.id, flight);
    return flight.done;
  }

  private async describeInto(row: WorkRow, flight: { withdrawn: boolean }): Promise<void> {
    if (!row.original_key) return;
    const object = await this.deps.storage.get(row.original_key);
    if (this.stopped) return;
    if (!object) {
      this.failed.add(row.id);
      this.log(IMAGE_SEARCH_MSG.log.originalMissing(row.id));
      return;
    }
    let descriptor: ImageDescriptor;
    try {
      descriptor = await extractIndexDescriptor(object.body);
    } catch (err) {
      this.failed.add(row.id);
      const reason = err instanceof ImageDecodeError ? err.failure.kind : String(err);
      this.log(IMAGE_SEARCH_MSG.log.originalUnreadable(row.id, reason));
      return;
    }
    const publicFine = await this.describePublicCopy(row);
    if (this.stopped) return;
    const updatedAt = new Date().toISOString();
    const values = {
      version: DESCRIPTOR_VERSION,
      descriptor: serialiseDescriptor(descriptor),
      hash: hex(descriptor.hash),
      source_key: row.original_key,
      public_fine: publicFine ? writeFine(publicFine) : null,
      public_key: row.preview_key,
      updated_at: updatedAt,
    };
    await this.db
      .insertInto('work_image_descriptors')
      .values({ work_id: row.id, ...values })
      .onConflict((oc) => oc.column('work_id').doUpdateSet(values))
      .execute();
    this.described += 1;
    // Withdrawn while it was being described: the stored row stays for a later republish.
    if (flight.withdrawn) return;
    this.matcher.set(
      row.id,
      descriptor,
      { kid: row.category_kid, parentKid: row.parent_kid ?? 0 },
      publicFine,
    );
    this.loadedAt.set(row.id, updatedAt);
  }

  /**
   * The fine spectrum of the work's public preview, described as a query would be: the copy most
   * buyers have (a screenshot or a saved preview) carries the marketplace's watermark, whose lattice
   * changes the spectrum enough (correlation 0.85–0.99, sometimes ~0) that the original alone would
   * leave such copies under 相似. A missing or unreadable preview only loses this, not the work.
   */
  private async describePublicCopy(row: WorkRow): Promise<Float32Array | null> {
    if (!row.preview_key) return null;
    try {
      const object = await this.deps.storage.get(row.preview_key);
      if (!object) return null;
      return await extractFineSpectrum(object.body);
    } catch (err) {
      this.log(IMAGE_SEARCH_MSG.log.previewUnreadable(row.id, String(err)));
      return null;
    }
  }

  /** Descriptors computed by this server since it started. */
  get describedCount(): number {
    return this.described;
  }
}

/** Publish/take-down hook: adds a newly published work or drops a withdrawn one. */
export async function updateImageSearchIndex(
  index: ImageSearchIndex,
  workId: number,
  published: boolean,
): Promise<void> {
  if (published) await index.indexWork(workId);
  else index.removeWork(workId);
}

/** A published work the engine takes for the same work as a picture, with a 0–1 confidence. */
export type SameWorkCandidate = { workId: number; score: number; exact: boolean };

/**
 * Published works that are the same work as `image` (recoloured, turned, offset, rescaled or
 * recompressed copies), for the duplicate check before review. Colour is ignored on purpose.
 */
export async function findSameWorks(
  index: ImageSearchIndex,
  image: Buffer,
  excludeWorkId?: number,
): Promise<SameWorkCandidate[]> {
  let descriptor: ImageDescriptor;
  try {
    descriptor = await extractQueryDescriptor(image);
  } catch (err) {
    if (err instanceof ImageDecodeError) return [];
    throw err;
  }
  const { same } = index.search(descriptor, { ignoreColor: true, limit: 50 });
  return same
    .filter((h) => h.id !== excludeWorkId)
    .map((h) => ({
      workId: h.id,
      score: Math.max(0, Math.min(1, Math.round(h.score * 1000) / 1000)),
      exact: h.exact,
    }));
}
