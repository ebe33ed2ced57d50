import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ERROR_CODE } from '@shared/contract/envelope';
import { AppError } from '../../http/app-error';
import { FINANCE_MSG } from './messages';

// The double-entry ledger every fen moves through (docs/orders.md). Modelled on TigerBeetle's
// accounts and transfers: an account's balance is credits − debits; a transfer moves one positive
// amount from one account (debit) to another (credit) and has an id chosen by the caller, so the
// same movement is posted at most once; mistakes are undone by correcting transfers, never edits.
// All balances always sum to zero. An account flagged non_negative can never go below zero: the
// debit is a conditional update, and a CHECK in the database backs it.

type Db = Kysely<Database> | Transaction<Database>;

export type AccountKind =
  | 'user_balance'
  | 'designer_pending'
  | 'designer_available'
  | 'designer_withdrawing'
  | 'platform_revenue'
  | 'platform_royalties'
  | 'provider_clearing'
  | 'demand_escrow';

export type AccountRef = { code: string; kind: AccountKind; userId: number | null };

/** A buyer's prepaid balance (the wallet); never below zero. */
export const userBalance = (userId: number): AccountRef => ({
  code: `user:${userId}:balance`,
  kind: 'user_balance',
  userId,
});
/** A designer's share of sales still within the settlement period. */
export const designerPending = (userId: number): AccountRef => ({
  code: `designer:${userId}:pending`,
  kind: 'designer_pending',
  userId,
});
/** A designer's settled share, available to withdraw. */
export const designerAvailable = (userId: number): AccountRef => ({
  code: `designer:${userId}:available`,
  kind: 'designer_available',
  userId,
});
/** A designer's money on its way to their bank card: applied or approved withdrawals (docs/wallet.md). */
export const designerWithdrawing = (userId: number): AccountRef => ({
  code: `designer:${userId}:withdrawing`,
  kind: 'designer_withdrawing',
  userId,
});
export const platformRevenue: AccountRef = {
  code: 'platform:revenue',
  kind: 'platform_revenue',
  userId: null,
};
/**
 * What the platform pays designers for licences members take from their package quota (an expense,
 * debit-normal, so it goes below zero; membership fees in platform:revenue fund it). docs/orders.md.
 */
export const platformRoyalties: AccountRef = {
  code: 'platform:royalties',
  kind: 'platform_royalties',
  userId: null,
};
/**
 * The rewards a published custom-pattern demand holds until they are adopted or returned
 * (docs/demands.md); never below zero.
 */
export const demandEscrow = (demandId: number): AccountRef => ({
  code: `demand:${demandId}:escrow`,
  kind: 'demand_escrow',
  userId: null,
});
/** Money a payment channel holds for us (debit-normal: its balance is what it owes us, negated). */
export const providerClearing = (channel: string): AccountRef => ({
  code: `clearing:${channel}`,
  kind: 'provider_clearing',
  userId: null,
});

const NON_NEGATIVE: ReadonlySet<AccountKind> = new Set([
  'user_balance',
  'demand_escrow',
  'designer_pending',
  'designer_available',
  'designer_withdrawing',
  'platform_revenue',
]);

export type Transfer = {
  /** Unique, chosen by the caller: posting the same id twice posts it once. */
  id: string;
  debit: AccountRef;
  credit: AccountRef;
  amountFen: number;
  kind: string;
  orderNo?: string;
};

/** The account's id, created on first use. */
export async function accountId(db: Db, ref: AccountRef, nowIso: string): Promise<number> {
  const found = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', ref.code)
    .executeTakeFirst();
  if (found) return found.id;
  await db
    .insertInto('ledger_accounts')
    .values({
      code: ref.code,
      kind: ref.kind,
      user_id: ref.userId,
      non_negative: NON_NEGATIVE.has(ref.kind) ? 1 : 0,
      created_at: nowIso,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', ref.code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Raised when a debit would take a non-negative account below zero; nothing is posted. */
export class InsufficientFunds extends AppError {
  constructor(
    readonly accountCode: string,
    message: string = FINANCE_MSG.insufficientBalance,
  ) {
    super(ERROR_CODE.rule, message, 422);
  }
}

/**
 * Posts transfers inside the caller's transaction. A transfer whose id was already posted is
 * skipped (idempotent); the ids actually posted are returned. Balances change by conditional
 * updates in account-id order (so concurrent transactions cannot deadlock on them).
 */
export async function postTransfers(
  trx: Transaction<Database>,
  transfers: readonly Transfer[],
  nowIso: string,
): Promise<string[]> {
  const posted: string[] = [];
  const deltas = new Map<number, { debit: number; credit: number; code: string }>();
  for (const t of transfers) {
    if (!Number.isSafeInteger(t.amountFen) || t.amountFen <= 0) {
      throw new Error(`A transfer moves a positive whole number of fen: ${t.id} ${t.amountFen}`);
    }
    const [debitId, creditId] = [
      await accountId(trx, t.debit, nowIso),
      await accountId(trx, t.credit, nowIso),
    ];
    const inserted = await trx
      .insertInto('ledger_transfers')
      .values({
        id: t.id,
        debit_account_id: debitId,
        credit_account_id: creditId,
        amount_fen: t.amountFen,
        kind: t.kind,
        order_no: t.orderNo ?? '',
        created_at: nowIso,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    posted.push(t.id);
    const d = deltas.get(debitId) ?? { debit: 0, credit: 0, code: t.debit.code };
    d.debit += t.amountFen;
    deltas.set(debitId, d);
    const c = deltas.get(creditId) ?? { debit: 0, credit: 0, code: t.credit.code };
    c.credit += t.amountFen;
    deltas.set(creditId, c);
  }
  for (const [id, d] of [...deltas.entries()].sort((a, b) => a[0] - b[0])) {
    const net = d.credit - d.debit;
    const updated = await trx
      .updateTable('ledger_accounts')
      .set({
        balance: sql<number>`balance + ${net}`,
        debits_posted: sql<number>`debits_posted + ${d.debit}`,
        credits_posted: sql<number>`credits_posted + ${d.credit}`,
      })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('non_negative', '=', 0), eb('balance', '>=', -net)]))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new InsufficientFunds(d.code);
  }
  return posted;
}

/** The balance of an account in fen (0 for an account never used). */
export async function balanceOf(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

/**
 * Checks the whole ledger: the balances sum to zero and every balance equals the sum rebuilt from
 * its transfers. Returns the accounts that disagree (none when all is well).
 */
export async function auditLedger(
  db: Db,
): Promise<{ sumFen: number; mismatched: { code: string; balance: number; rebuilt: number }[] }> {
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'code', 'balance'])
    .execute();
  const credits = await db
    .selectFrom('ledger_transfers')
    .select((eb) => ['credit_account_id as id', eb.fn.sum<number>('amount_fen').as('total')])
    .groupBy('credit_account_id')
    .execute();
  const debits = await db
    .selectFrom('ledger_transfers')
    .select((eb) => ['debit_account_id as id', eb.fn.sum<number>('amount_fen').as('total')])
    .groupBy('debit_account_id')
    .execute();
  const rebuilt = new Map<number, number>();
  for (const c of credits) rebuilt.set(c.id, (rebuilt.get(c.id) ?? 0) + Number(c.total));
  for (const d of debits) rebuilt.set(d.id, (rebuilt.get(d.id) ?? 0) - Number(d.total));
  let sumFen = 0;
  const mismatched: { code: string; balance: number; rebuilt: number }[] = [];
  for (const a of accounts) {
    const balance = Number(a.balance);
    sumFen += balance;
    const r = rebuilt.get(a.id) ?? 0;
    if (r !== balance) mismatched.push({ code: a.code, balance, rebuilt: r });
  }
  return { sumFen, mismatched };
}

/** One line of an account's statement: a transfer, signed as it moved this account's balance. */
export type StatementLine = {
  id: string;
  kind: string;
  amountFen: number;
  orderNo: string;
  createdAt: string;
};

/**
 * An account's balance and one page of its statement (every transfer in or out, newest first), so
 * the lines add up to the balance. An account never used reads as empty.
 */
export async function accountStatement(
  db: Db,
  code: string,
  page: { pageIndex: number; pageSize: number },
): Promise<{ balanceFen: number; total: number; lines: StatementLine[] }> {
  const account = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!account) return { balanceFen: 0, total: 0, lines: [] };
  const base = db
    .selectFrom('ledger_transfers')
    .where((eb) =>
      eb.or([eb('debit_account_id', '=', account.id), eb('credit_account_id', '=', account.id)]),
    );
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
  return {
    balanceFen: Number(account.balance),
    total: Number(count.n),
    lines: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amountFen: r.credit_account_id === account.id ? Number(r.amount_fen) : -Number(r.amount_fen),
      orderNo: r.order_no,
      createdAt: r.created_at,
    })),
  };
}
