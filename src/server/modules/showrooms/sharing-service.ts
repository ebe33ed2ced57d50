import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { ERROR_CODE } from '@shared/contract/envelope';
import type { CallRequest } from '@shared/contract/define';
import type {
  Cooperation,
  LockEvent,
  ShareLink,
  ShowroomMember,
  SharedShowroom,
  createShowRoomShare,
  inviteShowRoomMember,
} from '@shared/contract/showrooms';
import { SHARE_DAYS } from '@shared/contract/showrooms';
import { AppError } from '../../http/app-error';
import { sendNotice } from '../notices/notice-service';
import { SHOWROOM_MSG } from './messages';
import type { Deps, HallRow } from './showroom-service';
import { access, coverUrls, hallWorks, iso, ownerAccess, summaries } from './showroom-service';

// 我的展厅 (docs/showrooms.md): share links, collaborators and locks. A share token is 32 random
// bytes shown once; the database keeps its SHA-256, so a leaked table opens no hall.

const DAY_MS = 86_400_000;
/** Five wrong 访问码 lock a link for fifteen minutes (as five wrong passwords lock a sign-in). */
export const SHARE_CODE_LOCK = { maxFailures: 5, lockMs: 15 * 60_000 } as const;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const codeHash = (tokenHash: string, code: string): string => sha256(`${tokenHash}:${code}`);

type ShareRow = {
  id: number;
  code_hash: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
};

function linkOf(row: ShareRow, nowMs: number): ShareLink {
  const expired = row.expires_at !== null && Date.parse(row.expires_at) <= nowMs;
  return {
    id: row.id,
    hasCode: row.code_hash !== null,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    state: row.revoked_at !== null ? 'revoked' : expired ? 'expired' : 'active',
  };
}

export async function shares(deps: Deps, userId: number, showRoomId: number): Promise<ShareLink[]> {
  await ownerAccess(deps.db, userId, showRoomId);
  const rows = await deps.db
    .selectFrom('showroom_shares')
    .select(['id', 'code_hash', 'expires_at', 'revoked_at', 'created_at'])
    .where('showroom_id', '=', showRoomId)
    .orderBy('id', 'desc')
    .execute();
  const now = deps.now();
  return rows.map((r) => linkOf(r, now));
}

export async function createShare(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof createShowRoomShare>,
): Promise<{ share: ShareLink; token: string }> {
  const code = (input.code ?? '').trim();
  if (code !== '' && !/^\d{4}$/.test(code)) throw AppError.rule(SHOWROOM_MSG.badCode);
  if (!(SHARE_DAYS as readonly number[]).includes(input.days)) {
    throw AppError.rule(SHOWROOM_MSG.badDays);
  }
  const hall = await ownerAccess(deps.db, userId, input.showRoomId);
  if (hall.visibility !== 'link') throw AppError.rule(SHOWROOM_MSG.privateHall);
  const token = randomBytes(32).toString('base64url');
  const tokenHash = sha256(token);
  const nowMs = deps.now();
  const row = await deps.db
    .insertInto('showroom_shares')
    .values({
      showroom_id: hall.id,
      token_hash: tokenHash,
      code_hash: code === '' ? null : codeHash(tokenHash, code),
      expires_at: input.days === 0 ? null : iso(nowMs + input.days * DAY_MS),
      revoked_at: null,
      locked_until: null,
      created_at: iso(nowMs),
    })
    .returning(['id', 'code_hash', 'expires_at', 'revoked_at', 'created_at'])
    .executeTakeFirstOrThrow();
  return { share: linkOf(row, nowMs), token };
}

export async function revokeShare(
  deps: Deps,
  userId: number,
  shareId: number,
): Promise<Record<string, never>> {
  const row = await deps.db
    .selectFrom('showroom_shares')
    .select(['showroom_id', 'revoked_at'])
    .where('id', '=', shareId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(SHOWROOM_MSG.shareNotFound);
  await ownerAccess(deps.db, userId, row.showroom_id);
  if (row.revoked_at === null) {
    await deps.db
      .updateTable('showroom_shares')
      .set({ revoked_at: iso(deps.now()) })
      .where('id', '=', shareId)
      .execute();
  }
  return {};
}

const codeLocked = () => new AppError(ERROR_CODE.tooMany, SHOWROOM_MSG.codeLocked, 429);

/**
 * Counts a 访问码 attempt before it is checked, in one conditional statement: of a burst sent at
 * once, at most five are ever compared. A lock that has run out starts a fresh count.
 */
async function beginCodeAttempt(deps: Deps, shareId: number): Promise<number> {
  const now = iso(deps.now());
  const lockUntil = iso(deps.now() + SHARE_CODE_LOCK.lockMs);
  const max = SHARE_CODE_LOCK.maxFailures;
  const lapsed = sql<boolean>`locked_until is not null and locked_until <= ${now}`;
  const row = await deps.db
    .updateTable('showroom_shares')
    .set({
      failed_count: sql<number>`case when ${lapsed} then 1 else failed_count + 1 end`,
      locked_until: sql<string | null>`case
        when ${lapsed} then null
        when locked_until is not null then locked_until
        when failed_count + 1 >= ${max} then ${lockUntil}
        else null end`,
    })
    .where('id', '=', shareId)
    .returning('failed_count')
    .executeTakeFirstOrThrow();
  if (row.failed_count > max) throw codeLocked();
  return row.failed_count;
}

/** ShowRoom/ViewShared: the hall read-only, while the link is valid and with the right code. */
export async function viewShared(
  deps: Deps,
  token: string,
  code: string,
): Promise<{ needCode: boolean; hall?: SharedShowroom }> {
  const tokenHash = sha256(token);
  const share = await deps.db
    .selectFrom('showroom_shares')
    .select(['id', 'showroom_id', 'code_hash', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!share || share.revoked_at !== null) throw AppError.notFound(SHOWROOM_MSG.linkInvalid);
  if (share.expires_at !== null && Date.parse(share.expires_at) <= deps.now()) {
    throw AppError.rule(SHOWROOM_MSG.linkExpired);
  }
  const hall = await deps.db
    .selectFrom('showrooms as s')
    .innerJoin('users as u', 'u.id', 's.owner_id')
    .select(['s.id', 's.name', 's.description', 's.background', 's.visibility', 's.cover_work_id'])
    .select('u.user_name')
    .where('s.id', '=', share.showroom_id)
    .executeTakeFirst();
  if (!hall) throw AppError.notFound(SHOWROOM_MSG.linkInvalid);
  if (hall.visibility !== 'link') throw AppError.forbidden(SHOWROOM_MSG.linkPrivate);
  if (share.code_hash !== null) {
    const given = code.trim();
    if (given === '') return { needCode: true };
    const count = await beginCodeAttempt(deps, share.id);
    const expected = Buffer.from(share.code_hash, 'hex');
    const actual = Buffer.from(codeHash(tokenHash, given), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      const left = SHARE_CODE_LOCK.maxFailures - count;
      if (left <= 0) throw codeLocked();
      throw AppError.rule(SHOWROOM_MSG.wrongCode(left));
    }
    // A right code takes its own attempt back; the guesses of others keep counting.
    await deps.db
      .updateTable('showroom_shares')
      .set({ failed_count: sql<number>`failed_count - 1` })
      .where('id', '=', share.id)
      .where('failed_count', '>', 0)
      .execute();
  }
  const [works, covers] = await Promise.all([
    hallWorks(deps.db, hall.id),
    coverUrls(deps.db, [hall]),
  ]);
  return {
    needCode: false,
    hall: {
      name: hall.name,
      description: hall.description,
      ownerName: hall.user_name,
      background: hall.background,
      coverUrl: covers.get(hall.id) ?? '',
      works,
      expiresAt: share.expires_at,
    },
  };
}

/** ShowRoom/InviteMember: by 彩虹号; inviting someone again changes their role. */
export async function invite(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof inviteShowRoomMember>,
): Promise<ShowroomMember> {
  const hall = await ownerAccess(deps.db, userId, input.showRoomId);
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'cai_hong_id', 'user_name'])
    .where('cai_hong_id', '=', input.caiHongID.trim())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw AppError.notFound(SHOWROOM_MSG.userNotFound);
  if (user.id === userId) throw AppError.rule(SHOWROOM_MSG.inviteSelf);
  const now = iso(deps.now());
  const owner = await deps.db
    .selectFrom('users')
    .select('user_name')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('showroom_members')
      .select('role')
      .where('showroom_id', '=', hall.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    await trx
      .insertInto('showroom_members')
      .values({
        showroom_id: hall.id,
        user_id: user.id,
        role: input.role,
        status: 'pending',
        invited_at: now,
      })
      .onConflict((oc) => oc.columns(['showroom_id', 'user_id']).doUpdateSet({ role: input.role }))
      .execute();
    // The invitee hears of a new invitation (not of a repeated one with the same role).
    if (before?.role === input.role) return;
    await sendNotice(trx, {
      userId: user.id,
      kind: 'system',
      title: SHOWROOM_MSG.inviteNoticeTitle,
      body: SHOWROOM_MSG.inviteNoticeBody(owner.user_name, hall.name, input.role === 'editor'),
      link: '/user/myShowRoom/cooperate',
    });
  });
  const row = await deps.db
    .selectFrom('showroom_members')
    .select(['status', 'invited_at'])
    .where('showroom_id', '=', hall.id)
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return {
    userId: user.id,
    caiHongID: user.cai_hong_id,
    userName: user.user_name,
    role: input.role,
    status: row.status === 'accepted' ? 'accepted' : 'pending',
    invitedAt: row.invited_at,
  };
}

export async function removeMember(
  deps: Deps,
  userId: number,
  showRoomId: number,
  memberId: number,
): Promise<Record<string, never>> {
  await ownerAccess(deps.db, userId, showRoomId);
  const removed = await deps.db
    .deleteFrom('showroom_members')
    .where('showroom_id', '=', showRoomId)
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw AppError.notFound(SHOWROOM_MSG.memberNotFound);
  return {};
}

export async function cooperation(deps: Deps, userId: number): Promise<Cooperation[]> {
  const rows = await deps.db
    .selectFrom('showroom_members as m')
    .innerJoin('showrooms as s', 's.id', 'm.showroom_id')
    .select([
      's.id',
      's.owner_id',
      's.name',
      's.description',
      's.background',
      's.visibility',
      's.cover_work_id',
      's.locked_by',
      's.locked_at',
      's.updated_at',
      'm.role',
      'm.status',
      'm.invited_at',
    ])
    .where('m.user_id', '=', userId)
    .orderBy('m.invited_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  const halls: HallRow[] = rows;
  const list = await summaries(
    deps.db,
    halls,
    new Map(rows.map((r) => [r.id, r.role === 'editor' ? 'editor' : 'viewer'])),
  );
  return rows.map((r, i) => ({
    hall: list[i]!,
    status: r.status === 'accepted' ? 'accepted' : 'pending',
    invitedAt: r.invited_at,
  }));
}

export async function acceptInvite(
  deps: Deps,
  userId: number,
  showRoomId: number,
): Promise<Record<string, never>> {
  const updated = await deps.db
    .updateTable('showroom_members')
    .set({ status: 'accepted' })
    .where('showroom_id', '=', showRoomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw AppError.notFound(SHOWROOM_MSG.noInvite);
  return {};
}

export async function leave(
  deps: Deps,
  userId: number,
  showRoomId: number,
): Promise<Record<string, never>> {
  const owned = await deps.db
    .selectFrom('showrooms')
    .select('id')
    .where('id', '=', showRoomId)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  if (owned) throw AppError.rule(SHOWROOM_MSG.ownerCannotLeave);
  const removed = await deps.db
    .deleteFrom('showroom_members')
    .where('showroom_id', '=', showRoomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw AppError.notFound(SHOWROOM_MSG.noInvite);
  return {};
}

/** Lock or release: the owner only; the change and its log line are written together. */
export async function setLock(
  deps: Deps,
  userId: number,
  showRoomId: number,
  lock: boolean,
): Promise<Record<string, never>> {
  return deps.db.transaction().execute(async (trx) => {
    const hall = await ownerAccess(trx, userId, showRoomId);
    const now = iso(deps.now());
    const changed = await trx
      .updateTable('showrooms')
      .set(lock ? { locked_at: now, locked_by: userId } : { locked_at: null, locked_by: null })
      .where('id', '=', hall.id)
      .where('locked_at', lock ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) {
      throw AppError.conflict(lock ? SHOWROOM_MSG.alreadyLocked : SHOWROOM_MSG.notLocked);
    }
    await trx
      .insertInto('showroom_lock_events')
      .values({ showroom_id: hall.id, user_id: userId, action: lock ? 'lock' : 'unlock', at: now })
      .execute();
    return {};
  });
}

export async function lockHistory(
  deps: Deps,
  userId: number,
  showRoomId: number,
): Promise<LockEvent[]> {
  await access(deps.db, userId, showRoomId);
  const rows = await deps.db
    .selectFrom('showroom_lock_events as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.action', 'e.at', 'u.user_name'])
    .where('e.showroom_id', '=', showRoomId)
    .orderBy('e.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    action: r.action === 'lock' ? 'lock' : 'unlock',
    userName: r.user_name,
    at: r.at,
  }));
}
