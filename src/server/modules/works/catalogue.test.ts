import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkCard } from '@shared/contract/common';
import { getHomeRecommendList } from '@shared/contract/home';
import {
  getCategory,
  getCreationArea,
  getCreationDetail,
  getCreationList,
  getCreationSeriesList,
  getFondClassifications,
  getHomeWallList,
  getHotCreationInfo,
  getHotCreationList,
  getPopular,
  getSeriesList,
  setFondClassification,
  WORK_STYLES,
} from '@shared/contract/works';
import { COLOUR_SWATCH_KEYS } from '@shared/rules/colour-swatch';
import { getMyTrack } from '@shared/contract/collections';
import { seedDiscovery } from '../../db/seed/seed-discovery';
import { BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { publicWorkDetail } from './work-detail-service';

const oneOf = <T>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

describe.each(testDatabases())('catalogue works on $name', (database) => {
  let t: CatalogueFixture;
  let all: WorkCard[];

  beforeAll(async () => {
    t = await buildCatalogueApp(database);
    all = (await t.ok(getCreationList, { pageIndex: 1, pageSize: 60 })).list;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every published work with its total, newest first by default', async () => {
    expect(all).toHaveLength(16);
    const page = await t.ok(getCreationList, { pageIndex: 2, pageSize: 5 });
    expect(page.total).toBe(16);
    expect(page.list.map((w) => w.id)).toEqual(all.slice(5, 10).map((w) => w.id));
    const beyond = await t.ok(getCreationList, { pageIndex: 9, pageSize: 5 });
    expect(beyond).toEqual({ list: [], total: 16 });
  });

  it('refuses page sizes above the cap and pages below 1 with a Chinese message', async () => {
    for (const input of [{ pageSize: 101 }, { pageSize: 0 }, { pageIndex: 0 }]) {
      const res = await t.callRaw(getCreationList, input);
      expect(res.status).toBe(400);
      expect(res.body.code).not.toBe(1);
      expect(res.body.msg).toMatch(/^请求参数不正确：字段 page(Size|Index)/);
    }
  });

  it('filters by header type, and a parent category includes its children', async () => {
    const exclusive = await t.ok(getCreationList, { pageIndex: 1, headerType: 3, pageSize: 60 });
    expect(exclusive.total).toBe(all.filter((w) => w.headerType === 3).length);
    expect(exclusive.list.every((w) => w.headerType === 3)).toBe(true);

    const tree = await t.ok(getCategory, {});
    const parent = tree.find((c) =>
      all.some((w) => c.children.some((k) => k.kid === w.categoryKid)),
    );
    if (!parent) throw new Error('no category with works');
    const childKids = parent.children.map((c) => c.kid);
    const byParent = await t.ok(getCreationList, { pageIndex: 1, kid: parent.kid, pageSize: 60 });
    expect(byParent.total).toBe(all.filter((w) => childKids.includes(w.categoryKid)).length);
    expect(byParent.total).toBeGreaterThan(0);
    const leaf = all[0]?.categoryKid ?? 0;
    const byLeaf = await t.ok(getCreationList, { pageIndex: 1, kid: leaf, pageSize: 60 });
    expect(byLeaf.list.every((w) => w.categoryKid === leaf)).toBe(true);
  });

  it('filters by colour swatch, style and seamless, and combines them', async () => {
    const detail = await t.ok(getCreationDetail, { id: all[0]!.id });
    const swatch = detail.swatches[0];
    expect(swatch).toBeDefined();
    // The detail declares its swatches, style and header type as plain strings and numbers.
    const style = detail.style;
    const headerType = detail.headerType;
    if (
      !oneOf(COLOUR_SWATCH_KEYS, swatch) ||
      !oneOf(WORK_STYLES, style) ||
      !oneOf([3, 4] as const, headerType)
    ) {
      throw new Error('the detail’s filters are outside the filter lists');
    }
    const byColour = await t.ok(getCreationList, { pageIndex: 1, color: swatch, pageSize: 60 });
    expect(byColour.list.map((w) => w.id)).toContain(detail.id);
    expect(byColour.total).toBeLessThanOrEqual(16);

    const byStyle = await t.ok(getCreationList, { pageIndex: 1, style, pageSize: 60 });
    expect(byStyle.total).toBe(all.filter((w) => w.style === style).length);

    const seamless = await t.ok(getCreationList, { pageIndex: 1, seamless: true, pageSize: 60 });
    const placed = await t.ok(getCreationList, { pageIndex: 1, seamless: false, pageSize: 60 });
    expect(seamless.total + placed.total).toBe(16);
    expect(seamless.list.every((w) => w.isSeamless)).toBe(true);

    const combined = await t.ok(getCreationList, {
      pageIndex: 1,
      pageSize: 20,
      color: swatch,
      style,
      seamless: detail.isSeamless,
      headerType,
    });
    expect(combined.list.map((w) => w.id)).toContain(detail.id);
  });

  it('sorts newest, most popular and best-selling', async () => {
    const popular = await t.ok(getCreationList, { pageIndex: 1, sort: 'popular', pageSize: 60 });
    const favourites = popular.list.map((w) => w.favouriteCount);
    expect(favourites).toEqual([...favourites].sort((a, b) => b - a));
    const best = await t.ok(getCreationList, { pageIndex: 1, sort: 'bestselling', pageSize: 60 });
    const sales = best.list.map((w) => w.saleCount);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('rejects filter values outside their lists with code ≠ 1 and a Chinese msg', async () => {
    for (const [input, field] of [
      [{ color: 'magenta' }, 'color'],
      [{ style: 'baroque' }, 'style'],
      [{ sort: 'random' }, 'sort'],
      [{ headerType: 5 }, 'headerType'],
    ] as const) {
      const res = await t.callRaw(getCreationList, input);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(`字段 ${field}`);
    }
    const unknownKid = await t.call(getCreationList, { pageIndex: 1, pageSize: 20, kid: 9999 });
    expect(unknownKid.body).toEqual({ code: 1004, msg: '品类不存在', data: null });
  });

  it('shows a work to a guest with licences, designer and similar works, counting the view', async () => {
    const id = all[2]?.id ?? 0;
    const before = await t.ok(getCreationDetail, { id });
    const after = await t.ok(getCreationDetail, { id });
    expect(after.viewCount).toBe(before.viewCount + 1);
    expect(after.licences.length).toBe(2);
    for (const l of after.licences) expect(Number.isInteger(l.priceFen)).toBe(true);
    expect(after.licences[0]?.priceFen).toBe(after.priceFen);
    expect(after.licences[0]?.kind).toBe(
      after.headerType === 3 ? 'category_exclusive' : 'material',
    );
    expect(after.designer.userId).toBe(after.designerId);
    expect(after.designer.isFollowed).toBe(false);
    expect(after.isCollected).toBe(false);
    expect(after.similar.map((w) => w.id)).not.toContain(id);
    // The details of every work share their designer and their style's best sellers (cached), and
    // say the same as a detail read alone: same style first by sales, then the same category.
    for (const work of all.slice(6, 12)) {
      const shown = await t.ok(getCreationDetail, { id: work.id });
      const alone = await publicWorkDetail(t.app.deps, work.id, null);
      expect(shown.similar.map((w) => w.id)).toEqual(alone.similar.map((w) => w.id));
      expect(shown.similar.map((w) => w.id)).not.toContain(work.id);
      expect(shown.designer).toEqual({ ...alone.designer, isFollowed: false });
      const sameStyle = shown.similar.filter((w) => w.style === work.style);
      expect(shown.similar.slice(0, sameStyle.length)).toEqual(sameStyle);
      const sales = sameStyle.map((w) => w.saleCount);
      expect(sales).toEqual([...sales].sort((a, b) => b - a));
    }
    expect(after.categoryPath.at(-1)?.kid).toBe(after.categoryKid);
    expect(after.previewUrl).toMatch(/^\/files\/public\/.*preview/);
  });

  it('answers an unknown or unpublished work with 作品不存在 and records a signed-in view as a track', async () => {
    const missing = await t.call(getCreationDetail, { id: 99_999 });
    expect(missing.body).toMatchObject({ code: 1004, msg: '作品不存在或已下架' });
    const hidden = all[5]?.id ?? 0;
    await t.deps.db
      .updateTable('works')
      .set({ status: 'offline' })
      .where('id', '=', hidden)
      .execute();
    expect((await t.call(getCreationDetail, { id: hidden })).body.code).toBe(1004);
    // Its designer alone still sees it, however many ask at once; the detail cache keeps none of it.
    const owner = await t.deps.db
      .selectFrom('works as w')
      .innerJoin('users as u', 'u.id', 'w.designer_id')
      .select('u.phone')
      .where('w.id', '=', hidden)
      .executeTakeFirstOrThrow();
    const ownerToken = await t.signIn(owner.phone ?? '');
    const buyerToken = await t.signIn(BUYER);
    const asked = await Promise.all([
      t.call(getCreationDetail, { id: hidden }, ownerToken),
      t.call(getCreationDetail, { id: hidden }, buyerToken),
      t.call(getCreationDetail, { id: hidden }),
      t.call(getCreationDetail, { id: hidden }, ownerToken),
    ]);
    expect(asked.map((a) => a.body.code)).toEqual([1, 1004, 1004, 1]);
    expect(asked[0]?.body.data).toMatchObject({ id: hidden, status: 'offline' });
    await t.deps.db
      .updateTable('works')
      .set({ status: 'published' })
      .where('id', '=', hidden)
      .execute();

    const token = await t.signIn(BUYER);
    await t.ok(getCreationDetail, { id: all[1]!.id }, token);
    await t.ok(getCreationDetail, { id: all[3]!.id }, token);
    const track = await t.ok(getMyTrack, { pageIndex: 1, pageSize: 20, targetType: 'work' }, token);
    expect(track.list.map((i) => i.work?.id)).toEqual([all[3]?.id, all[1]?.id]);
  });

  it('ranks hot-sellers per period and tells where a work ranks', async () => {
    const week = await t.ok(getHotCreationList, { pageIndex: 1, period: 'week', pageSize: 5 });
    expect(week.list.map((w) => w.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(week.total).toBeGreaterThan(5);
    const sales = week.list.map((w) => w.saleCount);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    const info = await t.ok(getHotCreationInfo, {
      id: week.list[0]!.id,
    });
    expect(info.ranks).toContainEqual(expect.objectContaining({ period: 'week', rank: 1 }));
    expect((await t.callRaw(getHotCreationList, { period: 'year' })).status).toBe(400);
    expect((await t.call(getHotCreationInfo, { id: 99_999 })).body.code).toBe(1004);
  });

  it('lists popular styles, categories and colours by sales', async () => {
    const popular = await t.ok(getPopular, {});
    const sales = popular.styles.map((s) => s.saleCount);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    expect(popular.categories.reduce((n, c) => n + c.workCount, 0)).toBe(16);
    expect(popular.colors.length).toBeGreaterThan(0);
    expect(popular.styles[0]?.covers.length).toBeGreaterThan(0);
  });

  it('groups a designer’s works into series and pages a series', async () => {
    const designerId = all.find(
      (w) => all.filter((x) => x.designerId === w.designerId && x.style === w.style).length > 1,
    )?.designerId;
    if (!designerId) return;
    const series = await t.ok(getSeriesList, { designerId });
    expect(series.length).toBeGreaterThan(0);
    const first = series[0];
    const page = await t.ok(getCreationSeriesList, {
      pageIndex: 1,
      seriesId: first!.id,
      pageSize: 1,
    });
    expect(page.total).toBe(first?.workCount);
    expect(page.list).toHaveLength(1);
    expect(
      (await t.call(getCreationSeriesList, { pageIndex: 1, pageSize: 20, seriesId: 99_999 })).body
        .msg,
    ).toBe('系列不存在');
    expect((await t.call(getSeriesList, { designerId: 99_999 })).body.msg).toBe('设计师不存在');
  });

  it('pages the home wall by favourites and serves the area tree', async () => {
    const wall = await t.ok(getHomeWallList, { pageIndex: 1, pageSize: 4 });
    expect(wall.total).toBe(16);
    const favourites = wall.list.map((w) => w.favouriteCount);
    expect(favourites).toEqual([...favourites].sort((a, b) => b - a));
    const areas = await t.ok(getCreationArea, {});
    expect(areas[0]?.subList[0]?.subList.length).toBeGreaterThan(0);
    expect(areas.map((a) => a.title)).toContain('华东');
  });

  it('saves favourite categories and narrows the home recommendations to them', async () => {
    expect((await t.call(setFondClassification, { kids: [100] })).body.code).toBe(401);
    const token = await t.signIn(BUYER);
    const kid = all[0]?.categoryKid ?? 0;
    await t.ok(setFondClassification, { kids: [kid] }, token);
    const fond = await t.ok(getFondClassifications, {}, token);
    expect(fond.categories.map((c) => c.kid)).toEqual([kid]);
    const mine = await t.ok(getHomeRecommendList, { pageIndex: 1, pageSize: 60 }, token);
    expect(mine.total).toBe(all.filter((w) => w.categoryKid === kid).length);
    const guest = await t.ok(getHomeRecommendList, { pageIndex: 1, pageSize: 60 });
    expect(guest.total).toBe(16);
    expect((await t.call(setFondClassification, { kids: [424242] }, token)).body.msg).toBe(
      '品类不存在',
    );
    expect((await t.call(setFondClassification, { kids: [1, 1] }, token)).status).toBe(400);
    await t.ok(setFondClassification, { kids: [] }, token);
    expect((await t.ok(getHomeRecommendList, { pageIndex: 1, pageSize: 20 }, token)).total).toBe(
      16,
    );
  });

  it('runs the discovery seed once: a second run changes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('work_licences')
            .select((e) => e.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(before).toBe(32);
    expect((await seedDiscovery(t.deps)).created).toBe(false);
    expect(await count()).toBe(before);
  });
});
