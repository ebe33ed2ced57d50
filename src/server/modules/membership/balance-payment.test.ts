import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAuthList,
  getDosingPackageList,
  getShowMemberPackageList,
  getUserBalance,
  orderMemberReturnQrCode,
  payMemberByBalance,
  payPcOrderQuery,
} from '@shared/contract/membership';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { auditLedger } from '../finance/ledger';
import { balancePayNumbers } from './balance-payment';

describe.each(testDatabases())(
  'paying memberships and packs from the balance ($name)',
  (database) => {
    let f: CatalogueFixture;
    let buyer: string;
    let other: string;

    const balance = async (token: string) => (await f.ok(getUserBalance, {}, token)).balanceFen;
    const recharge = async (token: string, amountFen: number) => {
      const qr = await f.ok(orderMemberReturnQrCode, { amountFen, payMethod: 2 }, token);
      const res = await f.app.inject({ method: 'POST', url: `/pay/sandbox/${qr.payOrderNo}` });
      expect(res.statusCode).toBeLessThan(400);
    };
    const vipEnd = async (phone: string) =>
      (
        await f.deps.db
          .selectFrom('users')
          .select('vip_end_time')
          .where('phone', '=', phone)
          .executeTakeFirstOrThrow()
      ).vip_end_time;
    const package9800 = async () =>
      (await f.ok(getShowMemberPackageList, { type: 3, source: 1 })).find((p) => p.price === 9800)!;

    beforeAll(async () => {
      f = await buildCatalogueApp(database);
      buyer = await f.signIn(BUYER);
      other = await f.signIn(OTHER_BUYER);
    });
    afterAll(async () => {
      await f?.close();
    });

    it('pays a 2-year 9800 membership once under 20 concurrent clicks, through the same fulfiler', async () => {
      await recharge(buyer, 2_000_000);
      const before = await balance(buyer);
      const endBefore = await vipEnd(BUYER);
      const pkg = await package9800();
      const requestKey = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          f.call(
            payMemberByBalance,
            { kind: 'membership', id: pkg.id, amount: 2, requestKey },
            buyer,
          ),
        ),
      );
      const data = answers.map((a) => a.body.data);
      expect(answers.filter((a) => a.body.code !== 1).map((a) => a.body.msg)).toEqual([]);
      expect(new Set(data.map((d) => d?.payOrderNo)).size).toBe(1);
      expect(data[0]!.amountFen).toBe(1_960_000);
      expect(await balance(buyer)).toBe(before - 1_960_000);

      const userId = await f.userId(BUYER);
      const orders = await f.deps.db
        .selectFrom('service_orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('order_no', '=', data[0]!.orderNo)
        .execute();
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ state: 'paid', kind: 'membership', years: 2 });
      const payments = await f.deps.db
        .selectFrom('payments')
        .selectAll()
        .where('order_no', '=', data[0]!.orderNo)
        .execute();
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        channel: 'balance',
        state: 'paid',
        purpose: 'membership',
      });

      // Extended once, by two years, from the later of now and the old end.
      const from = Math.max(f.deps.now(), endBefore ? Date.parse(endBefore) : 0);
      const end = Date.parse((await vipEnd(BUYER))!);
      expect(end - from).toBeGreaterThan(2 * 365 * 86_400_000 - 86_400_000);
      expect(end - from).toBeLessThan(2 * 366 * 86_400_000 + 86_400_000);
      expect(data[0]!.vipEndTime).toBe(end);
      // The member dialog's poll sees it paid too.
      expect(
        (await f.ok(payPcOrderQuery, { payOrderNo: data[0]!.payOrderNo }, buyer)).vipEndTime,
      ).toBe(end);
      const s1 = (await f.ok(getAuthList, {}, buyer)).find((a) => a.authCode === 'S1')!;
      expect(s1.authValue).toBeGreaterThanOrEqual(
        pkg.authList.find((a) => a.code === 'S1')!.count * 2,
      );

      // A retry later answers the first result and charges nothing.
      const retry = await f.ok(
        payMemberByBalance,
        { kind: 'membership', id: pkg.id, amount: 2, requestKey },
        buyer,
      );
      expect(retry.payOrderNo).toBe(data[0]!.payOrderNo);
      expect(await balance(buyer)).toBe(before - 1_960_000);
      expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
    });

    it('refuses a short balance with 余额不足 and writes nothing', async () => {
      const pkg = await package9800();
      const before = await balance(other);
      expect(before).toBeLessThan(980_000);
      const endBefore = await vipEnd(OTHER_BUYER);
      const requestKey = randomUUID();
      const res = await f.call(
        payMemberByBalance,
        { kind: 'membership', id: pkg.id, amount: 1, requestKey },
        other,
      );
      expect(res.body.msg).toBe('余额不足');
      expect(res.body.code).not.toBe(1);
      const { orderNo, payOrderNo } = balancePayNumbers(await f.userId(OTHER_BUYER), {
        kind: 'membership',
        requestKey,
      });
      expect(
        await f.deps.db
          .selectFrom('service_orders')
          .select('order_no')
          .where('order_no', '=', orderNo)
          .execute(),
      ).toEqual([]);
      expect(
        await f.deps.db
          .selectFrom('payments')
          .select('pay_order_no')
          .where('pay_order_no', '=', payOrderNo)
          .execute(),
      ).toEqual([]);
      expect(await vipEnd(OTHER_BUYER)).toBe(endBefore);
      expect(await balance(other)).toBe(before);
      expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
    });

    it('refuses a pack to a non-member and a disabled package, changing nothing', async () => {
      await recharge(other, 200_000);
      const before = await balance(other);
      const [pack] = await f.ok(getDosingPackageList, {});
      const pack1 = await f.call(
        payMemberByBalance,
        { kind: 'dosing', id: pack!.id, amount: 1, requestKey: randomUUID() },
        other,
      );
      expect(pack1.body.msg).toBe('加量包仅限会员在有效期内购买，请先开通或续费会员');
      const pkg = await package9800();
      await f.deps.db
        .updateTable('member_packages')
        .set({ enabled: 0 })
        .where('id', '=', pkg.id)
        .execute();
      const gone = await f.call(
        payMemberByBalance,
        { kind: 'membership', id: pkg.id, amount: 1, requestKey: randomUUID() },
        buyer,
      );
      expect(gone.body.msg).toBe('套餐不存在或已停用！');
      await f.deps.db
        .updateTable('member_packages')
        .set({ enabled: 1 })
        .where('id', '=', pkg.id)
        .execute();
      expect(await balance(other)).toBe(before);
    });

    it('never overdraws: 20 concurrent pack purchases spend only what the balance holds', async () => {
      const [pack] = await f.ok(getDosingPackageList, {});
      const s1Before = (await f.ok(getAuthList, {}, buyer)).find(
        (a) => a.authCode === pack!.authCode,
      )!.remainValue;
      const have = await balance(buyer);
      // Top up to exactly three packs' worth.
      const target = 3 * pack!.priceFen;
      if (have < target) await recharge(buyer, target - have);
      const start = await balance(buyer);
      const affordable = Math.floor(start / pack!.priceFen);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          f.call(
            payMemberByBalance,
            { kind: 'dosing', id: pack!.id, amount: 1, requestKey: randomUUID() },
            buyer,
          ),
        ),
      );
      const paid = answers.filter((a) => a.body.code === 1);
      expect(paid).toHaveLength(affordable);
      expect(answers.filter((a) => a.body.code !== 1).map((a) => a.body.msg)).toEqual(
        Array.from({ length: 20 - affordable }, () => '余额不足'),
      );
      const left = await balance(buyer);
      expect(left).toBe(start - affordable * pack!.priceFen);
      expect(left).toBeGreaterThanOrEqual(0);
      const s1After = (await f.ok(getAuthList, {}, buyer)).find(
        (a) => a.authCode === pack!.authCode,
      )!.remainValue;
      expect(s1After - s1Before).toBe(affordable * pack!.count);
      expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
    });
  },
);
