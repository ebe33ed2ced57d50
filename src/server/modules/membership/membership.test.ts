import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAuthList,
  getMemberPackageConfig,
  getMemberQrCode,
  getShowMemberPackageList,
  getUserBalance,
  getUserBalanceInfo,
  orderMemberReturnQrCode,
  payPcOrderQuery,
} from '@shared/contract/membership';
import { getVipInfo } from '@shared/contract/accounts';
import { empowerSourceMaterial, payOrder, submitOrder } from '@shared/contract/orders';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { auditLedger } from '../finance/ledger';
import { spendQuota } from './membership-service';

describe.each(testDatabases())('membership and wallet ($name)', (database) => {
  let f: CatalogueFixture;
  let buyer: string;
  let other: string;

  const confirm = (payOrderNo: string) =>
    f.app.inject({ method: 'POST', url: `/pay/sandbox/${payOrderNo}` });
  const vipEnd = async (phone: string) =>
    Date.parse(
      (
        await f.deps.db
          .selectFrom('users')
          .select('vip_end_time')
          .where('phone', '=', phone)
          .executeTakeFirstOrThrow()
      ).vip_end_time ?? '',
    );

  beforeAll(async () => {
    f = await buildCatalogueApp(database);
    buyer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('lists the packages by tier, dearest first', async () => {
    const config = await f.ok(getMemberPackageConfig, {});
    expect(Object.keys(config).sort()).toEqual(['15800', '9800']);
    const list = await f.ok(getShowMemberPackageList, { type: 3, source: 1 });
    expect(list.map((p) => p.price)).toEqual([...list.map((p) => p.price)].sort((a, b) => b - a));
    expect(list[0]!.authList.some((a) => a.code === 'S1')).toBe(true);
  });

  it('sells the 9800 package for 2 years (¥19,600) once, whatever is replayed, and renews from the end', async () => {
    const pkg = (await f.ok(getShowMemberPackageList, { type: 3, source: 1 })).find(
      (p) => p.price === 9800,
    )!;
    const qr = await f.ok(
      getMemberQrCode,
      { typeId: pkg.id, payMethod: 2, device: 1, amount: 2 },
      buyer,
    );
    expect(qr.amountFen).toBe(1_960_000);
    expect(qr.qrCode).toContain(`/pay/sandbox/${qr.payOrderNo}`);
    const waiting = await f.call(payPcOrderQuery, { payOrderNo: qr.payOrderNo }, buyer);
    expect(waiting.body).toMatchObject({ code: 0, msg: '等待支付' });

    const notice = f.app.payments.sandbox!.buildNotification(qr.payOrderNo, qr.amountFen, 'n-1');
    for (let i = 0; i < 5; i++) {
      await f.app.inject({
        method: 'POST',
        url: '/pay/notify/sandbox',
        headers: notice.headers as Record<string, string>,
        payload: notice.body,
      });
    }
    const paid = await f.ok(payPcOrderQuery, { payOrderNo: qr.payOrderNo }, buyer);
    const twoYears = 2 * 365 * 86_400_000;
    expect(paid.vipEndTime - f.deps.now()).toBeGreaterThan(twoYears - 86_400_000);
    expect(paid.vipEndTime - f.deps.now()).toBeLessThan(twoYears + 3 * 86_400_000);
    expect(await vipEnd(BUYER)).toBe(paid.vipEndTime);
    const auths = await f.ok(getAuthList, {}, buyer);
    const s1 = auths.find((a) => a.authCode === 'S1')!;
    expect(s1.authValue).toBe(pkg.authList.find((a) => a.code === 'S1')!.count * 2);
    expect(auths.some((a) => a.authCode === 'T13')).toBe(false);
    const vip = await f.ok(getVipInfo, {}, buyer);
    expect(vip.vipType).toBeGreaterThan(1);
    expect(vip.vipEndTime).toBe(Math.floor(paid.vipEndTime / 1000));
    expect(
      vip.userAuthList.find((c) => c.cateCode === 'member')?.auths.map((a) => a.authCode),
    ).toContain('S1');
    expect(vip.userAuths.split(',')).toContain('S1');

    const renewal = await f.ok(
      getMemberQrCode,
      { typeId: pkg.id, payMethod: 1, device: 1, amount: 1 },
      buyer,
    );
    await confirm(renewal.payOrderNo);
    const renewed = await f.ok(payPcOrderQuery, { payOrderNo: renewal.payOrderNo }, buyer);
    expect(renewed.vipEndTime - paid.vipEndTime).toBeGreaterThan(364 * 86_400_000);
    expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
  });

  it('refuses a disabled package', async () => {
    const pkg = (await f.ok(getShowMemberPackageList, { type: 3, source: 1 }))[0]!;
    await f.deps.db
      .updateTable('member_packages')
      .set({ enabled: 0 })
      .where('id', '=', pkg.id)
      .execute();
    const res = await f.call(
      getMemberQrCode,
      { typeId: pkg.id, payMethod: 2, device: 1, amount: 1 },
      buyer,
    );
    expect(res.body.msg).toBe('套餐不存在或已停用！');
    await f.deps.db
      .updateTable('member_packages')
      .set({ enabled: 1 })
      .where('id', '=', pkg.id)
      .execute();
  });

  it('spends a 10-unit quota exactly 10 times under 200 concurrent spends', async () => {
    const userId = await f.userId(BUYER);
    await f.deps.db
      .updateTable('user_auths')
      .set({ remain: 10 })
      .where('user_id', '=', userId)
      .where('code', '=', 'S1')
      .execute();
    const results = await Promise.all(
      Array.from({ length: 200 }, () => spendQuota(f.deps.db, userId, 'S1', f.deps.now())),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    const left = await f.deps.db
      .selectFrom('user_auths')
      .select('remain')
      .where('user_id', '=', userId)
      .where('code', '=', 'S1')
      .executeTakeFirstOrThrow();
    expect(left.remain).toBe(0);
  });

  it('recharges the balance and pays a licence from it, with a statement that agrees', async () => {
    const recharge = await f.ok(
      orderMemberReturnQrCode,
      { amountFen: 50_000, payMethod: 1 },
      other,
    );
    await confirm(recharge.payOrderNo);
    expect((await f.ok(getUserBalance, {}, other)).balanceFen).toBe(50_000);

    const works = await f.deps.db
      .selectFrom('works')
      .select('id')
      .where('header_type', '=', 4)
      .where('status', '=', 'published')
      .execute();
    const material = works[0]!.id;
    const info = await f.ok(empowerSourceMaterial, { creationId: material });
    const option = info.options.find((o) => o.priceFen <= 50_000)!;
    const order = await f.ok(
      submitOrder,
      {
        creationId: material,
        licenceId: option.licenceId,
        categoryKids: [],
        keywords: [],
        customKey: '',
        termYears: 1,
        idemKey: `balance-${Date.now()}`,
        agreed: true,
      },
      other,
    );
    const [paid, again] = await Promise.all([
      f.ok(payOrder, { orderNo: order.orderNo }, other),
      f.ok(payOrder, { orderNo: order.orderNo }, other),
    ]);
    expect(paid.orderState).toBe('paid');
    // A double click pays once and answers the first result.
    expect(again.payOrderNo).toBe(paid.payOrderNo);
    const first = await f.ok(getUserBalanceInfo, { pageIndex: 1, pageSize: 60 }, other);
    expect(first.balanceFen).toBe(50_000 - order.amountFen);
    expect(first.list[0]!.title).toBe('购买作品授权');
    // Every line of every page adds up to the balance.
    let sum = 0;
    for (let page = 1; (page - 1) * 60 < first.total; page++) {
      const { list } = await f.ok(getUserBalanceInfo, { pageIndex: page, pageSize: 60 }, other);
      sum += list.reduce((s, line) => s + line.amountFen, 0);
    }
    expect(sum).toBe(first.balanceFen);
    const audit = await auditLedger(f.deps.db);
    expect(audit.sumFen).toBe(0);
    expect(audit.mismatched).toEqual([]);
  });
});
