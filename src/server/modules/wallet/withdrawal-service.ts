import { sql } from 'kysely';
import type { Selectable, Transaction } from 'kysely';
import {
  WITHDRAWAL_STATE_TITLES,
  type AdminWithdrawal,
  type IncomeLine,
  type Withdrawal,
  type WithdrawalAccount,
  type WithdrawalState,
} from '@shared/contract/wallet';
import { maskBankAccountNumber } from '@shared/rules/bank-account';
import {
  WITHDRAWAL_DAILY_LIMIT_FEN,
  WITHDRAWAL_MIN_FEN,
  WITHDRAWAL_MSG,
  checkWithdrawalAmount,
} from '@shared/rules/withdrawal';
import type { Database, WithdrawalsTable } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { chinaDay } from '../../platform/china-time';
import { iso } from '../accounts/clock';
import {
  InsufficientFunds,
  balanceOf,
  designerAvailable,
  designerPending,
  designerWithdrawing,
  postTransfers,
  providerClearing,
  accountStatement,
} from '../finance/ledger';
import { newOrderNo } from '../orders/order-service';
import { currentCard } from './bank-card-service';
import { INCOME_LINE_TITLES, WALLET_MSG } from './messages';
import { NOTICES } from '../notices/notice-messages';
import { sendNotice } from '../notices/notice-service';

// Withdrawals (docs/wallet.md): a settled designer withdraws settled sales money (their
// designer:{id}:available account) to their verified personal card. Applying moves the amount to
// designer:{id}:withdrawing in the same transaction as the withdrawal row, so the available
// balance (never below zero: a conditional update in the ledger) can never be overdrawn however
// many requests race; the day's total is one conditional update too. An admin approves, then marks
// it paid (withdrawing → clearing:payout) or rejects it with a reason (withdrawing → available,
// and the day's total gives the amount back), each step one conditional update.

type Deps = Pick<AppDeps, 'db' | 'now'>;
type Row = Selectable<WithdrawalsTable>;

/** Where paid withdrawals go: the bank the platform pays designers from. */
export const payoutClearing = providerClearing('payout');

const isState = (s: string): s is WithdrawalState => s in WITHDRAWAL_STATE_TITLES;

const newWithdrawalNo = (nowMs: number): string => newOrderNo('TX', nowMs);

export function toWithdrawal(row: Row): Withdrawal {
  const state: WithdrawalState = isState(row.state) ? row.state : 'applied';
  return {
    withdrawalNo: row.withdrawal_no,
    amountFen: Number(row.amount_fen),
    state,
    stateTitle: WITHDRAWAL_STATE_TITLES[state],
    bankName: row.bank_name,
    cardNumberMasked: maskBankAccountNumber(row.card_number),
    holderName: row.holder_name,
    rejectReason: row.reject_reason,
    createdAt: row.created_at,
    handledAt: row.paid_at ?? row.rejected_at ?? row.approved_at ?? '',
  };
}

async function withdrawnOn(db: Deps['db'], userId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_days')
    .select('total_fen')
    .where('user_id', '=', userId)
    .where('china_day', '=', day)
    .executeTakeFirst();
  return row ? Number(row.total_fen) : 0;
}

/** Finance/GetWithdrawalAccount: what may be withdrawn, and the limits. */
export async function withdrawalAccount(deps: Deps, userId: number): Promise<WithdrawalAccount> {
  const { db } = deps;
  const [availableFen, pendingFen, withdrawingFen, paid, withdrawnTodayFen] = await Promise.all([
    balanceOf(db, designerAvailable(userId).code),
    balanceOf(db, designerPending(userId).code),
    balanceOf(db, designerWithdrawing(userId).code),
    db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.sum<number>('amount_fen').as('total'))
      .where('user_id', '=', userId)
      .where('state', '=', 'paid')
      .executeTakeFirst(),
    withdrawnOn(db, userId, chinaDay(deps.now())),
  ]);
  return {
    availableFen,
    pendingFen,
    withdrawingFen,
    paidFen: Number(paid?.total ?? 0),
    minFen: WITHDRAWAL_MIN_FEN,
    dailyLimitFen: WITHDRAWAL_DAILY_LIMIT_FEN,
    withdrawnTodayFen,
  };
}

/**
 * Finance/ApplyWithdrawal. The same idemKey again answers the first withdrawal (a double click or
 * a retry); every rule is checked here even though the form checks it too.
 */
export async function applyWithdrawal(
  deps: Deps,
  userId: number,
  input: { amountFen: number; idemKey: string },
): Promise<Withdrawal> {
  const { db } = deps;
  const earlier = async () =>
    db
      .selectFrom('withdrawals')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idem_key', '=', input.idemKey)
      .executeTakeFirst();
  const replay = (row: Row): Withdrawal => {
    if (Number(row.amount_fen) !== input.amountFen) throw AppError.conflict(WALLET_MSG.idemReused);
    return toWithdrawal(row);
  };
  const first = await earlier();
  if (first) return replay(first);

  const nowMs = deps.now();
  const day = chinaDay(nowMs);
  const [account, { card, verified }] = await Promise.all([
    withdrawalAccount(deps, userId),
    currentCard(db, userId),
  ]);
  const check = checkWithdrawalAmount(input.amountFen, account);
  const refusal = !check.ok
    ? check.reason
    : !card
      ? WITHDRAWAL_MSG.needsCard
      : !verified
        ? WITHDRAWAL_MSG.cardUnverified
        : null;
  if (refusal !== null || !card) {
    // A second click that lost the race to its first finds the money gone: answer the first.
    const raced = await earlier();
    if (raced) return replay(raced);
    throw AppError.rule(refusal ?? WITHDRAWAL_MSG.needsCard);
  }

  const withdrawalNo = newWithdrawalNo(nowMs);
  const nowIso = iso(nowMs);
  try {
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('withdrawals')
        .values({
          withdrawal_no: withdrawalNo,
          user_id: userId,
          amount_fen: input.amountFen,
          state: 'applied',
          idem_key: input.idemKey,
          china_day: day,
          holder_name: card.holder_name,
          bank_name: card.bank_name,
          card_number: card.card_number,
          created_at: nowIso,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      // Two clicks raced: the other one's transaction holds the withdrawal; answer it.
      if (!inserted) return null;
      await countTowardsDay(trx, userId, day, input.amountFen);
      await postTransfers(
        trx,
        [
          {
            id: `withdraw:${withdrawalNo}`,
            debit: designerAvailable(userId),
            credit: designerWithdrawing(userId),
            amountFen: input.amountFen,
            kind: 'withdrawal',
            orderNo: withdrawalNo,
          },
        ],
        nowIso,
      );
      return inserted;
    });
    if (row) return toWithdrawal(row);
    const raced = await earlier();
    if (!raced) throw AppError.conflict(WALLET_MSG.idemReused);
    return replay(raced);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const raced = await earlier();
    if (raced) return replay(raced);
    if (err instanceof InsufficientFunds) throw AppError.rule(WITHDRAWAL_MSG.aboveAvailable);
    throw err;
  }
}

/** Adds to the day's total unless that would pass the daily limit (one conditional update). */
async function countTowardsDay(
  trx: Transaction<Database>,
  userId: number,
  day: string,
  amountFen: number,
): Promise<void> {
  await trx
    .insertInto('withdrawal_days')
    .values({ user_id: userId, china_day: day, total_fen: 0 })
    .onConflict((oc) => oc.columns(['user_id', 'china_day']).doNothing())
    .execute();
  const counted = await trx
    .updateTable('withdrawal_days')
    .set({ total_fen: sql<number>`total_fen + ${amountFen}` })
    .where('user_id', '=', userId)
    .where('china_day', '=', day)
    .where(sql<boolean>`total_fen + ${amountFen} <= ${WITHDRAWAL_DAILY_LIMIT_FEN}`)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) {
    const used = await trx
      .selectFrom('withdrawal_days')
      .select('total_fen')
      .where('user_id', '=', userId)
      .where('china_day', '=', day)
      .executeTakeFirstOrThrow();
    throw AppError.rule(
      WITHDRAWAL_MSG.overDailyLimit(WITHDRAWAL_DAILY_LIMIT_FEN - Number(used.total_fen)),
    );
  }
}

/**
 * Finance/GetIncomeStatement: every ledger line of the designer's withdrawable account, newest
 * first, so the statement adds up to the available amount shown.
 */
export async function incomeStatement(
  deps: Deps,
  userId: number,
  page: { pageIndex: number; pageSize: number },
): Promise<{ list: IncomeLine[]; total: number; availableFen: number }> {
  const statement = await accountStatement(deps.db, designerAvailable(userId).code, page);
  return {
    availableFen: statement.balanceFen,
    total: statement.total,
    list: statement.lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      title: INCOME_LINE_TITLES[l.kind] ?? l.kind,
      amountFen: l.amountFen,
      reference: l.orderNo,
      createdAt: l.createdAt,
    })),
  };
}

/** Finance/GetWithdrawalLog: the designer's withdrawals, newest first. */
export async function withdrawalLog(
  deps: Deps,
  userId: number,
  page: { pageIndex: number; pageSize: number },
): Promise<{ list: Withdrawal[]; total: number }> {
  const base = deps.db.selectFrom('withdrawals').where('user_id', '=', userId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageIndex - 1) * page.pageSize)
      .execute(),
  ]);
  return { list: rows.map(toWithdrawal), total: Number(count.n) };
}

async function toAdmin(deps: Deps, rows: Row[]): Promise<AdminWithdrawal[]> {
  const ids = [...new Set(rows.map((r) => r.user_id))];
  const users =
    ids.length === 0
      ? []
      : await deps.db
          .selectFrom('users')
          .select(['id', 'user_name', 'cai_hong_id'])
          .where('id', 'in', ids)
          .execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.map((r) => ({
    ...toWithdrawal(r),
    id: r.id,
    designerName: byId.get(r.user_id)?.user_name ?? '',
    caiHongID: byId.get(r.user_id)?.cai_hong_id ?? '',
    cardNumber: r.card_number,
    paySerial: r.pay_serial,
  }));
}

/** Admin/GetWithdrawals: by state, oldest first (the queue's order). */
export async function withdrawalsByState(
  deps: Deps,
  input: { state: WithdrawalState; pageIndex: number; pageSize: number },
): Promise<{ list: AdminWithdrawal[]; total: number }> {
  const base = deps.db.selectFrom('withdrawals').where('state', '=', input.state);
  const waiting = input.state === 'applied' || input.state === 'approved';
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', waiting ? 'asc' : 'desc')
      .orderBy('id', waiting ? 'asc' : 'desc')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
  ]);
  return { list: await toAdmin(deps, rows), total: Number(count.n) };
}

type Action = 'approve' | 'pay' | 'reject';
const FROM: Record<Action, WithdrawalState[]> = {
  approve: ['applied'],
  pay: ['approved'],
  reject: ['applied', 'approved'],
};
const TO: Record<Action, WithdrawalState> = {
  approve: 'approved',
  pay: 'paid',
  reject: 'rejected',
};

/**
 * Admin/HandleWithdrawal: one step, by a conditional update, with its money in the same
 * transaction. Doing the step that already happened (a double click) answers the row as it is.
 */
export async function handleWithdrawal(
  deps: Deps,
  adminId: number,
  input: { id: number; action: Action; paySerial: string; reason: string },
): Promise<AdminWithdrawal> {
  const reason = input.reason.trim();
  if (input.action === 'reject' && reason === '') throw AppError.rule(WALLET_MSG.reasonMissing);
  const found = await deps.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!found) throw AppError.notFound(WALLET_MSG.notFound);
  const nowIso = iso(deps.now());
  const moved = await deps.db.transaction().execute(async (trx) => {
    const step = trx
      .updateTable('withdrawals')
      .where('id', '=', found.id)
      .where('state', 'in', FROM[input.action]);
    const done =
      input.action === 'approve'
        ? await step
            .set({ state: 'approved', approved_at: nowIso, handled_by: adminId })
            .executeTakeFirst()
        : input.action === 'pay'
          ? await step
              .set({
                state: 'paid',
                paid_at: nowIso,
                pay_serial: input.paySerial.trim(),
                handled_by: adminId,
              })
              .executeTakeFirst()
          : await step
              .set({
                state: 'rejected',
                rejected_at: nowIso,
                reject_reason: reason,
                handled_by: adminId,
              })
              .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return false;
    const no = found.withdrawal_no;
    const amountFen = Number(found.amount_fen);
    await sendNotice(
      trx,
      input.action === 'approve'
        ? NOTICES.withdrawalApproved(found.user_id, no, amountFen)
        : input.action === 'pay'
          ? NOTICES.withdrawalPaid(found.user_id, no, amountFen)
          : NOTICES.withdrawalRejected(found.user_id, no, amountFen, reason),
    );
    if (input.action === 'pay') {
      await postTransfers(
        trx,
        [
          {
            id: `payout:${no}`,
            debit: designerWithdrawing(found.user_id),
            credit: payoutClearing,
            amountFen,
            kind: 'withdrawal_payout',
            orderNo: no,
          },
        ],
        nowIso,
      );
    } else if (input.action === 'reject') {
      await postTransfers(
        trx,
        [
          {
            id: `withdraw-return:${no}`,
            debit: designerWithdrawing(found.user_id),
            credit: designerAvailable(found.user_id),
            amountFen,
            kind: 'withdrawal_return',
            orderNo: no,
          },
        ],
        nowIso,
      );
      // A rejected withdrawal does not count towards its day's limit.
      await trx
        .updateTable('withdrawal_days')
        .set({ total_fen: sql<number>`total_fen - ${amountFen}` })
        .where('user_id', '=', found.user_id)
        .where('china_day', '=', found.china_day)
        .where('total_fen', '>=', amountFen)
        .execute();
    }
    return true;
  });
  const row = await deps.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', found.id)
    .executeTakeFirstOrThrow();
  if (!moved && row.state !== TO[input.action]) {
    const title = isState(row.state) ? WITHDRAWAL_STATE_TITLES[row.state] : row.state;
    throw AppError.rule(WALLET_MSG.cannot(title, WALLET_MSG.actions[input.action]));
  }
  const [admin] = await toAdmin(deps, [row]);
  return admin!;
}
