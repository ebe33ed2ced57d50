import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiWordHits, WordSearchHit } from '@shared/contract/word-search';
import { getAiWordHits, getSearchCreationList } from '@shared/contract/word-search';
import { buildCatalogueApp } from '../../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../../testing/catalogue-fixture';
import { testDatabases } from '../../../testing/test-app';
import { findAiWordHits } from './ai-words-service';
import type { SearchWords } from './ai-words-service';
import { backfillWorkTerms } from './indexer';
import type { WordSearchInput, WordSearchResult } from './search-works';

const hit = (id: number): WordSearchHit => ({
  id,
  title: `作品${id}`,
  thumbUrl: '',
  previewUrl: '',
  width: 800,
  height: 800,
  designerId: 1,
  designerName: '设计师',
  categoryKid: 101,
  categoryTitle: '面料',
  headerType: 3,
  style: 'floral',
  isSeamless: true,
  tags: [],
  colors: [],
  favouriteCount: 0,
  viewCount: 0,
  saleCount: 0,
  priceFen: 0,
  titleParts: [{ text: `作品${id}`, hit: false }],
  matchedTags: [],
});

/** Word search: 印花 finds 8 and 20, 童装 finds 20 and 21; both words together find nothing. */
const WORDS: Record<string, number[]> = {
  印花: [8, 20],
  碎花: [8, 20],
  童装: [20, 21],
  蓝色碎花: [8],
};

/** A word search over WORDS (and blue florals: 适合童装 finds 30, 花卉 finds 31); records each query. */
function fakeSearch(): { search: SearchWords; queries: WordSearchInput[] } {
  const queries: WordSearchInput[] = [];
  const search: SearchWords = async (input) => {
    queries.push(input);
    const { keyword } = input;
    let ids: number[];
    let terms: string[];
    if (input.color === 'blue' && input.style === 'floral') {
      ids = { 适合童装: [30], 花卉: [31] }[keyword] ?? [];
      terms = keyword === '适合童装' ? ['适合', '童装'] : [keyword];
    } else {
      ids = WORDS[keyword] ?? [];
      terms = keyword === '印花 童装' ? ['印花', '童装'] : keyword ? [keyword] : [];
    }
    const result: WordSearchResult = { list: ids.map(hit), total: ids.length, terms };
    return result;
  };
  return { search, queries };
}

const ids = (hits: AiWordHits) => hits.list.map((h) => h.id);

describe('findAiWordHits (AI search words)', () => {
  it('searches the words of a sentence, all of them, in one page of 100', async () => {
    const { search, queries } = fakeSearch();
    const hits = await findAiWordHits(search, ' 蓝色碎花 ');
    expect(hits).toMatchObject({ total: 1, terms: ['蓝色碎花'], relaxed: false, understood: [] });
    expect(ids(hits)).toEqual([8]);
    expect(queries).toEqual([{ keyword: '蓝色碎花', pageIndex: 1, pageSize: 100 }]);
  });

  it('ranks works by how many words they have when none has them all', async () => {
    const { search, queries } = fakeSearch();
    const hits = await findAiWordHits(search, '印花 童装');
    expect(hits).toMatchObject({ total: 0, terms: ['印花', '童装'], relaxed: true });
    expect(ids(hits)).toEqual([20, 8, 21]);
    expect(queries.map((q) => q.keyword)).toEqual(['印花 童装', '印花', '童装']);
  });

  it('reads a colour and a style in the sentence as filters', async () => {
    const { search, queries } = fakeSearch();
    const hits = await findAiWordHits(search, '蓝色小碎花 适合童装');
    expect(ids(hits)).toEqual([30]);
    expect(hits).toMatchObject({
      total: 1,
      relaxed: false,
      understood: ['颜色：蓝', '风格：花卉'],
    });
    expect(queries.at(-1)).toMatchObject({ keyword: '适合童装', color: 'blue', style: 'floral' });
  });

  it('falls back to the colour and style alone when the other words find nothing', async () => {
    const { search, queries } = fakeSearch();
    const hits = await findAiWordHits(search, '蓝色碎花 床品');
    expect(ids(hits)).toEqual([31]);
    expect(hits).toMatchObject({ total: 0, relaxed: true, understood: ['颜色：蓝', '风格：花卉'] });
    expect(queries.at(-1)).toMatchObject({ keyword: '花卉', color: 'blue', style: 'floral' });
  });

  it('finds nothing in a sentence without words', async () => {
    const { search } = fakeSearch();
    expect(await findAiWordHits(search, '   ')).toEqual({
      list: [],
      total: 0,
      terms: [],
      relaxed: false,
      understood: [],
    });
  });
});

describe.each(testDatabases())('AI search words on $name', (database) => {
  let t: CatalogueFixture;
  const ai = (sentence: string) => t.ok(getAiWordHits, { sentence });
  const words = (input: object) =>
    t.ok(getSearchCreationList, { keyword: '', pageIndex: 1, pageSize: 100, ...input });

  beforeAll(async () => {
    t = await buildCatalogueApp(database, 20);
    await backfillWorkTerms(t.deps, () => undefined, t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers with the word search when one work has every word', async () => {
    const hits = await ai('苗岭绣坊');
    const page = await words({ keyword: '苗岭绣坊' });
    expect(page.total).toBeGreaterThan(0);
    expect(hits).toEqual({ ...page, relaxed: false, understood: [] });
  });

  it('ranks by how many words a work has when none has them all', async () => {
    const sentence = '苗岭绣坊 貔貅';
    expect((await words({ keyword: sentence })).total).toBe(0);
    const hits = await ai(sentence);
    expect(hits.relaxed).toBe(true);
    expect(hits.total).toBe(0);
    expect(hits.terms.length).toBeGreaterThan(1);
    // Works with more of the words first, then by their rank in the word's own search.
    const perTerm = await Promise.all(hits.terms.map((keyword) => words({ keyword })));
    const count = (id: number) => perTerm.filter((p) => p.list.some((w) => w.id === id)).length;
    const counts = hits.list.map((w) => count(w.id));
    expect(hits.list.length).toBeGreaterThan(0);
    expect(counts.every((c) => c > 0)).toBe(true);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const union = new Set(perTerm.flatMap((p) => p.list.map((w) => w.id)));
    expect(new Set(hits.list.map((w) => w.id))).toEqual(union);
  });

  it('searches a colour and a style of the sentence as filters', async () => {
    const hits = await ai('蓝色花卉 貔貅');
    expect(hits.understood).toEqual(['颜色：蓝', '风格：花卉']);
    const florals = await words({ keyword: '花卉', color: 'blue', style: 'floral' });
    expect(florals.list.length).toBeGreaterThan(0);
    expect(hits).toMatchObject({ relaxed: true, total: 0, terms: florals.terms });
    expect(hits.list.map((w) => w.id)).toEqual(florals.list.map((w) => w.id));
  });

  it('never fails on odd sentences', async () => {
    for (const sentence of ['', '   ', '😀🌸', '蓝'.repeat(50_000), "' or 1=1 --", '\uD800']) {
      const { status, body } = await t.call(getAiWordHits, { sentence });
      expect(status, sentence.slice(0, 20)).toBe(200);
      expect(body.code).toBe(1);
    }
    expect((await t.callRaw(getAiWordHits, {})).body.code).toBe(1);
  });
});
