import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAiWordHits,
  getSearchCreationList,
  getSearchRecommend,
} from '@shared/contract/word-search';
import { getCreationList } from '@shared/contract/works';
import type { WorkCard } from '@shared/contract/common';
import { swatchesOf } from '@shared/rules/colour-swatch';
import { buildCatalogueApp } from '../../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../../testing/catalogue-fixture';
import { testDatabases } from '../../../testing/test-app';
import { backfillWorkTerms } from './indexer';
import { editDistanceAtMostOne, pinyinKeys } from './pinyin-lexicon';

// Query understanding and AI search through the real calls, on the first 20 works of the seed's
// plan (two of them blue florals: 靛蓝扎染 and 月白, neither filed under 童装).

const BLUE_PALETTES = ['青花瓷', '藏青', '靛蓝扎染', '蜡染', '雾霾蓝', '月白'];

describe('pinyin and typos (no database)', () => {
  it('reads pinyin and initials in context', () => {
    expect(pinyinKeys('花卉')).toEqual({ full: 'huahui', initials: 'hh' });
    expect(pinyinKeys('条纹').full).toBe('tiaowen');
    expect(pinyinKeys('绿色').full).toBe('lvse');
  });

  it('counts one changed, missing, extra or swapped letter as one edit', () => {
    expect(editDistanceAtMostOne('huahiu', 'huahui')).toBe(true);
    expect(editDistanceAtMostOne('jihee', 'jihe')).toBe(true);
    expect(editDistanceAtMostOne('paisly', 'paisley')).toBe(true);
    expect(editDistanceAtMostOne('flroal', 'floral')).toBe(true);
    expect(editDistanceAtMostOne('flower', 'floral')).toBe(false);
    expect(editDistanceAtMostOne('abc', 'abcde')).toBe(false);
  });
});

describe.each(testDatabases())('query understanding and AI search on $name', (database) => {
  let t: CatalogueFixture;
  let all: WorkCard[];
  const ids = async (keyword: string) =>
    (await t.ok(getSearchCreationList, { keyword, pageIndex: 1, pageSize: 100 })).list.map(
      (w) => w.id,
    );
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  const withStyle = (style: string) => all.filter((w) => w.style === style).map((w) => w.id);
  const ai = (sentence: string) => t.ok(getAiWordHits, { sentence });
  const isBlueFloral = (w: WorkCard) =>
    w.style === 'floral' && BLUE_PALETTES.some((p) => w.title.startsWith(p));

  beforeAll(async () => {
    t = await buildCatalogueApp(database, 20);
    await backfillWorkTerms(t.deps, () => undefined, t.app);
    all = (await t.ok(getCreationList, { pageIndex: 1, pageSize: 60 })).list;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The works the catalogue's own word finds (its style's works, and e.g. 佩斯利之家's). */
  const sameAs = async (keyword: string, word: string) => {
    const expected = sorted(await ids(word));
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(await ids(keyword))).toEqual(expected);
  };

  it.each([
    ['花朵', '花卉'],
    ['碎花', '花卉'],
    ['小碎花', '花卉'],
    ['格子', '格纹'],
    ['腰果花', '佩斯利'],
    ['海浪', '波纹'],
  ])('finds the works of a near word: %s → %s', async (word, canonical) => {
    await sameAs(word, canonical);
    expect(withStyle('floral').length).toBeGreaterThan(0);
  });

  it('finds 扎染 works for 蜡染 and the other way round, exact ones first', async () => {
    const tieDye = all.filter((w) => w.tags.includes('靛蓝扎染')).map((w) => w.id);
    expect(tieDye.length).toBeGreaterThan(0);
    expect(await ids('蜡染')).toEqual(expect.arrayContaining(tieDye));
    const batik = all.filter((w) => w.tags.includes('蜡染')).map((w) => w.id);
    const found = await ids('扎染');
    expect(found.slice(0, tieDye.length).sort()).toEqual(tieDye.sort());
    expect(found).toEqual(expect.arrayContaining(batik));
  });

  it.each(['huahui', 'hua hui', 'hh', 'HuaHui'])('reads %s as 花卉', async (keyword) => {
    await sameAs(keyword, '花卉');
    expect(sorted(await ids(keyword))).toEqual(sorted(withStyle('floral')));
  });

  it.each([
    ['jihe', '几何'],
    ['peisili', '佩斯利'],
    ['psl', '佩斯利'],
  ])('reads the pinyin %s as %s', sameAs);

  it.each([
    ['紋樣', '纹样'],
    ['幾何', '几何'],
    ['條紋', '条纹'],
    ['藍色', '蓝色'],
    ['花卉 紋樣', '花卉 纹样'],
  ])('reads traditional %s as %s', async (traditional, simplified) => {
    const expected = await ids(simplified);
    expect(expected.length).toBeGreaterThan(0);
    expect(await ids(traditional)).toEqual(expected);
  });

  it.each([
    ['floral', '花卉'],
    ['Flowers', '花卉'],
    ['paisley', '佩斯利'],
    ['plaid', '格纹'],
    ['waves', '波纹'],
    ['geometric', '几何'],
  ])('reads the English %s as %s', sameAs);

  it.each([
    ['花会', '花卉'],
    ['佩斯丽', '佩斯利'],
    ['格文', '格纹'],
    ['huahiu', '花卉'],
    ['flroal', '花卉'],
    ['paisly', '佩斯利'],
  ])('forgives the small typo %s for %s', sameAs);

  it('ranks exact words above near words', async () => {
    const page = await t.ok(getSearchCreationList, {
      keyword: '佩斯利',
      pageIndex: 1,
      pageSize: 100,
    });
    expect(page.terms).toEqual(['佩斯利']);
    expect(page.list[0]?.title).toContain('佩斯利');
    // The words searched are named as the buyer reads them.
    const pinyin = await t.ok(getSearchCreationList, {
      keyword: 'lanse huahui',
      pageIndex: 1,
      pageSize: 20,
    });
    expect(pinyin.terms).toEqual(['蓝色', '花卉']);
    expect(pinyin.list[0]?.titleParts.some((p) => p.hit && p.text === '花卉')).toBe(true);
  });

  it('leaves out a word no work has when the others find works, and says which', async () => {
    const page = await t.ok(getSearchCreationList, {
      keyword: '花卉 貔貅',
      pageIndex: 1,
      pageSize: 100,
    });
    expect(page.ignored).toEqual(['貔貅']);
    expect(sorted(page.list.map((w) => w.id))).toEqual(sorted(withStyle('floral')));
    // Two known words still both count.
    expect(
      (await t.ok(getSearchCreationList, { keyword: '青花瓷 迷彩', pageIndex: 1, pageSize: 20 }))
        .total,
    ).toBe(0);
  });

  it('suggests words from pinyin, initials and hot keywords while typing', async () => {
    const suggest = async (keyword: string) =>
      (await t.ok(getSearchRecommend, { keyword, limit: 10 })).list;
    expect((await suggest('huah')).find((s) => s.text === '花卉')?.kind).toBe('keyword');
    expect((await suggest('hh')).map((s) => s.text)).toContain('花卉');
    const floral = (await suggest('hh')).find((s) => s.text === '花卉');
    expect(floral?.count).toBe(withStyle('floral').length);
    expect((await suggest('紋')).some((s) => s.text.startsWith('纹'))).toBe(true);
  });

  it('answers its own example 蓝色小碎花 适合童装 with blue florals first', async () => {
    const blueFlorals = all.filter(isBlueFloral);
    expect(blueFlorals.length).toBeGreaterThanOrEqual(2);
    const hits = await ai('蓝色小碎花 适合童装');
    const first = hits.list.slice(0, blueFlorals.length);
    expect(sorted(first.map((w) => w.id))).toEqual(sorted(blueFlorals.map((w) => w.id)));
    for (const work of first) expect(swatchesOf(work.colors)).toContain('blue');
    expect(hits.understood).toEqual(['颜色：蓝', '风格：花卉', '用途：童装']);
    // None of them is filed under 童装: the use is loosened first, and the page is told so.
    expect(hits.total).toBe(0);
    expect(hits.relaxed).toBe(true);
    expect(hits.loosened?.[0]).toBe('适合童装');
    expect(hits.notice).toMatch(/^没有同时满足全部条件的作品，已放宽「适合童装」/);
  });

  it('never lets words without meaning decide a result', async () => {
    const plain = await ai('蓝色花卉');
    const chatty = await ai('我想要一些蓝色的花卉，适合');
    expect(chatty.list.map((w) => w.id)).toEqual(plain.list.map((w) => w.id));
    expect((await ai('适合')).list).toEqual([]);
    expect((await ai('我想要一些的')).list).toEqual([]);
  });

  it('gives the exact works first, then loosens in order: use, style, colour', async () => {
    // A colour no work of the seed's first 20 has together with 波纹 and 童装.
    const hits = await ai('紫色波纹 适合童装');
    expect(hits.total).toBe(0);
    expect(hits.loosened).toEqual(['适合童装', '波纹']);
    expect(hits.notice).toBe('没有同时满足全部条件的作品，已放宽「适合童装」「波纹」');
    const first = hits.list[0];
    expect(first && swatchesOf(first.colors)).toContain('purple');
    // Exact works come first, with a count, when there are some.
    const floral = await ai('花卉');
    expect(floral.total).toBe(withStyle('floral').length);
    expect(floral.list.slice(0, floral.total).every((w) => w.style === 'floral')).toBe(true);
  });
});
