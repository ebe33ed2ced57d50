import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef, CallRequest } from '@shared/contract/define';
import { ERROR_CODE } from '@shared/contract/envelope';
import { getVerifyUrl } from '@shared/contract/identity';
import {
  applyWithdrawal,
  getBankInfo,
  getIncomeStatement,
  getUserBankCard,
  getWithdrawalAccount,
  getWithdrawalLog,
  getWithdrawals,
  handleWithdrawal,
  subBankCertify,
} from '@shared/contract/wallet';
import { BANK_ACCOUNT_MSG } from '@shared/rules/bank-account';
import {
  WITHDRAWAL_DAILY_LIMIT_FEN,
  WITHDRAWAL_MIN_FEN,
  WITHDRAWAL_MSG,
} from '@shared/rules/withdrawal';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { validIdNumber } from '../../testing/publishing-fixture';
import { testDatabases } from '../../testing/test-app';
import {
  auditLedger,
  balanceOf,
  designerAvailable,
  designerWithdrawing,
  postTransfers,
  providerClearing,
} from '../finance/ledger';
import { settleDue } from '../orders/payment-service';
import { payoutClearing } from './withdrawal-service';

const UNSETTLED_DESIGNER = '13900000011';
const CARD = { bankCode: 'CMB', cardNumber: '6225 8812 3456 7890' };

describe.each(testDatabases())('the designer’s wallet on $name', (database) => {
  let f: CatalogueFixture;
  let admin: string;
  let idNo = 300;
  let keyNo = 0;
  const key = () => `wd-key-${++keyNo}-${Date.now()}`;

  const fail = async <C extends CallDef>(c: C, input: CallRequest<C>, token?: string) => {
    const { status, body } = await f.call(c, input, token);
    expect(body.code, body.msg).not.toBe(1);
    return { status, code: body.code, msg: body.msg };
  };
  /** Signs a demo designer in and verifies their real name (sandbox). */
  const designer = async (phone: string, realName: string | null) => {
    const token = await f.signIn(phone);
    const userId = await f.userId(phone);
    if (realName) {
      const number = validIdNumber(++idNo, '456');
      const res = await f.call(getVerifyUrl, { kind: 'personal', name: realName, number }, token);
      expect(res.body.code, res.body.msg).toBe(1);
    }
    return { token, userId };
  };
  const available = (userId: number) => balanceOf(f.deps.db, designerAvailable(userId).code);
  const withdrawing = (userId: number) => balanceOf(f.deps.db, designerWithdrawing(userId).code);
  /**
   * Test money: sets the designer's withdrawable account to exactly `fen`, as if settled sales
   * money had arrived (or left) through a test clearing account; the ledger stays balanced.
   */
  const fundTo = async (userId: number, fen: number) => {
    const nowIso = new Date(f.deps.now()).toISOString();
    const delta = fen - (await available(userId));
    if (delta === 0) return;
    const [from, to] =
      delta > 0
        ? [providerClearing('test'), designerAvailable(userId)]
        : [designerAvailable(userId), providerClearing('test')];
    await f.deps.db.transaction().execute((trx) =>
      postTransfers(
        trx,
        [
          {
            id: `test-fund:${userId}:${++keyNo}`,
            debit: from,
            credit: to,
            amountFen: Math.abs(delta),
            kind: 'settlement',
          },
        ],
        nowIso,
      ),
    );
  };
  const apply = (token: string, amountFen: number, idemKey = key()) =>
    f.call(applyWithdrawal, { amountFen, idemKey }, token);
  const handle = (
    id: number,
    action: 'approve' | 'pay' | 'reject',
    extra: { paySerial?: string; reason?: string } = {},
  ) =>
    f.call(
      handleWithdrawal,
      { id, action, paySerial: extra.paySerial ?? '', reason: extra.reason ?? '' },
      admin,
    );
  const idOf = async (withdrawalNo: string) =>
    (
      await f.deps.db
        .selectFrom('withdrawals')
        .select('id')
        .where('withdrawal_no', '=', withdrawalNo)
        .executeTakeFirstOrThrow()
    ).id;
  const expectLedgerBalanced = async () => {
    const audit = await auditLedger(f.deps.db);
    expect(audit.sumFen).toBe(0);
    expect(audit.mismatched).toEqual([]);
  };

  beforeAll(async () => {
    f = await buildCatalogueApp(database, 8);
    admin = await f.signIn(DEMO_ADMIN.phone);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('lets only settled designers use the wallet', async () => {
    const unsettled = await f.signIn(UNSETTLED_DESIGNER);
    const buyer = await f.signIn(BUYER);
    for (const token of [unsettled, buyer]) {
      const refused = await fail(applyWithdrawal, { amountFen: 20_000, idemKey: key() }, token);
      expect(refused.code).toBe(1003);
      expect((await fail(subBankCertify, { holderName: '张三', ...CARD }, token)).code).toBe(1003);
    }
    expect((await fail(getWithdrawalLog, { pageIndex: 1, pageSize: 20 })).code).toBe(401);
    expect(await f.deps.db.selectFrom('withdrawals').selectAll().execute()).toEqual([]);
    expect((await f.ok(getBankInfo, {}, buyer)).map((b) => b.name)).toContain('招商银行');
  });

  it('withdraws settled sales money only: pending money is not withdrawable', async () => {
    // The designer with the most sales money still in its settlement period.
    const seller = await f.deps.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.designer_id')
      .select(['u.phone', (eb) => eb.fn.sum<number>('o.share_fen').as('total')])
      .where('o.settled_at', 'is', null)
      .where('o.state', 'in', ['paid', 'authorised'])
      .where('u.settle_status', '=', 1)
      .groupBy('u.phone')
      .orderBy('total', 'desc')
      .executeTakeFirstOrThrow();
    const d = await designer(seller.phone!, null);
    const before = await f.ok(getWithdrawalAccount, {}, d.token);
    expect(before.pendingFen).toBeGreaterThan(0);
    expect(before.availableFen).toBe(0);
    expect(
      (await fail(applyWithdrawal, { amountFen: WITHDRAWAL_MIN_FEN, idemKey: key() }, d.token)).msg,
    ).toBe(WITHDRAWAL_MSG.aboveAvailable);
    // The settlement sweep moves shares older than the settlement period to the available account.
    await settleDue({ ...f.deps, commerce: f.app.commerce, payments: f.app.payments });
    const settled = await f.deps.db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('share_fen').as('total'))
      .where('designer_id', '=', d.userId)
      .where('settled_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const after = await f.ok(getWithdrawalAccount, {}, d.token);
    expect(after.availableFen).toBe(Number(settled.total));
    expect(after.availableFen + after.pendingFen).toBe(before.pendingFen);
    expect(after).toMatchObject({
      minFen: WITHDRAWAL_MIN_FEN,
      dailyLimitFen: WITHDRAWAL_DAILY_LIMIT_FEN,
      withdrawingFen: 0,
      withdrawnTodayFen: 0,
    });
    await expectLedgerBalanced();
  });

  it('binds a card only in the verified real name, with a valid number and a known bank', async () => {
    const noName = await designer('13900000005', null);
    expect((await fail(subBankCertify, { holderName: '小鹿', ...CARD }, noName.token)).msg).toBe(
      WITHDRAWAL_MSG.needsRealName,
    );
    const d = await designer('13900000006', '墨池华');
    expect((await fail(subBankCertify, { holderName: '王五', ...CARD }, d.token)).msg).toBe(
      WITHDRAWAL_MSG.holderMismatch,
    );
    expect(
      (
        await fail(
          subBankCertify,
          { holderName: '墨池华', bankCode: 'CMB', cardNumber: '1234' },
          d.token,
        )
      ).msg,
    ).toBe(BANK_ACCOUNT_MSG.badNumber);
    expect(
      (
        await fail(
          subBankCertify,
          { holderName: '墨池华', bankCode: 'XYZ', cardNumber: CARD.cardNumber },
          d.token,
        )
      ).msg,
    ).toBe(WITHDRAWAL_MSG.unknownBank);
    expect((await f.ok(getUserBankCard, {}, d.token)).card).toBeNull();
    const bound = await f.ok(subBankCertify, { holderName: ' 墨池华 ', ...CARD }, d.token);
    expect(bound).toMatchObject({
      realName: '墨池华',
      card: {
        holderName: '墨池华',
        bankName: '招商银行',
        cardNumberMasked: '6225 **** 7890',
        verified: true,
      },
    });
    expect(JSON.stringify(await f.ok(getUserBankCard, {}, d.token))).not.toContain(
      '6225881234567890',
    );
  });

  it('refuses without a card, below the minimum, above the available money and with an unverified card', async () => {
    const d = await designer('13900000005', '鹿小溪');
    await fundTo(d.userId, 50_000);
    expect((await fail(applyWithdrawal, { amountFen: 20_000, idemKey: key() }, d.token)).msg).toBe(
      WITHDRAWAL_MSG.needsCard,
    );
    await f.ok(subBankCertify, { holderName: '鹿小溪', ...CARD }, d.token);
    expect(
      (await fail(applyWithdrawal, { amountFen: WITHDRAWAL_MIN_FEN - 1, idemKey: key() }, d.token))
        .msg,
    ).toBe(WITHDRAWAL_MSG.belowMinimum);
    expect((await fail(applyWithdrawal, { amountFen: 50_001, idemKey: key() }, d.token)).msg).toBe(
      WITHDRAWAL_MSG.aboveAvailable,
    );
    // The real-name record changes (renamed): the card no longer matches and is refused.
    await f.deps.db
      .updateTable('identity_verifications')
      .set({ name: '鹿小河' })
      .where('user_id', '=', d.userId)
      .execute();
    expect((await f.ok(getUserBankCard, {}, d.token)).card?.verified).toBe(false);
    expect((await fail(applyWithdrawal, { amountFen: 20_000, idemKey: key() }, d.token)).msg).toBe(
      WITHDRAWAL_MSG.cardUnverified,
    );
    expect(await available(d.userId)).toBe(50_000);
    expect(
      await f.deps.db
        .selectFrom('withdrawals')
        .where('user_id', '=', d.userId)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });

  it('applies, is approved and paid: the money moves available → withdrawing → payout', async () => {
    const d = await designer('13900000002', '周几何');
    await f.ok(subBankCertify, { holderName: '周几何', ...CARD }, d.token);
    await fundTo(d.userId, 100_000);
    const idemKey = key();
    const first = await f.ok(applyWithdrawal, { amountFen: 30_000, idemKey }, d.token);
    expect(first).toMatchObject({ state: 'applied', stateTitle: '审核中', amountFen: 30_000 });
    // A double click or a retry: the same withdrawal, money moved once.
    const again = await f.ok(applyWithdrawal, { amountFen: 30_000, idemKey }, d.token);
    expect(again.withdrawalNo).toBe(first.withdrawalNo);
    expect((await fail(applyWithdrawal, { amountFen: 40_000, idemKey }, d.token)).code).toBe(
      ERROR_CODE.conflict,
    );
    expect(await available(d.userId)).toBe(70_000);
    expect(await withdrawing(d.userId)).toBe(30_000);
    const account = await f.ok(getWithdrawalAccount, {}, d.token);
    expect(account).toMatchObject({
      availableFen: 70_000,
      withdrawingFen: 30_000,
      withdrawnTodayFen: 30_000,
    });

    const id = await idOf(first.withdrawalNo);
    const queue = await f.ok(
      getWithdrawals,
      { state: 'applied', pageIndex: 1, pageSize: 20 },
      admin,
    );
    expect(queue.list.find((w) => w.id === id)).toMatchObject({
      designerName: '几何研究所',
      cardNumber: '6225881234567890',
      holderName: '周几何',
    });
    // Paid only after approval.
    expect((await handle(id, 'pay')).body.msg).toBe('该提现申请审核中，不能标记已打款');
    expect((await handle(id, 'approve')).body.data).toMatchObject({
      state: 'approved',
      stateTitle: '待打款',
    });
    expect((await handle(id, 'approve')).body.code).toBe(1);
    const paid = await handle(id, 'pay', { paySerial: 'CMB20261124001' });
    expect(paid.body.data).toMatchObject({
      state: 'paid',
      stateTitle: '已打款',
      paySerial: 'CMB20261124001',
    });
    const payoutBefore = await balanceOf(f.deps.db, payoutClearing.code);
    expect((await handle(id, 'pay')).body.code).toBe(1);
    expect(await balanceOf(f.deps.db, payoutClearing.code)).toBe(payoutBefore);
    expect((await handle(id, 'reject', { reason: '卡号有误' })).body.msg).toBe(
      '该提现申请已打款，不能驳回',
    );
    expect(await withdrawing(d.userId)).toBe(0);
    expect(await available(d.userId)).toBe(70_000);
    const log = await f.ok(getWithdrawalLog, { pageIndex: 1, pageSize: 20 }, d.token);
    expect(log.list.map((w) => [w.withdrawalNo, w.stateTitle])).toEqual([
      [first.withdrawalNo, '已打款'],
    ]);
    expect((await f.ok(getWithdrawalAccount, {}, d.token)).paidFen).toBe(30_000);
    const transfers = await f.deps.db
      .selectFrom('ledger_transfers')
      .select(['id', 'kind', 'amount_fen'])
      .where('order_no', '=', first.withdrawalNo)
      .orderBy('created_at')
      .execute();
    expect(transfers.map((t) => t.kind).sort()).toEqual(['withdrawal', 'withdrawal_payout']);
    await expectLedgerBalanced();
  });

  it('rejects with a reason and returns the amount and the day’s limit in the same step', async () => {
    const d = await designer('13900000003', '吴苗岭');
    await f.ok(subBankCertify, { holderName: '吴苗岭', ...CARD }, d.token);
    await fundTo(d.userId, 6_000_000);
    const big = await f.ok(applyWithdrawal, { amountFen: 3_000_000, idemKey: key() }, d.token);
    // Over the daily limit: ¥30,000 applied today, ¥25,000 more would pass ¥50,000.
    expect(
      (await fail(applyWithdrawal, { amountFen: 2_500_000, idemKey: key() }, d.token)).msg,
    ).toBe(WITHDRAWAL_MSG.overDailyLimit(WITHDRAWAL_DAILY_LIMIT_FEN - 3_000_000));
    const id = await idOf(big.withdrawalNo);
    expect((await handle(id, 'reject', { reason: '  ' })).body.msg).toBe('请填写驳回原因');
    const rejected = await handle(id, 'reject', { reason: '持卡人信息有误，请核对后重新申请' });
    expect(rejected.body.data).toMatchObject({
      state: 'rejected',
      stateTitle: '已驳回',
      rejectReason: '持卡人信息有误，请核对后重新申请',
    });
    expect(await available(d.userId)).toBe(6_000_000);
    expect(await withdrawing(d.userId)).toBe(0);
    expect((await handle(id, 'approve')).body.msg).toBe('该提现申请已驳回，不能审核通过');
    // The rejected amount no longer counts towards today.
    expect((await f.ok(getWithdrawalAccount, {}, d.token)).withdrawnTodayFen).toBe(0);
    await f.ok(applyWithdrawal, { amountFen: 2_500_000, idemKey: key() }, d.token);
    expect(await available(d.userId)).toBe(3_500_000);
    const log = await f.ok(getWithdrawalLog, { pageIndex: 1, pageSize: 20 }, d.token);
    expect(log.list.map((w) => w.stateTitle)).toEqual(['审核中', '已驳回']);
    expect(log.list[1]?.rejectReason).toBe('持卡人信息有误，请核对后重新申请');
    // The statement of the withdrawable account adds up to what is available.
    const statement = await f.ok(getIncomeStatement, { pageIndex: 1, pageSize: 60 }, d.token);
    expect(statement.availableFen).toBe(3_500_000);
    expect(statement.list.reduce((sum, line) => sum + line.amountFen, 0)).toBe(3_500_000);
    expect(statement.list.slice(0, 3).map((l) => [l.title, l.amountFen])).toEqual([
      ['申请提现', -2_500_000],
      ['提现驳回退回', 3_000_000],
      ['申请提现', -3_000_000],
    ]);
    await expectLedgerBalanced();
  });

  it('never overdraws: 200 concurrent withdrawals against one balance', async () => {
    const d = await designer('13900000004', '郑织梦');
    await f.ok(subBankCertify, { holderName: '郑织梦', ...CARD }, d.token);
    await fundTo(d.userId, 505_000);
    const results = await Promise.all(Array.from({ length: 200 }, () => apply(d.token, 10_000)));
    const accepted = results.filter((r) => r.body.code === 1);
    expect(accepted).toHaveLength(50);
    for (const r of results.filter((x) => x.body.code !== 1)) {
      expect(r.body.msg).toBe(WITHDRAWAL_MSG.aboveAvailable);
    }
    expect(await available(d.userId)).toBe(5_000);
    expect(await withdrawing(d.userId)).toBe(500_000);
    const rows = await f.deps.db
      .selectFrom('withdrawals')
      .select('amount_fen')
      .where('user_id', '=', d.userId)
      .execute();
    expect(rows).toHaveLength(50);
    // And 20 clicks of one form make one withdrawal.
    const idemKey = key();
    await fundTo(d.userId, 20_000);
    const twenty = await Promise.all(
      Array.from({ length: 20 }, () => apply(d.token, 10_000, idemKey)),
    );
    expect(new Set(twenty.map((c) => c.body.data?.withdrawalNo)).size).toBe(1);
    expect(await available(d.userId)).toBe(10_000);
    await expectLedgerBalanced();
  });

  it('never passes the daily limit, however many applications race', async () => {
    const d = await designer('13900000007', '卫野径');
    await f.ok(subBankCertify, { holderName: '卫野径', ...CARD }, d.token);
    await fundTo(d.userId, 2 * WITHDRAWAL_DAILY_LIMIT_FEN);
    const part = WITHDRAWAL_DAILY_LIMIT_FEN / 10;
    const results = await Promise.all(Array.from({ length: 30 }, () => apply(d.token, part)));
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(10);
    for (const r of results.filter((x) => x.body.code !== 1)) {
      expect(r.body.msg).toMatch(/^超出每日提现限额/);
    }
    expect(await available(d.userId)).toBe(WITHDRAWAL_DAILY_LIMIT_FEN);
    expect((await f.ok(getWithdrawalAccount, {}, d.token)).withdrawnTodayFen).toBe(
      WITHDRAWAL_DAILY_LIMIT_FEN,
    );
    await expectLedgerBalanced();
  });
});
