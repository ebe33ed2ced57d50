import type { Kysely, Transaction } from 'kysely';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import type { WorkCard } from '@shared/contract/common';
import {
  SHOWROOM_BACKGROUNDS,
  SHOWROOM_DESCRIPTION_MAX,
  SHOWROOM_NAME_MAX,
  SHOWROOMS_PER_USER,
  WORKS_PER_SHOWROOM,
} from '@shared/contract/showrooms';
import type {
  ShowroomDetail,
  ShowroomMember,
  ShowroomRole,
  ShowroomSummary,
  addShowRoom,
  getCandidateWorks,
  getMyShowRooms,
  updateShowRoomSetting,
} from '@shared/contract/showrooms';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { lockUserRow } from '../accounts/users';
import { cardsByIds, thumbUrls } from '../works/catalogue-queries';
import { publishedCardsQuery, toWorkCards } from '../works/work-cards';
import { SHOWROOM_MSG } from './messages';

// 我的展厅 (docs/showrooms.md): halls, their works and their settings. Every call reads the
// caller's role from the database, so a removed member loses access on the next request.

export type Deps = Pick<AppDeps, 'db' | 'now'>;
type Db = Kysely<Database> | Transaction<Database>;

export const iso = (ms: number): string => new Date(ms).toISOString();
const chars = (s: string): number => [...s].length;

export type HallRow = {
  id: number;
  owner_id: number;
  name: string;
  description: string;
  background: string;
  visibility: string;
  cover_work_id: number | null;
  locked_by: number | null;
  locked_at: string | null;
  updated_at: string;
};

const HALL_COLUMNS = [
  'id',
  'owner_id',
  'name',
  'description',
  'background',
  'visibility',
  'cover_work_id',
  'locked_by',
  'locked_at',
  'updated_at',
] as const;

export type Access = { hall: HallRow; role: ShowroomRole };

/** The hall and the caller's role; a stranger or a pending invitee is told it does not exist. */
export async function access(db: Db, userId: number, showRoomId: number): Promise<Access> {
  const hall = await db
    .selectFrom('showrooms')
    .select(HALL_COLUMNS)
    .where('id', '=', showRoomId)
    .executeTakeFirst();
  if (!hall) throw AppError.notFound(SHOWROOM_MSG.notFound);
  if (hall.owner_id === userId) return { hall, role: 'owner' };
  const member = await db
    .selectFrom('showroom_members')
    .select('role')
    .where('showroom_id', '=', showRoomId)
    .where('user_id', '=', userId)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  if (!member) throw AppError.notFound(SHOWROOM_MSG.notFound);
  return { hall, role: member.role === 'editor' ? 'editor' : 'viewer' };
}

/** The owner only (share links, members, lock, delete). */
export async function ownerAccess(db: Db, userId: number, showRoomId: number): Promise<HallRow> {
  const { hall, role } = await access(db, userId, showRoomId);
  if (role !== 'owner') throw AppError.forbidden(SHOWROOM_MSG.ownerOnly);
  return hall;
}

/** The owner or an editor, and the hall not locked: the rule of every change to a hall. */
export async function editAccess(db: Db, userId: number, showRoomId: number): Promise<Access> {
  const found = await access(db, userId, showRoomId);
  if (found.role === 'viewer') throw AppError.forbidden(SHOWROOM_MSG.readOnly);
  if (found.hall.locked_at !== null) throw AppError.conflict(SHOWROOM_MSG.locked);
  return found;
}

function checkText(name: string, description: string): { name: string; description: string } {
  const trimmed = name.trim();
  if (trimmed === '') throw AppError.rule(SHOWROOM_MSG.nameRequired);
  if (chars(trimmed) > SHOWROOM_NAME_MAX) {
    throw AppError.rule(SHOWROOM_MSG.nameTooLong(SHOWROOM_NAME_MAX));
  }
  const text = description.trim();
  if (chars(text) > SHOWROOM_DESCRIPTION_MAX) {
    throw AppError.rule(SHOWROOM_MSG.descriptionTooLong(SHOWROOM_DESCRIPTION_MAX));
  }
  return { name: trimmed, description: text };
}

/** The given ids, each once, all published works; otherwise the whole request is refused. */
async function publishedIds(db: Db, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom('works')
    .select('id')
    .where('id', 'in', unique)
    .where('status', '=', 'published')
    .execute();
  if (rows.length !== unique.length) throw AppError.rule(SHOWROOM_MSG.workNotPublished);
  return unique;
}

/** Works of halls in hall order, published ones only (a work taken down leaves the hall's view). */
async function hallWorkIds(db: Db, showRoomId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('showroom_works as sw')
    .innerJoin('works as w', 'w.id', 'sw.work_id')
    .select('sw.work_id')
    .where('sw.showroom_id', '=', showRoomId)
    .where('w.status', '=', 'published')
    .orderBy('sw.position')
    .orderBy('sw.work_id')
    .execute();
  return rows.map((r) => r.work_id);
}

export async function hallWorks(db: Kysely<Database>, showRoomId: number): Promise<WorkCard[]> {
  return cardsByIds(db, await hallWorkIds(db, showRoomId));
}

/** The cover: the chosen work while it is in the hall and published, else the first work. */
export async function coverUrls(
  db: Kysely<Database>,
  halls: readonly Pick<HallRow, 'id' | 'cover_work_id'>[],
): Promise<Map<number, string>> {
  if (halls.length === 0) return new Map();
  const rows = await db
    .selectFrom('showroom_works as sw')
    .innerJoin('works as w', 'w.id', 'sw.work_id')
    .select(['sw.showroom_id', 'sw.work_id', 'sw.position'])
    .where(
      'sw.showroom_id',
      'in',
      halls.map((h) => h.id),
    )
    .where('w.status', '=', 'published')
    .orderBy('sw.position')
    .orderBy('sw.work_id')
    .execute();
  const coverOf = new Map<number, number>();
  for (const hall of halls) {
    const own = rows.filter((r) => r.showroom_id === hall.id);
    const chosen = own.find((r) => r.work_id === hall.cover_work_id) ?? own[0];
    if (chosen) coverOf.set(hall.id, chosen.work_id);
  }
  const thumbs = await thumbUrls(db, [...coverOf.values()]);
  return new Map(
    [...coverOf.entries()].map(([hallId, workId]) => [hallId, thumbs.get(workId) ?? '']),
  );
}

/** Summaries of halls for one caller, with counts, covers and names in a few queries. */
export async function summaries(
  db: Kysely<Database>,
  halls: readonly HallRow[],
  roles: Map<number, ShowroomRole>,
): Promise<ShowroomSummary[]> {
  if (halls.length === 0) return [];
  const ids = halls.map((h) => h.id);
  const [works, members, owners, covers] = await Promise.all([
    db
      .selectFrom('showroom_works as sw')
      .innerJoin('works as w', 'w.id', 'sw.work_id')
      .select(['sw.showroom_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('sw.showroom_id', 'in', ids)
      .where('w.status', '=', 'published')
      .groupBy('sw.showroom_id')
      .execute(),
    db
      .selectFrom('showroom_members')
      .select(['showroom_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('showroom_id', 'in', ids)
      .where('status', '=', 'accepted')
      .groupBy('showroom_id')
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'user_name'])
      .where('id', 'in', [...new Set(halls.map((h) => h.owner_id))])
      .execute(),
    coverUrls(db, halls),
  ]);
  const workCount = new Map(works.map((r) => [r.showroom_id, Number(r.n)]));
  const memberCount = new Map(members.map((r) => [r.showroom_id, Number(r.n)]));
  const ownerName = new Map(owners.map((r) => [r.id, r.user_name]));
  return halls.map((h) => ({
    id: h.id,
    name: h.name,
    description: h.description,
    coverUrl: covers.get(h.id) ?? '',
    workCount: workCount.get(h.id) ?? 0,
    memberCount: memberCount.get(h.id) ?? 0,
    locked: h.locked_at !== null,
    updatedAt: h.updated_at,
    ownerName: ownerName.get(h.owner_id) ?? '',
    role: roles.get(h.id) ?? 'viewer',
    visibility: h.visibility === 'link' ? 'link' : 'private',
    background: h.background,
  }));
}

export async function myShowRooms(
  deps: Deps,
  userId: number,
): Promise<CallResponse<typeof getMyShowRooms>> {
  const mine = await deps.db
    .selectFrom('showrooms')
    .select(HALL_COLUMNS)
    .where('owner_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const memberships = await deps.db
    .selectFrom('showroom_members as m')
    .innerJoin('showrooms as s', 's.id', 'm.showroom_id')
    .select([...HALL_COLUMNS.map((c) => `s.${c}` as const), 'm.role'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'accepted')
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  const roles = new Map<number, ShowroomRole>(mine.map((h) => [h.id, 'owner']));
  for (const m of memberships) roles.set(m.id, m.role === 'editor' ? 'editor' : 'viewer');
  const [ownSummaries, sharedSummaries] = await Promise.all([
    summaries(deps.db, mine, roles),
    summaries(deps.db, memberships, roles),
  ]);
  return {
    mine: ownSummaries,
    shared: sharedSummaries,
    remaining: Math.max(0, SHOWROOMS_PER_USER - mine.length),
  };
}

/** ShowRoom/AddShowRoom: the same requestId creates one hall; the limit is counted inside. */
export async function addHall(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof addShowRoom>,
): Promise<{ showRoomId: number }> {
  const existing = await deps.db
    .selectFrom('showrooms')
    .select('id')
    .where('owner_id', '=', userId)
    .where('request_id', '=', input.requestId)
    .executeTakeFirst();
  if (existing) return { showRoomId: existing.id };
  const text = checkText(input.name, input.description);
  const workIds = await publishedIds(deps.db, input.workIds);
  if (workIds.length > WORKS_PER_SHOWROOM) {
    throw AppError.rule(SHOWROOM_MSG.tooManyWorks(WORKS_PER_SHOWROOM));
  }
  const cover = input.coverWorkId ?? workIds[0] ?? null;
  if (cover !== null && !workIds.includes(cover)) throw AppError.rule(SHOWROOM_MSG.coverNotInHall);
  const now = iso(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    // Two creates at once (different requestIds) are counted one after the other.
    await lockUserRow(trx, userId);
    const owned = await trx
      .selectFrom('showrooms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(owned.n) >= SHOWROOMS_PER_USER) {
      throw AppError.rule(SHOWROOM_MSG.tooManyHalls(SHOWROOMS_PER_USER));
    }
    const inserted = await trx
      .insertInto('showrooms')
      .values({
        owner_id: userId,
        name: text.name,
        description: text.description,
        background: SHOWROOM_BACKGROUNDS[0],
        visibility: 'private',
        cover_work_id: cover,
        locked_by: null,
        locked_at: null,
        request_id: input.requestId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['owner_id', 'request_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      // A second click raced the first to the insert: the first one's hall is the answer.
      const first = await trx
        .selectFrom('showrooms')
        .select('id')
        .where('owner_id', '=', userId)
        .where('request_id', '=', input.requestId)
        .executeTakeFirstOrThrow();
      return { showRoomId: first.id };
    }
    if (workIds.length > 0) {
      await trx
        .insertInto('showroom_works')
        .values(
          workIds.map((workId, position) => ({
            showroom_id: inserted.id,
            work_id: workId,
            position,
            added_by: userId,
            added_at: now,
          })),
        )
        .execute();
    }
    return { showRoomId: inserted.id };
  });
}

async function members(
  db: Kysely<Database>,
  showRoomId: number,
  everyone: boolean,
): Promise<ShowroomMember[]> {
  let q = db
    .selectFrom('showroom_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.cai_hong_id', 'u.user_name', 'm.role', 'm.status', 'm.invited_at'])
    .where('m.showroom_id', '=', showRoomId);
  if (!everyone) q = q.where('m.status', '=', 'accepted');
  const rows = await q.orderBy('m.invited_at').orderBy('m.user_id').execute();
  return rows.map((r) => ({
    userId: r.user_id,
    caiHongID: r.cai_hong_id,
    userName: r.user_name,
    role: r.role === 'editor' ? 'editor' : 'viewer',
    status: r.status === 'accepted' ? 'accepted' : 'pending',
    invitedAt: r.invited_at,
  }));
}

export async function hallDetail(
  deps: Deps,
  userId: number,
  showRoomId: number,
): Promise<ShowroomDetail> {
  const { hall, role } = await access(deps.db, userId, showRoomId);
  const [[summary], works, people, locker] = await Promise.all([
    summaries(deps.db, [hall], new Map([[hall.id, role]])),
    hallWorks(deps.db, hall.id),
    members(deps.db, hall.id, role === 'owner'),
    hall.locked_by === null
      ? Promise.resolve(undefined)
      : deps.db
          .selectFrom('users')
          .select('user_name')
          .where('id', '=', hall.locked_by)
          .executeTakeFirst(),
  ]);
  if (!summary) throw AppError.notFound(SHOWROOM_MSG.notFound);
  return {
    ...summary,
    coverWorkId: hall.cover_work_id,
    works,
    members: people,
    canEdit: role !== 'viewer' && hall.locked_at === null,
    lockedBy: locker?.user_name ?? '',
    lockedAt: hall.locked_at,
  };
}

/** Published works the caller may pick from: collected, licensed (paid) or their own. */
export async function candidateWorks(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof getCandidateWorks>,
): Promise<{ list: WorkCard[]; total: number }> {
  const db = deps.db;
  let q = publishedCardsQuery(db);
  if (input.source === 'mine') q = q.where('w.designer_id', '=', userId);
  if (input.source === 'collected') {
    q = q.where((eb) =>
      eb(
        'w.id',
        'in',
        eb
          .selectFrom('collections')
          .select('target_id')
          .where('user_id', '=', userId)
          .where('target_type', '=', 'work'),
      ),
    );
  }
  if (input.source === 'licensed') {
    q = q.where((eb) =>
      eb(
        'w.id',
        'in',
        eb
          .selectFrom('orders')
          .select('work_id')
          .where('buyer_id', '=', userId)
          .where('state', 'in', ['paid', 'authorised']),
      ),
    );
  }
  const pageSize = input.pageSize ?? 24;
  const offset = ((input.pageIndex ?? 1) - 1) * pageSize;
  const [count, rows] = await Promise.all([
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    q.orderBy('w.id', 'desc').limit(pageSize).offset(offset).execute(),
  ]);
  return { list: await toWorkCards(db, rows), total: Number(count.n) };
}

async function touch(db: Db, showRoomId: number, now: string): Promise<void> {
  await db.updateTable('showrooms').set({ updated_at: now }).where('id', '=', showRoomId).execute();
}

async function storedCount(db: Db, showRoomId: number): Promise<number> {
  const row = await db
    .selectFrom('showroom_works')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('showroom_id', '=', showRoomId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** ShowRoom/AddWorks: published works not yet in the hall go to its end; the limit holds. */
export async function addWorks(
  deps: Deps,
  userId: number,
  showRoomId: number,
  ids: readonly number[],
): Promise<{ added: number; workCount: number }> {
  if (ids.length === 0) throw AppError.rule(SHOWROOM_MSG.noWorks);
  const workIds = await publishedIds(deps.db, ids);
  const now = iso(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    await editAccess(trx, userId, showRoomId);
    const present = await trx
      .selectFrom('showroom_works')
      .select(['work_id', 'position'])
      .where('showroom_id', '=', showRoomId)
      .execute();
    const inHall = new Set(present.map((r) => r.work_id));
    const fresh = workIds.filter((id) => !inHall.has(id));
    if (present.length + fresh.length > WORKS_PER_SHOWROOM) {
      throw AppError.rule(SHOWROOM_MSG.tooManyWorks(WORKS_PER_SHOWROOM));
    }
    const start = present.reduce((max, r) => Math.max(max, r.position + 1), 0);
    if (fresh.length > 0) {
      await trx
        .insertInto('showroom_works')
        .values(
          fresh.map((workId, i) => ({
            showroom_id: showRoomId,
            work_id: workId,
            position: start + i,
            added_by: userId,
            added_at: now,
          })),
        )
        .execute();
      await touch(trx, showRoomId, now);
    }
    return { added: fresh.length, workCount: present.length + fresh.length };
  });
}

export async function removeWork(
  deps: Deps,
  userId: number,
  showRoomId: number,
  workId: number,
): Promise<{ workCount: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const { hall } = await editAccess(trx, userId, showRoomId);
    const removed = await trx
      .deleteFrom('showroom_works')
      .where('showroom_id', '=', showRoomId)
      .where('work_id', '=', workId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw AppError.notFound(SHOWROOM_MSG.workNotInHall);
    const now = iso(deps.now());
    if (hall.cover_work_id === workId) {
      await trx
        .updateTable('showrooms')
        .set({ cover_work_id: null })
        .where('id', '=', showRoomId)
        .execute();
    }
    await touch(trx, showRoomId, now);
    return { workCount: await storedCount(trx, showRoomId) };
  });
}

/** ShowRoom/SortWorks: the new order names exactly the hall's works (published ones). */
export async function sortWorks(
  deps: Deps,
  userId: number,
  showRoomId: number,
  order: readonly number[],
): Promise<Record<string, never>> {
  return deps.db.transaction().execute(async (trx) => {
    await editAccess(trx, userId, showRoomId);
    const current = await hallWorkIds(trx, showRoomId);
    const same =
      order.length === current.length &&
      new Set(order).size === order.length &&
      order.every((id) => current.includes(id));
    if (!same) throw AppError.conflict(SHOWROOM_MSG.badOrder);
    for (const [position, workId] of order.entries()) {
      await trx
        .updateTable('showroom_works')
        .set({ position })
        .where('showroom_id', '=', showRoomId)
        .where('work_id', '=', workId)
        .execute();
    }
    await touch(trx, showRoomId, iso(deps.now()));
    return {};
  });
}

export async function updateSetting(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof updateShowRoomSetting>,
): Promise<Record<string, never>> {
  const text = checkText(input.name, input.description);
  return deps.db.transaction().execute(async (trx) => {
    const { hall, role } = await editAccess(trx, userId, input.showRoomId);
    if (role !== 'owner' && input.visibility !== hall.visibility) {
      throw AppError.forbidden(SHOWROOM_MSG.visibilityOwnerOnly);
    }
    if (input.coverWorkId !== null) {
      const ids = await hallWorkIds(trx, hall.id);
      if (!ids.includes(input.coverWorkId)) throw AppError.rule(SHOWROOM_MSG.coverNotInHall);
    }
    await trx
      .updateTable('showrooms')
      .set({
        name: text.name,
        description: text.description,
        background: input.background.toLowerCase(),
        visibility: input.visibility,
        cover_work_id: input.coverWorkId,
        updated_at: iso(deps.now()),
      })
      .where('id', '=', hall.id)
      .execute();
    return {};
  });
}

/** ShowRoom/DeleteShowRooms: all or none; the owner's own, unlocked halls only. */
export async function deleteHalls(
  deps: Deps,
  userId: number,
  ids: readonly number[],
): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    for (const id of unique) {
      const hall = await ownerAccess(trx, userId, id);
      if (hall.locked_at !== null) throw AppError.conflict(SHOWROOM_MSG.locked);
    }
    await removeHalls(trx, unique);
    return { deleted: unique.length };
  });
}

/** Removes halls whole (works, members, share links, lock log), inside the caller's transaction. */
export async function removeHalls(
  trx: Transaction<Database>,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  for (const table of [
    'showroom_works',
    'showroom_members',
    'showroom_shares',
    'showroom_lock_events',
  ] as const) {
    await trx.deleteFrom(table).where('showroom_id', 'in', ids).execute();
  }
  await trx.deleteFrom('showrooms').where('id', 'in', ids).execute();
}
