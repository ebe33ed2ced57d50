import { COARSE_DIMS, STRUCTURE_DIMS } from './descriptors';
import type { ImageDescriptor } from './descriptors';
import { compactDescriptor, expandDescriptor, viewOf } from './compact';
import type { CompactDescriptor } from './compact';
import {
  MATCH_WEIGHTS,
  compareCheaply,
  isExactCopy,
  isSameWork,
  matchScore,
  prepareQuery,
  spectrumSimilarity,
} from './matcher';
import type { Comparison } from './matcher';
import { BruteForceIndex } from './vector-index';
import type { CandidateHit, CandidateIndex, CategoryFilter } from './vector-index';

/** Search settings chosen with the benchmark (docs/benchmarks.md). */
export const SEARCH_TUNING = {
  /** Stage-one candidates re-scored per search, for the same-work list and the similar list. */
  sameCandidates: 100,
  similarCandidates: 60,
  /** Candidates, best first by the cheap parts, whose view spectra are aligned. */
  aligned: 20,
};
/** Rows per work in the stage-one index: one per view (whole image, centre crops). */
const VIEW_SLOTS = 4;

export type RankedHit = {
  id: number;
  /** Structure score plus colour unless ignoreColor; higher is closer. */
  score: number;
  match: 'same' | 'similar';
  /** The hash says it is the very same picture. */
  exact: boolean;
};

export type SearchOptions = {
  ignoreColor: boolean;
  filter?: CategoryFilter;
  /** Most results returned over both groups. */
  limit: number;
};

export type WorkCategory = { kid: number; parentKid: number };

/**
 * How an approximate stage one holds a row (approximate-index.ts): structure, then colour at its
 * stage-one weight. Searched with each query divided by these, its product is the query's own:
 * the structure-only query and the structure + colour query walk one graph.
 */
export const STAGE_ONE_GRAPH_WEIGHTS = Float32Array.from({ length: COARSE_DIMS }, (_, i) =>
  i < STRUCTURE_DIMS ? 1 : MATCH_WEIGHTS.colour,
);

/** Best view of each work among stage-one rows, in score order, at most `limit` works. */
function bestViews(hits: readonly CandidateHit[], limit: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const hit of hits) {
    const id = Math.floor(hit.id / VIEW_SLOTS);
    if (!out.has(id)) out.set(id, hit.id % VIEW_SLOTS);
    if (out.size >= limit) break;
  }
  return out;
}

/** The in-memory catalogue of descriptors: stage one over view vectors, stage two over views. */
export class ImageMatcher {
  private readonly descriptors = new Map<number, CompactDescriptor>();

  constructor(private readonly candidates: CandidateIndex = new BruteForceIndex(COARSE_DIMS)) {}

  get size(): number {
    return this.descriptors.size;
  }

  has(id: number): boolean {
    return this.descriptors.has(id);
  }

  /** The work's descriptor, back in floats (approximately: the index keeps it as int8). */
  get(id: number): ImageDescriptor | undefined {
    const compact = this.descriptors.get(id);
    return compact ? expandDescriptor(compact) : undefined;
  }

  /** Adds or replaces a work; `publicFine` is the fine spectrum of its watermarked public preview. */
  set(
    id: number,
    descriptor: ImageDescriptor,
    category: WorkCategory,
    publicFine: Float32Array | null = null,
  ): void {
    this.delete(id);
    this.descriptors.set(id, compactDescriptor(descriptor, publicFine));
    descriptor.views.slice(0, VIEW_SLOTS).forEach((view, v) => {
      this.candidates.upsert(id * VIEW_SLOTS + v, view.coarse, category);
    });
  }

  delete(id: number): void {
    const old = this.descriptors.get(id);
    if (!old) return;
    this.descriptors.delete(id);
    for (let v = 0; v < VIEW_SLOTS; v++) this.candidates.remove(id * VIEW_SLOTS + v);
  }

  /**
   * Works ranked for a query. A query with alternative views (the printed region of a photo,
   * query-views.ts) is searched with each, and every work keeps its best score.
   */
  search(
    descriptor: ImageDescriptor & { alternatives?: readonly ImageDescriptor[] },
    options: SearchOptions,
  ): { same: RankedHit[]; similar: RankedHit[] } {
    const first = this.searchView(descriptor, options);
    if (!descriptor.alternatives?.length) return first;
    const best = new Map<number, RankedHit>();
    for (const found of [
      first,
      ...descriptor.alternatives.map((d) => this.searchView(d, options)),
    ]) {
      for (const hit of [...found.same, ...found.similar]) {
        const old = best.get(hit.id);
        if (!old) best.set(hit.id, hit);
        else {
          const top = hit.score > old.score ? hit : old;
          const same = old.match === 'same' || hit.match === 'same';
          best.set(hit.id, {
            ...top,
            match: same ? 'same' : 'similar',
            exact: old.exact || hit.exact,
          });
        }
      }
    }
    const ranked = [...best.values()].sort((a, b) => b.score - a.score || a.id - b.id);
    const same = ranked.filter((h) => h.match === 'same').slice(0, options.limit);
    const similar = ranked
      .filter((h) => h.match === 'similar')
      .slice(0, Math.max(0, options.limit - same.length));
    return { same, similar };
  }

  private searchView(
    descriptor: ImageDescriptor,
    options: SearchOptions,
  ): { same: RankedHit[]; similar: RankedHit[] } {
    const query = prepareQuery(descriptor);
    const coarse = query.view.coarse;
    const structureOnly = new Float32Array(COARSE_DIMS);
    structureOnly.set(coarse.subarray(0, STRUCTURE_DIMS));
    // Stage one ranks style by structure + colour with the weight stage two uses.
    const styled = new Float32Array(COARSE_DIMS);
    const colourWeight = options.ignoreColor ? 0 : MATCH_WEIGHTS.colour;
    for (let i = 0; i < COARSE_DIMS; i++) {
      styled[i] = coarse[i]! * (i >= STRUCTURE_DIMS ? colourWeight : 1);
    }
    const rows =
      VIEW_SLOTS * Math.max(SEARCH_TUNING.sameCandidates, SEARCH_TUNING.similarCandidates);
    const [byStructure, byStyle] = this.candidates.search(
      [structureOnly, styled],
      rows,
      options.filter ?? null,
    );
    const candidates = bestViews(byStructure, SEARCH_TUNING.sameCandidates);
    for (const [id, view] of bestViews(byStyle, SEARCH_TUNING.similarCandidates)) {
      if (!candidates.has(id)) candidates.set(id, view);
    }

    type Scored = {
      id: number;
      item: CompactDescriptor;
      view: number;
      comparison: Comparison;
      score: number;
    };
    const scored: Scored[] = [];
    for (const [id, view] of candidates) {
      const item = this.descriptors.get(id);
      if (!item || view >= item.views) continue;
      const comparison = compareCheaply(query, item, view);
      scored.push({
        id,
        item,
        view,
        comparison,
        score: matchScore(comparison, options.ignoreColor),
      });
    }
    scored.sort((a, b) => b.score - a.score || a.id - b.id);
    // The costly spectrum alignment only for the best few; the rest keep their cheap order after them.
    const head = scored.slice(0, SEARCH_TUNING.aligned);
    for (const s of head) {
      s.comparison.spectrum = spectrumSimilarity(query, viewOf(s.item, s.view).spectrum);
      s.score = matchScore(s.comparison, options.ignoreColor);
    }
    head.sort((a, b) => b.score - a.score || a.id - b.id);
    const same: RankedHit[] = [];
    const similar: RankedHit[] = [];
    const best = head[0]?.score ?? 0;
    for (const s of [...head, ...scored.slice(head.length)]) {
      const sameWork = isSameWork(s.comparison) && s.score >= best - MATCH_WEIGHTS.sameMargin;
      const hit: RankedHit = {
        id: s.id,
        score: s.score,
        match: sameWork ? 'same' : 'similar',
        exact: sameWork && isExactCopy(query, s.item),
      };
      (sameWork ? same : similar).push(hit);
    }
    const keepSame = same.slice(0, options.limit);
    return {
      same: keepSame,
      similar: similar.slice(0, Math.max(0, options.limit - keepSame.length)),
    };
  }
}
