import { sql } from 'kysely';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import {
  DEMAND_STATE_TITLES,
  type AdoptedCase,
  type DemandCard,
  type DemandState,
  type PublishAllowance,
  type checkPublish,
  type closeDemand,
  type demandEdit,
  type getCenterDemand,
  type getDemand,
  type getMyCollectionDemand,
  type getMyPublishDemand,
  type getSignUpDemand,
  type publishDemand,
} from '@shared/contract/demands';
import {
  DEMAND_DAYS_MAX,
  DEMAND_DECISION_DAYS,
  DEMAND_QUOTA_CODE,
  DEMAND_TYPES,
  checkDemandDraft,
  demandEscrowFen,
} from '@shared/rules/demand';
import type { Database, DemandsTable } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import {
  InsufficientFunds,
  balanceOf,
  demandEscrow,
  postTransfers,
  userBalance,
} from '../finance/ledger';
import { spendQuota } from '../membership/membership-service';
import { sendNotice } from '../notices/notice-service';
import { SIGNED_URL_TTL_SECONDS } from '../publishing/work-files';
import { DEMAND_NOTICE, DEMAND_SERVER_MSG } from './messages';

// Custom-pattern demands (docs/demands.md): publishing, the lists, editing and closing. The
// manuscripts (submit, adopt, refuse) are in manuscript-service.ts.

export type DemandDeps = Pick<AppDeps, 'db' | 'now' | 'storage'>;
type Db = Kysely<Database> | Transaction<Database>;
export type DemandRow = Selectable<DemandsTable>;

const DAY_MS = 86_400_000;
const yuan = (fen: number): string => (fen / 100).toFixed(2);

/** The state a user sees: an open demand past its deadline is ended (no new manuscripts). */
export function demandState(
  row: Pick<DemandRow, 'state' | 'deadline'>,
  nowMs: number,
): DemandState {
  if (row.state === 'closed' || row.state === 'completed') return row.state;
  return Date.parse(row.deadline) <= nowMs ? 'ended' : 'open';
}

export async function demandOrFail(db: Db, demandId: number): Promise<DemandRow> {
  const row = await db
    .selectFrom('demands')
    .selectAll()
    .where('id', '=', demandId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(DEMAND_SERVER_MSG.notFound);
  return row;
}

export async function ownDemandOrFail(
  db: Db,
  userId: number,
  demandId: number,
): Promise<DemandRow> {
  const row = await demandOrFail(db, demandId);
  if (row.user_id !== userId) throw AppError.forbidden(DEMAND_SERVER_MSG.notOwner);
  return row;
}

const referenceKeys = (row: Pick<DemandRow, 'reference_keys'>): string[] => {
  try {
    const keys: unknown = JSON.parse(row.reference_keys);
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
};

/** Reference images are the customer's private uploads: shown through short-lived signed URLs. */
export const referenceUrls = (deps: Pick<AppDeps, 'storage'>, row: DemandRow): string[] =>
  referenceKeys(row).map((k) => deps.storage.signedUrl(k, SIGNED_URL_TTL_SECONDS));

/** Cards of demand rows, in their order, with category, customer and counts. */
export async function demandCards(
  deps: DemandDeps,
  rows: readonly DemandRow[],
): Promise<DemandCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [categories, users, signups, manuscripts] = await Promise.all([
    deps.db
      .selectFrom('categories')
      .select(['kid', 'title'])
      .where('kid', 'in', [...new Set(rows.map((r) => r.kid))])
      .execute(),
    deps.db
      .selectFrom('users')
      .select(['id', 'user_name'])
      .where('id', 'in', [...new Set(rows.map((r) => r.user_id))])
      .execute(),
    deps.db
      .selectFrom('demand_signups')
      .select((eb) => ['demand_id', eb.fn.countAll<number>().as('n')])
      .where('demand_id', 'in', ids)
      .groupBy('demand_id')
      .execute(),
    deps.db
      .selectFrom('demand_manuscripts')
      .select((eb) => ['demand_id', eb.fn.countAll<number>().as('n')])
      .where('demand_id', 'in', ids)
      .groupBy('demand_id')
      .execute(),
  ]);
  const nowMs = deps.now();
  const count = (list: { demand_id: number; n: number | string | bigint }[], id: number) =>
    Number(list.find((r) => r.demand_id === id)?.n ?? 0);
  return rows.map((row) => {
    const state = demandState(row, nowMs);
    const [cover] = referenceUrls(deps, row);
    return {
      id: row.id,
      title: row.title,
      kid: row.kid,
      categoryName: categories.find((c) => c.kid === row.kid)?.title ?? '',
      type: row.type,
      typeName: DEMAND_TYPES[row.type as keyof typeof DEMAND_TYPES] ?? '',
      rewardFen: row.reward_fen,
      quota: row.quota,
      adoptedCount: row.adopted_count,
      signUpCount: count(signups, row.id),
      manuscriptCount: count(manuscripts, row.id),
      deadline: row.deadline,
      createdAt: row.created_at,
      state,
      stateName: DEMAND_STATE_TITLES[state],
      customerName: users.find((u) => u.id === row.user_id)?.user_name ?? '',
      coverUrl: cover ?? null,
    };
  });
}

const pageWindow = (input: { pageIndex: number; pageSize: number }) => ({
  limit: input.pageSize,
  offset: (input.pageIndex - 1) * input.pageSize,
});

/** Demand/GetDemand: the public list with its filters and sorts. */
export async function demandList(
  deps: DemandDeps,
  input: CallRequest<typeof getDemand>,
): Promise<CallResponse<typeof getDemand>> {
  const nowMs = deps.now();
  let query = deps.db.selectFrom('demands');
  if (input.kid > 0) query = query.where('kid', '=', input.kid);
  if (input.type > 0) query = query.where('type', '=', input.type);
  if (input.time > 0) {
    query = query.where('created_at', '>=', iso(nowMs - (input.time === 1 ? 7 : 30) * DAY_MS));
  }
  if (input.openOnly) {
    query = query.where('state', '=', 'open').where('deadline', '>', iso(nowMs));
  }
  const total = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let rows = query.selectAll();
  // Taking manuscripts first (open and before the deadline), then the chosen order.
  rows = rows.orderBy(sql`case when state = 'open' and deadline > ${iso(nowMs)} then 0 else 1 end`);
  if (input.endSort === 1) rows = rows.orderBy('deadline', 'asc');
  if (input.sort === 1) rows = rows.orderBy('reward_fen', 'desc');
  rows = rows.orderBy('created_at', input.addSort === 1 ? 'asc' : 'desc').orderBy('id', 'desc');
  const { limit, offset } = pageWindow(input);
  return {
    list: await demandCards(deps, await rows.limit(limit).offset(offset).execute()),
    total: Number(total.n),
  };
}

/** The latest adopted manuscripts, as public success cases (no images: they are the customer's). */
export async function adoptedCases(
  deps: DemandDeps,
  input: { pageIndex: number; pageSize: number },
): Promise<{ list: AdoptedCase[]; total: number }> {
  const base = deps.db
    .selectFrom('demand_manuscripts as m')
    .innerJoin('demands as d', 'd.id', 'm.demand_id')
    .innerJoin('users as u', 'u.id', 'm.designer_id')
    .where('m.state', '=', 'adopted');
  const total = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const { limit, offset } = pageWindow(input);
  const rows = await base
    .select(['d.id as demandId', 'd.title', 'd.reward_fen', 'u.user_name', 'm.decided_at'])
    .orderBy('m.decided_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    list: rows.map((r) => ({
      demandId: r.demandId,
      title: r.title,
      rewardFen: r.reward_fen,
      designerName: r.user_name,
      adoptedAt: r.decided_at ?? '',
    })),
    total: Number(total.n),
  };
}

/** Demand/GetCenterDemand: the figures of the demand centre, the newest open demands and cases. */
export async function demandCentre(
  deps: DemandDeps,
): Promise<CallResponse<typeof getCenterDemand>> {
  const now = iso(deps.now());
  const [open, adopted, latest, cases] = await Promise.all([
    deps.db
      .selectFrom('demands')
      .where('state', '=', 'open')
      .where('deadline', '>', now)
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(sql<number>`reward_fen * (quota - adopted_count)`).as('fen'),
      ])
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('demand_manuscripts')
      .where('state', '=', 'adopted')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(sql<number>`share_fen + fee_fen`).as('fen'),
      ])
      .executeTakeFirstOrThrow(),
    demandList(deps, {
      pageIndex: 1,
      pageSize: 8,
      kid: 0,
      type: 0,
      time: 0,
      sort: 0,
      addSort: 0,
      endSort: 0,
      openOnly: true,
    }),
    adoptedCases(deps, { pageIndex: 1, pageSize: 6 }),
  ]);
  return {
    openCount: Number(open.n),
    openRewardFen: Number(open.fen ?? 0),
    adoptedCount: Number(adopted.n),
    paidRewardFen: Number(adopted.fen ?? 0),
    latest: latest.list,
    adopted: cases.list,
  };
}

async function remainingUnits(deps: DemandDeps, userId: number): Promise<number | null> {
  const row = await deps.db
    .selectFrom('user_auths')
    .select('remain')
    .where('user_id', '=', userId)
    .where('code', '=', DEMAND_QUOTA_CODE)
    .where('end_time', '>', iso(deps.now()))
    .executeTakeFirst();
  return row ? row.remain : null;
}

/** Demand/CheckPublish: whether the user may publish now, and why not. */
export async function publishAllowance(
  deps: DemandDeps,
  userId: number,
): Promise<CallResponse<typeof checkPublish>> {
  const [remain, balanceFen] = await Promise.all([
    remainingUnits(deps, userId),
    balanceOf(deps.db, userBalance(userId).code),
  ]);
  const isMember = remain !== null;
  const reason: string = !isMember
    ? DEMAND_SERVER_MSG.notMember
    : (remain ?? 0) < 1
      ? DEMAND_SERVER_MSG.quotaUsedUp
      : '';
  const allowance: PublishAllowance = {
    isMember,
    remain: remain ?? 0,
    balanceFen,
    canPublish: reason === '',
    reason,
  };
  return allowance;
}

/** The customer's reference images must be their own uploads. */
async function ownUploadKeys(db: Db, userId: number, keys: readonly string[]): Promise<string[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  const found = await db
    .selectFrom('uploads')
    .select('file_key')
    .where('user_id', '=', userId)
    .where('file_key', 'in', unique)
    .execute();
  if (found.length !== unique.length) throw AppError.rule(DEMAND_SERVER_MSG.uploadMissing);
  return unique;
}

async function categoryExists(db: Db, kid: number): Promise<void> {
  const row = await db
    .selectFrom('categories')
    .select('kid')
    .where('kid', '=', kid)
    .executeTakeFirst();
  if (!row) throw AppError.rule(DEMAND_SERVER_MSG.categoryMissing);
}

/**
 * Demand/Publish: in one transaction, one 定制需求发布 unit is spent and the rewards for every place
 * (reward × quota) move from the customer's balance into the demand's escrow; a refusal of either
 * changes nothing. The same requestId publishes once.
 */
export async function publish(
  deps: DemandDeps,
  userId: number,
  input: CallRequest<typeof publishDemand>,
): Promise<CallResponse<typeof publishDemand>> {
  const problem = checkDemandDraft(input);
  if (problem) throw AppError.rule(problem);
  const existing = await deps.db
    .selectFrom('demands')
    .select(['id', 'reward_fen', 'quota'])
    .where('user_id', '=', userId)
    .where('request_id', '=', input.requestId)
    .executeTakeFirst();
  if (existing) {
    return {
      demandId: existing.id,
      escrowFen: demandEscrowFen(existing.reward_fen, existing.quota),
    };
  }
  await categoryExists(deps.db, input.kid);
  const keys = await ownUploadKeys(deps.db, userId, input.referenceKeys);
  const nowMs = deps.now();
  const escrowFen = demandEscrowFen(input.rewardFen, input.quota);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('demands')
        .values({
          user_id: userId,
          title: input.title.trim(),
          kid: input.kid,
          type: input.type,
          description: input.description.trim(),
          reference_keys: JSON.stringify(keys),
          reward_fen: input.rewardFen,
          quota: input.quota,
          state: 'open',
          deadline: iso(nowMs + input.days * DAY_MS),
          request_id: input.requestId,
          created_at: iso(nowMs),
          updated_at: iso(nowMs),
        })
        .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        // A second click raced the first to the insert: the first one's demand is the answer.
        const first = await trx
          .selectFrom('demands')
          .select('id')
          .where('user_id', '=', userId)
          .where('request_id', '=', input.requestId)
          .executeTakeFirstOrThrow();
        return { demandId: first.id, escrowFen };
      }
      if (!(await spendQuota(trx, userId, DEMAND_QUOTA_CODE, nowMs))) {
        const member = await trx
          .selectFrom('user_auths')
          .select('remain')
          .where('user_id', '=', userId)
          .where('code', '=', DEMAND_QUOTA_CODE)
          .where('end_time', '>', iso(nowMs))
          .executeTakeFirst();
        throw AppError.rule(member ? DEMAND_SERVER_MSG.quotaUsedUp : DEMAND_SERVER_MSG.notMember);
      }
      await postTransfers(
        trx,
        [
          {
            id: `demand:${inserted.id}:escrow`,
            debit: userBalance(userId),
            credit: demandEscrow(inserted.id),
            amountFen: escrowFen,
            kind: 'demand_escrow',
          },
        ],
        iso(nowMs),
      );
      return { demandId: inserted.id, escrowFen };
    });
  } catch (err) {
    if (err instanceof InsufficientFunds) throw AppError.rule(DEMAND_SERVER_MSG.balanceShort);
    throw err;
  }
}

/** Demand/DemandEdit: the words, category and type of an open demand, or a later deadline. */
export async function editDemand(
  deps: DemandDeps,
  userId: number,
  input: CallRequest<typeof demandEdit>,
): Promise<CallResponse<typeof demandEdit>> {
  const row = await ownDemandOrFail(deps.db, userId, input.demandId);
  const nowMs = deps.now();
  if (row.state !== 'open') throw AppError.rule(DEMAND_SERVER_MSG.notEditable);
  const problem = checkDemandDraft({
    ...input,
    rewardFen: row.reward_fen,
    quota: row.quota,
    days: 30,
  });
  if (problem) throw AppError.rule(problem);
  await categoryExists(deps.db, input.kid);
  // Extending counts from the later of now and the current deadline, and never beyond 60 days.
  const from = Math.max(nowMs, Date.parse(row.deadline));
  const deadline =
    input.extendDays > 0 ? from + input.extendDays * DAY_MS : Date.parse(row.deadline);
  if (deadline - nowMs > DEMAND_DAYS_MAX * DAY_MS)
    throw AppError.rule(DEMAND_SERVER_MSG.deadlineTooLong);
  const updated = await deps.db
    .updateTable('demands')
    .set({
      title: input.title.trim(),
      description: input.description.trim(),
      kid: input.kid,
      type: input.type,
      deadline: iso(deadline),
      updated_at: iso(nowMs),
    })
    .where('id', '=', row.id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw AppError.rule(DEMAND_SERVER_MSG.notEditable);
  const [card] = await demandCards(deps, [await demandOrFail(deps.db, row.id)]);
  if (!card) throw AppError.notFound(DEMAND_SERVER_MSG.notFound);
  return card;
}

/**
 * Closes a demand in the caller's transaction: marks it closed (once: a conditional update),
 * refuses what is still waiting, and returns the escrow left to the customer's balance.
 */
export async function closeInTransaction(
  trx: Transaction<Database>,
  row: DemandRow,
  nowMs: number,
  reason: string,
): Promise<number> {
  const marked = await trx
    .updateTable('demands')
    .set({ state: 'closed', closed_at: iso(nowMs), updated_at: iso(nowMs) })
    .where('id', '=', row.id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) return 0;
  await trx
    .updateTable('demand_manuscripts')
    .set({ state: 'refused', refuse_reason: reason, decided_at: iso(nowMs) })
    .where('demand_id', '=', row.id)
    .where('state', '=', 'submitted')
    .execute();
  const left = await balanceOf(trx, demandEscrow(row.id).code);
  if (left > 0) {
    await postTransfers(
      trx,
      [
        {
          id: `demand:${row.id}:refund`,
          debit: demandEscrow(row.id),
          credit: userBalance(row.user_id),
          amountFen: left,
          kind: 'demand_refund',
        },
      ],
      iso(nowMs),
    );
  }
  await sendNotice(trx, {
    userId: row.user_id,
    kind: 'demand',
    title: DEMAND_NOTICE.closedTitle,
    body: DEMAND_NOTICE.closedBody(row.title, yuan(left)),
    link: `/demand/${row.id}.html`,
  });
  return left;
}

/** Demand/CloseDemand: the customer ends the demand; unspent rewards go back to their balance. */
export async function close(
  deps: DemandDeps,
  userId: number,
  input: CallRequest<typeof closeDemand>,
  reason: string,
): Promise<CallResponse<typeof closeDemand>> {
  const row = await ownDemandOrFail(deps.db, userId, input.demandId);
  if (row.state !== 'open') throw AppError.rule(DEMAND_SERVER_MSG.alreadyClosed);
  const refundedFen = await deps.db
    .transaction()
    .execute((trx) => closeInTransaction(trx, row, deps.now(), reason));
  return { refundedFen };
}

/**
 * Closes demands whose decision time after the deadline has passed (DEMAND_DECISION_DAYS), so no
 * reward stays in escrow for ever. Run by the demand sweep.
 */
export async function closeOverdueDemands(deps: DemandDeps, reason: string): Promise<number> {
  const nowMs = deps.now();
  const due = await deps.db
    .selectFrom('demands')
    .selectAll()
    .where('state', '=', 'open')
    .where('deadline', '<', iso(nowMs - DEMAND_DECISION_DAYS * DAY_MS))
    .limit(200)
    .execute();
  let closed = 0;
  for (const row of due) {
    const refunded = await deps.db.transaction().execute(async (trx) => {
      await closeInTransaction(trx, row, nowMs, reason);
      return 1;
    });
    closed += refunded;
  }
  return closed;
}

type MyPage = { pageIndex: number; pageSize: number };

/** Demand/GetMyPublishDemand: the customer's demands, each with how many manuscripts wait. */
export async function myPublished(
  deps: DemandDeps,
  userId: number,
  input: MyPage,
): Promise<CallResponse<typeof getMyPublishDemand>> {
  const base = deps.db.selectFrom('demands').where('user_id', '=', userId);
  const total = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const { limit, offset } = pageWindow(input);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const cards = await demandCards(deps, rows);
  const pending = rows.length
    ? await deps.db
        .selectFrom('demand_manuscripts')
        .select((eb) => ['demand_id', eb.fn.countAll<number>().as('n')])
        .where(
          'demand_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('state', '=', 'submitted')
        .groupBy('demand_id')
        .execute()
    : [];
  return {
    list: cards.map((c) => ({
      ...c,
      pendingCount: Number(pending.find((p) => p.demand_id === c.id)?.n ?? 0),
    })),
    total: Number(total.n),
  };
}

/** Demand/GetMyCollectionDemand: demands the user collected, newest collection first. */
export async function myCollected(
  deps: DemandDeps,
  userId: number,
  input: MyPage,
): Promise<CallResponse<typeof getMyCollectionDemand>> {
  const base = deps.db
    .selectFrom('collections as c')
    .innerJoin('demands as d', 'd.id', 'c.target_id')
    .where('c.user_id', '=', userId)
    .where('c.target_type', '=', 'demand');
  const total = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const { limit, offset } = pageWindow(input);
  const rows = await base
    .selectAll('d')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { list: await demandCards(deps, rows), total: Number(total.n) };
}

/** Demand/GetSignUpDemand: demands the designer signed up for, with their manuscripts' counts. */
export async function mySignUps(
  deps: DemandDeps,
  userId: number,
  input: MyPage,
): Promise<CallResponse<typeof getSignUpDemand>> {
  const base = deps.db
    .selectFrom('demand_signups as s')
    .innerJoin('demands as d', 'd.id', 's.demand_id')
    .where('s.user_id', '=', userId);
  const total = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const { limit, offset } = pageWindow(input);
  const rows = await base
    .selectAll('d')
    .orderBy('s.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const cards = await demandCards(deps, rows);
  const mine = rows.length
    ? await deps.db
        .selectFrom('demand_manuscripts')
        .select((eb) => [
          'demand_id',
          eb.fn.countAll<number>().as('n'),
          eb.fn
            .sum<number>(sql<number>`case when state = 'adopted' then 1 else 0 end`)
            .as('adopted'),
        ])
        .where('designer_id', '=', userId)
        .where(
          'demand_id',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('demand_id')
        .execute()
    : [];
  return {
    list: cards.map((c) => {
      const m = mine.find((r) => r.demand_id === c.id);
      return {
        ...c,
        myManuscriptCount: Number(m?.n ?? 0),
        myAdoptedCount: Number(m?.adopted ?? 0),
      };
    }),
    total: Number(total.n),
  };
}
