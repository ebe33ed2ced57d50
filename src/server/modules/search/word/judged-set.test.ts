import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_WORKS } from '../../../db/seed/seed-demo';
import { JUDGED_QUERIES, judge, judgedWorks } from '../../../../../tests/wordsearch/judged-queries';
import type { Judgement } from '../../../../../tests/wordsearch/judged-queries';
import { scoreQuery } from '../../../../../tests/wordsearch/metrics';

// The judged query set of bench:wordsearch (tests/wordsearch/): relevance comes from the seed's
// deterministic plan, so the same plan must give the same judgements, written down in judged-set.json.

type Written = { query: string; kind: string; relevant: string };

/** The written form: plan indices, `!` marking a work that meets every condition of an AI sentence. */
const written = (judgements: readonly Judgement[]): Written[] =>
  judgements.map((j) => ({
    query: j.query,
    kind: j.kind,
    relevant: Object.entries(j.gains)
      .map(([index, gain]) => (gain === 2 ? `${index}!` : index))
      .join(' '),
  }));

describe('the judged query set', () => {
  const judgements = judge(judgedWorks(DEFAULT_DEMO_WORKS));

  it('judges the seed the same way every time, as written down', () => {
    const file = new URL('../../../../../tests/wordsearch/judged-set.json', import.meta.url);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Written[];
    expect(written(judgements)).toEqual(saved);
    expect(written(judge(judgedWorks(DEFAULT_DEMO_WORKS)))).toEqual(saved);
  });

  it('has 150 word queries and 30 AI sentences of every kind, each with relevant works', () => {
    const ai = JUDGED_QUERIES.filter((q) => q.kind === 'ai');
    expect(JUDGED_QUERIES.length - ai.length).toBeGreaterThanOrEqual(150);
    expect(ai).toHaveLength(30);
    const kinds = new Set(JUDGED_QUERIES.map((q) => q.kind));
    for (const kind of ['colour', 'style', 'category', 'technique', 'use', 'designer'] as const) {
      expect(kinds).toContain(kind);
    }
    expect(new Set(JUDGED_QUERIES.map((q) => q.query)).size).toBe(JUDGED_QUERIES.length);
    for (const j of judgements) expect(Object.keys(j.gains).length, j.query).toBeGreaterThan(0);
  });

  it('grades an AI sentence by its conditions: the use may be missing, the colour may not', () => {
    const example = judgements.find((j) => j.query === '蓝色小碎花 适合童装');
    const works = judgedWorks(DEFAULT_DEMO_WORKS);
    for (const [index, gain] of Object.entries(example?.gains ?? {})) {
      const work = works[Number(index)];
      expect(work?.style).toBe('floral');
      expect(['青花瓷', '藏青', '靛蓝扎染', '蜡染', '雾霾蓝', '月白']).toContain(work?.palette);
      expect(gain).toBe(work?.kid === 103 ? 2 : 1);
    }
  });

  it('scores a ranking by NDCG@10 and recall@50', () => {
    const judgement: Judgement = { query: 'x', kind: 'style', gains: { 1: 1, 2: 1 } };
    expect(scoreQuery(judgement, [1, 2, 3]).ndcg10).toBe(1);
    expect(scoreQuery(judgement, [3, 1, 2]).ndcg10).toBeCloseTo(
      (1 / Math.log2(3) + 1 / Math.log2(4)) / (1 + 1 / Math.log2(3)),
    );
    expect(scoreQuery(judgement, [3, 1]).recall50).toBe(0.5);
    expect(scoreQuery(judgement, []).found).toBe(0);
  });
});
