import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrCancelCollect, getMyCollectIP } from '@shared/contract/collections';
import type { IpCard } from '@shared/contract/ips';
import { getIPDetail, getIPList, getIpCreationList, getIpDetails } from '@shared/contract/ips';
import { BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

describe.each(testDatabases())('IPs on $name', (database) => {
  let t: CatalogueFixture;
  let ips: IpCard[];
  beforeAll(async () => {
    t = await buildCatalogueApp(database, 40);
    ips = (await t.ok(getIPList, { pageIndex: 1, pageSize: 60 })).list;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists IPs with covers and finds them by keyword', async () => {
    expect(ips.length).toBeGreaterThan(0);
    expect(ips.every((ip) => ip.workCount > 0 && ip.coverUrl !== '')).toBe(true);
    const first = ips[0];
    const found = await t.ok(getIPList, {
      pageIndex: 1,
      pageSize: 20,
      keyword: first?.title.slice(0, 2),
    });
    expect(found.list.map((ip) => ip.id)).toContain(first?.id);
    expect((await t.ok(getIPList, { pageIndex: 1, pageSize: 20, keyword: '%' })).total).toBe(
      ips.length,
    );
    expect(
      (await t.ok(getIPList, { pageIndex: 1, pageSize: 20, keyword: '不存在的IP' })).total,
    ).toBe(0);
    expect(
      (await t.call(getIPList, { pageIndex: 1, pageSize: 20, keyword: 'x'.repeat(21) })).status,
    ).toBe(400);
  });

  it('shows an IP with its owner, licensing facts and works', async () => {
    const first = ips[0];
    const detail = await t.ok(getIPDetail, { id: first!.id });
    expect(detail.owner.userId).toBe(first?.ownerId);
    expect(detail.isCollected).toBe(false);
    const facts = await t.ok(getIpDetails, { id: first!.id });
    expect(facts.categories.reduce((n, c) => n + c.workCount, 0)).toBe(first?.workCount);
    expect(facts.licences.length).toBeGreaterThan(0);
    const works = await t.ok(getIpCreationList, { pageIndex: 1, id: first!.id, pageSize: 2 });
    expect(works.total).toBe(first?.workCount);
    expect(works.list.every((w) => w.designerId === first?.ownerId)).toBe(true);
    for (const c of [getIPDetail, getIpDetails, getIpCreationList]) {
      expect((await t.call(c, { id: 4242 })).body).toEqual({
        code: 1004,
        msg: 'IP 不存在',
        data: null,
      });
    }
  });

  it('collects an IP for the signed-in user only', async () => {
    const first = ips[0];
    const token = await t.signIn(BUYER);
    await t.ok(addOrCancelCollect, { targetType: 'ip', targetId: first!.id, collect: true }, token);
    expect((await t.ok(getIPDetail, { id: first!.id }, token)).isCollected).toBe(true);
    expect(
      (await t.ok(getMyCollectIP, { pageIndex: 1, pageSize: 20 }, token)).list.map((ip) => ip.id),
    ).toEqual([first?.id]);
    expect((await t.call(getMyCollectIP, { pageIndex: 1, pageSize: 20 })).body.code).toBe(401);
    await t.ok(
      addOrCancelCollect,
      { targetType: 'ip', targetId: first!.id, collect: false },
      token,
    );
    expect((await t.ok(getMyCollectIP, { pageIndex: 1, pageSize: 20 }, token)).total).toBe(0);
  });
});
