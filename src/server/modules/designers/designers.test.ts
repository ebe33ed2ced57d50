import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMyFollow } from '@shared/contract/collections';
import type { DesignerCard } from '@shared/contract/designers';
import {
  followHall,
  getChannelInfo,
  getDesignerByCaihongId,
  getDesignerInfo,
  getDesignerList,
  getMyShopInfo,
} from '@shared/contract/designers';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

describe.each(testDatabases())('designers on $name', (database) => {
  let t: CatalogueFixture;
  let designers: DesignerCard[];
  beforeAll(async () => {
    t = await buildCatalogueApp(database);
    designers = (await t.ok(getDesignerList, { pageIndex: 1, pageSize: 60 })).list;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists settled designers, best-selling first, filtered by gallery or store', async () => {
    expect(designers).toHaveLength(10);
    const sales = designers.map((d) => d.saleCount);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    const galleries = await t.ok(getDesignerList, { pageIndex: 1, settledInType: 2, pageSize: 60 });
    expect(galleries.list.every((d) => d.settledInType === 2)).toBe(true);
    const stores = await t.ok(getDesignerList, { pageIndex: 1, settledInType: 1, pageSize: 60 });
    expect(galleries.total + stores.total).toBe(10);
    expect((await t.callRaw(getDesignerList, { settledInType: 3 })).status).toBe(400);
  });

  it('shows a designer by user id and by rainbow number; unknown ones are 设计师不存在', async () => {
    const first = designers[0];
    const byId = await t.ok(getDesignerInfo, { userId: first!.userId });
    expect(byId.userName).toBe(first?.userName);
    const byRainbow = await t.ok(getDesignerByCaihongId, {
      caihongId: byId.caiHongID,
    });
    expect(byRainbow.userId).toBe(byId.userId);
    const buyer = await t.userId(BUYER);
    for (const res of [
      await t.call(getDesignerInfo, { userId: buyer }),
      await t.call(getDesignerInfo, { userId: 99_999 }),
      await t.call(getDesignerByCaihongId, { caihongId: '1' }),
    ]) {
      expect(res.body).toEqual({ code: 1004, msg: '设计师不存在', data: null });
    }
    expect((await t.call(getDesignerByCaihongId, { caihongId: 'abc' })).status).toBe(400);
  });

  it('counts a designer’s works by top category as shop channels', async () => {
    const first = designers[0];
    const info = await t.ok(getChannelInfo, {
      userId: first!.userId,
    });
    expect(info.channels.reduce((n, c) => n + c.workCount, 0)).toBe(first?.workCount);
  });

  it('follows and unfollows a designer; guests are asked to log in; nobody follows themself', async () => {
    const target = designers[1];
    if (!target) throw new Error('no designer');
    expect((await t.call(followHall, { userId: target.userId, follow: true })).body.code).toBe(401);
    const token = await t.signIn(BUYER);
    const followed = await t.ok(followHall, { userId: target.userId, follow: true }, token);
    expect(followed).toEqual({ isFollowed: true, followerCount: 1 });
    // Following twice is harmless.
    expect(
      (await t.ok(followHall, { userId: target.userId, follow: true }, token)).followerCount,
    ).toBe(1);
    const profile = await t.ok(getDesignerInfo, { userId: target.userId }, token);
    expect(profile.isFollowed).toBe(true);
    const guestView = await t.ok(getDesignerInfo, { userId: target.userId });
    expect(guestView.isFollowed).toBe(false);
    const mine = await t.ok(
      getMyFollow,
      { pageIndex: 1, pageSize: 20, targetType: 'designer' },
      token,
    );
    expect(mine.list.map((f) => f.userId)).toEqual([target.userId]);
    expect(
      (
        await t.ok(
          getMyFollow,
          { pageIndex: 1, pageSize: 20, targetType: 'designer' },
          await t.signIn(OTHER_BUYER),
        )
      ).total,
    ).toBe(0);
    const unfollowed = await t.ok(followHall, { userId: target.userId, follow: false }, token);
    expect(unfollowed).toEqual({ isFollowed: false, followerCount: 0 });

    const designerToken = await t.signIn('13900000001');
    const self = await t.userId('13900000001');
    expect((await t.call(followHall, { userId: self, follow: true }, designerToken)).body.msg).toBe(
      '不能关注自己',
    );
  });

  it('tells a designer about their own shop with the flag envelope', async () => {
    const res = await t.call(getMyShopInfo, {}, await t.signIn('13900000004'));
    expect(res.body.flag).toBe(true);
    expect(res.body.rs).toMatchObject({ shopType: 'store', settleStatus: 1, hasHall: true });
    const gallery = await t.ok(getMyShopInfo, {}, await t.signIn('13900000001'));
    expect(gallery.shopType).toBe('gallery');
    expect((await t.call(getMyShopInfo, {})).body.code).toBe(401);
  });
});
