// The wallet and membership races of `npm run bench:commerce` (issue 12), run on the app and database
// bench-commerce.ts built: 200 concurrent withdrawals against one designer's settled money, 200
// concurrent balance payments against one buyer's recharge, 200 concurrent spends of a 10-unit
// 素材授权 quota, and 100 concurrent replays of one membership payment notification. Each figure
// counts what went wrong, so every one of them must be 0. docs/benchmarks.md.
import type { FastifyInstance } from 'fastify';
import type { CallDef, CallRequest, CallResponse } from '../src/shared/contract/define';
import { getVerifyUrl } from '../src/shared/contract/identity';
import {
  getMemberQrCode,
  getShowMemberPackageList,
  orderMemberReturnQrCode,
} from '../src/shared/contract/membership';
import {
  MATERIAL_QUOTA_CODE,
  empowerSourceMaterial,
  payOrder,
  submitOrder,
} from '../src/shared/contract/orders';
import { applyWithdrawal, subBankCertify } from '../src/shared/contract/wallet';
import type { AppDeps } from '../src/server/deps';
import {
  balanceOf,
  designerAvailable,
  designerWithdrawing,
} from '../src/server/modules/finance/ledger';
import { settleDue } from '../src/server/modules/orders/payment-service';
import { validIdNumber } from '../src/server/testing/publishing-fixture';

const WITHDRAWALS = 200;
const BALANCE_PAYMENTS = 200;
const QUOTA_SPENDS = 200;
const QUOTA_UNITS = 10;
const MEMBERSHIP_REPLAYS = 100;

type Envelope<T> = { code?: number; msg: string; data?: T };
type Answer<C extends CallDef> = { status: number; body: Envelope<CallResponse<C>> };

export type WalletRaceContext = {
  app: FastifyInstance;
  deps: AppDeps;
  call: <C extends CallDef>(c: C, input: CallRequest<C>, token?: string) => Promise<Answer<C>>;
  ok: <C extends CallDef>(c: C, input: CallRequest<C>, token?: string) => Promise<CallResponse<C>>;
  signIn: (phone: string) => Promise<string>;
  /** Buyers signed in for this part alone (three are needed). */
  buyers: readonly string[];
  materialWork: number;
  log: (line: string) => void;
};

export type WalletRaceReport = {
  /** Withdrawals or balance payments past the money there was, plus accounts below zero. */
  overdrafts: number;
  /** Quota units spent past the 10 there were. */
  quota_overspent: number;
  /** Extra extensions or grants from replays of one membership payment. */
  membership_double_extended: number;
  withdrawals_accepted: number;
  withdrawals_expected: number;
  balance_paid: number;
  balance_affordable: number;
  quota_paid: number;
  /** Answers that were neither a success nor the expected refusal. */
  unexpected_answers: number;
  errors: string[];
};

const DAY_MS = 86_400_000;

export async function runWalletRaces(ctx: WalletRaceContext): Promise<WalletRaceReport> {
  const { app, deps, call, ok } = ctx;
  const { db } = deps;
  const errors: string[] = [];
  let unexpected = 0;
  const note = (what: string) => {
    unexpected += 1;
    if (errors.length < 10) errors.push(what);
  };
  const confirm = (payOrderNo: string) =>
    app.inject({ method: 'POST', url: `/pay/sandbox/${payOrderNo}` });
  let seq = 0;
  const key = (prefix: string) => `${prefix}-${++seq}-${Date.now().toString(36)}`;

  const materialOrders = async (token: string, n: number) => {
    const info = await ok(empowerSourceMaterial, { creationId: ctx.materialWork });
    const option = info.options.find((o) => o.kind === 'material');
    if (!option) throw new Error('the material work sells no material licence');
    const out: { orderNo: string; amountFen: number }[] = [];
    for (let i = 0; i < n; i++) {
      const order = await ok(
        submitOrder,
        {
          creationId: ctx.materialWork,
          licenceId: option.licenceId,
          categoryKids: [],
          keywords: [],
          customKey: '',
          termYears: 1,
          idemKey: key('race'),
          agreed: true,
        },
        token,
      );
      out.push({ orderNo: order.orderNo, amountFen: order.amountFen });
    }
    return out;
  };

  // 1. Withdrawals: the designer with the most settled money, verified and with a card.
  const later = () => Date.now() + 30 * DAY_MS;
  await settleDue({
    db,
    now: later,
    commerce: app.commerce,
    payments: app.payments,
  });
  const richest = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.phone', 'a.balance'])
    .where('a.kind', '=', 'designer_available')
    .orderBy('a.balance', 'desc')
    .executeTakeFirst();
  let withdrawalsAccepted = 0;
  let withdrawalsExpected = 0;
  let overdrafts = 0;
  if (!richest?.phone || Number(richest.balance) <= 0) {
    errors.push('no designer has settled money to withdraw');
    overdrafts += 1;
  } else {
    const token = await ctx.signIn(richest.phone);
    const realName = '压测设计师';
    const verified = await call(
      getVerifyUrl,
      { kind: 'personal', name: realName, number: validIdNumber(richest.id, '789') },
      token,
    );
    if (verified.body.code !== 1) errors.push(`verification: ${verified.body.msg}`);
    const card = await call(
      subBankCertify,
      { holderName: realName, bankCode: 'CMB', cardNumber: '6225881234567890' },
      token,
    );
    if (card.body.code !== 1) errors.push(`bank card: ${card.body.msg}`);
    const before = await balanceOf(db, designerAvailable(richest.id).code);
    // About 40 of the 200 fit: the rest must be refused, none may overdraw.
    const amount = Math.max(10_000, Math.ceil(before / 40 / 100) * 100);
    const dailyLimit = 5_000_000;
    withdrawalsExpected = Math.min(Math.floor(before / amount), Math.floor(dailyLimit / amount));
    const answers = await Promise.all(
      Array.from({ length: WITHDRAWALS }, () =>
        call(applyWithdrawal, { amountFen: amount, idemKey: key('wd') }, token),
      ),
    );
    withdrawalsAccepted = answers.filter((a) => a.body.code === 1).length;
    for (const a of answers) {
      if (a.status >= 500) note(`withdrawal answered ${a.status}: ${a.body.msg}`);
    }
    const after = await balanceOf(db, designerAvailable(richest.id).code);
    const out = await balanceOf(db, designerWithdrawing(richest.id).code);
    if (withdrawalsAccepted > withdrawalsExpected) {
      overdrafts += withdrawalsAccepted - withdrawalsExpected;
    }
    if (after < 0 || after + out !== before || out !== withdrawalsAccepted * amount) {
      overdrafts += 1;
      errors.push(`withdrawals: available ${before} → ${after}, withdrawing ${out}`);
    }
    ctx.log(
      `  提现：可提 ${before} 分，每笔 ${amount} 分，${WITHDRAWALS} 笔并发，成功 ${withdrawalsAccepted}（应为 ${withdrawalsExpected}）`,
    );
  }

  // 2. Balance payments: one recharge covers some of 200 orders paid at once.
  const payer = ctx.buyers[0]!;
  const orders = await materialOrders(payer, BALANCE_PAYMENTS);
  const price = orders[0]!.amountFen;
  const recharge = await ok(
    orderMemberReturnQrCode,
    { amountFen: price * 7 + 1, payMethod: 1 },
    payer,
  );
  await confirm(recharge.payOrderNo);
  const balanceAnswers = await Promise.all(
    orders.map((o) => call(payOrder, { orderNo: o.orderNo }, payer)),
  );
  const balancePaid = balanceAnswers.filter((a) => a.body.code === 1 && a.body.data?.paid).length;
  for (const a of balanceAnswers) {
    if (a.body.code !== 1 && a.body.msg !== '余额不足') note(`balance payment: ${a.body.msg}`);
  }
  const balanceAffordable = Math.floor((price * 7 + 1) / price);
  if (balancePaid > balanceAffordable) overdrafts += balancePaid - balanceAffordable;

  // 3. Quota: a member with 10 units left pays 200 material orders from the quota at once.
  const member = ctx.buyers[1]!;
  const pkg = (await ok(getShowMemberPackageList, { type: 3, source: 1 })).find(
    (p) => p.price === 9800,
  );
  if (!pkg) throw new Error('no 9800 package');
  const joined = await ok(
    getMemberQrCode,
    { typeId: pkg.id, payMethod: 2, device: 1, amount: 1 },
    member,
  );
  await confirm(joined.payOrderNo);
  const memberRow = await db
    .selectFrom('service_orders')
    .select('user_id')
    .where('order_no', '=', joined.orderNo)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('user_auths')
    .set({ remain: QUOTA_UNITS })
    .where('user_id', '=', memberRow.user_id)
    .where('code', '=', MATERIAL_QUOTA_CODE)
    .execute();
  const quotaOrders = await materialOrders(member, QUOTA_SPENDS);
  const quotaAnswers = await Promise.all(
    quotaOrders.map((o) => call(payOrder, { orderNo: o.orderNo, payWith: 'quota' }, member)),
  );
  const quotaPaid = quotaAnswers.filter((a) => a.body.code === 1 && a.body.data?.paid).length;
  for (const a of quotaAnswers) {
    if (a.body.code !== 1 && !a.body.msg.startsWith('会员素材授权额度不足')) {
      note(`quota payment: ${a.body.msg}`);
    }
  }
  const left = await db
    .selectFrom('user_auths')
    .select('remain')
    .where('user_id', '=', memberRow.user_id)
    .where('code', '=', MATERIAL_QUOTA_CODE)
    .executeTakeFirstOrThrow();
  const quotaOverspent =
    Math.max(0, quotaPaid - QUOTA_UNITS) + (quotaPaid + left.remain !== QUOTA_UNITS ? 1 : 0);

  // 4. One membership payment's notification, replayed 100 times at once.
  const replayer = ctx.buyers[2]!;
  const qr = await ok(
    getMemberQrCode,
    { typeId: pkg.id, payMethod: 2, device: 1, amount: 1 },
    replayer,
  );
  const sandbox = app.payments.sandbox;
  if (!sandbox) throw new Error('the sandbox payment provider is not on');
  const notice = sandbox.buildNotification(qr.payOrderNo, qr.amountFen, key('trade'));
  const replays = await Promise.all(
    Array.from({ length: MEMBERSHIP_REPLAYS }, () =>
      app.inject({
        method: 'POST',
        url: '/pay/notify/sandbox',
        headers: notice.headers as Record<string, string>,
        payload: notice.body,
      }),
    ),
  );
  for (const r of replays) if (r.statusCode !== 200) note(`membership replay: ${r.statusCode}`);
  const replayerRow = await db
    .selectFrom('service_orders')
    .select('user_id')
    .where('order_no', '=', qr.orderNo)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select('vip_end_time')
    .where('id', '=', replayerRow.user_id)
    .executeTakeFirstOrThrow();
  const grant = await db
    .selectFrom('user_auths')
    .select('total')
    .where('user_id', '=', replayerRow.user_id)
    .where('code', '=', MATERIAL_QUOTA_CODE)
    .executeTakeFirst();
  const s1 = pkg.authList.find((a) => a.code === MATERIAL_QUOTA_CODE)?.count ?? 0;
  const paidTransfers = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'like', `%${qr.payOrderNo}%`)
    .executeTakeFirstOrThrow();
  const endMs = Date.parse(user.vip_end_time ?? '');
  const yearsGranted = (endMs - Date.now()) / (365 * DAY_MS);
  const membershipDoubleExtended =
    (yearsGranted > 1.05 ? 1 : 0) +
    ((grant?.total ?? 0) > s1 ? 1 : 0) +
    (Number(paidTransfers.n) > 1 ? Number(paidTransfers.n) - 1 : 0);
  if (!(yearsGranted > 0.95)) errors.push(`membership not granted: ${user.vip_end_time}`);

  // Any non-negative account below zero is an overdraft, whatever made it.
  const negative = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('non_negative', '=', 1)
    .where('balance', '<', 0)
    .executeTakeFirstOrThrow();
  overdrafts += Number(negative.n);

  ctx.log(
    `  余额支付：${BALANCE_PAYMENTS} 单并发，余额够 ${balanceAffordable} 单，成功 ${balancePaid}；额度 ${QUOTA_UNITS} 次，${QUOTA_SPENDS} 单并发，成功 ${quotaPaid}；会员通知重放 ${MEMBERSHIP_REPLAYS} 次，多延期 ${membershipDoubleExtended}`,
  );
  return {
    overdrafts,
    quota_overspent: quotaOverspent,
    membership_double_extended: membershipDoubleExtended,
    withdrawals_accepted: withdrawalsAccepted,
    withdrawals_expected: withdrawalsExpected,
    balance_paid: balancePaid,
    balance_affordable: balanceAffordable,
    quota_paid: quotaPaid,
    unexpected_answers: unexpected,
    errors,
  };
}
