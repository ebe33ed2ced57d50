import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { recommendCandidates, saveQualifications } from './hall-editing-service';
import { channelWorks, followHall, hallInfo, listHalls } from './halls-service';

// The hall services called directly (no HTTP). The seed gives the design company a hall.
const OWNER_PHONE = '13900000004';

const PAGE = { pageIndex: 1, pageSize: 20 };

describe.each(testDatabases())('enterprise hall services on $name', (database) => {
  let t: CatalogueFixture;
  let owner: number;
  let buyer: number;
  beforeAll(async () => {
    t = await buildCatalogueApp(database, 8);
    owner = await t.userId(OWNER_PHONE);
    buyer = await t.userId(BUYER);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells the owner from a visitor', async () => {
    const deps = t.app.deps;
    expect(await hallInfo(deps, owner, owner)).toMatchObject({ userId: owner, isOwner: true });
    expect(await hallInfo(deps, owner, null)).toMatchObject({ isOwner: false, isFollowed: false });
    await expect(hallInfo(deps, buyer, null)).rejects.toMatchObject({
      message: '企业展厅不存在',
      httpStatus: 404,
    });
    const halls = await listHalls(deps, PAGE);
    expect(halls.list.map((h) => h.userId)).toContain(owner);
  });

  it('lets only the owner edit, with its rules', async () => {
    const deps = t.app.deps;
    await expect(
      saveQualifications(deps, buyer, { userId: owner, qualifications: [] }),
    ).rejects.toMatchObject({ message: '只能编辑自己的企业展厅', httpStatus: 403 });
    await expect(
      saveQualifications(deps, owner, {
        userId: owner,
        qualifications: [{ title: '  ', number: 'A1' }],
      }),
    ).rejects.toMatchObject({ message: '资质名称和证书编号不能为空' });
    const saved = await saveQualifications(deps, owner, {
      userId: owner,
      qualifications: [{ title: ' 高新技术企业 ', number: ' GR2024 ' }],
    });
    expect(saved.qualifications).toEqual([{ title: '高新技术企业', number: 'GR2024' }]);
    await expect(
      recommendCandidates(deps, owner, { ...PAGE, userId: owner, channelId: 999_999 }),
    ).rejects.toMatchObject({ message: MSG.missing.hallChannel, httpStatus: 404 });
    await expect(
      channelWorks(deps, { ...PAGE, userId: owner, channelId: 999_999 }),
    ).rejects.toMatchObject({ message: MSG.missing.hallChannel });
  });

  it('follows a hall and counts its followers', async () => {
    const deps = t.app.deps;
    const before = (await hallInfo(deps, owner, null)).followerCount;
    expect(await followHall(deps, buyer, { userId: owner, follow: true })).toEqual({
      isFollowed: true,
      followerCount: before + 1,
    });
    expect((await hallInfo(deps, owner, buyer)).isFollowed).toBe(true);
    await expect(followHall(deps, owner, { userId: owner, follow: true })).rejects.toMatchObject({
      message: '不能关注自己',
    });
  });
});
