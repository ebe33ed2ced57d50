import type { Kysely } from 'kysely';
import type {
  CollectTarget,
  addOrCancelCollect,
  addOrCancelCollection,
  collectCenter,
  getMyCollectCreations,
  getMyCollectIP,
  getMyCollectTheme,
} from '@shared/contract/collections';
import { COLLECTABLE_NOW } from '@shared/contract/collections';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import { MSG } from '@shared/messages';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { ipCardsByIds } from '../ips/ip-cards';
import { themeCardsByIds } from '../themes/theme-cards';
import { pageWindow, toCount } from '../works/catalogue-queries';
import type { PageInput } from '../works/catalogue-queries';
import { publishedCardsQuery, toWorkCards } from '../works/work-cards';
import { groupWorkCounts, ownGroup } from './collection-groups-service';
import { COLLECTION_MSG } from './messages';

// Collecting works (into groups), themes and IPs, and the user's collected lists.

type Deps = Pick<AppDeps, 'db' | 'now'>;

const TARGET_MISSING: Record<CollectTarget, string> = {
  work: MSG.missing.workUnavailable,
  theme: MSG.missing.theme,
  ip: MSG.missing.ip,
  demand: COLLECTION_MSG.demandMissing,
  template: COLLECTION_MSG.templateMissing,
};

/** Whether a collect target exists (and, for works, is published). */
async function targetExists(db: Kysely<Database>, type: CollectTarget, id: number) {
  switch (type) {
    case 'work':
      return (
        (await db
          .selectFrom('works')
          .select('id')
          .where('id', '=', id)
          .where('status', '=', 'published')
          .executeTakeFirst()) !== undefined
      );
    case 'theme':
      return (
        (await db.selectFrom('themes').select('id').where('id', '=', id).executeTakeFirst()) !==
        undefined
      );
    case 'ip':
      return (
        (await db.selectFrom('ips').select('id').where('id', '=', id).executeTakeFirst()) !==
        undefined
      );
    case 'demand':
      return (
        (await db.selectFrom('demands').select('id').where('id', '=', id).executeTakeFirst()) !==
        undefined
      );
    default:
      return false;
  }
}

async function favouriteCount(db: Kysely<Database>, workId: number) {
  const row = await db
    .selectFrom('works')
    .select('favourite_count')
    .where('id', '=', workId)
    .executeTakeFirstOrThrow();
  return row.favourite_count;
}

/** Removes one collection; whether there was one to remove (only one of racing calls sees it). */
async function removeCollect(
  db: Kysely<Database>,
  userId: number,
  type: CollectTarget,
  targetId: number,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('collections')
    .where('user_id', '=', userId)
    .where('target_type', '=', type)
    .where('target_id', '=', targetId)
    .returning('id')
    .executeTakeFirst();
  return removed !== undefined;
}

/** Counts a work's favourites up or down (never below zero). */
async function bumpFavourites(db: Kysely<Database>, workId: number, by: 1 | -1): Promise<void> {
  await db
    .updateTable('works')
    .set((eb) => ({ favourite_count: eb('favourite_count', by > 0 ? '+' : '-', 1) }))
    .where('id', '=', workId)
    .$if(by < 0, (q) => q.where('favourite_count', '>', 0))
    .execute();
}

/** Collects a published work into one of the user's groups (or none), or un-collects it. */
export async function collectWork(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof addOrCancelCollection>,
): Promise<CallResponse<typeof addOrCancelCollection>> {
  const { db } = deps;
  const groupId = input.groupId ?? null;
  if (input.collect) {
    if (!(await targetExists(db, 'work', input.workId)))
      throw AppError.notFound(TARGET_MISSING.work);
    if (groupId !== null) await ownGroup(db, userId, groupId);
  }
  // One conditional statement each way, so identical calls at the same moment neither trip the
  // unique index nor count a favourite twice.
  await db.transaction().execute(async (trx) => {
    if (input.collect) {
      const added = await trx
        .insertInto('collections')
        .values({
          user_id: userId,
          target_type: 'work',
          target_id: input.workId,
          group_id: groupId,
          created_at: iso(deps.now()),
        })
        .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added) await bumpFavourites(trx, input.workId, 1);
      else {
        // Collecting again moves it to the group.
        await trx
          .updateTable('collections')
          .set({ group_id: groupId })
          .where('user_id', '=', userId)
          .where('target_type', '=', 'work')
          .where('target_id', '=', input.workId)
          .execute();
      }
    } else if (await removeCollect(trx, userId, 'work', input.workId)) {
      await bumpFavourites(trx, input.workId, -1);
    }
  });
  const exists = await db
    .selectFrom('works')
    .select('id')
    .where('id', '=', input.workId)
    .executeTakeFirst();
  return {
    isCollected: input.collect,
    groupId: input.collect ? groupId : null,
    favouriteCount: exists ? await favouriteCount(db, input.workId) : 0,
  };
}

/** Collects or un-collects any collectable target (a work goes to no group). */
export async function collectTarget(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof addOrCancelCollect>,
): Promise<CallResponse<typeof addOrCancelCollect>> {
  const { db } = deps;
  const type = input.targetType;
  if (!COLLECTABLE_NOW.includes(type)) throw AppError.rule(COLLECTION_MSG.notCollectable);
  if (input.collect && !(await targetExists(db, type, input.targetId))) {
    throw AppError.notFound(TARGET_MISSING[type]);
  }
  // One conditional statement each way (insert … on conflict do nothing / delete … returning):
  // identical calls at the same moment all succeed and leave one collection, counted once.
  await db.transaction().execute(async (trx) => {
    if (input.collect) {
      const added = await trx
        .insertInto('collections')
        .values({
          user_id: userId,
          target_type: type,
          target_id: input.targetId,
          group_id: null,
          created_at: iso(deps.now()),
        })
        .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added && type === 'work') await bumpFavourites(trx, input.targetId, 1);
    } else if (await removeCollect(trx, userId, type, input.targetId)) {
      if (type === 'work') await bumpFavourites(trx, input.targetId, -1);
    }
  });
  const count = await db
    .selectFrom('collections')
    .where('target_type', '=', type)
    .where('target_id', '=', input.targetId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { isCollected: input.collect, collectCount: toCount(count.n) };
}

/** How many things of each kind the user collected (works: published ones), and their groups. */
export async function collectionSummary(
  deps: Deps,
  userId: number,
): Promise<CallResponse<typeof collectCenter>> {
  const { db } = deps;
  const [byType, works, groups] = await Promise.all([
    db
      .selectFrom('collections')
      .where('user_id', '=', userId)
      .where('target_type', '!=', 'work')
      .groupBy('target_type')
      .select((eb) => ['target_type', eb.fn.countAll<number>().as('n')])
      .execute(),
    groupWorkCounts(db, userId),
    db
      .selectFrom('collection_groups')
      .where('user_id', '=', userId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const of = (t: string) => toCount(byType.find((r) => r.target_type === t)?.n);
  let work = 0;
  for (const n of works.values()) work += n;
  return {
    work,
    theme: of('theme'),
    demand: of('demand'),
    ip: of('ip'),
    template: of('template'),
    groups: toCount(groups.n),
  };
}

/** One page of the user's collected works: all, ungrouped (groupId 0) or one group's. */
export async function collectedWorks(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof getMyCollectCreations>,
): Promise<CallResponse<typeof getMyCollectCreations>> {
  const { db } = deps;
  const { limit, offset } = pageWindow(input);
  const groupId = input.groupId;
  const group = groupId === undefined || groupId === 0 ? null : await ownGroup(db, userId, groupId);
  const base = publishedCardsQuery(db)
    .innerJoin('collections as col', (join) =>
      join
        .onRef('col.target_id', '=', 'w.id')
        .on('col.target_type', '=', 'work')
        .on('col.user_id', '=', userId),
    )
    .$if(groupId === 0, (q) => q.where('col.group_id', 'is', null))
    .$if(group !== null, (q) => q.where('col.group_id', '=', group?.id ?? 0));
  const [count, rows] = await Promise.all([
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    base
      .select(['col.group_id', 'col.created_at as collected_at'])
      .orderBy('col.created_at', 'desc')
      .orderBy('col.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  const cards = await toWorkCards(db, rows);
  const total = toCount(count.n);
  return {
    group: group ? { id: group.id, name: group.name, workCount: total } : null,
    list: cards.map((card, i) => ({
      ...card,
      groupId: rows[i]?.group_id ?? null,
      collectedAt: rows[i]?.collected_at ?? '',
    })),
    total,
  };
}

/** One page of the ids the user collected of a kind, newest first. */
async function collectedIds(
  db: Kysely<Database>,
  userId: number,
  type: CollectTarget,
  page: PageInput,
) {
  const { limit, offset } = pageWindow(page);
  const base = db
    .selectFrom('collections')
    .where('user_id', '=', userId)
    .where('target_type', '=', type);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select('target_id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { ids: rows.map((r) => r.target_id), total: toCount(count.n) };
}

export async function collectedThemes(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof getMyCollectTheme>,
): Promise<CallResponse<typeof getMyCollectTheme>> {
  const { ids, total } = await collectedIds(deps.db, userId, 'theme', input);
  const cards = await themeCardsByIds(deps.db, ids);
  return { list: ids.flatMap((id) => cards.get(id) ?? []), total };
}

export async function collectedIps(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof getMyCollectIP>,
): Promise<CallResponse<typeof getMyCollectIP>> {
  const { ids, total } = await collectedIds(deps.db, userId, 'ip', input);
  const cards = await ipCardsByIds(deps.db, ids);
  return { list: ids.flatMap((id) => cards.get(id) ?? []), total };
}
