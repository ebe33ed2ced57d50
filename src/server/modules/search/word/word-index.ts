import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { WorkFilters, WorkSort, WorkStyle } from '@shared/contract/works';
import { WORK_STYLES } from '@shared/contract/works';
import { COLOUR_SWATCH_KEYS, swatchOf, swatchesOf } from '@shared/rules/colour-swatch';
import type { ColourSwatchKey } from '@shared/rules/colour-swatch';
import type { Database } from '../../../db/schema';
import { WORD_SEARCH_MSG } from './messages';
import { PinyinLexicon } from './pinyin-lexicon';
import { TopK } from './top-k';

// The in-memory side of the word index: posting lists read from work_terms (the durable index) plus
// the few attributes search filters and sorts by. Queries never touch the database; a search at
// 100,000 works costs about a millisecond instead of tens (docs/decisions.md "Word search").

/** The contract's /work filters without the sort (the query carries the sort on its own). */
export type WordIndexFilters = Omit<WorkFilters, 'sort'>;

/** One way a query word can match: a term (or every term it starts), at a share of the field weight. */
export type QueryAlternative = { term: string; prefix: boolean; factor: number };

/**
 * One word of an understood query: a work matches it when it has any of the alternatives (the word,
 * its near words, what its pinyin or English means). An optional group only ranks.
 */
export type QueryGroup = { alternatives: readonly QueryAlternative[]; optional?: boolean };

/** Filters read from a sentence (AI search), beyond the /work filters. */
export type SentenceFilters = {
  /** Any of these styles. */
  styles?: readonly WorkStyle[];
  /** Filed under any of these categories (or their children). */
  kids?: readonly number[];
  /** Every one of these swatches. */
  colours?: readonly ColourSwatchKey[];
};

export type WordIndexQuery = {
  /** Every word must match a term that starts with it (used when `groups` is absent). */
  words: readonly string[];
  /** The understood query: every group not optional must match. */
  groups?: readonly QueryGroup[];
  /** Works in which these swatches are main colours (two or more of the palette) rank higher. */
  boostColours?: readonly ColourSwatchKey[];
  sentence?: SentenceFilters;
  filters: WordIndexFilters;
  /** undefined: relevance (field weight, then popularity). */
  sort?: WorkSort | undefined;
  offset: number;
  limit: number;
};

export type WordIndexResult = { ids: number[]; total: number };

/** The documents of one term with their weights; typed arrays grown by doubling. */
class Posting {
  docs: Int32Array;
  weights: Uint8Array;
  length = 0;

  /** `capacity`: how many documents are known to come (a load sizes it exactly). */
  constructor(capacity = 4) {
    this.docs = new Int32Array(capacity);
    this.weights = new Uint8Array(capacity);
  }

  push(doc: number, weight: number): void {
    if (this.length === this.docs.length) {
      const docs = new Int32Array(this.length * 2);
      docs.set(this.docs);
      this.docs = docs;
      const weights = new Uint8Array(this.length * 2);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.docs[this.length] = doc;
    this.weights[this.length] = weight;
    this.length += 1;
  }
}

type AttributeRow = {
  id: number;
  status: string;
  style: string;
  category_kid: number;
  header_type: number;
  is_seamless: number;
  colors: string;
  favourite_count: number;
  view_count: number;
  sale_count: number;
  published_at: string | null;
  updated_at: string;
};

/**
 * One generation of the index. Documents are numbered densely and only ever appended: a changed work
 * gets a new number and its old one is marked dead, so posting lists never need rewriting.
 */
class Snapshot {
  size = 0;
  private capacity = 0;
  // One typed array per attribute, indexed by document number (monomorphic and compact).
  workId = new Int32Array(0);
  alive = new Uint8Array(0);
  style = new Int8Array(0);
  kid = new Int32Array(0);
  parentKid = new Int32Array(0);
  headerType = new Uint8Array(0);
  seamless = new Uint8Array(0);
  colours = new Uint16Array(0);
  /** Swatches that are two or more of the work's palette colours. */
  mainColours = new Uint16Array(0);
  favourites = new Float64Array(0);
  views = new Float64Array(0);
  sales = new Float64Array(0);
  published = new Float64Array(0);
  seen = new Int32Array(0);
  /** How many postings a document has; 0 means its terms were not written yet when it was read. */
  termCount = new Int32Array(0);
  readonly updatedAt: string[] = [];
  readonly docOf = new Map<number, number>();
  private readonly masksOf = new Map<string, { any: number; main: number }>();
  readonly postings = new Map<string, Posting>();
  private sorted: string[] | null = null;
  /** The terms by their pinyin and initials (花卉: huahui, hh), grown with the terms. */
  readonly lexicon = new PinyinLexicon();
  dead = 0;
  /** Changes whenever a document or a posting is added: match sets made before are out of date. */
  matchVersion = 0;

  constructor(private parentOf: ReadonlyMap<number, number>) {}

  private grow(): void {
    const capacity = Math.max(1024, this.capacity * 2);
    const grown = <T extends { set: (a: T) => void }>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.workId = grown(this.workId, (n) => new Int32Array(n));
    this.alive = grown(this.alive, (n) => new Uint8Array(n));
    this.style = grown(this.style, (n) => new Int8Array(n));
    this.kid = grown(this.kid, (n) => new Int32Array(n));
    this.parentKid = grown(this.parentKid, (n) => new Int32Array(n));
    this.headerType = grown(this.headerType, (n) => new Uint8Array(n));
    this.seamless = grown(this.seamless, (n) => new Uint8Array(n));
    this.colours = grown(this.colours, (n) => new Uint16Array(n));
    this.mainColours = grown(this.mainColours, (n) => new Uint16Array(n));
    this.favourites = grown(this.favourites, (n) => new Float64Array(n));
    this.views = grown(this.views, (n) => new Float64Array(n));
    this.sales = grown(this.sales, (n) => new Float64Array(n));
    this.published = grown(this.published, (n) => new Float64Array(n));
    this.seen = grown(this.seen, (n) => new Int32Array(n));
    this.termCount = grown(this.termCount, (n) => new Int32Array(n));
    this.capacity = capacity;
  }

  /** The parent categories changed: re-derive every document's parent kid. */
  setParents(parentOf: ReadonlyMap<number, number>): void {
    this.parentOf = parentOf;
    for (let doc = 0; doc < this.size; doc += 1) {
      this.parentKid[doc] = parentOf.get(this.kid[doc] ?? 0) ?? 0;
    }
  }

  sortedTerms(): string[] {
    this.sorted ??= [...this.postings.keys()].sort();
    return this.sorted;
  }

  addDoc(row: AttributeRow): number {
    const previous = this.docOf.get(row.id);
    if (previous !== undefined) this.kill(previous);
    if (this.size === this.capacity) this.grow();
    const doc = this.size;
    this.size += 1;
    this.matchVersion += 1;
    this.workId[doc] = row.id;
    this.alive[doc] = 1;
    this.updatedAt[doc] = row.updated_at;
    this.setAttributes(doc, row);
    this.docOf.set(row.id, doc);
    return doc;
  }

  setAttributes(doc: number, row: AttributeRow): void {
    this.style[doc] = WORK_STYLES.indexOf(row.style as WorkStyle);
    this.kid[doc] = row.category_kid;
    this.parentKid[doc] = this.parentOf.get(row.category_kid) ?? 0;
    this.headerType[doc] = row.header_type;
    this.seamless[doc] = row.is_seamless === 1 ? 1 : 0;
    // Palettes repeat across works: each distinct colours value is read once.
    let masks = this.masksOf.get(row.colors);
    if (!masks) {
      masks = colourMasks(row.colors);
      if (this.masksOf.size > 100_000) this.masksOf.clear();
      this.masksOf.set(row.colors, masks);
    }
    this.colours[doc] = masks.any;
    this.mainColours[doc] = masks.main;
    this.favourites[doc] = row.favourite_count;
    this.views[doc] = row.view_count;
    this.sales[doc] = row.sale_count;
    this.published[doc] = row.published_at ? Date.parse(row.published_at) || 0 : 0;
  }

  kill(doc: number): void {
    if (this.alive[doc] !== 1) return;
    this.alive[doc] = 0;
    this.dead += 1;
    const workId = this.workId[doc];
    if (workId !== undefined && this.docOf.get(workId) === doc) this.docOf.delete(workId);
  }

  addPosting(term: string, doc: number, weight: number): void {
    this.matchVersion += 1;
    this.postingOf(term).push(doc, weight);
    this.termCount[doc] = (this.termCount[doc] ?? 0) + 1;
  }

  private postingOf(term: string, capacity?: number): Posting {
    let posting = this.postings.get(term);
    if (!posting) {
      posting = new Posting(capacity);
      this.postings.set(term, posting);
      this.sorted = null;
      this.lexicon.add(term);
    }
    return posting;
  }

  /**
   * Adds a term's postings read as one string, `work_id * 4 + weight` comma-separated (see
   * WordIndex.build); works not in the snapshot are skipped. Returns how many entries it read.
   */
  addPackedPostings(term: string, packed: string, docByWork: Int32Array): number {
    let entries = 1;
    for (let i = packed.indexOf(','); i !== -1; i = packed.indexOf(',', i + 1)) entries += 1;
    const posting = this.postingOf(term, entries);
    this.matchVersion += 1;
    const { termCount } = this;
    let value = 0;
    for (let i = 0; i <= packed.length; i += 1) {
      const c = i < packed.length ? packed.charCodeAt(i) : 44;
      if (c !== 44) {
        value = value * 10 + (c - 48);
        continue;
      }
      // docByWork holds document + 1 by work id (0: not in the snapshot).
      const doc = (docByWork[Math.floor(value / 4)] ?? 0) - 1;
      if (doc >= 0) {
        posting.push(doc, value % 4);
        termCount[doc] = (termCount[doc] ?? 0) + 1;
      }
      value = 0;
    }
    return entries;
  }

  /** Terms that start with `prefix`, by binary search over the sorted terms. */
  termsWithPrefix(prefix: string): string[] {
    const terms = this.sortedTerms();
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((terms[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < terms.length; i += 1) {
      const term = terms[i] ?? '';
      if (!term.startsWith(prefix)) break;
      found.push(term);
    }
    return found;
  }
}

/** The swatches of a work's palette, and those two or more of its colours fall in (its main ones). */
function colourMasks(colorsJson: string): { any: number; main: number } {
  let colours: unknown;
  try {
    colours = JSON.parse(colorsJson);
  } catch {
    return { any: 0, main: 0 };
  }
  if (!Array.isArray(colours)) return { any: 0, main: 0 };
  const hexes = colours.filter((c): c is string => typeof c === 'string');
  let any = 0;
  for (const key of swatchesOf(hexes)) any |= 1 << COLOUR_SWATCH_KEYS.indexOf(key);
  const counts = new Map<ColourSwatchKey, number>();
  for (const hex of hexes) {
    const key = swatchOf(hex);
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let main = 0;
  for (const [key, n] of counts) if (n >= 2) main |= 1 << COLOUR_SWATCH_KEYS.indexOf(key);
  return { any, main };
}

const maskOf = (keys: readonly ColourSwatchKey[] | undefined) =>
  (keys ?? []).reduce((mask, key) => mask | (1 << COLOUR_SWATCH_KEYS.indexOf(key)), 0);

/**
 * The works that match a query's words, in document order, with their scores (field weights, near
 * words' shares, the colour boost); valid for the snapshot and its match version it was made at.
 */
type MatchSet = {
  docs: Int32Array;
  scores: Uint16Array;
  snapshot: Snapshot;
  version: number;
};

/**
 * Documents held by the kept match sets in all (8 bytes each with the score and array overhead
 * rounded up: about 48 MB). A million works' most frequent word matches about a third of them.
 */
const MATCH_SET_DOCS_KEPT = 6_000_000;

const ATTRIBUTE_COLUMNS = [
  'id',
  'status',
  'style',
  'category_kid',
  'header_type',
  'is_seamless',
  'colors',
  'favourite_count',
  'view_count',
  'sale_count',
  'published_at',
  'updated_at',
] as const;

/** Field weights (1–3) are scaled by this before a near word's share is applied. */
const WEIGHT_SCALE = 10;
/** Added per asked colour that is a main colour of the work (two or more of its palette). */
const MAIN_COLOUR_BOOST = 10;

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n += 1;
  return n;
}

/** Rows read per query while loading, with a turn of the event loop between (SQLite's driver blocks). */
const WORK_CHUNK = 2_000;
/** Works read per query by a full load (a start-up reads them all, so in larger steps). */
const LOAD_WORK_CHUNK = 10_000;
/**
 * Terms read per query by a full load, each with all its postings in one string: one row per term
 * instead of one per (term, work) makes loading a million works' index several times faster.
 */
const TERM_CHUNK = 64;
/** Above this share of dead documents the next sync rebuilds from scratch. */
const REBUILD_DEAD_SHARE = 0.25;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export type WordIndexOptions = {
  /** How often to pick up changes made elsewhere (other servers, counters); 0 = never. */
  syncIntervalMs?: number;
  log?: (line: string) => void;
};

export class WordIndex {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  private syncing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private parentOf = new Map<number, number>();
  private generation = 0;
  private stopped = false;
  private changes = 0;
  // Scratch space of a query, reused (queries run synchronously, one at a time).
  private best = new Uint8Array(0);
  private matched = new Uint8Array(0);
  private score = new Uint16Array(0);
  private firstDocs = new Int32Array(0);
  private wordDocs = new Int32Array(0);
  /** Match sets by query words, least recently used first, and how many documents they hold. */
  private readonly matchSets = new Map<string, MatchSet>();
  private matchSetDocs = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: WordIndexOptions = {},
  ) {}

  /** Loads the index once (later calls share the same load). */
  async ready(): Promise<void> {
    if (this.snapshot) return;
    this.loading ??= this.build().then((snapshot) => {
      this.snapshot = snapshot;
      this.changes += 1;
      this.loading = null;
      this.startTimer();
      return snapshot;
    });
    try {
      await this.loading;
    } catch (err) {
      this.loading = null;
      throw err;
    }
  }

  get loaded(): boolean {
    return this.snapshot !== null;
  }

  /** Changes whenever what a search can return may have changed (a key part for cached results). */
  get version(): number {
    return this.changes;
  }

  /** Whether the periodic sync is scheduled (closing the app must end it). */
  get scheduled(): boolean {
    return this.timer !== null;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private startTimer(): void {
    const every = this.options.syncIntervalMs ?? 0;
    if (every <= 0 || this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      this.sync().catch((err: unknown) =>
        this.options.log?.(
          WORD_SEARCH_MSG.indexSyncFailed(err instanceof Error ? err.message : String(err)),
        ),
      );
    }, every);
    this.timer.unref();
  }

  private async loadCategories(): Promise<boolean> {
    const rows = await this.db.selectFrom('categories').select(['kid', 'parent_kid']).execute();
    const next = new Map(rows.map((r) => [r.kid, r.parent_kid ?? 0]));
    const changed =
      next.size !== this.parentOf.size ||
      [...next].some(([kid, parent]) => this.parentOf.get(kid) !== parent);
    this.parentOf = next;
    return changed;
  }

  private async build(): Promise<Snapshot> {
    const started = Date.now();
    await this.loadCategories();
    const snapshot = new Snapshot(this.parentOf);
    for (let after = 0; !this.stopped;) {
      // By primary key alone: with `status = 'published'` in the query SQLite walks the status index
      // and sorts every published work for each chunk (minutes at a million works).
      const rows = await this.db
        .selectFrom('works')
        .select(ATTRIBUTE_COLUMNS)
        .where('id', '>', after)
        .orderBy('id')
        .limit(LOAD_WORK_CHUNK)
        .execute();
      for (const row of rows) if (row.status === 'published') snapshot.addDoc(row);
      const last = rows.at(-1);
      if (!last || rows.length < LOAD_WORK_CHUNK) break;
      after = last.id;
      await nextTurn();
    }
    // Each term with its postings packed as `work_id * 4 + weight` (weights are 1–3), joined by
    // commas: the database does the grouping, this process parses digits instead of making an
    // object per row. string_agg is SQLite's group_concat too (3.44+).
    // Documents by work id, for the millions of lookups below (a Map lookup each is several times slower).
    let maxId = 0;
    for (const id of snapshot.docOf.keys()) maxId = Math.max(maxId, id);
    const docByWork = new Int32Array(maxId + 1);
    for (const [id, doc] of snapshot.docOf) docByWork[id] = doc + 1;
    let after: string | null = null;
    let rowsRead = 0;
    while (!this.stopped) {
      const from: string | null = after;
      const rows: { term: string; packed: string }[] = await this.db
        .selectFrom('work_terms')
        .select([
          'term',
          sql<string>`string_agg(cast(work_id * 4 + weight as text), ',')`.as('packed'),
        ])
        .$if(from !== null, (q) => q.where('term', '>', from ?? ''))
        .groupBy('term')
        .orderBy('term')
        .limit(TERM_CHUNK)
        .execute();
      for (const row of rows) {
        rowsRead += snapshot.addPackedPostings(row.term, row.packed, docByWork);
      }
      const last: { term: string } | undefined = rows.at(-1);
      if (!last || rows.length < TERM_CHUNK) break;
      after = last.term;
      await nextTurn();
    }
    snapshot.sortedTerms();
    this.options.log?.(
      WORD_SEARCH_MSG.indexLoaded(
        snapshot.size,
        snapshot.postings.size,
        rowsRead,
        Date.now() - started,
      ),
    );
    return snapshot;
  }

  /** Re-reads some works (after their terms were rebuilt, or they were published or withdrawn). */
  async refreshWorks(workIds: readonly number[]): Promise<void> {
    const snapshot = this.snapshot;
    if (!snapshot || workIds.length === 0) return;
    this.changes += 1;
    for (let i = 0; i < workIds.length; i += WORK_CHUNK) {
      const ids = workIds.slice(i, i + WORK_CHUNK);
      const [rows, terms] = await Promise.all([
        this.db.selectFrom('works').select(ATTRIBUTE_COLUMNS).where('id', 'in', ids).execute(),
        this.db
          .selectFrom('work_terms')
          .select(['term', 'work_id', 'weight'])
          .where('work_id', 'in', ids)
          .execute(),
      ]);
      const byWork = new Map<number, { term: string; weight: number }[]>();
      for (const t of terms) {
        const list = byWork.get(t.work_id) ?? [];
        list.push(t);
        byWork.set(t.work_id, list);
      }
      const found = new Set(rows.map((r) => r.id));
      for (const id of ids) {
        const doc = snapshot.docOf.get(id);
        if (!found.has(id) && doc !== undefined) snapshot.kill(doc);
      }
      for (const row of rows) {
        if (row.status !== 'published') {
          const doc = snapshot.docOf.get(row.id);
          if (doc !== undefined) snapshot.kill(doc);
          continue;
        }
        const doc = snapshot.addDoc(row);
        snapshot.seen[doc] = this.generation;
        for (const t of byWork.get(row.id) ?? []) snapshot.addPosting(t.term, doc, t.weight);
      }
    }
  }

  /**
   * Picks up what changed outside this process: counters, status, works edited or indexed by another
   * server. Changed works (by updated_at) and new ones are re-read; vanished ones are dropped.
   */
  async sync(): Promise<void> {
    if (!this.snapshot) return this.ready();
    this.syncing ??= this.runSync().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async runSync(): Promise<void> {
    const snapshot = this.snapshot;
    if (!snapshot) return;
    if (snapshot.dead > snapshot.size * REBUILD_DEAD_SHARE) {
      this.snapshot = await this.build();
      this.changes += 1;
      return;
    }
    const categoriesChanged = await this.loadCategories();
    if (categoriesChanged) snapshot.setParents(this.parentOf);
    const generation = ++this.generation;
    const deadBefore = snapshot.dead;
    const stale: number[] = [];
    for (let after = 0; !this.stopped;) {
      // Only what changes without updated_at (counters, status); the rest comes with a re-read.
      const rows = await this.db
        .selectFrom('works')
        .select(['id', 'status', 'favourite_count', 'view_count', 'sale_count', 'updated_at'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(WORK_CHUNK)
        .execute();
      for (const row of rows) {
        const doc = snapshot.docOf.get(row.id);
        if (row.status !== 'published') {
          if (doc !== undefined) snapshot.kill(doc);
        } else if (
          doc === undefined ||
          snapshot.updatedAt[doc] !== row.updated_at ||
          snapshot.termCount[doc] === 0
        ) {
          stale.push(row.id);
        } else {
          snapshot.favourites[doc] = row.favourite_count;
          snapshot.views[doc] = row.view_count;
          snapshot.sales[doc] = row.sale_count;
          snapshot.seen[doc] = generation;
        }
      }
      const last = rows.at(-1);
      if (!last || rows.length < WORK_CHUNK) break;
      after = last.id;
      await nextTurn();
    }
    if (this.stopped) return;
    await this.refreshWorks(stale);
    for (let doc = 0; doc < snapshot.size; doc += 1) {
      if (snapshot.alive[doc] === 1 && snapshot.seen[doc] !== generation) snapshot.kill(doc);
    }
    // Works appeared, changed or went: cached results are out of date. (Counters alone are not
    // worth it; cached results live seconds.)
    if (stale.length > 0 || snapshot.dead !== deadBefore || categoriesChanged) this.changes += 1;
    if (categoriesChanged) this.options.log?.(WORD_SEARCH_MSG.categoriesChanged);
  }

  private ensureScratch(size: number): void {
    if (this.best.length >= size) return;
    const capacity = Math.max(size, Math.ceil(this.best.length * 1.5), 1024);
    this.best = new Uint8Array(capacity);
    this.matched = new Uint8Array(capacity);
    this.score = new Uint16Array(capacity);
    this.firstDocs = new Int32Array(capacity);
    this.wordDocs = new Int32Array(capacity);
  }

  /** The postings a group can match, with the share of the field weight each gives. */
  private resolve(
    snapshot: Snapshot,
    group: QueryGroup,
  ): { postings: Posting[]; factors: number[]; size: number } {
    const postings: Posting[] = [];
    const factors: number[] = [];
    let size = 0;
    for (const alt of group.alternatives) {
      const terms = alt.prefix
        ? snapshot.termsWithPrefix(alt.term)
        : snapshot.postings.has(alt.term)
          ? [alt.term]
          : [];
      for (const term of terms) {
        const posting = snapshot.postings.get(term);
        if (!posting) continue;
        postings.push(posting);
        factors.push(alt.factor);
        size += posting.length;
      }
    }
    return { postings, factors, size };
  }

  /** Works matching every word, filtered and ordered; synchronous (call ready() first). */
  search(query: WordIndexQuery): WordIndexResult {
    const snapshot = this.snapshot;
    const groups: readonly QueryGroup[] =
      query.groups ??
      query.words.map((term) => ({ alternatives: [{ term, prefix: true, factor: 1 }] }));
    // Without words, only a sentence's filters (蓝色 alone in AI search) choose among all works.
    if (!snapshot || (groups.length === 0 && !query.sentence)) return { ids: [], total: 0 };
    const set = this.matchSet(snapshot, groups, query.boostColours, query.sentence !== undefined);
    if (!set) return { ids: [], total: 0 };

    // One pass over the matches (in document order): filters, the total, and the best
    // offset + limit kept by a bounded heap that turns most works away on their first key.
    const { docs, scores } = set;
    const { kid, color, style, seamless, headerType } = query.filters;
    const styleCode = style === undefined ? -2 : WORK_STYLES.indexOf(style);
    const colourBit = color === undefined ? 0 : 1 << COLOUR_SWATCH_KEYS.indexOf(color);
    const seamlessFlag = seamless === undefined ? -1 : seamless ? 1 : 0;
    const header = headerType ?? -1;
    const wantedKid = kid ?? -1;
    const sentence = query.sentence ?? {};
    const styleCodes = sentence.styles?.map((s) => WORK_STYLES.indexOf(s));
    const sentenceKids = sentence.kids;
    const sentenceColours = maskOf(sentence.colours);
    const { alive, colours, kid: kids, parentKid, workId } = snapshot;
    const styles = snapshot.style;
    const flags = snapshot.seamless;
    const headers = snapshot.headerType;
    // Relevance: the words' score (with the colour boost), then favourites; ties by newest id.
    const sort = query.sort;
    const relevance = sort !== 'newest' && sort !== 'popular' && sort !== 'bestselling';
    const primary = relevance
      ? null
      : sort === 'newest'
        ? snapshot.published
        : sort === 'popular'
          ? snapshot.favourites
          : snapshot.sales;
    const secondary = sort === 'popular' ? snapshot.views : relevance ? snapshot.favourites : null;
    const top = new TopK(query.offset + query.limit);
    let count = 0;
    for (let i = 0; i < docs.length; i += 1) {
      const doc = docs[i] ?? 0;
      if (
        alive[doc] !== 1 ||
        (styleCode !== -2 && styles[doc] !== styleCode) ||
        (seamlessFlag !== -1 && flags[doc] !== seamlessFlag) ||
        (header !== -1 && headers[doc] !== header) ||
        (colourBit !== 0 && ((colours[doc] ?? 0) & colourBit) === 0) ||
        (wantedKid !== -1 && kids[doc] !== wantedKid && parentKid[doc] !== wantedKid) ||
        (styleCodes !== undefined && !styleCodes.includes(styles[doc] ?? -1)) ||
        (sentenceKids !== undefined &&
          !sentenceKids.includes(kids[doc] ?? 0) &&
          !sentenceKids.includes(parentKid[doc] ?? 0)) ||
        ((colours[doc] ?? 0) & sentenceColours) !== sentenceColours
      )
        continue;
      count += 1;
      const first = primary === null ? (scores[i] ?? 0) : (primary[doc] ?? 0);
      if (!top.admits(first)) continue;
      top.offer(doc, first, secondary === null ? 0 : (secondary[doc] ?? 0), workId[doc] ?? 0);
    }
    const page =
      count > query.offset
        ? top
            .sorted()
            .slice(query.offset)
            .map((doc) => workId[doc] ?? 0)
        : [];
    return { ids: page, total: count };
  }

  /**
   * The documents that match a query's words (dead ones included: liveness is checked per
   * query) with their scores, in document order; null when a required word matches nothing. Kept
   * per query words (LRU, bounded by the documents held) until postings or documents are added:
   * queries that differ only in filters, sort or page (the /search page's own clicks) reuse it.
   */
  private matchSet(
    snapshot: Snapshot,
    groups: readonly QueryGroup[],
    boostColours: readonly ColourSwatchKey[] | undefined,
    hasSentence: boolean,
  ): MatchSet | null {
    const key = JSON.stringify([groups, boostColours ?? [], hasSentence]);
    const cached = this.matchSets.get(key);
    if (cached && cached.snapshot === snapshot && cached.version === snapshot.matchVersion) {
      // Most recently used last.
      this.matchSets.delete(key);
      this.matchSets.set(key, cached);
      return cached;
    }
    if (cached) this.forgetMatchSet(key, cached);
    const set = this.computeMatchSet(snapshot, groups, boostColours, hasSentence);
    if (!set) return null;
    this.matchSets.set(key, set);
    this.matchSetDocs += set.docs.length;
    for (const [oldest, entry] of this.matchSets) {
      if (this.matchSetDocs <= MATCH_SET_DOCS_KEPT || entry === set) break;
      this.forgetMatchSet(oldest, entry);
    }
    return set;
  }

  private forgetMatchSet(key: string, set: MatchSet): void {
    this.matchSets.delete(key);
    this.matchSetDocs -= set.docs.length;
  }

  private computeMatchSet(
    snapshot: Snapshot,
    groups: readonly QueryGroup[],
    boostColours: readonly ColourSwatchKey[] | undefined,
    hasSentence: boolean,
  ): MatchSet | null {
    // Optional groups only rank; with nothing else to go by (no required group, no filters of a
    // sentence) they are what the query asks for.
    const allOptional = !groups.some((g) => !g.optional) && !hasSentence;
    const anyRequired = !allOptional;
    // Each group's postings, smallest total first so later groups only check survivors.
    const required = groups
      .filter((g) => allOptional || !g.optional)
      .map((g) => this.resolve(snapshot, g))
      .sort((a, b) => a.size - b.size);
    const optional = anyRequired
      ? groups.filter((g) => g.optional).map((g) => this.resolve(snapshot, g))
      : [];
    if (required[0]?.size === 0) return null;

    this.ensureScratch(snapshot.size);
    const { best, matched, score, firstDocs, wordDocs } = this;
    let firstCount = 0;
    if (required.length === 0) {
      for (let doc = 0; doc < snapshot.size; doc += 1) firstDocs[doc] = doc;
      firstCount = snapshot.size;
    }
    for (let w = 0; w < required.length; w += 1) {
      const touched = w === 0 ? firstDocs : wordDocs;
      let touchedCount = 0;
      const { postings, factors } = required[w] ?? { postings: [], factors: [] };
      for (let p = 0; p < postings.length; p += 1) {
        const { docs, weights, length } = postings[p] as Posting;
        const scale = WEIGHT_SCALE * (factors[p] ?? 1);
        for (let i = 0; i < length; i += 1) {
          const doc = docs[i] ?? 0;
          if (matched[doc] !== w) continue;
          // Scaled weights are stored +1 so 0 means "not seen for this group yet".
          const weight = Math.round((weights[i] ?? 0) * scale) + 1;
          const current = best[doc] ?? 0;
          if (current === 0) touched[touchedCount++] = doc;
          if (weight > current) best[doc] = weight;
        }
      }
      for (let i = 0; i < touchedCount; i += 1) {
        const doc = touched[i] ?? 0;
        matched[doc] = w + 1;
        score[doc] = (score[doc] ?? 0) + (best[doc] ?? 1) - 1;
        best[doc] = 0;
      }
      if (w === 0) firstCount = touchedCount;
    }

    const n = required.length;
    const boost = maskOf(boostColours);
    let count = 0;
    for (let i = 0; i < firstCount; i += 1) {
      const doc = firstDocs[i] ?? 0;
      if (matched[doc] !== n) continue;
      count += 1;
      if (boost !== 0) {
        score[doc] =
          (score[doc] ?? 0) +
          MAIN_COLOUR_BOOST * bitCount((snapshot.mainColours[doc] ?? 0) & boost);
      }
    }
    // Optional groups (图案, 纹样…) only rank the works found.
    for (const { postings, factors } of optional) {
      let touchedCount = 0;
      for (let p = 0; p < postings.length; p += 1) {
        const { docs, weights, length } = postings[p] as Posting;
        const scale = WEIGHT_SCALE * (factors[p] ?? 1);
        for (let i = 0; i < length; i += 1) {
          const doc = docs[i] ?? 0;
          if (matched[doc] !== n) continue;
          const weight = Math.round((weights[i] ?? 0) * scale) + 1;
          const current = best[doc] ?? 0;
          if (current === 0) wordDocs[touchedCount++] = doc;
          if (weight > current) best[doc] = weight;
        }
      }
      for (let i = 0; i < touchedCount; i += 1) {
        const doc = wordDocs[i] ?? 0;
        score[doc] = (score[doc] ?? 0) + (best[doc] ?? 1) - 1;
        best[doc] = 0;
      }
    }

    const docs = new Int32Array(count);
    let at = 0;
    for (let i = 0; i < firstCount; i += 1) {
      const doc = firstDocs[i] ?? 0;
      if (matched[doc] === n) docs[at++] = doc;
    }
    // Document order: the per-query pass then reads the attribute arrays front to back.
    docs.sort();
    const scores = new Uint16Array(count);
    for (let i = 0; i < count; i += 1) scores[i] = score[docs[i] ?? 0] ?? 0;
    for (let i = 0; i < firstCount; i += 1) {
      const doc = firstDocs[i] ?? 0;
      matched[doc] = 0;
      score[doc] = 0;
    }
    return { docs, scores, snapshot, version: snapshot.matchVersion };
  }

  /**
   * How many published works the /work filters let through (no words), or null before loading: the
   * catalogue list's total without counting rows in the database.
   */
  count(filters: WordIndexFilters): number | null {
    const snapshot = this.snapshot;
    if (!snapshot) return null;
    const { kid, color, style, seamless, headerType } = filters;
    const styleCode = style === undefined ? -2 : WORK_STYLES.indexOf(style);
    const colourBit = color === undefined ? 0 : 1 << COLOUR_SWATCH_KEYS.indexOf(color);
    const seamlessFlag = seamless === undefined ? -1 : seamless ? 1 : 0;
    const { alive, colours, kid: kids, parentKid } = snapshot;
    let n = 0;
    for (let doc = 0; doc < snapshot.size; doc += 1) {
      if (
        alive[doc] === 1 &&
        (styleCode === -2 || snapshot.style[doc] === styleCode) &&
        (seamlessFlag === -1 || snapshot.seamless[doc] === seamlessFlag) &&
        (headerType === undefined || snapshot.headerType[doc] === headerType) &&
        (colourBit === 0 || ((colours[doc] ?? 0) & colourBit) !== 0) &&
        (kid === undefined || kids[doc] === kid || parentKid[doc] === kid)
      )
        n += 1;
    }
    return n;
  }

  /** The index's words by pinyin and initials (built as terms are loaded). */
  get lexicon(): PinyinLexicon | null {
    return this.snapshot?.lexicon ?? null;
  }

  /** How many documents carry a term, or any term a prefix starts (0 before loading). */
  postingSize(term: string, prefix: boolean): number {
    const snapshot = this.snapshot;
    if (!snapshot) return 0;
    if (!prefix) return snapshot.postings.get(term)?.length ?? 0;
    let n = 0;
    for (const t of snapshot.termsWithPrefix(term)) n += snapshot.postings.get(t)?.length ?? 0;
    return n;
  }

  /** Terms starting with `prefix`, with how many live works carry each, most first. */
  completions(prefix: string, limit: number): { term: string; count: number }[] {
    const snapshot = this.snapshot;
    if (!snapshot || !prefix) return [];
    const liveCount = (term: string) => {
      const posting = snapshot.postings.get(term);
      let n = 0;
      for (let i = 0; i < (posting?.length ?? 0); i += 1) {
        if (snapshot.alive[posting?.docs[i] ?? 0] === 1) n += 1;
      }
      return n;
    };
    return snapshot
      .termsWithPrefix(prefix)
      .map((term) => ({ term, size: snapshot.postings.get(term)?.length ?? 0 }))
      .sort((a, b) => b.size - a.size || a.term.length - b.term.length)
      .slice(0, limit * 2)
      .map(({ term }) => ({ term, count: liveCount(term) }))
      .filter((c) => c.count > 0)
      .sort((a, b) => b.count - a.count || a.term.length - b.term.length)
      .slice(0, limit);
  }

  // ---- The /work list's page (works/work-list-service.ts), beside the word search ----

  private listView: ListView | null = null;

  /**
   * One page of the published works the /work filters let through, in the list's order, and their
   * total; null before loading. The order is the database query's (works/catalogue-queries.ts
   * orderWorks): newest by published_at, popular by favourites then views, bestselling by sales, ties
   * by the newer work id; counters as of the last sync.
   */
  listPage(
    filters: WordIndexFilters,
    sort: WorkSort,
    offset: number,
    limit: number,
  ): WordIndexResult | null {
    const snapshot = this.snapshot;
    if (!snapshot) return null;
    // What the view was built from: any work added, changed or gone, or a sync (counters, categories).
    const key = `${this.changes}:${this.generation}:${this.syncing ? 1 : 0}:${snapshot.size}:${snapshot.dead}`;
    if (this.listView?.snapshot !== snapshot || this.listView.key !== key) {
      this.listView = new ListView(snapshot, key);
    }
    return this.listView.page(filters, sort, offset, limit);
  }
}

/**
 * How many works of each order are kept ranked (at most a quarter of them), for pages found among
 * the first of them.
 */
const LIST_PREFIX = 4_096;

function bitCount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The /work list over one state of a snapshot: a bitset of the live works for every value of each
 * filter (a filter is an AND of a few of them, its total their bit count), and, per sort, the first
 * LIST_PREFIX live works in order. A page is found by walking that prefix; when the filter leaves
 * too few in it, the matching works are ranked in a bounded heap. Rebuilt (one pass over the
 * attributes) whenever the snapshot changes.
 */
class ListView {
  private readonly words: number;
  private readonly alive: Uint32Array;
  /** The filters' intersection of the page being computed (reused: a page is synchronous). */
  private readonly scratch: Uint32Array;
  private readonly styles = new Map<number, Uint32Array>();
  private readonly seamless = new Map<number, Uint32Array>();
  private readonly headers = new Map<number, Uint32Array>();
  /** By category kid, a category's works and its children's. */
  private readonly kids = new Map<number, Uint32Array>();
  private readonly colours: Uint32Array[] = [];
  private readonly orders = new Map<WorkSort, Int32Array>();
  private readonly liveCount: number;

  constructor(
    readonly snapshot: Snapshot,
    readonly key: string,
  ) {
    this.words = (snapshot.size + 31) >>> 5;
    this.scratch = new Uint32Array(this.words);
    this.alive = new Uint32Array(this.words);
    const bitsOf = (map: Map<number, Uint32Array>, value: number) => {
      let bits = map.get(value);
      if (!bits) {
        bits = new Uint32Array(this.words);
        map.set(value, bits);
      }
      return bits;
    };
    let live = 0;
    for (let doc = 0; doc < snapshot.size; doc += 1) {
      if (snapshot.alive[doc] !== 1) continue;
      live += 1;
      const w = doc >>> 5;
      const bit = 1 << (doc & 31);
      const kid = snapshot.kid[doc] ?? 0;
      const parent = snapshot.parentKid[doc] ?? 0;
      const sets = [
        this.alive,
        bitsOf(this.styles, snapshot.style[doc] ?? -1),
        bitsOf(this.seamless, snapshot.seamless[doc] ?? 0),
        bitsOf(this.headers, snapshot.headerType[doc] ?? 0),
        bitsOf(this.kids, kid),
      ];
      if (parent !== 0 && parent !== kid) sets.push(bitsOf(this.kids, parent));
      for (let c = snapshot.colours[doc] ?? 0; c !== 0; c &= c - 1) {
        sets.push((this.colours[31 - Math.clz32(c & -c)] ??= new Uint32Array(this.words)));
      }
      for (const bits of sets) bits[w] = (bits[w] ?? 0) | bit;
    }
    this.liveCount = live;
  }

  /** a comes before b in the list ordered by `sort`. */
  private before(sort: WorkSort): (a: number, b: number) => boolean {
    const s = this.snapshot;
    const primary =
      sort === 'popular' ? s.favourites : sort === 'bestselling' ? s.sales : s.published;
    const secondary = sort === 'popular' ? s.views : null;
    const { workId } = s;
    return (a, b) => {
      const pa = primary[a] ?? 0;
      const pb = primary[b] ?? 0;
      if (pa !== pb) return pa > pb;
      if (secondary !== null) {
        const sa = secondary[a] ?? 0;
        const sb = secondary[b] ?? 0;
        if (sa !== sb) return sa > sb;
      }
      return (workId[a] ?? 0) > (workId[b] ?? 0);
    };
  }

  /** The first `keep` works of `bits` in the list's order (a bounded heap whose root is the last). */
  private best(bits: Uint32Array, keep: number, sort: WorkSort): Int32Array {
    const before = this.before(sort);
    const heap = new Int32Array(keep);
    let kept = 0;
    for (let w = 0; w < this.words; w += 1) {
      for (let v = bits[w] ?? 0; v !== 0; v &= v - 1) {
        const doc = (w << 5) | (31 - Math.clz32(v & -v));
        if (kept < keep) {
          let i = kept++;
          while (i > 0) {
            const up = (i - 1) >> 1;
            const parent = heap[up] ?? 0;
            if (!before(parent, doc)) break;
            heap[i] = parent;
            i = up;
          }
          heap[i] = doc;
        } else if (before(doc, heap[0] ?? 0)) {
          let i = 0;
          for (;;) {
            const l = 2 * i + 1;
            if (l >= kept) break;
            const r = l + 1;
            const later = r < kept && before(heap[l] ?? 0, heap[r] ?? 0) ? r : l;
            const child = heap[later] ?? 0;
            if (!before(doc, child)) break;
            heap[i] = child;
            i = later;
          }
          heap[i] = doc;
        }
      }
    }
    return heap.subarray(0, kept).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  }

  page(filters: WordIndexFilters, sort: WorkSort, offset: number, limit: number): WordIndexResult {
    const { kid, color, style, seamless, headerType } = filters;
    const sets: (Uint32Array | undefined)[] = [this.alive];
    if (style !== undefined) sets.push(this.styles.get(WORK_STYLES.indexOf(style)));
    if (seamless !== undefined) sets.push(this.seamless.get(seamless ? 1 : 0));
    if (headerType !== undefined) sets.push(this.headers.get(headerType));
    if (kid !== undefined) sets.push(this.kids.get(kid));
    if (color !== undefined) sets.push(this.colours[COLOUR_SWATCH_KEYS.indexOf(color)]);
    if (sets.some((bits) => bits === undefined)) return { ids: [], total: 0 };
    const wanted = sets as Uint32Array[];
    // One plain loop per filter over the whole bitset (the JIT keeps these tight), then one count;
    // the buffer is this view's own, since a page is computed synchronously.
    const matching = this.scratch;
    matching.set(this.alive);
    const words = this.words;
    for (let s = 1; s < wanted.length; s += 1) {
      const bits = wanted[s]!;
      for (let w = 0; w < words; w += 1) matching[w]! &= bits[w]!;
    }
    let total = 0;
    for (let w = 0; w < words; w += 1) {
      const v = matching[w]!;
      if (v !== 0) total += bitCount32(v);
    }
    const keep = offset + limit;
    if (keep <= offset || total <= offset) return { ids: [], total };
    const { workId } = this.snapshot;
    const toIds = (docs: ArrayLike<number>) =>
      Array.from(docs, (doc) => workId[doc] ?? 0).slice(offset, keep);
    // The first works of the whole order hold the page when enough of them match.
    let prefix = this.orders.get(sort);
    if (!prefix) {
      prefix = this.best(this.alive, Math.min(LIST_PREFIX, Math.ceil(this.liveCount / 4)), sort);
      this.orders.set(sort, prefix);
    }
    const found: number[] = [];
    for (let i = 0; i < prefix.length && found.length < keep; i += 1) {
      const doc = prefix[i] ?? 0;
      if (((matching[doc >>> 5] ?? 0) & (1 << (doc & 31))) !== 0) found.push(doc);
    }
    if (found.length >= Math.min(keep, total)) return { ids: toIds(found), total };
    return { ids: toIds(this.best(matching, Math.min(keep, total), sort)), total };
  }
}
