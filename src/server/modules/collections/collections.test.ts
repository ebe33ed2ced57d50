import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addOrCancelCollect,
  addOrCancelCollection,
  addOrEditCollectionGroup,
  clearMyTrack,
  collectCenter,
  delCollectionGroup,
  getAllCollectionGroup,
  getCollectionGroupList,
  getMyCollectCreations,
  getMyCollectIP,
  getMyCollectTheme,
  getMyFollow,
  getMyTrack,
} from '@shared/contract/collections';
import type { CallDef } from '@shared/contract/define';
import type { WorkCard } from '@shared/contract/common';
import { getCreationDetail, getCreationList } from '@shared/contract/works';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

describe.each(testDatabases())('collections, follows and tracks on $name', (database) => {
  let t: CatalogueFixture;
  let works: WorkCard[];
  let me: string;
  let other: string;
  beforeAll(async () => {
    t = await buildCatalogueApp(database);
    works = (await t.ok(getCreationList, { pageIndex: 1, pageSize: 60 })).list;
    me = await t.signIn(BUYER);
    other = await t.signIn(OTHER_BUYER);
  });
  afterAll(async () => {
    await t?.close();
  });

  const workId = (i: number) => works[i]?.id ?? 0;
  /** A work's favourite count as stored (the detail answer may come from the cache). */
  const favouritesOf = async (id: number) =>
    (
      await t.deps.db
        .selectFrom('works')
        .select('favourite_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).favourite_count;

  it('asks guests to log in for every collection, follow and track call', async () => {
    const calls: [CallDef, object][] = [
      [getCollectionGroupList, {}],
      [getAllCollectionGroup, {}],
      [addOrEditCollectionGroup, { name: '新分组' }],
      [delCollectionGroup, { id: 1 }],
      [addOrCancelCollection, { workId: workId(0), collect: true }],
      [addOrCancelCollect, { targetType: 'theme', targetId: 1, collect: true }],
      [collectCenter, {}],
      [getMyCollectCreations, {}],
      [getMyCollectTheme, {}],
      [getMyCollectIP, {}],
      [getMyFollow, { targetType: 'designer' }],
      [getMyTrack, { targetType: 'work' }],
      [clearMyTrack, { targetType: 'work' }],
    ];
    for (const [c, input] of calls) {
      const res = await t.call(c, input);
      expect(res.body.code, c.name).toBe(401);
      expect(res.body.msg).toBe('请先登录');
    }
  });

  it('creates, renames and lists groups; names are unique per user and validated', async () => {
    const created = await t.ok(addOrEditCollectionGroup, { name: ' 春季灵感 ' }, me);
    expect(created).toMatchObject({ name: '春季灵感', workCount: 0 });
    const clash = await t.call(addOrEditCollectionGroup, { name: '春季灵感' }, me);
    expect(clash.body).toEqual({ code: 1009, msg: '已有同名的收藏分组', data: null });
    // Another user may use the same name.
    await t.ok(addOrEditCollectionGroup, { name: '春季灵感' }, other);
    const renamed = await t.ok(addOrEditCollectionGroup, { id: created.id, name: '春夏灵感' }, me);
    expect(renamed.name).toBe('春夏灵感');
    for (const name of ['', 'x'.repeat(21)]) {
      expect((await t.call(addOrEditCollectionGroup, { name }, me)).status).toBe(400);
    }
    expect((await t.call(addOrEditCollectionGroup, { name: '   ' }, me)).body.msg).toBe(
      '分组名称不能为空',
    );
    const all = await t.ok(getAllCollectionGroup, {}, me);
    expect(all.map((g) => g.name)).toEqual(['春夏灵感']);
  });

  it('lets only the owner see, rename, fill or delete a group', async () => {
    const mine = (await t.ok(getAllCollectionGroup, {}, me))[0];
    if (!mine) throw new Error('no group');
    const theirs = await t.ok(getAllCollectionGroup, {}, other);
    expect(theirs.map((g) => g.id)).not.toContain(mine.id);
    const attempts: [CallDef, object][] = [
      [addOrEditCollectionGroup, { id: mine.id, name: '偷改' }],
      [delCollectionGroup, { id: mine.id }],
      [getMyCollectCreations, { groupId: mine.id }],
      [addOrCancelCollection, { workId: workId(0), collect: true, groupId: mine.id }],
    ];
    for (const [c, input] of attempts) {
      const res = await t.call(c, input, other);
      expect(res.body, c.name).toEqual({ code: 1004, msg: '收藏分组不存在', data: null });
    }
    expect((await t.ok(getAllCollectionGroup, {}, me))[0]?.name).toBe('春夏灵感');
  });

  it('collects a work into a group, moves it, and keeps the favourite count right', async () => {
    const group = await t.ok(addOrEditCollectionGroup, { name: '客户提案' }, me);
    const before = await t.ok(getCreationDetail, { id: workId(0) });
    const collected = await t.ok(
      addOrCancelCollection,
      { workId: workId(0), collect: true, groupId: group.id },
      me,
    );
    expect(collected).toEqual({
      isCollected: true,
      groupId: group.id,
      favouriteCount: before.favouriteCount + 1,
    });
    const detail = await t.ok(getCreationDetail, { id: workId(0) }, me);
    expect(detail).toMatchObject({ isCollected: true, collectGroupId: group.id });
    expect((await t.ok(getCreationDetail, { id: workId(0) }, other)).isCollected).toBe(false);

    await t.ok(addOrCancelCollection, { workId: workId(1), collect: true }, me);
    const inGroup = await t.ok(
      getMyCollectCreations,
      { pageIndex: 1, pageSize: 20, groupId: group.id },
      me,
    );
    expect(inGroup.group?.name).toBe('客户提案');
    expect(inGroup.list.map((w) => w.id)).toEqual([workId(0)]);
    const ungrouped = await t.ok(
      getMyCollectCreations,
      { pageIndex: 1, pageSize: 20, groupId: 0 },
      me,
    );
    expect(ungrouped.list.map((w) => w.id)).toEqual([workId(1)]);
    const everything = await t.ok(getMyCollectCreations, { pageIndex: 1, pageSize: 20 }, me);
    expect(everything.list.map((w) => w.id)).toEqual([workId(1), workId(0)]);

    // Collecting again moves it, without counting a second favourite.
    const moved = await t.ok(
      addOrCancelCollection,
      { workId: workId(0), collect: true, groupId: null },
      me,
    );
    expect(moved).toMatchObject({ groupId: null, favouriteCount: before.favouriteCount + 1 });

    const groups = await t.ok(getCollectionGroupList, { pageIndex: 1, pageSize: 20 }, me);
    expect(groups.allCount).toBe(2);
    expect(groups.ungroupedCount).toBe(2);
    const cancelled = await t.ok(addOrCancelCollection, { workId: workId(0), collect: false }, me);
    expect(cancelled).toMatchObject({ isCollected: false, favouriteCount: before.favouriteCount });
    expect(
      (await t.call(addOrCancelCollection, { workId: 99_999, collect: true }, me)).body.msg,
    ).toBe('作品不存在或已下架');
  });

  it('deletes a group but keeps its works in 全部收藏', async () => {
    const group = await t.ok(addOrEditCollectionGroup, { name: '待删除' }, me);
    await t.ok(addOrCancelCollection, { workId: workId(2), collect: true, groupId: group.id }, me);
    const listed = await t.ok(getCollectionGroupList, { pageIndex: 1, pageSize: 20 }, me);
    const entry = listed.list.find((g) => g.id === group.id);
    expect(entry).toMatchObject({ workCount: 1 });
    expect(entry?.covers).toHaveLength(1);
    expect(await t.ok(delCollectionGroup, { id: group.id }, me)).toEqual({
      id: group.id,
      movedWorks: 1,
    });
    const after = await t.ok(getMyCollectCreations, { pageIndex: 1, pageSize: 20 }, me);
    expect(after.list.find((w) => w.id === workId(2))?.groupId).toBeNull();
    expect((await t.call(delCollectionGroup, { id: group.id }, me)).body.code).toBe(1004);
  });

  it('counts every kind of collection and refuses kinds that cannot be collected yet', async () => {
    await t.ok(addOrCancelCollect, { targetType: 'theme', targetId: 1, collect: true }, me);
    const center = await t.ok(collectCenter, {}, me);
    expect(center).toMatchObject({ theme: 1, demand: 0, ip: 0, template: 0 });
    expect(center.work).toBe(2);
    const template = await t.call(
      addOrCancelCollect,
      { targetType: 'template', targetId: 1, collect: true },
      me,
    );
    expect(template.body).toMatchObject({ code: 1022, msg: '暂不支持收藏该类内容' });
    const demand = await t.call(
      addOrCancelCollect,
      { targetType: 'demand', targetId: 999, collect: true },
      me,
    );
    expect(demand.body.msg).toBe('需求不存在');
    expect(
      (await t.call(addOrCancelCollect, { targetType: 'theme', targetId: 999, collect: true }, me))
        .body.msg,
    ).toBe('主题不存在');
    expect(
      (await t.callRaw(addOrCancelCollect, { targetType: 'video', targetId: 1, collect: true }, me))
        .status,
    ).toBe(400);
    expect((await t.ok(collectCenter, {}, other)).theme).toBe(0);
  });

  it('keeps a browse history per user, newest first, that can be cleared', async () => {
    await t.ok(clearMyTrack, { targetType: 'work' }, other);
    await t.ok(getCreationDetail, { id: workId(4) }, other);
    await t.ok(getCreationDetail, { id: workId(5) }, other);
    await t.ok(getCreationDetail, { id: workId(4) }, other);
    const track = await t.ok(getMyTrack, { pageIndex: 1, pageSize: 20, targetType: 'work' }, other);
    expect(track.list.map((i) => i.work?.id)).toEqual([workId(4), workId(5)]);
    expect(
      (await t.ok(getMyTrack, { pageIndex: 1, pageSize: 20, targetType: 'work' }, me)).list.map(
        (i) => i.work?.id,
      ),
    ).not.toContain(workId(5));
    expect(await t.ok(clearMyTrack, { targetType: 'work', targetId: workId(4) }, other)).toEqual({
      removed: 1,
    });
    expect(await t.ok(clearMyTrack, { targetType: 'work' }, other)).toEqual({ removed: 1 });
    expect(
      (await t.ok(getMyTrack, { pageIndex: 1, pageSize: 20, targetType: 'work' }, other)).total,
    ).toBe(0);
    expect((await t.callRaw(getMyTrack, { targetType: 'demand' }, other)).status).toBe(400);
  });

  it('twenty taps on 收藏 at the same moment all succeed and collect the work once', async () => {
    const id = workId(8);
    const favourites = () => favouritesOf(id);
    const before = await favourites();
    const burst = (collect: boolean) =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          t.call(addOrCancelCollect, { targetType: 'work', targetId: id, collect }, other),
        ),
      );
    const collected = await burst(true);
    expect(collected.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(collected.map((r) => r.body.code)).toEqual(Array(20).fill(1));
    expect(collected.every((r) => r.body.data?.isCollected === true)).toBe(true);
    const mine = await t.ok(getMyCollectCreations, { pageIndex: 1, pageSize: 20 }, other);
    expect(mine.list.filter((w) => w.id === id)).toHaveLength(1);
    expect(await favourites()).toBe(before + 1);

    const cancelled = await burst(false);
    expect(cancelled.map((r) => r.body.code)).toEqual(Array(20).fill(1));
    expect(
      (await t.ok(getMyCollectCreations, { pageIndex: 1, pageSize: 20 }, other)).list.map(
        (w) => w.id,
      ),
    ).not.toContain(id);
    expect(await favourites()).toBe(before);
  });

  it('twenty taps on 收藏 into a group at the same moment leave one collection in it', async () => {
    const id = workId(9);
    const group = await t.ok(addOrEditCollectionGroup, { name: '并发' }, other);
    const before = await favouritesOf(id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(addOrCancelCollection, { workId: id, collect: true, groupId: group.id }, other),
      ),
    );
    expect(answers.map((r) => r.body.code)).toEqual(Array(20).fill(1));
    const inGroup = await t.ok(
      getMyCollectCreations,
      { pageIndex: 1, pageSize: 20, groupId: group.id },
      other,
    );
    expect(inGroup.list.map((w) => w.id)).toEqual([id]);
    expect(await favouritesOf(id)).toBe(before + 1);
  });
});
