import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAuthList,
  getDosingPackageList,
  getDosingQrCode,
  getMemberQrCode,
  getShowMemberPackageList,
  payPcOrderQuery,
} from '@shared/contract/membership';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { auditLedger } from '../finance/ledger';

describe.each(testDatabases())('add-on quota packs ($name)', (database) => {
  let f: CatalogueFixture;
  let member: string;
  let guest: string;

  const confirm = (payOrderNo: string) =>
    f.app.inject({ method: 'POST', url: `/pay/sandbox/${payOrderNo}` });
  const quota = async (phone: string, code: string) =>
    f.deps.db
      .selectFrom('user_auths')
      .selectAll()
      .where('user_id', '=', await f.userId(phone))
      .where('code', '=', code)
      .executeTakeFirst();

  beforeAll(async () => {
    f = await buildCatalogueApp(database);
    member = await f.signIn(BUYER);
    guest = await f.signIn(OTHER_BUYER);
    // BUYER becomes a member of the 9800 package for one year.
    const pkg = (await f.ok(getShowMemberPackageList, { type: 3, source: 1 })).find(
      (p) => p.price === 9800,
    )!;
    const qr = await f.ok(
      getMemberQrCode,
      { typeId: pkg.id, payMethod: 2, device: 1, amount: 1 },
      member,
    );
    await confirm(qr.payOrderNo);
    await f.ok(payPcOrderQuery, { payOrderNo: qr.payOrderNo }, member);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('lists the packs on sale to anyone, in order, with their price in fen', async () => {
    const packs = await f.ok(getDosingPackageList, {});
    expect(packs.length).toBeGreaterThanOrEqual(3);
    expect(packs[0]).toMatchObject({ authCode: 'S1', count: 50, unitName: '次', priceFen: 98_000 });
    expect(packs.every((p) => p.priceFen > 0 && p.count > 0)).toBe(true);
  });

  it('hides a disabled pack and refuses to sell it', async () => {
    const [first] = await f.ok(getDosingPackageList, {});
    await f.deps.db
      .updateTable('dosing_packages')
      .set({ enabled: 0 })
      .where('id', '=', first!.id)
      .execute();
    try {
      expect((await f.ok(getDosingPackageList, {})).map((p) => p.id)).not.toContain(first!.id);
      const res = await f.call(
        getDosingQrCode,
        { dosingId: first!.id, payMethod: 2, device: 1 },
        member,
      );
      expect(res.body.msg).toBe('加量包不存在或已停用！');
    } finally {
      await f.deps.db
        .updateTable('dosing_packages')
        .set({ enabled: 1 })
        .where('id', '=', first!.id)
        .execute();
    }
  });

  it('refuses a pack to a user without a running membership, and makes no order', async () => {
    const [first] = await f.ok(getDosingPackageList, {});
    const before = await f.deps.db
      .selectFrom('service_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await f.call(
      getDosingQrCode,
      { dosingId: first!.id, payMethod: 2, device: 1 },
      guest,
    );
    expect(res.body.msg).toBe('加量包仅限会员在有效期内购买，请先开通或续费会员');
    const after = await f.deps.db
      .selectFrom('service_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('adds the pack to the running quota once, whatever is replayed, until the membership ends', async () => {
    const pack = (await f.ok(getDosingPackageList, {})).find((p) => p.authCode === 'S1')!;
    const before = (await quota(BUYER, 'S1'))!;
    const qr = await f.ok(getDosingQrCode, { dosingId: pack.id, payMethod: 1, device: 1 }, member);
    expect(qr.amountFen).toBe(pack.priceFen);
    expect(qr.qrCode).toContain(`/pay/sandbox/${qr.payOrderNo}`);
    const sandboxPage = await f.app.inject({ method: 'GET', url: `/pay/sandbox/${qr.payOrderNo}` });
    expect(sandboxPage.body).toContain('纹样会员加量包');
    expect((await f.call(payPcOrderQuery, { payOrderNo: qr.payOrderNo }, member)).body.code).toBe(
      0,
    );

    const notice = f.app.payments.sandbox!.buildNotification(qr.payOrderNo, qr.amountFen, 'd-1');
    for (let i = 0; i < 4; i++) {
      await f.app.inject({
        method: 'POST',
        url: '/pay/notify/sandbox',
        headers: notice.headers as Record<string, string>,
        payload: notice.body,
      });
    }
    expect((await f.call(payPcOrderQuery, { payOrderNo: qr.payOrderNo }, member)).body.code).toBe(
      1,
    );
    const after = (await quota(BUYER, 'S1'))!;
    expect(after.total).toBe(before.total + pack.count);
    expect(after.remain).toBe(before.remain + pack.count);
    expect(after.end_time).toBe(before.end_time);
    const listed = (await f.ok(getAuthList, {}, member)).find((a) => a.authCode === 'S1')!;
    expect(listed.remainValue).toBe(after.remain);
    const audit = await auditLedger(f.deps.db);
    expect(audit.sumFen).toBe(0);
    expect(audit.mismatched).toEqual([]);
  });

  it('refunds a pack paid after the membership ended, and grants nothing', async () => {
    const pack = (await f.ok(getDosingPackageList, {})).find((p) => p.authCode === 'T27')!;
    const qr = await f.ok(getDosingQrCode, { dosingId: pack.id, payMethod: 1, device: 1 }, member);
    const userId = await f.userId(BUYER);
    const { vip_end_time: end } = await f.deps.db
      .selectFrom('users')
      .select('vip_end_time')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const before = await quota(BUYER, 'T27');
    await f.deps.db
      .updateTable('users')
      .set({ vip_end_time: new Date(f.deps.now() - 1000).toISOString() })
      .where('id', '=', userId)
      .execute();
    try {
      await confirm(qr.payOrderNo);
      const order = await f.deps.db
        .selectFrom('service_orders')
        .select('state')
        .where('order_no', '=', qr.orderNo)
        .executeTakeFirstOrThrow();
      expect(order.state).toBe('refunded');
      const answer = await f.call(payPcOrderQuery, { payOrderNo: qr.payOrderNo }, member);
      expect(answer.body.msg).toBe('加量包仅限会员在有效期内购买，请先开通或续费会员');
      expect((await quota(BUYER, 'T27'))?.total).toBe(before?.total);
      expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
    } finally {
      await f.deps.db
        .updateTable('users')
        .set({ vip_end_time: end })
        .where('id', '=', userId)
        .execute();
    }
  });
});
