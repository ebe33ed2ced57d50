import type { Kysely } from 'kysely';
import type {
  addOrEditCollectionGroup,
  delCollectionGroup,
  getAllCollectionGroup,
  getCollectionGroupList,
} from '@shared/contract/collections';
import { COLLECTION_GROUPS_MAX } from '@shared/contract/collections';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { pageWindow, thumbsOfGroups, toCount } from '../works/catalogue-queries';
import { COLLECTION_MSG } from './messages';

// A user's collection groups (收藏分组): listing, naming and removing them. The works in them are
// collect-service.ts's.

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** The caller's own group, or 收藏分组不存在 (another user's group is never revealed). */
export async function ownGroup(db: Kysely<Database>, userId: number, groupId: number) {
  const group = await db
    .selectFrom('collection_groups')
    .select(['id', 'name', 'created_at'])
    .where('id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!group) throw AppError.notFound(COLLECTION_MSG.groupMissing);
  return group;
}

/** Published collected works per group of the user (the null key: not in a group). */
export async function groupWorkCounts(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom('collections as col')
    .innerJoin('works as w', 'w.id', 'col.target_id')
    .where('col.user_id', '=', userId)
    .where('col.target_type', '=', 'work')
    .where('w.status', '=', 'published')
    .groupBy('col.group_id')
    .select((eb) => ['col.group_id', eb.fn.countAll<number>().as('n')])
    .execute();
  return new Map(rows.map((r) => [r.group_id, toCount(r.n)]));
}

/** One page of the user's groups, newest first, each with its count and first covers. */
export async function listCollectionGroups(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof getCollectionGroupList>,
): Promise<CallResponse<typeof getCollectionGroupList>> {
  const { db } = deps;
  const { limit, offset } = pageWindow(input);
  const [count, groups, counts] = await Promise.all([
    db
      .selectFrom('collection_groups')
      .where('user_id', '=', userId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('collection_groups')
      .select(['id', 'name', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    groupWorkCounts(db, userId),
  ]);
  const members =
    groups.length === 0
      ? []
      : await db
          .selectFrom('collections as col')
          .innerJoin('works as w', 'w.id', 'col.target_id')
          .select(['col.group_id', 'col.target_id'])
          .where('col.user_id', '=', userId)
          .where('col.target_type', '=', 'work')
          .where('w.status', '=', 'published')
          .where(
            'col.group_id',
            'in',
            groups.map((g) => g.id),
          )
          .orderBy('col.created_at', 'desc')
          .orderBy('col.id', 'desc')
          .execute();
  const byGroup = new Map<number, number[]>();
  for (const m of members) {
    if (m.group_id === null) continue;
    byGroup.set(m.group_id, [...(byGroup.get(m.group_id) ?? []), m.target_id]);
  }
  const covers = await thumbsOfGroups(db, byGroup, 4);
  let all = 0;
  for (const n of counts.values()) all += n;
  return {
    list: groups.map((g) => ({
      id: g.id,
      name: g.name,
      workCount: counts.get(g.id) ?? 0,
      covers: covers.get(g.id) ?? [],
      createdAt: g.created_at,
    })),
    total: toCount(count.n),
    allCount: all,
    ungroupedCount: counts.get(null) ?? 0,
  };
}

/** Every group of the user (for the "collect into" picker), newest first. */
export async function allCollectionGroups(
  deps: Deps,
  userId: number,
): Promise<CallResponse<typeof getAllCollectionGroup>> {
  const { db } = deps;
  const [groups, counts] = await Promise.all([
    db
      .selectFrom('collection_groups')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    groupWorkCounts(db, userId),
  ]);
  return groups.map((g) => ({ id: g.id, name: g.name, workCount: counts.get(g.id) ?? 0 }));
}

/** Creates a group (at most COLLECTION_GROUPS_MAX) or renames one; names are unique per user. */
export async function saveCollectionGroup(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof addOrEditCollectionGroup>,
): Promise<CallResponse<typeof addOrEditCollectionGroup>> {
  const { db } = deps;
  const name = input.name.trim();
  if (name === '') throw AppError.rule(COLLECTION_MSG.groupNameEmpty);
  const clash = await db
    .selectFrom('collection_groups')
    .select('id')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (clash && clash.id !== input.id) throw AppError.conflict(COLLECTION_MSG.groupNameTaken);
  if (input.id !== undefined) {
    await ownGroup(db, userId, input.id);
    await db.updateTable('collection_groups').set({ name }).where('id', '=', input.id).execute();
    const counts = await groupWorkCounts(db, userId);
    return { id: input.id, name, workCount: counts.get(input.id) ?? 0 };
  }
  const count = await db
    .selectFrom('collection_groups')
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (toCount(count.n) >= COLLECTION_GROUPS_MAX) {
    throw AppError.rule(COLLECTION_MSG.tooManyGroups(COLLECTION_GROUPS_MAX));
  }
  const row = await db
    .insertInto('collection_groups')
    .values({ user_id: userId, name, created_at: iso(deps.now()) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, workCount: 0 };
}

/** Removes the user's group; its works stay collected, out of any group. */
export async function deleteCollectionGroup(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof delCollectionGroup>,
): Promise<CallResponse<typeof delCollectionGroup>> {
  const { db } = deps;
  await ownGroup(db, userId, input.id);
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('collections')
      .set({ group_id: null })
      .where('user_id', '=', userId)
      .where('group_id', '=', input.id)
      .executeTakeFirst();
    await trx.deleteFrom('collection_groups').where('id', '=', input.id).execute();
    return { id: input.id, movedWorks: Number(moved.numUpdatedRows) };
  });
}
