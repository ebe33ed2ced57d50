import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { collectWork, collectionSummary, collectTarget } from './collect-service';
import {
  deleteCollectionGroup,
  listCollectionGroups,
  saveCollectionGroup,
} from './collection-groups-service';

// The collection services called directly (no HTTP): the same rules the routes answer with.
const PAGE = { pageIndex: 1, pageSize: 20 };

describe.each(testDatabases())('collection services on $name', (database) => {
  let t: CatalogueFixture;
  let me: number;
  let other: number;
  let workId: number;
  beforeAll(async () => {
    t = await buildCatalogueApp(database, 4);
    me = await t.userId(BUYER);
    other = await t.userId(OTHER_BUYER);
    const work = await t.deps.db
      .selectFrom('works')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    workId = work.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names groups once per user and keeps other users’ groups out of reach', async () => {
    const deps = t.app.deps;
    const group = await saveCollectionGroup(deps, me, { name: '  灵感  ' });
    expect(group).toMatchObject({ name: '灵感', workCount: 0 });
    await expect(saveCollectionGroup(deps, me, { name: '灵感' })).rejects.toMatchObject({
      message: '已有同名的收藏分组',
      httpStatus: 409,
    });
    await expect(saveCollectionGroup(deps, me, { name: '   ' })).rejects.toMatchObject({
      message: '分组名称不能为空',
    });
    // Another user's group is "not found", never "forbidden".
    await expect(
      saveCollectionGroup(deps, other, { id: group.id, name: '别人的' }),
    ).rejects.toMatchObject({ message: '收藏分组不存在', httpStatus: 404 });
    await expect(deleteCollectionGroup(deps, other, { id: group.id })).rejects.toMatchObject({
      message: '收藏分组不存在',
    });
  });

  it('moves a deleted group’s works out of any group, still collected', async () => {
    const deps = t.app.deps;
    const group = await saveCollectionGroup(deps, me, { name: '待删' });
    const collected = await collectWork(deps, me, { workId, collect: true, groupId: group.id });
    expect(collected).toMatchObject({ isCollected: true, groupId: group.id });
    const before = await listCollectionGroups(deps, me, PAGE);
    expect(before.list.find((g) => g.id === group.id)?.workCount).toBe(1);

    expect(await deleteCollectionGroup(deps, me, { id: group.id })).toEqual({
      id: group.id,
      movedWorks: 1,
    });
    const after = await listCollectionGroups(deps, me, PAGE);
    expect(after.list.some((g) => g.id === group.id)).toBe(false);
    expect(after.ungroupedCount).toBe(1);
    expect((await collectionSummary(deps, me)).work).toBe(1);
  });

  it('refuses what cannot be collected with the shared messages', async () => {
    const deps = t.app.deps;
    await expect(
      collectTarget(deps, me, { targetType: 'work', targetId: 999_999, collect: true }),
    ).rejects.toMatchObject({ message: MSG.missing.workUnavailable, httpStatus: 404 });
    await expect(
      collectTarget(deps, me, { targetType: 'theme', targetId: 999_999, collect: true }),
    ).rejects.toMatchObject({ message: MSG.missing.theme });
    // Un-collecting what was never collected is not an error.
    expect(
      await collectTarget(deps, me, { targetType: 'ip', targetId: 999_999, collect: false }),
    ).toEqual({ isCollected: false, collectCount: 0 });
  });
});
