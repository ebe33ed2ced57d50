import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMyFollow } from '@shared/contract/collections';
import {
  followEnterpriseHall,
  getCreationConditionInfo,
  getCreationsChannel,
  getEnterpriseHallBasicInfo,
  getEnterpriseHallDetail,
  getEnterpriseHallList,
  saveEnterpriseHallInfo,
  saveQualifyInfo,
  saveRecommendCreationInfo,
} from '@shared/contract/enterprise';
import { getCreationList } from '@shared/contract/works';
import { BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

// The seed gives halls to the design company (13900000004) and to 几何研究所 (13900000002).
const OWNER_PHONE = '13900000004';

describe.each(testDatabases())('enterprise halls on $name', (database) => {
  let t: CatalogueFixture;
  let owner: number;
  let ownerToken: string;
  beforeAll(async () => {
    t = await buildCatalogueApp(database, 40);
    owner = await t.userId(OWNER_PHONE);
    ownerToken = await t.signIn(OWNER_PHONE);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists halls with banner, area and counts, filtered by area', async () => {
    const halls = await t.ok(getEnterpriseHallList, { pageIndex: 1, pageSize: 20 });
    expect(halls.total).toBe(2);
    const mine = halls.list.find((h) => h.userId === owner);
    expect(mine).toMatchObject({ areaPath: '浙江 · 杭州' });
    expect(mine?.bannerUrl).toContain('preview');
    const east = await t.ok(getEnterpriseHallList, { pageIndex: 1, pageSize: 20, areaId: 1 });
    expect(east.list.map((h) => h.userId)).toEqual([owner]);
    expect(
      (await t.call(getEnterpriseHallList, { pageIndex: 1, pageSize: 20, areaId: 77 })).body.msg,
    ).toBe('地区不存在');
  });

  it('shows a hall’s basic info and its recommended and channel works', async () => {
    const info = await t.ok(getEnterpriseHallBasicInfo, { userId: owner });
    expect(info.qualifications.length).toBeGreaterThan(0);
    expect(info.isOwner).toBe(false);
    expect(info.channels.length).toBeGreaterThan(0);
    const detail = await t.ok(getEnterpriseHallDetail, { userId: owner });
    expect(detail.recommended.length).toBeGreaterThan(0);
    expect(detail.recommended.every((w) => w.designerId === owner)).toBe(true);
    const channel = detail.channels[0];
    const page = await t.ok(getCreationsChannel, {
      pageIndex: 1,
      userId: owner,
      channelId: channel!.id,
      pageSize: 60,
    });
    expect(page.total).toBe(channel?.workCount);
    const asOwner = await t.ok(getEnterpriseHallBasicInfo, { userId: owner }, ownerToken);
    expect(asOwner.isOwner).toBe(true);
  });

  it('answers unknown halls and channels with code ≠ 1', async () => {
    const buyer = await t.userId(BUYER);
    expect((await t.call(getEnterpriseHallBasicInfo, { userId: buyer })).body.msg).toBe(
      '企业展厅不存在',
    );
    const other = (await t.ok(getEnterpriseHallList, { pageIndex: 1, pageSize: 20 })).list.find(
      (h) => h.userId !== owner,
    );
    const otherInfo = await t.ok(getEnterpriseHallBasicInfo, { userId: other!.userId });
    const res = await t.call(getCreationsChannel, {
      pageIndex: 1,
      pageSize: 20,
      userId: owner,
      channelId: otherInfo.channels[0]?.id ?? 9999,
    });
    expect(res.body).toMatchObject({ code: 1004, msg: '频道不存在' });
  });

  it('lets only the owner edit basic info and channels', async () => {
    const info = await t.ok(getEnterpriseHallBasicInfo, { userId: owner });
    const input = {
      userId: owner,
      name: '  织梦展厅  ',
      intro: '新的简介',
      contact: '400-000-0000',
      areaId: 10102,
      channels: [
        ...info.channels.slice(1).map((c) => ({ id: c.id, title: c.title })),
        { title: '新品专区' },
      ],
    };
    expect((await t.call(saveEnterpriseHallInfo, input)).body.code).toBe(401);
    const stranger = await t.call(saveEnterpriseHallInfo, input, await t.signIn(BUYER));
    expect(stranger.body).toEqual({ code: 1003, msg: '只能编辑自己的企业展厅', data: null });
    const saved = await t.ok(saveEnterpriseHallInfo, input, ownerToken);
    expect(saved).toMatchObject({ name: '织梦展厅', intro: '新的简介', areaPath: '浙江 · 绍兴' });
    expect(saved.channels.map((c) => c.title)).toEqual(input.channels.map((c) => c.title));
    expect(saved.channels.at(-1)?.workCount).toBe(0);
    expect(saved.channels.map((c) => c.id)).not.toContain(info.channels[0]?.id);

    const bad = [
      [{ ...input, name: 'x' }, 400],
      [{ ...input, areaId: 77 }, 422],
      [{ ...input, channels: [{ title: '重复' }, { title: '重复' }] }, 422],
      [{ ...input, channels: [{ id: 99_999, title: '别人的' }] }, 404],
      [{ ...input, channels: Array.from({ length: 9 }, (_, i) => ({ title: `频道${i}` })) }, 400],
    ] as const;
    for (const [body, status] of bad) {
      const res = await t.callRaw(saveEnterpriseHallInfo, body, ownerToken);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.code).not.toBe(1);
    }
  });

  it('lets only the owner save qualifications', async () => {
    const qualifications = [{ title: '营业执照', number: '123' }];
    const stranger = await t.call(
      saveQualifyInfo,
      { userId: owner, qualifications },
      await t.signIn(BUYER),
    );
    expect(stranger.body.code).toBe(1003);
    const saved = await t.ok(saveQualifyInfo, { userId: owner, qualifications }, ownerToken);
    expect(saved.qualifications).toEqual(qualifications);
    const tooMany = Array.from({ length: 11 }, () => qualifications[0]!);
    expect(
      (await t.call(saveQualifyInfo, { userId: owner, qualifications: tooMany }, ownerToken))
        .status,
    ).toBe(400);
  });

  it('sets recommended and channel works from the owner’s own published works only', async () => {
    const own = (await t.ok(getCreationList, { pageIndex: 1, designerId: owner, pageSize: 60 }))
      .list;
    const picks = own.slice(0, 2).map((w) => w.id);
    await t.ok(saveRecommendCreationInfo, { userId: owner, workIds: picks }, ownerToken);
    const detail = await t.ok(getEnterpriseHallDetail, {
      userId: owner,
    });
    expect(detail.recommended.map((w) => w.id)).toEqual(picks);
    const candidates = await t.ok(
      getCreationConditionInfo,
      { pageIndex: 1, userId: owner, pageSize: 60 },
      ownerToken,
    );
    expect(candidates.total).toBe(own.length);
    expect(candidates.selectedIds).toEqual(picks);
    expect(
      candidates.list
        .filter((w) => w.selected)
        .map((w) => w.id)
        .sort(),
    ).toEqual([...picks].sort());

    const info = await t.ok(getEnterpriseHallBasicInfo, { userId: owner });
    const channel = info.channels.at(-1);
    await t.ok(
      saveRecommendCreationInfo,
      { userId: owner, channelId: channel?.id, workIds: picks },
      ownerToken,
    );
    const channelPage = await t.ok(getCreationsChannel, {
      pageIndex: 1,
      pageSize: 20,
      userId: owner,
      channelId: channel!.id,
    });
    expect(channelPage.total).toBe(2);

    const foreign = (await t.ok(getCreationList, { pageIndex: 1, pageSize: 60 })).list.find(
      (w) => w.designerId !== owner,
    );
    const res = await t.call(
      saveRecommendCreationInfo,
      { userId: owner, workIds: [foreign!.id] },
      ownerToken,
    );
    expect(res.body).toMatchObject({ code: 1022, msg: '只能选择本展厅的已发布作品' });
    const stranger = await t.call(
      getCreationConditionInfo,
      { pageIndex: 1, pageSize: 20, userId: owner },
      await t.signIn(BUYER),
    );
    expect(stranger.body.code).toBe(1003);
  });

  it('follows a hall and lists it under my follows', async () => {
    const token = await t.signIn(BUYER);
    expect((await t.call(followEnterpriseHall, { userId: owner, follow: true })).body.code).toBe(
      401,
    );
    expect(await t.ok(followEnterpriseHall, { userId: owner, follow: true }, token)).toEqual({
      isFollowed: true,
      followerCount: 1,
    });
    const info = await t.ok(getEnterpriseHallBasicInfo, { userId: owner }, token);
    expect(info.isFollowed).toBe(true);
    const follows = await t.ok(
      getMyFollow,
      { pageIndex: 1, pageSize: 20, targetType: 'hall' },
      token,
    );
    expect(follows.list.map((f) => f.userId)).toEqual([owner]);
    expect(follows.list[0]?.name).toBe(info.name);
    const buyer = await t.userId(BUYER);
    expect(
      (await t.call(followEnterpriseHall, { userId: buyer, follow: true }, token)).body.code,
    ).toBe(1004);
  });
});
