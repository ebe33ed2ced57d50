import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getHotTags,
  getSearchCreationList,
  getSearchRecommend,
  getThemeTagTree,
} from '@shared/contract/word-search';
import { getCreationList } from '@shared/contract/works';
import type { WorkCard } from '@shared/contract/common';
import type { CallRequest } from '@shared/contract/define';
import { buildCatalogueApp } from '../../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../../testing/catalogue-fixture';
import { testDatabases } from '../../../testing/test-app';
import { backfillWorkTerms, indexWorkTerms } from './indexer';
import { understandQuery } from './query-understanding';
import { WordIndex } from './word-index';

describe.each(testDatabases())('word search on $name', (database) => {
  let t: CatalogueFixture;
  let all: WorkCard[];
  type SearchInput = CallRequest<typeof getSearchCreationList>;
  /** A search of the first page of 20, as the server pages by default. */
  const search = (input: Omit<SearchInput, 'pageIndex' | 'pageSize'> & Partial<SearchInput>) =>
    t.ok(getSearchCreationList, { pageIndex: 1, pageSize: 20, ...input });
  /** Seeded works whose title, tags, designer or category contain the word. */
  const containing = (word: string) =>
    all.filter((w) =>
      [w.title, ...w.tags, w.designerName, w.categoryTitle].some((text) => text.includes(word)),
    );

  beforeAll(async () => {
    t = await buildCatalogueApp(database, 20);
    const lines: string[] = [];
    await backfillWorkTerms(t.deps, (line) => lines.push(line), t.app);
    expect(lines.join('\n')).toContain('正在建立搜索索引：20 件作品');
    all = (await t.ok(getCreationList, { pageIndex: 1, pageSize: 60 })).list;
    expect(all).toHaveLength(20);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['花卉', '几何', '民族'])('finds every seeded work that contains %s', async (word) => {
    const page = await search({ keyword: word, pageSize: 100 });
    const expected = containing(word).map((w) => w.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(page.list.map((w) => w.id).sort()).toEqual(expect.arrayContaining(expected.sort()));
    expect(page.total).toBe(page.list.length);
    expect(page.terms).toEqual([word]);
    // Title matches come first, with the word highlighted.
    const first = page.list[0];
    expect(first?.title).toContain(word);
    expect(first?.titleParts.filter((p) => p.hit).map((p) => p.text)).toContain(word);
  });

  it('finds all the works of a designer by name', async () => {
    const page = await search({ keyword: '苗岭绣坊', pageSize: 100 });
    const byDesigner = all.filter((w) => w.designerName === '苗岭绣坊').map((w) => w.id);
    expect(byDesigner.length).toBeGreaterThan(0);
    expect(page.list.map((w) => w.id).sort()).toEqual(byDesigner.sort());
  });

  it('finds works from part of a word', async () => {
    const paisley = await search({ keyword: '佩斯', pageSize: 100 });
    expect(paisley.list.length).toBeGreaterThan(0);
    for (const work of paisley.list) {
      expect([work.title, ...work.tags, work.designerName].join()).toContain('佩斯');
    }
    const flower = await search({ keyword: '花', pageSize: 100 });
    expect(flower.total).toBeGreaterThanOrEqual(containing('花卉').length);
  });

  it('requires every word of the keyword', async () => {
    const page = await search({ keyword: '青花瓷 动物', pageSize: 100 });
    expect(page.terms).toEqual(['青花瓷', '动物']);
    expect(page.list.length).toBeGreaterThan(0);
    for (const work of page.list)
      expect(work.tags).toEqual(expect.arrayContaining(['青花瓷', '动物']));
    expect((await search({ keyword: '青花瓷 迷彩' })).total).toBe(0);
  });

  it('finds works by colour words', async () => {
    const page = await search({ keyword: '蓝色', pageSize: 100 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((w) => w.colors.length > 0)).toBe(true);
  });

  it('applies the /work filters and sorts', async () => {
    const floral = await search({ keyword: '图案', style: 'floral', pageSize: 100 });
    expect(floral.list.every((w) => w.style === 'floral')).toBe(true);
    const seamless = await search({ keyword: '四方连续', seamless: false, pageSize: 100 });
    expect(seamless.total).toBe(0);
    const positioned = await search({ keyword: '定位花', seamless: false, pageSize: 100 });
    expect(positioned.list.every((w) => !w.isSeamless)).toBe(true);

    const kid = all[0]?.categoryKid ?? 0;
    const parentKid = Math.floor(kid / 100) * 100;
    const byParent = await search({ keyword: '图案', kid: parentKid, pageSize: 100 });
    expect(byParent.total).toBeGreaterThan(0);
    expect(byParent.list.every((w) => Math.floor(w.categoryKid / 100) * 100 === parentKid)).toBe(
      true,
    );

    const blue = await search({ keyword: '图案', color: 'blue', pageSize: 100 });
    const listBlue = await t.ok(getCreationList, { pageIndex: 1, color: 'blue', pageSize: 60 });
    const blueIds = new Set(listBlue.list.map((w) => w.id));
    expect(blue.list.every((w) => blueIds.has(w.id))).toBe(true);

    const newest = await search({ keyword: '图案', sort: 'newest', pageSize: 100 });
    const listNewest = await t.ok(getCreationList, { pageIndex: 1, sort: 'newest', pageSize: 60 });
    const order = listNewest.list
      .map((w) => w.id)
      .filter((id) => newest.list.some((w) => w.id === id));
    expect(newest.list.map((w) => w.id)).toEqual(order);
    const selling = await search({ keyword: '图案', sort: 'bestselling', pageSize: 100 });
    const sales = selling.list.map((w) => w.saleCount);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('answers words searched again with other filters, sorts and pages as a fresh index does', async () => {
    // The app's index keeps each query's matches and reuses them; a new index computes each once.
    const index = t.app.wordIndex;
    await index.ready();
    const kid = Math.floor((all[0]?.categoryKid ?? 0) / 100) * 100;
    const filterSets = [{}, { color: 'blue' as const }, { seamless: true, kid }];
    for (const keyword of ['图案', '蓝色花卉']) {
      for (const filters of filterSets) {
        for (const sort of [undefined, 'newest', 'popular', 'bestselling'] as const) {
          for (const [offset, limit] of [
            [0, 5],
            [3, 4],
          ] as const) {
            const understood = understandQuery(keyword, index);
            const query = {
              words: [],
              groups: understood.words.map((w) => w.group),
              boostColours: understood.colours,
              filters,
              sort,
              offset,
              limit,
            };
            const fresh = new WordIndex(t.deps.db);
            await fresh.ready();
            const expected = fresh.search(query);
            fresh.stop();
            expect({ keyword, filters, sort, offset, ...index.search(query) }).toEqual({
              keyword,
              filters,
              sort,
              offset,
              ...expected,
            });
          }
        }
      }
    }
    expect(index.search({ words: ['图案'], filters: {}, offset: 0, limit: 60 }).total).toBe(
      (await search({ keyword: '图案', pageSize: 60 })).total,
    );
  });

  it('pages through the results', async () => {
    const whole = await search({ keyword: '图案', pageSize: 100 });
    const second = await search({ keyword: '图案', pageSize: 3, pageIndex: 2 });
    expect(second.total).toBe(whole.total);
    expect(second.list.map((w) => w.id)).toEqual(whole.list.slice(3, 6).map((w) => w.id));
    const beyond = await search({ keyword: '图案', pageSize: 10, pageIndex: 999 });
    expect(beyond).toMatchObject({ list: [], total: whole.total });
  });

  it('never fails on odd keywords', async () => {
    const odd = [
      '',
      '   ',
      '😀🌸',
      '🌸花卉🌸',
      'x'.repeat(100_000),
      '花卉'.repeat(5_000),
      "' or 1=1 --",
      '%_\\',
      '\u0000',
      '\uD800',
      'مرحبا',
      '한국어',
      'Ωμέγα',
    ];
    for (const keyword of odd) {
      const { status, body } = await t.call(getSearchCreationList, {
        pageIndex: 1,
        pageSize: 20,
        keyword,
      });
      expect(status, keyword.slice(0, 20)).toBe(200);
      expect(body.code).toBe(1);
      const suggestions = await t.call(getSearchRecommend, { limit: 10, keyword });
      expect(suggestions.status, keyword.slice(0, 20)).toBe(200);
    }
    const blank = await search({ keyword: '😀' });
    expect(blank).toEqual({ list: [], total: 0, terms: [] });
    const noKeyword = await t.call(getSearchCreationList, {
      keyword: '',
      pageIndex: 1,
      pageSize: 20,
    });
    expect(noKeyword.body.code).toBe(1);
    const numeric = await t.callRaw(getSearchCreationList, { keyword: 2025 });
    expect(numeric.body.code).toBe(1);
  });

  it('suggests completions, designers, categories and works while typing', async () => {
    const suggest = (keyword: string) => t.ok(getSearchRecommend, { keyword, limit: 10 });
    const flower = (await suggest('花')).list;
    const floral = flower.find((s) => s.text === '花卉');
    expect(floral?.kind).toBe('keyword');
    expect(floral?.count).toBe((await search({ keyword: '花卉' })).total);
    expect(floral?.parts[0]).toEqual({ text: '花', hit: true });
    expect(flower.some((s) => s.kind === 'work' && s.workId !== undefined)).toBe(true);

    const designer = (await suggest('苗岭')).list;
    expect(designer.find((s) => s.text === '苗岭绣坊')?.kind).toBe('designer');
    const category = (await suggest('服装')).list;
    expect(category.find((s) => s.text === '服装面料')?.kind).toBe('category');
    const theme = (await suggest('摩登')).list.find((s) => s.kind === 'theme');
    expect(theme?.text).toBe('几何摩登');
    expect(theme?.parts).toEqual([
      { text: '几何', hit: false },
      { text: '摩登', hit: true },
    ]);
    const themeRow = await t.deps.db
      .selectFrom('themes')
      .select('id')
      .where('title', '=', '几何摩登')
      .executeTakeFirstOrThrow();
    expect(theme?.themeId).toBe(themeRow.id);
    expect((await suggest('')).list).toEqual([]);
    expect(
      (await suggest('花卉 青')).list.every(
        (s) => s.text.startsWith('花卉 青') || s.kind !== 'keyword',
      ),
    ).toBe(true);
  });

  it('computes hot keywords from the tags of popular works', async () => {
    const hot = await t.ok(getHotTags, { limit: 5 });
    expect(hot.list.length).toBeGreaterThan(0);
    expect(hot.list.length).toBeLessThanOrEqual(5);
    const counts = hot.list.map((h) => h.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const tree = await t.ok(getThemeTagTree, {});
    expect(tree.hotKeywords.length).toBeGreaterThan(0);
    // A tag on nearly every work says nothing about what is hot.
    expect(tree.hotKeywords).not.toContain('四方连续');
    expect(tree.groups.map((g) => g.key)).toEqual(['hot', 'style', 'category']);
    expect(tree.groups[1]?.tags.map((tag) => tag.keyword)).toContain('花卉');
  });

  it('follows works as they are published, edited and withdrawn', async () => {
    const source = all.find((w) => w.style === 'floral');
    if (!source) throw new Error('no floral work');
    const now = new Date().toISOString();
    const { id } = await t.deps.db
      .insertInto('works')
      .values({
        designer_id: source.designerId,
        title: '珊瑚貔貅吉祥纹样',
        category_kid: source.categoryKid,
        style: 'folk',
        header_type: 3,
        width: 800,
        height: 800,
        status: 'published',
        tags: JSON.stringify(['貔貅', '吉祥']),
        created_at: now,
        updated_at: now,
        published_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await indexWorkTerms(t.deps.db, t.app, id);
    expect((await search({ keyword: '貔貅' })).list.map((w) => w.id)).toEqual([id]);

    await t.deps.db.updateTable('works').set({ status: 'offline' }).where('id', '=', id).execute();
    await indexWorkTerms(t.deps.db, t.app, id);
    expect((await search({ keyword: '貔貅' })).total).toBe(0);
  });

  it('picks up changes another server made at its next sync', async () => {
    const work = all.find((w) => w.style === 'geometric');
    if (!work) throw new Error('no geometric work');
    // Another server edits the title and rebuilds the work's terms in the shared database.
    const later = new Date(Date.now() + 1000).toISOString();
    await t.deps.db
      .updateTable('works')
      .set({ title: '麒麟几何印花', updated_at: later })
      .where('id', '=', work.id)
      .execute();
    const index = t.app.wordIndex;
    await t.deps.db.deleteFrom('work_terms').where('work_id', '=', work.id).execute();
    await t.deps.db
      .insertInto('work_terms')
      .values([
        { term: '麒麟', work_id: work.id, weight: 3 },
        { term: '几何', work_id: work.id, weight: 3 },
      ])
      .execute();
    expect((await search({ keyword: '麒麟' })).total).toBe(0);
    await index.sync();
    expect((await search({ keyword: '麒麟' })).list.map((w) => w.id)).toEqual([work.id]);
  });

  it('backfills works that have no terms', async () => {
    const work = all[1];
    if (!work) throw new Error('no work');
    await t.deps.db.deleteFrom('work_terms').where('work_id', '=', work.id).execute();
    expect(await backfillWorkTerms(t.deps)).toBe(1);
    expect(await backfillWorkTerms(t.deps)).toBe(0);
  });
});
