import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { INVITATION_CODE_LENGTH, INVITATION_STATE_TITLES } from '@shared/contract/activities';
import type { AdminInvitation, InvitationState } from '@shared/contract/activities';
import { PHONE_PATTERN } from '@shared/contract/accounts';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { chinaDay, chinaDayStartMs, chinaDayStartOf } from '../../platform/china-time';
import { maskPhone } from '../admin/application-review-service';
import { INVITATION_MSG } from './messages';

// Designer signing by invitation code (docs/activities.md): an admin issues a code, optionally for
// a named person and phone and with a last valid day; /sign/{Code} checks it; the settle-in
// application that uses it takes it with one conditional update inside its own transaction, so
// of two accounts racing for one code exactly one wins, and the application carries the code.

type Db = Kysely<Database> | Transaction<Database>;
type CodeRow = {
  id: number;
  code: string;
  invitee_name: string;
  invitee_phone: string;
  expires_at: string | null;
  revoked_at: string | null;
  used_by: number | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** No look-alikes (0/O, 1/I/L): a code read aloud or copied by hand still works. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as typed: spaces and dashes dropped, letters upper-cased. */
export const normaliseCode = (code: string): string => code.replace(/[\s-]+/g, '').toUpperCase();

const newCode = (): string =>
  Array.from({ length: INVITATION_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(
    '',
  );

/** The last valid China day of a code expiring at the instant `expiresAt` (exclusive). */
const lastDay = (expiresAt: string): string => chinaDay(Date.parse(expiresAt) - 1);

async function findCode(db: Db, code: string): Promise<CodeRow | undefined> {
  const normalised = normaliseCode(code);
  if (normalised === '' || normalised.length > 32) return undefined;
  return db
    .selectFrom('invitation_codes')
    .select(['id', 'code', 'invitee_name', 'invitee_phone', 'expires_at', 'revoked_at', 'used_by'])
    .where('code', '=', normalised)
    .executeTakeFirst();
}

/** The code if `phone`'s account may use it now, else the reason it may not, as an AppError. */
async function usableCode(
  db: Db,
  code: string,
  phone: string | null,
  now: number,
): Promise<CodeRow> {
  if (normaliseCode(code) === '') throw AppError.rule(INVITATION_MSG.empty);
  const row = await findCode(db, code);
  if (!row) throw AppError.rule(INVITATION_MSG.invalid);
  if (row.revoked_at !== null) throw AppError.rule(INVITATION_MSG.revoked);
  if (row.used_by !== null) throw AppError.conflict(INVITATION_MSG.used);
  if (row.expires_at !== null && now >= Date.parse(row.expires_at)) {
    throw AppError.rule(INVITATION_MSG.expired(lastDay(row.expires_at)));
  }
  if (row.invitee_phone !== '' && row.invitee_phone !== phone) {
    throw AppError.rule(INVITATION_MSG.otherPhone(maskPhone(row.invitee_phone)));
  }
  return row;
}

async function phoneOf(db: Db, userId: number): Promise<string | null> {
  const user = await db
    .selectFrom('users')
    .select('phone')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.phone ?? null;
}

/** Invitation/CheckInvitationCode: what the code pre-fills, or why it cannot be used. */
export async function checkInvitationCode(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: number,
  code: string,
): Promise<{ code: string; inviteeName: string; inviteePhone: string; expiresAt: string | null }> {
  const row = await usableCode(deps.db, code, await phoneOf(deps.db, userId), deps.now());
  return {
    code: row.code,
    inviteeName: row.invitee_name,
    inviteePhone: row.invitee_phone,
    expiresAt: row.expires_at,
  };
}

/**
 * Takes a code for an application inside the application's transaction; throws (and so rolls the
 * application back) when the code cannot be used or another account took it a moment earlier.
 */
export async function takeInvitationCode(
  trx: Transaction<Database>,
  input: { code: string; userId: number; applicationId: number; now: number },
): Promise<number> {
  const row = await usableCode(trx, input.code, await phoneOf(trx, input.userId), input.now);
  const at = new Date(input.now).toISOString();
  const taken = await trx
    .updateTable('invitation_codes')
    .set({ used_by: input.userId, used_at: at, application_id: input.applicationId })
    .where('id', '=', row.id)
    .where('used_by', 'is', null)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) throw AppError.conflict(INVITATION_MSG.used);
  return row.id;
}

/** Checks a code before the slower parts of an application run (identity verification). */
export async function assertInvitationUsable(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: number,
  code: string,
): Promise<void> {
  await usableCode(deps.db, code, await phoneOf(deps.db, userId), deps.now());
}

// The back office.

type ListRow = CodeRow & {
  note: string;
  created_at: string;
  used_at: string | null;
  application_id: number | null;
  used_cai_hong_id: string | null;
  app_nick_name: string | null;
  app_state: string | null;
};

function stateOf(row: CodeRow, now: number): InvitationState {
  if (row.used_by !== null) return 'used';
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && now >= Date.parse(row.expires_at)) return 'expired';
  return 'unused';
}

function toAdmin(row: ListRow, now: number): AdminInvitation {
  const state = stateOf(row, now);
  return {
    id: row.id,
    code: row.code,
    inviteeName: row.invitee_name,
    inviteePhone: row.invitee_phone,
    note: row.note,
    expiresDay: row.expires_at === null ? null : lastDay(row.expires_at),
    state,
    stateTitle: INVITATION_STATE_TITLES[state],
    createdAt: row.created_at,
    usedAt: row.used_at,
    usedByCaiHongID: row.used_cai_hong_id,
    applicationId: row.application_id,
    applicationNickName: row.app_nick_name,
    applicationState:
      row.app_state === null ? null : (INVITATION_MSG.applicationStates[row.app_state] ?? null),
  };
}

function listQuery(db: Kysely<Database>) {
  return db
    .selectFrom('invitation_codes as c')
    .leftJoin('users as u', 'u.id', 'c.used_by')
    .leftJoin('designer_applications as a', 'a.id', 'c.application_id')
    .select([
      'c.id',
      'c.code',
      'c.invitee_name',
      'c.invitee_phone',
      'c.note',
      'c.expires_at',
      'c.revoked_at',
      'c.used_by',
      'c.used_at',
      'c.created_at',
      'c.application_id',
      'u.cai_hong_id as used_cai_hong_id',
      'a.nick_name as app_nick_name',
      'a.state as app_state',
    ]);
}

async function adminCode(deps: Pick<AppDeps, 'db' | 'now'>, id: number): Promise<AdminInvitation> {
  const row = await listQuery(deps.db).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound(INVITATION_MSG.notFound);
  return toAdmin(row, deps.now());
}

/** Admin/IssueInvitationCode: a fresh random code, for anyone or for one person and phone. */
export async function issueInvitationCode(
  deps: Pick<AppDeps, 'db' | 'now'>,
  adminId: number,
  input: { inviteeName: string; inviteePhone: string; note: string; expiresDay: string },
): Promise<AdminInvitation> {
  const name = input.inviteeName.trim();
  if ([...name].length > 20) throw AppError.rule(INVITATION_MSG.nameTooLong);
  const phone = input.inviteePhone.trim();
  if (phone !== '' && !new RegExp(PHONE_PATTERN).test(phone)) {
    throw AppError.rule(INVITATION_MSG.badPhone);
  }
  const now = deps.now();
  let expiresAt: string | null = null;
  if (input.expiresDay.trim() !== '') {
    const start = chinaDayStartMs(input.expiresDay.trim());
    if (start === null) throw AppError.rule(INVITATION_MSG.badDay);
    if (start < chinaDayStartOf(now)) throw AppError.rule(INVITATION_MSG.pastDay);
    expiresAt = new Date(start + DAY_MS).toISOString();
  }
  const at = new Date(now).toISOString();
  // 31^8 codes: a clash is rare, and the unique index turns one into a retry.
  for (let attempt = 0; ; attempt++) {
    const code = newCode();
    const taken = await deps.db
      .selectFrom('invitation_codes')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (taken) continue;
    try {
      const row = await deps.db
        .insertInto('invitation_codes')
        .values({
          code,
          invitee_name: name,
          invitee_phone: phone,
          note: input.note.trim(),
          expires_at: expiresAt,
          created_by: adminId,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return await adminCode(deps, row.id);
    } catch (err) {
      if (attempt >= 4) throw err;
    }
  }
}

/** Admin/GetInvitationCodeList: newest first, with who used each and their application. */
export async function invitationCodeList(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: { pageIndex: number; pageSize: number },
): Promise<{ total: number; list: AdminInvitation[] }> {
  const [total, rows] = await Promise.all([
    deps.db
      .selectFrom('invitation_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    listQuery(deps.db)
      .orderBy('c.id', 'desc')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
  ]);
  const now = deps.now();
  return { total: Number(total.n), list: rows.map((r) => toAdmin(r, now)) };
}

/** Admin/RevokeInvitationCode: an unused code stops working; a used one stays as it was. */
export async function revokeInvitationCode(
  deps: Pick<AppDeps, 'db' | 'now'>,
  id: number,
): Promise<AdminInvitation> {
  const result = await deps.db
    .updateTable('invitation_codes')
    .set({ revoked_at: new Date(deps.now()).toISOString() })
    .where('id', '=', id)
    .where('used_by', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    await adminCode(deps, id); // an unknown id says so
    throw AppError.conflict(INVITATION_MSG.notRevocable);
  }
  return adminCode(deps, id);
}
