import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrCancelCollect, getMyCollectIP } from '@shared/contract/collections';
import type { WorkCard } from '@shared/contract/common';
import type { IpCard, IpDetail } from '@shared/contract/ips';
import { getIPDetail, getIPList, getIpCreationList, getIpDetails } from '@shared/contract/ips';
import { BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

type Page<T> = { list: T[]; total: number };

describe.each(testDatabases())('IPs on $name', (database) => {
  let t: CatalogueFixture;
  let ips: IpCard[];
  beforeAll(async () => {
    t = await buildCatalogueApp(database, 40);
    ips = (await t.ok<Page<IpCard>>(getIPList, { pageSize: 60 })).list;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists IPs with covers and finds them by keyword', async () => {
    expect(ips.length).toBeGreaterThan(0);
    expect(ips.every((ip) => ip.workCount > 0 && ip.coverUrl !== '')).toBe(true);
    const first = ips[0];
    const found = await t.ok<Page<IpCard>>(getIPList, { keyword: first?.title.slice(0, 2) });
    expect(found.list.map((ip) => ip.id)).toContain(first?.id);
    expect((await t.ok<Page<IpCard>>(getIPList, { keyword: '%' })).total).toBe(ips.length);
    expect((await t.ok<Page<IpCard>>(getIPList, { keyword: '不存在的IP' })).total).toBe(0);
    expect((await t.call(getIPList, { keyword: 'x'.repeat(21) })).status).toBe(400);
  });

  it('shows an IP with its owner, licensing facts and works', async () => {
    const first = ips[0];
    const detail = await t.ok<IpDetail>(getIPDetail, { id: first?.id });
    expect(detail.owner.userId).toBe(first?.ownerId);
    expect(detail.isCollected).toBe(false);
    const facts = await t.ok<{
      categories: { workCount: number }[];
      licences: { priceFen: number }[];
    }>(getIpDetails, { id: first?.id });
    expect(facts.categories.reduce((n, c) => n + c.workCount, 0)).toBe(first?.workCount);
    expect(facts.licences.length).toBeGreaterThan(0);
    const works = await t.ok<Page<WorkCard>>(getIpCreationList, { id: first?.id, pageSize: 2 });
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
    await t.ok(addOrCancelCollect, { targetType: 'ip', targetId: first?.id, collect: true }, token);
    expect((await t.ok<IpDetail>(getIPDetail, { id: first?.id }, token)).isCollected).toBe(true);
    expect((await t.ok<Page<IpCard>>(getMyCollectIP, {}, token)).list.map((ip) => ip.id)).toEqual([
      first?.id,
    ]);
    expect((await t.call(getMyCollectIP, {})).body.code).toBe(401);
    await t.ok(
      addOrCancelCollect,
      { targetType: 'ip', targetId: first?.id, collect: false },
      token,
    );
    expect((await t.ok<Page<IpCard>>(getMyCollectIP, {}, token)).total).toBe(0);
  });
});
