import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrCancelCollect, getMyCollectTheme, getMyTrack } from '@shared/contract/collections';
import {
  getRecommendThemeList,
  getReferenceIywTuList,
  getThemeCreationList,
  getThemeIsHot,
  getThemeList,
  getTrendDetail,
} from '@shared/contract/themes';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

describe.each(testDatabases())('themes and trends on $name', (database) => {
  let t: CatalogueFixture;
  beforeAll(async () => {
    t = await buildCatalogueApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pages the theme list and filters hot themes', async () => {
    const all = await t.ok(getThemeList, { pageIndex: 1, pageSize: 60 });
    expect(all.total).toBe(10);
    const page = await t.ok(getThemeList, { pageIndex: 2, pageSize: 4 });
    expect(page.list.map((th) => th.id)).toEqual(all.list.slice(4, 8).map((th) => th.id));
    const hot = await t.ok(getThemeList, { pageIndex: 1, isHot: true, pageSize: 60 });
    expect(hot.total).toBe(all.list.filter((th) => th.isHot).length);
    expect(hot.list.every((th) => th.isHot)).toBe(true);
    expect((await t.call(getThemeList, { pageIndex: 1, pageSize: 500 })).status).toBe(400);
  });

  it('shows a theme with its works and a collect count, and records a signed-in visit', async () => {
    const theme = (await t.ok(getThemeList, { pageIndex: 1, pageSize: 20 })).list.find(
      (th) => th.workCount > 1,
    );
    if (!theme) throw new Error('no theme with works');
    const guest = await t.ok(getThemeCreationList, {
      pageIndex: 1,
      themeId: theme.id,
      pageSize: 1,
      sort: 'bestselling',
    });
    expect(guest.total).toBe(theme.workCount);
    expect(guest.list).toHaveLength(1);
    expect(guest.theme.isCollected).toBe(false);
    expect(guest.theme.bannerUrl).toContain('preview');

    const token = await t.signIn(BUYER);
    await t.ok(
      addOrCancelCollect,
      { targetType: 'theme', targetId: theme.id, collect: true },
      token,
    );
    const mine = await t.ok(
      getThemeCreationList,
      { pageIndex: 1, pageSize: 20, themeId: theme.id },
      token,
    );
    expect(mine.theme.isCollected).toBe(true);
    expect(mine.theme.collectCount).toBe(1);
    const collected = await t.ok(getMyCollectTheme, { pageIndex: 1, pageSize: 20 }, token);
    expect(collected.list.map((th) => th.id)).toEqual([theme.id]);
    const other = await t.ok(
      getMyCollectTheme,
      { pageIndex: 1, pageSize: 20 },
      await t.signIn(OTHER_BUYER),
    );
    expect(other.total).toBe(0);
    const track = await t.ok(
      getMyTrack,
      { pageIndex: 1, pageSize: 20, targetType: 'theme' },
      token,
    );
    expect(track.list[0]?.theme?.id).toBe(theme.id);
  });

  it('answers an unknown theme with 主题不存在', async () => {
    const res = await t.call(getThemeCreationList, { pageIndex: 1, pageSize: 20, themeId: 4242 });
    expect(res.body).toEqual({ code: 1004, msg: '主题不存在', data: null });
  });

  it('recommends themes other than the current one and lists hot themes with previews', async () => {
    const recommended = await t.ok(getRecommendThemeList, { size: 3, excludeId: 1 });
    expect(recommended).toHaveLength(3);
    expect(recommended.map((th) => th.id)).not.toContain(1);
    expect(recommended[0]?.isHot).toBe(true);
    expect((await t.call(getRecommendThemeList, { size: 13 })).status).toBe(400);
    const hot = await t.ok(getThemeIsHot, {});
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.every((th) => th.isHot && th.previews.length <= 4)).toBe(true);
  });

  it('lists hot-seller and reference trends and shows one ranked', async () => {
    const trends = await t.ok(getReferenceIywTuList, {});
    expect(trends.slice(0, 3).map((tr) => tr.period)).toEqual(['week', 'month', 'season']);
    expect(trends.length).toBe(6);
    const weekly = await t.ok(getReferenceIywTuList, { period: 'week' });
    expect(weekly.every((tr) => tr.period === 'week')).toBe(true);
    const first = trends[0];
    const detail = await t.ok(getTrendDetail, { id: first!.id, pageIndex: 2, pageSize: 3 });
    expect(detail.trend.title).toBe(first?.title);
    expect(detail.list.map((w) => w.rank)).toEqual([4, 5, 6]);
    expect(detail.total).toBe(first?.workCount);
    expect((await t.call(getTrendDetail, { pageIndex: 1, pageSize: 20, id: 4242 })).body.msg).toBe(
      '榜单不存在',
    );
  });
});
