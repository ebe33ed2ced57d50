import type { Judgement, QueryKind } from './judged-queries';

// The measures of the word search benchmark (scripts/bench-wordsearch.ts).

export type QueryScore = {
  query: string;
  kind: QueryKind;
  relevant: number;
  found: number;
  ndcg10: number;
  recall50: number;
};

/** DCG of a ranking: (2^gain − 1) / log2(rank + 1), ranks from 1. */
export function dcg(gains: readonly number[]): number {
  return gains.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
}

/**
 * NDCG@10 (against the ideal order of the judged gains) and recall@50, counted as found relevant
 * works over min(50, relevant works) so a query with 268 relevant works can still reach 1.
 * `ranked` holds the plan index of each result, best first.
 */
export function scoreQuery(judgement: Judgement, ranked: readonly number[]): QueryScore {
  const gains = judgement.gains;
  const relevant = Object.keys(gains).length;
  const top10 = ranked.slice(0, 10).map((i) => gains[i] ?? 0);
  const ideal = Object.values(gains)
    .sort((a, b) => b - a)
    .slice(0, 10);
  const idcg = dcg(ideal);
  const hits50 = ranked.slice(0, 50).filter((i) => (gains[i] ?? 0) > 0).length;
  return {
    query: judgement.query,
    kind: judgement.kind,
    relevant,
    found: ranked.length,
    ndcg10: idcg > 0 ? dcg(top10) / idcg : 0,
    recall50: relevant > 0 ? hits50 / Math.min(50, relevant) : 0,
  };
}
