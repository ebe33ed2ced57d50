import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import {
  fondCategoryKids,
  fondClassifications,
  saveFondClassifications,
} from './fond-classification-service';
import { seriesWorks } from './series-service';
import { hotWorkInfo, hotWorkList } from './trend-service';
import { publicWorkDetail } from './work-detail-service';
import { homeWall } from './work-list-service';

// The catalogue services called directly (no HTTP, no caches).
const PAGE = { pageIndex: 1, pageSize: 20 };

describe.each(testDatabases())('catalogue services on $name', (database) => {
  let t: CatalogueFixture;
  let buyer: number;
  beforeAll(async () => {
    t = await buildCatalogueApp(database, 6);
    buyer = await t.userId(BUYER);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a user’s favourite categories, with their children for the home page', async () => {
    const deps = t.app.deps;
    const top = await t.deps.db
      .selectFrom('categories')
      .select('kid')
      .where('parent_kid', 'is', null)
      .orderBy('sort')
      .executeTakeFirstOrThrow();
    const children = await t.deps.db
      .selectFrom('categories')
      .select('kid')
      .where('parent_kid', '=', top.kid)
      .execute();
    expect(await fondCategoryKids(deps.db, buyer)).toBeNull();
    expect(await saveFondClassifications(deps, buyer, { kids: [top.kid, top.kid] })).toEqual({
      kids: [top.kid],
    });
    expect((await fondClassifications(deps, buyer)).categories.map((c) => c.kid)).toEqual([
      top.kid,
    ]);
    expect((await fondCategoryKids(deps.db, buyer))?.sort()).toEqual(
      [top.kid, ...children.map((c) => c.kid)].sort(),
    );
    await expect(saveFondClassifications(deps, buyer, { kids: [999_999] })).rejects.toMatchObject({
      message: MSG.missing.category,
      httpStatus: 404,
    });
  });

  it('shows published works to everyone and refuses missing ones with the shared messages', async () => {
    const deps = t.app.deps;
    const wall = await homeWall(deps, { pageIndex: 1, pageSize: 2 });
    const first = wall.list[0];
    expect(first).toBeDefined();
    if (first) {
      const detail = await publicWorkDetail(deps, first.id, null);
      expect(detail).toMatchObject({ id: first.id, status: 'published', isCollected: false });
      expect((await hotWorkInfo(deps, { id: first.id })).id).toBe(first.id);
    }
    await expect(publicWorkDetail(deps, 999_999, null)).rejects.toMatchObject({
      message: MSG.missing.workUnavailable,
    });
    await expect(hotWorkInfo(deps, { id: 999_999 })).rejects.toMatchObject({
      message: MSG.missing.workUnavailable,
    });
    await expect(seriesWorks(deps, { ...PAGE, seriesId: 999_999 })).rejects.toMatchObject({
      message: MSG.missing.series,
    });
    expect((await hotWorkList(deps, PAGE)).period).toBe('week');
  });
});
