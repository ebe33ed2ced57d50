import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  FOLK_INTENTION_MSG,
  FOLK_INTENTION_NEXT,
  FOLK_INTENTION_STATE_TITLES,
  folkIntentionProblem,
} from '@shared/contract/folk';
import type { FolkIntention, FolkIntentionState } from '@shared/contract/folk';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { chinaStamp } from '../../platform/china-time';
import { sendNotice } from '../notices/notice-service';
import { FOLK_MSG } from './messages';

// Licensing intentions (issue 14): a form checked field by field (nothing saved on a bad field),
// filed once per form key, acknowledged with a reference number; admins record follow-up states
// along FOLK_INTENTION_NEXT with a conditional update, and the submitter is told in the same
// transaction.

type Deps = Pick<AppDeps, 'db' | 'now'>;
type Db = Kysely<Database> | Transaction<Database>;

export type IntentionInput = {
  requestKey: string;
  company: string;
  contact: string;
  phone: string;
  industry: string;
  purpose: string;
  products: string;
  workIds: number[];
  quantity: string;
  territory: string;
};

const iso = (ms: number) => new Date(ms).toISOString();
const M = FOLK_INTENTION_MSG;

type IntentionRow = {
  id: number;
  ref_no: string;
  company: string;
  contact: string;
  phone: string;
  industry: string;
  purpose: string;
  products: string;
  work_ids: string;
  quantity: string;
  territory: string;
  status: string;
  created_at: string;
  updated_at: string;
};

const COLUMNS = [
  'id',
  'ref_no',
  'company',
  'contact',
  'phone',
  'industry',
  'purpose',
  'products',
  'work_ids',
  'quantity',
  'territory',
  'status',
  'created_at',
  'updated_at',
] as const;

/** Rows as the contract's intentions, with their works' titles and follow-up history. */
async function toIntentions(db: Db, rows: readonly IntentionRow[]): Promise<FolkIntention[]> {
  if (rows.length === 0) return [];
  const workIds = rows.map((r) => JSON.parse(r.work_ids) as number[]);
  const allIds = [...new Set(workIds.flat())];
  const titles = new Map(
    (
      await db
        .selectFrom('folk_works')
        .select(['id', 'title'])
        .where('id', 'in', allIds.length > 0 ? allIds : [0])
        .execute()
    ).map((w) => [w.id, w.title]),
  );
  const followUps = await db
    .selectFrom('folk_intention_follow_ups')
    .select(['intention_id', 'status', 'note', 'created_at'])
    .where(
      'intention_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((r, i) => ({
    id: r.id,
    refNo: r.ref_no,
    company: r.company,
    contact: r.contact,
    phone: r.phone,
    industry: r.industry,
    purpose: r.purpose,
    products: r.products,
    works: (workIds[i] ?? []).map((id) => ({ id, title: titles.get(id) ?? '' })),
    quantity: r.quantity,
    territory: r.territory,
    status: r.status as FolkIntentionState,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    followUps: followUps
      .filter((f) => f.intention_id === r.id)
      .map((f) => ({
        status: f.status as FolkIntentionState,
        note: f.note,
        createdAt: f.created_at,
      })),
  }));
}

async function byKey(db: Db, userId: number, requestKey: string) {
  return db
    .selectFrom('folk_intentions')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

/** SubmitIntentionInfo: checks every field, then files the form once per request key. */
export async function submitIntention(
  deps: Deps,
  userId: number,
  raw: IntentionInput,
): Promise<FolkIntention> {
  const input: IntentionInput = {
    requestKey: raw.requestKey,
    company: raw.company.trim(),
    contact: raw.contact.trim(),
    phone: raw.phone.trim(),
    industry: raw.industry.trim(),
    purpose: raw.purpose.trim(),
    products: raw.products.trim(),
    workIds: [...new Set(raw.workIds)],
    quantity: raw.quantity.trim(),
    territory: raw.territory.trim(),
  };
  const problem = folkIntentionProblem(input);
  if (problem) throw AppError.rule(problem);
  const earlier = await byKey(deps.db, userId, input.requestKey);
  if (earlier) return (await toIntentions(deps.db, [earlier]))[0]!;
  const known = await deps.db
    .selectFrom('folk_works')
    .select('id')
    .where('id', 'in', input.workIds)
    .execute();
  if (known.length !== input.workIds.length) throw AppError.rule(M.worksUnknown);
  const now = deps.now();
  const inserted = await deps.db
    .insertInto('folk_intentions')
    .values({
      ref_no: `YX${chinaStamp(now)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
      user_id: userId,
      request_key: input.requestKey,
      company: input.company,
      contact: input.contact,
      phone: input.phone,
      industry: input.industry,
      purpose: input.purpose,
      products: input.products,
      work_ids: JSON.stringify(input.workIds),
      quantity: input.quantity,
      territory: input.territory,
      created_at: iso(now),
      updated_at: iso(now),
    })
    .onConflict((oc) => oc.columns(['user_id', 'request_key']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  const row = inserted ?? (await byKey(deps.db, userId, input.requestKey));
  if (!row) throw AppError.conflict(FOLK_MSG.raced);
  return (await toIntentions(deps.db, [row]))[0]!;
}

/** The submitter's intentions, newest first. */
export async function myIntentions(deps: Deps, userId: number): Promise<FolkIntention[]> {
  const rows = await deps.db
    .selectFrom('folk_intentions')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return toIntentions(deps.db, rows);
}

/** Admin: intentions, newest first, optionally of one state. */
export async function intentionDesk(
  deps: Deps,
  input: { status?: FolkIntentionState | undefined; pageIndex: number; pageSize: number },
): Promise<{ list: (FolkIntention & { userName: string })[]; total: number }> {
  let query = deps.db
    .selectFrom('folk_intentions as i')
    .innerJoin('users as u', 'u.id', 'i.user_id');
  if (input.status) query = query.where('i.status', '=', input.status);
  const total = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .select(COLUMNS.map((c) => `i.${c}` as const))
    .select('u.user_name')
    .orderBy('i.id', 'desc')
    .offset((input.pageIndex - 1) * input.pageSize)
    .limit(input.pageSize)
    .execute();
  const intentions = await toIntentions(deps.db, rows);
  return {
    list: intentions.map((it, i) => ({ ...it, userName: rows[i]?.user_name ?? '' })),
    total: Number(total.n),
  };
}

/** Admin: moves an intention to its next state once (a conditional update) and tells the submitter. */
export async function setIntentionState(
  deps: Deps,
  adminId: number,
  input: { id: number; status: FolkIntentionState; note: string },
): Promise<FolkIntention> {
  const note = input.note.trim();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('folk_intentions')
      .select(['status', 'user_id', 'ref_no'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw AppError.notFound(FOLK_MSG.intentionNotFound);
    const from = row.status as FolkIntentionState;
    if (!FOLK_INTENTION_NEXT[from].includes(input.status)) {
      throw AppError.rule(
        FOLK_MSG.badMove(
          FOLK_INTENTION_STATE_TITLES[from],
          FOLK_INTENTION_STATE_TITLES[input.status],
        ),
      );
    }
    const now = iso(deps.now());
    const done = await trx
      .updateTable('folk_intentions')
      .set({ status: input.status, updated_at: now })
      .where('id', '=', input.id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw AppError.conflict(FOLK_MSG.raced);
    await trx
      .insertInto('folk_intention_follow_ups')
      .values({
        intention_id: input.id,
        status: input.status,
        note,
        admin_id: adminId,
        created_at: now,
      })
      .execute();
    const title = FOLK_INTENTION_STATE_TITLES[input.status];
    await sendNotice(trx, {
      userId: row.user_id,
      kind: 'folk',
      title: FOLK_MSG.notice.intentionTitle(row.ref_no, title),
      body: FOLK_MSG.notice.intentionBody(title, note),
      link: '/southwestFolk/southwestParent/authorizationForm',
    });
    const updated = await trx
      .selectFrom('folk_intentions')
      .select(COLUMNS)
      .where('id', '=', input.id)
      .executeTakeFirstOrThrow();
    return (await toIntentions(trx, [updated]))[0]!;
  });
}
