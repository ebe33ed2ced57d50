import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { FolkAccessRequest, FolkRequestState } from '@shared/contract/folk';
import { FOLK_DICT_KEYS, FOLK_INDUSTRIES } from '@shared/contract/folk';
import { isPhoneNumber } from '@shared/rules/roles';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sendNotice } from '../notices/notice-service';
import { FOLK_MSG } from './messages';

// Who may enter the south-west folk base (spec §6): a per-user server flag an admin grants and
// revokes, and the requests users file to ask for it. Every folk call passes requireEntitlement.

type Deps = Pick<AppDeps, 'db' | 'now'>;
type Db = Kysely<Database> | Transaction<Database>;

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether the user holds the entitlement now (granted and not revoked). */
export async function hasEntitlement(db: Db, userId: number | null | undefined): Promise<boolean> {
  if (!userId) return false;
  const row = await db
    .selectFrom('folk_entitlements')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Refuses a user without the entitlement with the message that says how to apply. */
export async function requireEntitlement(db: Db, userId: number): Promise<void> {
  if (!(await hasEntitlement(db, userId))) throw AppError.forbidden(FOLK_MSG.notEntitled);
}

/** §7 GET dict/getByKey: the entry flag for anyone, the industry list for entitled users. */
export async function dictByKey(
  deps: Deps,
  userId: number | null,
  key: string,
): Promise<boolean | string[]> {
  if (key === FOLK_DICT_KEYS.enter) return hasEntitlement(deps.db, userId);
  if (key === FOLK_DICT_KEYS.industries) {
    if (userId === null) throw AppError.forbidden(FOLK_MSG.notEntitled);
    await requireEntitlement(deps.db, userId);
    return [...FOLK_INDUSTRIES];
  }
  throw AppError.notFound(FOLK_MSG.unknownDictKey);
}

type RequestRow = {
  id: number;
  company: string;
  reason: string;
  status: string;
  reply: string;
  created_at: string;
  answered_at: string | null;
};

const toRequest = (r: RequestRow): FolkAccessRequest => ({
  id: r.id,
  company: r.company,
  reason: r.reason,
  status: r.status as FolkRequestState,
  reply: r.reply,
  createdAt: r.created_at,
  answeredAt: r.answered_at,
});

const REQUEST_COLUMNS = [
  'id',
  'company',
  'reason',
  'status',
  'reply',
  'created_at',
  'answered_at',
] as const;

/** The user's entitlement and newest request, for the page that explains how to apply. */
export async function myAccess(
  deps: Deps,
  userId: number,
): Promise<{ entitled: boolean; request: FolkAccessRequest | null }> {
  const request = await deps.db
    .selectFrom('folk_access_requests')
    .select(REQUEST_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    entitled: await hasEntitlement(deps.db, userId),
    request: request ? toRequest(request) : null,
  };
}

/** Files a request; one open request per user (a unique index), so a double click files one. */
export async function applyAccess(
  deps: Deps,
  userId: number,
  input: { company: string; reason: string },
): Promise<FolkAccessRequest> {
  const company = input.company.trim();
  const reason = input.reason.trim();
  if (!company) throw AppError.rule(FOLK_MSG.companyRequired);
  if (!reason) throw AppError.rule(FOLK_MSG.reasonRequired);
  if (await hasEntitlement(deps.db, userId)) throw AppError.conflict(FOLK_MSG.alreadyEntitled);
  const pending = async () =>
    deps.db
      .selectFrom('folk_access_requests')
      .select(REQUEST_COLUMNS)
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  const open = await pending();
  if (open) return toRequest(open);
  const inserted = await deps.db
    .insertInto('folk_access_requests')
    .values({ user_id: userId, company, reason, created_at: iso(deps.now()) })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .where(sql<boolean>`status = 'pending'`)
        .doNothing(),
    )
    .returning(REQUEST_COLUMNS)
    .executeTakeFirst();
  const row = inserted ?? (await pending());
  if (!row) throw AppError.conflict(FOLK_MSG.requestPending);
  return toRequest(row);
}

/** Grants (or grants again) the entitlement in the caller's transaction. */
async function grantIn(
  trx: Db,
  userId: number,
  adminId: number,
  note: string,
  now: string,
): Promise<void> {
  await trx
    .insertInto('folk_entitlements')
    .values({ user_id: userId, granted_by: adminId, granted_at: now, revoked_at: null, note })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        granted_by: adminId,
        granted_at: now,
        revoked_at: null,
        note,
      }),
    )
    .execute();
}

/** Admin: grants the entitlement to the account of a phone number and tells its holder. */
export async function grantByPhone(
  deps: Deps,
  adminId: number,
  input: { phone: string; note: string },
): Promise<{ userId: number }> {
  const phone = input.phone.trim();
  if (!isPhoneNumber(phone)) throw AppError.rule(FOLK_MSG.phoneInvalid);
  const user = await deps.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (!user) throw AppError.notFound(FOLK_MSG.userNotFound);
  const now = iso(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const already = await hasEntitlement(trx, user.id);
    await grantIn(trx, user.id, adminId, input.note.trim(), now);
    // A pending request is answered by the grant.
    await trx
      .updateTable('folk_access_requests')
      .set({ status: 'granted', answered_at: now, answered_by: adminId })
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .execute();
    if (!already) {
      await sendNotice(trx, {
        userId: user.id,
        kind: 'folk',
        title: FOLK_MSG.notice.grantedTitle,
        body: FOLK_MSG.notice.grantedBody(''),
        link: '/southwestFolk/southwestParent',
      });
    }
  });
  return { userId: user.id };
}

/** Admin: takes the entitlement back; the user's next folk call is refused. */
export async function revoke(deps: Deps, userId: number): Promise<{ userId: number }> {
  await deps.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('folk_entitlements')
      .set({ revoked_at: iso(deps.now()) })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw AppError.rule(FOLK_MSG.notEntitledUser);
    await sendNotice(trx, {
      userId,
      kind: 'folk',
      title: FOLK_MSG.notice.revokedTitle,
      body: FOLK_MSG.notice.revokedBody,
    });
  });
  return { userId };
}

/** Admin: answers a pending request once (a conditional update); granting also grants. */
export async function answerRequest(
  deps: Deps,
  adminId: number,
  input: { id: number; grant: boolean; reply: string },
): Promise<FolkAccessRequest> {
  const now = iso(deps.now());
  const reply = input.reply.trim();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('folk_access_requests')
      .select(['user_id', 'status'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw AppError.notFound(FOLK_MSG.requestNotFound);
    const done = await trx
      .updateTable('folk_access_requests')
      .set({
        status: input.grant ? 'granted' : 'refused',
        reply,
        answered_at: now,
        answered_by: adminId,
      })
      .where('id', '=', input.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw AppError.conflict(FOLK_MSG.requestAnswered);
    if (input.grant) await grantIn(trx, row.user_id, adminId, reply, now);
    await sendNotice(trx, {
      userId: row.user_id,
      kind: 'folk',
      title: input.grant ? FOLK_MSG.notice.grantedTitle : FOLK_MSG.notice.refusedTitle,
      body: input.grant ? FOLK_MSG.notice.grantedBody(reply) : FOLK_MSG.notice.refusedBody(reply),
      link: input.grant ? '/southwestFolk/southwestParent' : null,
    });
    const answered = await trx
      .selectFrom('folk_access_requests')
      .select(REQUEST_COLUMNS)
      .where('id', '=', input.id)
      .executeTakeFirstOrThrow();
    return toRequest(answered);
  });
}

/** Admin: who holds the entitlement now, and every request (pending first, newest first). */
export async function accessDesk(deps: Deps) {
  const entitled = await deps.db
    .selectFrom('folk_entitlements as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['u.id', 'u.user_name', 'u.phone', 'u.cai_hong_id', 'e.granted_at', 'e.note'])
    .where('e.revoked_at', 'is', null)
    .orderBy('e.granted_at', 'desc')
    .execute();
  const requests = await deps.db
    .selectFrom('folk_access_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.user_name', 'u.phone', 'u.cai_hong_id', 'r.user_id'])
    .select(REQUEST_COLUMNS.map((c) => `r.${c}` as const))
    .orderBy('r.id', 'desc')
    .limit(200)
    .execute();
  const user = (r: { user_name: string; phone: string | null; cai_hong_id: string }) => ({
    userName: r.user_name,
    phone: r.phone ?? '',
    caiHongID: r.cai_hong_id,
  });
  return {
    entitled: entitled.map((r) => ({
      userId: r.id,
      ...user(r),
      grantedAt: r.granted_at,
      note: r.note,
    })),
    requests: requests
      .map((r) => ({ userId: r.user_id, ...user(r), ...toRequest(r) }))
      .sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending')),
  };
}
