import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef, CallRequest } from '@shared/contract/define';
import {
  getAuthList,
  getDosingPackageList,
  getDosingQrCode,
  getMemberQrCode,
  getShowMemberPackageList,
  getUserBalance,
  orderMemberReturnQrCode,
  payPcOrderQuery,
} from '@shared/contract/membership';
import {
  confirmBankTransfer,
  empowerCategory,
  getPendingBankTransfers,
  orderReturnQrCode,
  submitOrder,
} from '@shared/contract/orders';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { auditLedger } from '../finance/ledger';

// Bank transfers for memberships, add-on packs and recharges (issue 12): listed on the back
// office's 银行转账确认 with their purpose, confirmed by an admin once through applyPayment.

const NOT_PENDING = '该转账已确认或已关闭';
const AMOUNT_MISMATCH = '到账金额与订单金额不一致，请核对后再确认';
const YEAR_MS = 365 * 86_400_000;

describe.each(testDatabases())('bank transfers of service orders ($name)', (database) => {
  let f: CatalogueFixture;
  let buyer: string;
  let other: string;
  let admin: string;
  let serialSeq = 0;
  const serial = () => `ICBC${Date.now()}${++serialSeq}`;

  const fail = async <C extends CallDef>(c: C, input: CallRequest<C>, token?: string) => {
    const { status, body } = await f.call(c, input, token);
    expect(body.code).not.toBe(1);
    return { status, code: body.code, msg: body.msg };
  };
  const countRows = async (table: 'ledger_transfers' | 'user_auths') =>
    Number(
      (
        await f.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const vipEnd = async (phone: string) =>
    Date.parse(
      (
        await f.deps.db
          .selectFrom('users')
          .select('vip_end_time')
          .where('phone', '=', phone)
          .executeTakeFirstOrThrow()
      ).vip_end_time ?? '',
    ) || 0;
  const states = async (payOrderNo: string) => {
    const payment = await f.deps.db
      .selectFrom('payments')
      .select(['state', 'order_no'])
      .where('pay_order_no', '=', payOrderNo)
      .executeTakeFirstOrThrow();
    const order = await f.deps.db
      .selectFrom('service_orders')
      .select('state')
      .where('order_no', '=', payment.order_no)
      .executeTakeFirstOrThrow();
    return { payment: payment.state, order: order.state };
  };
  const pending = async () =>
    (await f.ok(getPendingBankTransfers, { pageIndex: 1, pageSize: 50 }, admin)).list;
  const userName = async (phone: string) =>
    (
      await f.deps.db
        .selectFrom('users')
        .select('user_name')
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow()
    ).user_name;

  beforeAll(async () => {
    f = await buildCatalogueApp(database);
    buyer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
    admin = await f.signIn(DEMO_ADMIN.phone);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('confirms a membership paid by bank transfer once: listed as 开通会员, wrong amount refused, vip extended once', async () => {
    const pkg = (await f.ok(getShowMemberPackageList, { type: 3, source: 1 })).find(
      (p) => p.price === 9800,
    )!;
    const bank = await f.ok(
      getMemberQrCode,
      { typeId: pkg.id, payMethod: 4, device: 1, amount: 2 },
      buyer,
    );
    expect(bank.qrCode).toBe('');
    expect(bank.bank?.reference).toBe(bank.orderNo);
    expect(bank.amountFen).toBe(1_960_000);

    const row = (await pending()).find((t) => t.payOrderNo === bank.payOrderNo);
    expect(row).toMatchObject({
      orderNo: bank.orderNo,
      purpose: 'membership',
      purposeTitle: '开通会员',
      itemTitle: pkg.title,
      years: 2,
      amountFen: 1_960_000,
      buyerName: await userName(BUYER),
      buyerPhone: BUYER,
    });
    // Only admins see or confirm transfers.
    expect(
      (await f.call(getPendingBankTransfers, { pageIndex: 1, pageSize: 20 }, buyer)).body.code,
    ).toBe(1003);

    const input = { payOrderNo: bank.payOrderNo, bankSerial: serial(), amountFen: bank.amountFen };
    expect((await f.call(confirmBankTransfer, input, buyer)).body.code).toBe(1003);

    const endBefore = await vipEnd(BUYER);
    const transfers = await countRows('ledger_transfers');
    const auths = await countRows('user_auths');
    expect(
      (await fail(confirmBankTransfer, { ...input, amountFen: bank.amountFen - 100 }, admin)).msg,
    ).toBe(AMOUNT_MISMATCH);
    expect(await vipEnd(BUYER)).toBe(endBefore);
    expect(await countRows('ledger_transfers')).toBe(transfers);
    expect(await countRows('user_auths')).toBe(auths);
    expect(await states(bank.payOrderNo)).toEqual({ payment: 'pending', order: 'pending' });

    const confirmed = await f.ok(confirmBankTransfer, input, admin);
    expect(confirmed).toMatchObject({
      payOrderNo: bank.payOrderNo,
      orderNo: bank.orderNo,
      paid: true,
      paymentState: 'paid',
      purpose: 'membership',
      purposeTitle: '开通会员',
      orderState: 'paid',
      message: '',
    });
    const endAfter = await vipEnd(BUYER);
    expect(endAfter - Math.max(f.deps.now(), endBefore)).toBeGreaterThan(2 * YEAR_MS - 86_400_000);
    expect(endAfter - Math.max(f.deps.now(), endBefore)).toBeLessThan(2 * YEAR_MS + 2 * 86_400_000);
    // The member's own poll answers paid with the new end.
    const polled = await f.ok(payPcOrderQuery, { payOrderNo: bank.payOrderNo }, buyer);
    expect(polled.vipEndTime).toBe(endAfter);
    expect((await pending()).some((t) => t.payOrderNo === bank.payOrderNo)).toBe(false);

    // A double confirm is refused and books nothing.
    const booked = await countRows('ledger_transfers');
    expect((await fail(confirmBankTransfer, input, admin)).msg).toBe(NOT_PENDING);
    expect((await fail(confirmBankTransfer, { ...input, bankSerial: serial() }, admin)).msg).toBe(
      NOT_PENDING,
    );
    expect(await countRows('ledger_transfers')).toBe(booked);
    expect(await vipEnd(BUYER)).toBe(endAfter);
    expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
  });

  it('lets one of several concurrent confirms through and extends the membership once', async () => {
    const pkg = (await f.ok(getShowMemberPackageList, { type: 3, source: 1 })).find(
      (p) => p.price === 15800,
    )!;
    const bank = await f.ok(
      getMemberQrCode,
      { typeId: pkg.id, payMethod: 4, device: 1, amount: 1 },
      other,
    );
    const endBefore = await vipEnd(OTHER_BUYER);
    const transfers = await countRows('ledger_transfers');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        f.call(
          confirmBankTransfer,
          {
            payOrderNo: bank.payOrderNo,
            bankSerial: `CCB-RACE-${i}-${Date.now()}`,
            amountFen: bank.amountFen,
          },
          admin,
        ),
      ),
    );
    const okCount = answers.filter((a) => a.body.code === 1).length;
    expect(okCount).toBe(1);
    for (const a of answers.filter((x) => x.body.code !== 1)) expect(a.body.msg).toBe(NOT_PENDING);
    // pay:{no} (clearing → balance) and member:{no} (balance → revenue), once each.
    expect(await countRows('ledger_transfers')).toBe(transfers + 2);
    const endAfter = await vipEnd(OTHER_BUYER);
    const gained = endAfter - Math.max(f.deps.now(), endBefore);
    expect(gained).toBeGreaterThan(YEAR_MS - 86_400_000);
    expect(gained).toBeLessThan(YEAR_MS + 2 * 86_400_000);
    expect(await states(bank.payOrderNo)).toEqual({ payment: 'paid', order: 'paid' });
    expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
  });

  it('credits a recharge paid by bank transfer once, listed as 余额充值; a wrong amount changes nothing', async () => {
    const bank = await f.ok(orderMemberReturnQrCode, { amountFen: 50_000, payMethod: 3 }, other);
    expect(bank.qrCode).toBe('');
    expect(bank.bank?.reference).toBe(bank.orderNo);
    const row = (await pending()).find((t) => t.payOrderNo === bank.payOrderNo);
    expect(row).toMatchObject({
      purpose: 'recharge',
      purposeTitle: '余额充值',
      itemTitle: '',
      years: null,
      amountFen: 50_000,
      buyerName: await userName(OTHER_BUYER),
    });

    const before = (await f.ok(getUserBalance, {}, other)).balanceFen;
    const transfers = await countRows('ledger_transfers');
    const input = { payOrderNo: bank.payOrderNo, bankSerial: serial(), amountFen: 50_000 };
    expect((await fail(confirmBankTransfer, { ...input, amountFen: 50_001 }, admin)).msg).toBe(
      AMOUNT_MISMATCH,
    );
    expect((await f.ok(getUserBalance, {}, other)).balanceFen).toBe(before);
    expect(await countRows('ledger_transfers')).toBe(transfers);
    expect(await states(bank.payOrderNo)).toEqual({ payment: 'pending', order: 'pending' });

    const confirmed = await f.ok(confirmBankTransfer, input, admin);
    expect(confirmed).toMatchObject({
      purpose: 'recharge',
      purposeTitle: '余额充值',
      orderState: 'paid',
      paid: true,
    });
    expect((await f.ok(getUserBalance, {}, other)).balanceFen).toBe(before + 50_000);
    expect((await fail(confirmBankTransfer, input, admin)).msg).toBe(NOT_PENDING);
    expect((await f.ok(getUserBalance, {}, other)).balanceFen).toBe(before + 50_000);
    expect(await countRows('ledger_transfers')).toBe(transfers + 1);

    // The same bank serial typed for another transfer is a mistake, refused in words.
    const second = await f.ok(orderMemberReturnQrCode, { amountFen: 30_000, payMethod: 3 }, other);
    expect(
      (
        await fail(
          confirmBankTransfer,
          { payOrderNo: second.payOrderNo, bankSerial: input.bankSerial, amountFen: 30_000 },
          admin,
        )
      ).msg,
    ).toBe('该银行流水号已用于另一笔转账，请核对后再确认');
    expect(await states(second.payOrderNo)).toEqual({ payment: 'pending', order: 'pending' });
    expect((await f.ok(getUserBalance, {}, other)).balanceFen).toBe(before + 50_000);
    expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
  });

  it('grants an add-on pack paid by bank transfer once, listed as 加量包 with the pack', async () => {
    const [pack] = await f.ok(getDosingPackageList, {});
    const bank = await f.ok(
      getDosingQrCode,
      { dosingId: pack!.id, payMethod: 4, device: 1 },
      buyer,
    );
    const row = (await pending()).find((t) => t.payOrderNo === bank.payOrderNo);
    expect(row).toMatchObject({
      purpose: 'dosing',
      purposeTitle: '加量包',
      itemTitle: pack!.title,
      years: null,
      amountFen: pack!.priceFen,
    });
    const remain = async () =>
      (await f.ok(getAuthList, {}, buyer)).find((a) => a.authCode === pack!.authCode)
        ?.remainValue ?? 0;
    const before = await remain();
    const input = { payOrderNo: bank.payOrderNo, bankSerial: serial(), amountFen: pack!.priceFen };
    expect((await f.ok(confirmBankTransfer, input, admin)).purpose).toBe('dosing');
    expect(await remain()).toBe(before + pack!.count);
    expect((await fail(confirmBankTransfer, input, admin)).msg).toBe(NOT_PENDING);
    expect(await remain()).toBe(before + pack!.count);
    expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
  });

  it('lists a licence order’s transfer as 授权订单 with the work and term, and confirms it', async () => {
    const work = await f.deps.db
      .selectFrom('works')
      .select(['id', 'title'])
      .where('status', '=', 'published')
      .where('header_type', '=', 4)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const info = await f.ok(empowerCategory, { creationId: work.id });
    const order = await f.ok(
      submitOrder,
      {
        creationId: work.id,
        licenceId: info.options[0]!.licenceId,
        categoryKids: [],
        keywords: [],
        customKey: '',
        termYears: 2,
        idemKey: `bank-licence-${Date.now()}`,
        agreed: true,
      },
      other,
    );
    const bank = await f.ok(orderReturnQrCode, { orderNo: order.orderNo, payMethod: 3 }, other);
    const row = (await pending()).find((t) => t.payOrderNo === bank.payOrderNo);
    expect(row).toMatchObject({
      orderNo: order.orderNo,
      purpose: 'licence',
      purposeTitle: '授权订单',
      itemTitle: work.title,
      years: 2,
      amountFen: order.amountFen,
      buyerPhone: OTHER_BUYER,
    });
    expect(row!.buyerName).not.toBe('');
    const input = { payOrderNo: bank.payOrderNo, bankSerial: serial(), amountFen: order.amountFen };
    expect(await f.ok(confirmBankTransfer, input, admin)).toMatchObject({
      purpose: 'licence',
      purposeTitle: '授权订单',
      orderState: 'paid',
      paid: true,
    });
    expect((await fail(confirmBankTransfer, input, admin)).msg).toBe(NOT_PENDING);
    expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
  });
});
