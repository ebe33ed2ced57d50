import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBillList } from '@shared/contract/billing';
import {
  getExpiryRemain,
  getMemberQrCode,
  getShowMemberPackageList,
} from '@shared/contract/membership';
import {
  MATERIAL_QUOTA_CODE,
  empowerCategory,
  empowerSourceMaterial,
  getOrder,
  payOrder,
  submitOrder,
} from '@shared/contract/orders';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { auditLedger, balanceOf } from '../finance/ledger';

// A member licenses a source-material work from the package's 素材授权 quota (issue 12): no money
// from the buyer, one unit per year, spent once however often or concurrently it is asked.

describe.each(testDatabases())('material licences from a member quota ($name)', (database) => {
  let f: CatalogueFixture;
  let member: string;
  let guestBuyer: string;
  let memberId: number;
  let materialWork: number;
  let exclusiveWork: number;
  let seq = 0;

  const quotaRow = () =>
    f.deps.db
      .selectFrom('user_auths')
      .select(['remain', 'total'])
      .where('user_id', '=', memberId)
      .where('code', '=', MATERIAL_QUOTA_CODE)
      .executeTakeFirst();

  const materialOrder = async (token: string, termYears = 1, workId = materialWork) => {
    const info = await f.ok(empowerSourceMaterial, { creationId: workId });
    const option = info.options.find((o) => o.kind === 'material')!;
    return f.ok(
      submitOrder,
      {
        creationId: workId,
        licenceId: option.licenceId,
        categoryKids: [],
        keywords: [],
        customKey: '',
        termYears,
        idemKey: `quota-${++seq}-${Date.now()}`,
        agreed: true,
      },
      token,
    );
  };

  beforeAll(async () => {
    f = await buildCatalogueApp(database);
    member = await f.signIn(BUYER);
    guestBuyer = await f.signIn(OTHER_BUYER);
    memberId = (
      await f.deps.db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', BUYER)
        .executeTakeFirstOrThrow()
    ).id;
    const works = await f.deps.db
      .selectFrom('works')
      .select(['id', 'header_type'])
      .where('status', '=', 'published')
      .orderBy('id')
      .execute();
    materialWork = works.find((w) => w.header_type === 4)!.id;
    exclusiveWork = works.find((w) => w.header_type === 3)!.id;
    // The member buys the 9800 package for one year through the sandbox, like a user would.
    const pkg = (await f.ok(getShowMemberPackageList, { type: 3, source: 1 })).find(
      (p) => p.price === 9800,
    )!;
    const qr = await f.ok(
      getMemberQrCode,
      { typeId: pkg.id, payMethod: 2, device: 1, amount: 1 },
      member,
    );
    await f.app.inject({ method: 'POST', url: `/pay/sandbox/${qr.payOrderNo}` });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('licenses a material work for one unit: no bill, the designer earns the share from royalties', async () => {
    const before = (await quotaRow())!;
    expect(before.remain).toBeGreaterThan(0);
    const order = await materialOrder(member);
    const designer = await f.deps.db
      .selectFrom('orders')
      .select(['designer_id', 'share_fen'])
      .where('order_no', '=', order.orderNo)
      .executeTakeFirstOrThrow();
    const pendingBefore = await balanceOf(f.deps.db, `designer:${designer.designer_id}:pending`);
    const billsBefore = (
      await f.ok(getBillList, { pageIndex: 1, pageSize: 50, startDate: '', endDate: '' }, member)
    ).total;

    const paid = await f.ok(payOrder, { orderNo: order.orderNo, payWith: 'quota' }, member);
    expect(paid).toMatchObject({ paid: true, orderState: 'paid' });
    expect((await quotaRow())!.remain).toBe(before.remain - 1);
    const detail = await f.ok(getOrder, { orderNo: order.orderNo }, member);
    expect(detail).toMatchObject({ state: 'paid', payChannelTitle: '会员额度', canDownload: true });
    expect(await balanceOf(f.deps.db, `designer:${designer.designer_id}:pending`)).toBe(
      pendingBefore + designer.share_fen,
    );
    // Nothing was paid, so nothing appears among the buyer's bills.
    expect(
      (await f.ok(getBillList, { pageIndex: 1, pageSize: 50, startDate: '', endDate: '' }, member))
        .total,
    ).toBe(billsBefore);
    const remain = await f.ok(getExpiryRemain, { authCode: MATERIAL_QUOTA_CODE }, member);
    expect(remain.remainValue).toBe(before.remain - 1);
    expect(await auditLedger(f.deps.db)).toEqual({ sumFen: 0, mismatched: [] });
  });

  it('spends one unit per year of the term, and a double click or retry spends it once', async () => {
    const before = (await quotaRow())!.remain;
    const order = await materialOrder(member, 2);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        f.call(payOrder, { orderNo: order.orderNo, payWith: 'quota' }, member),
      ),
    );
    const payOrderNos = new Set(
      results.filter((r) => r.body.code === 1).map((r) => r.body.data?.payOrderNo),
    );
    expect(payOrderNos.size).toBe(1);
    expect((await quotaRow())!.remain).toBe(before - 2);
    const again = await f.ok(payOrder, { orderNo: order.orderNo, payWith: 'quota' }, member);
    expect(again.paid).toBe(true);
    expect((await quotaRow())!.remain).toBe(before - 2);
  });

  it('spends exactly the quota when many orders race for its last units', async () => {
    await f.deps.db
      .updateTable('user_auths')
      .set({ remain: 3 })
      .where('user_id', '=', memberId)
      .where('code', '=', MATERIAL_QUOTA_CODE)
      .execute();
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await materialOrder(member));
    const results = await Promise.all(
      orders.map((o) => f.call(payOrder, { orderNo: o.orderNo, payWith: 'quota' }, member)),
    );
    const paid = results.filter((r) => r.body.code === 1);
    expect(paid).toHaveLength(3);
    for (const refused of results.filter((r) => r.body.code !== 1)) {
      expect(refused.body.msg).toBe(
        '会员素材授权额度不足（本订单需 1 次），请选择其他支付方式或购买加量包',
      );
    }
    expect((await quotaRow())!.remain).toBe(0);
    // The refused orders are still waiting for another payment method.
    const states = await f.deps.db
      .selectFrom('orders')
      .select('state')
      .where(
        'order_no',
        'in',
        orders.map((o) => o.orderNo),
      )
      .execute();
    expect(states.filter((s) => s.state === 'pending')).toHaveLength(5);
    expect(await auditLedger(f.deps.db)).toEqual({ sumFen: 0, mismatched: [] });
  });

  it('refuses a non-member, an exclusive licence and a short quota, changing nothing', async () => {
    const order = await materialOrder(guestBuyer);
    const refused = await f.call(
      payOrder,
      { orderNo: order.orderNo, payWith: 'quota' },
      guestBuyer,
    );
    expect(refused.body.msg).toBe(
      '会员素材授权额度不足（本订单需 1 次），请选择其他支付方式或购买加量包',
    );
    expect((await f.ok(getOrder, { orderNo: order.orderNo }, guestBuyer)).state).toBe('pending');

    await f.deps.db
      .updateTable('user_auths')
      .set({ remain: 5 })
      .where('user_id', '=', memberId)
      .where('code', '=', MATERIAL_QUOTA_CODE)
      .execute();
    const info = await f.ok(empowerCategory, { creationId: exclusiveWork });
    const exclusive = await f.ok(
      submitOrder,
      {
        creationId: exclusiveWork,
        licenceId: info.options.find((o) => o.kind === 'category_exclusive')!.licenceId,
        categoryKids: [info.categories[0]!.kid],
        keywords: [],
        customKey: '',
        termYears: 1,
        idemKey: `quota-exclusive-${Date.now()}`,
        agreed: true,
      },
      member,
    );
    const notMaterial = await f.call(
      payOrder,
      { orderNo: exclusive.orderNo, payWith: 'quota' },
      member,
    );
    expect(notMaterial.body.msg).toBe('会员额度仅可用于素材授权，请选择其他支付方式');
    expect((await quotaRow())!.remain).toBe(5);

    const threeYears = await materialOrder(member, 3);
    await f.deps.db
      .updateTable('user_auths')
      .set({ remain: 2 })
      .where('user_id', '=', memberId)
      .where('code', '=', MATERIAL_QUOTA_CODE)
      .execute();
    const short = await f.call(payOrder, { orderNo: threeYears.orderNo, payWith: 'quota' }, member);
    expect(short.body.msg).toBe(
      '会员素材授权额度不足（本订单需 3 次），请选择其他支付方式或购买加量包',
    );
    expect((await quotaRow())!.remain).toBe(2);
    expect((await f.ok(getOrder, { orderNo: threeYears.orderNo }, member)).state).toBe('pending');
  });
});
