import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CollectTarget, FollowedItem } from '@shared/contract/collections';
import {
  COLLECTABLE_NOW,
  COLLECTION_GROUPS_MAX,
  addOrCancelCollect,
  addOrCancelCollection,
  addOrEditCollectionGroup,
  clearMyTrack,
  collectCenter,
  delCollectionGroup,
  getAllCollectionGroup,
  getCollectionGroupList,
  getMyCollectCreations,
  getMyCollectIP,
  getMyCollectTheme,
  getMyFollow,
  getMyTrack,
} from '@shared/contract/collections';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { designerProfiles } from '../designers/designer-profiles';
import { ipCardsByIds } from '../ips/ip-cards';
import { themeCardsByIds } from '../themes/theme-cards';
import {
  pageWindow,
  thumbsOfGroups,
  toCount,
  topThumbsByDesigner,
} from '../works/catalogue-queries';
import { publishedCardsQuery, toWorkCards } from '../works/work-cards';
import { followerCount } from './follows';

const TARGET_MISSING: Record<CollectTarget, string> = {
  work: '作品不存在或已下架',
  theme: '主题不存在',
  ip: 'IP 不存在',
  demand: '需求不存在',
  template: '模板不存在',
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
    default:
      return false;
  }
}

/** The caller's own group, or 收藏分组不存在 (another user's group is never revealed). */
async function ownGroup(db: Kysely<Database>, userId: number, groupId: number) {
  const group = await db
    .selectFrom('collection_groups')
    .select(['id', 'name', 'created_at'])
    .where('id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!group) throw AppError.notFound('收藏分组不存在');
  return group;
}

async function groupWorkCounts(db: Kysely<Database>, userId: number) {
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

export function registerCollectionsRoutes(app: FastifyInstance): void {
  const { db } = app.deps;
  const nowIso = () => new Date(app.deps.now()).toISOString();

  registerCall(app, getCollectionGroupList, async (input, { currentUser }) => {
    const me = currentUser();
    const { limit, offset } = pageWindow(input);
    const [count, groups, counts] = await Promise.all([
      db
        .selectFrom('collection_groups')
        .where('user_id', '=', me.id)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('collection_groups')
        .select(['id', 'name', 'created_at'])
        .where('user_id', '=', me.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      groupWorkCounts(db, me.id),
    ]);
    const members =
      groups.length === 0
        ? []
        : await db
            .selectFrom('collections as col')
            .innerJoin('works as w', 'w.id', 'col.target_id')
            .select(['col.group_id', 'col.target_id'])
            .where('col.user_id', '=', me.id)
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
  });

  registerCall(app, getAllCollectionGroup, async (_input, { currentUser }) => {
    const me = currentUser();
    const [groups, counts] = await Promise.all([
      db
        .selectFrom('collection_groups')
        .select(['id', 'name'])
        .where('user_id', '=', me.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
      groupWorkCounts(db, me.id),
    ]);
    return groups.map((g) => ({ id: g.id, name: g.name, workCount: counts.get(g.id) ?? 0 }));
  });

  registerCall(app, addOrEditCollectionGroup, async (input, { currentUser }) => {
    const me = currentUser();
    const name = input.name.trim();
    if (name === '') throw AppError.rule('分组名称不能为空');
    const clash = await db
      .selectFrom('collection_groups')
      .select('id')
      .where('user_id', '=', me.id)
      .where('name', '=', name)
      .executeTakeFirst();
    if (clash && clash.id !== input.id) throw AppError.conflict('已有同名的收藏分组');
    if (input.id !== undefined) {
      await ownGroup(db, me.id, input.id);
      await db.updateTable('collection_groups').set({ name }).where('id', '=', input.id).execute();
      const counts = await groupWorkCounts(db, me.id);
      return { id: input.id, name, workCount: counts.get(input.id) ?? 0 };
    }
    const count = await db
      .selectFrom('collection_groups')
      .where('user_id', '=', me.id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (toCount(count.n) >= COLLECTION_GROUPS_MAX) {
      throw AppError.rule(`收藏分组最多 ${COLLECTION_GROUPS_MAX} 个`);
    }
    const row = await db
      .insertInto('collection_groups')
      .values({ user_id: me.id, name, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, name, workCount: 0 };
  });

  registerCall(app, delCollectionGroup, async (input, { currentUser }) => {
    const me = currentUser();
    await ownGroup(db, me.id, input.id);
    return db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('collections')
        .set({ group_id: null })
        .where('user_id', '=', me.id)
        .where('group_id', '=', input.id)
        .executeTakeFirst();
      await trx.deleteFrom('collection_groups').where('id', '=', input.id).execute();
      return { id: input.id, movedWorks: Number(moved.numUpdatedRows) };
    });
  });

  registerCall(app, addOrCancelCollection, async (input, { currentUser }) => {
    const me = currentUser();
    const groupId = input.groupId ?? null;
    if (input.collect) {
      if (!(await targetExists(db, 'work', input.workId)))
        throw AppError.notFound(TARGET_MISSING.work);
      if (groupId !== null) await ownGroup(db, me.id, groupId);
    }
    // One conditional statement each way, so identical calls at the same moment neither trip the
    // unique index nor count a favourite twice.
    await db.transaction().execute(async (trx) => {
      if (input.collect) {
        const added = await trx
          .insertInto('collections')
          .values({
            user_id: me.id,
            target_type: 'work',
            target_id: input.workId,
            group_id: groupId,
            created_at: nowIso(),
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
            .where('user_id', '=', me.id)
            .where('target_type', '=', 'work')
            .where('target_id', '=', input.workId)
            .execute();
        }
      } else if (await removeCollect(trx, me.id, 'work', input.workId)) {
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
  });

  registerCall(app, addOrCancelCollect, async (input, { currentUser }) => {
    const me = currentUser();
    const type = input.targetType;
    if (!COLLECTABLE_NOW.includes(type)) throw AppError.rule('暂不支持收藏该类内容');
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
            user_id: me.id,
            target_type: type,
            target_id: input.targetId,
            group_id: null,
            created_at: nowIso(),
          })
          .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (added && type === 'work') await bumpFavourites(trx, input.targetId, 1);
      } else if (await removeCollect(trx, me.id, type, input.targetId)) {
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
  });

  registerCall(app, collectCenter, async (_input, { currentUser }) => {
    const me = currentUser();
    const [byType, works, groups] = await Promise.all([
      db
        .selectFrom('collections')
        .where('user_id', '=', me.id)
        .where('target_type', '!=', 'work')
        .groupBy('target_type')
        .select((eb) => ['target_type', eb.fn.countAll<number>().as('n')])
        .execute(),
      groupWorkCounts(db, me.id),
      db
        .selectFrom('collection_groups')
        .where('user_id', '=', me.id)
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
  });

  registerCall(app, getMyCollectCreations, async (input, { currentUser }) => {
    const me = currentUser();
    const { limit, offset } = pageWindow(input);
    const groupId = input.groupId;
    const group =
      groupId === undefined || groupId === 0 ? null : await ownGroup(db, me.id, groupId);
    const base = publishedCardsQuery(db)
      .innerJoin('collections as col', (join) =>
        join
          .onRef('col.target_id', '=', 'w.id')
          .on('col.target_type', '=', 'work')
          .on('col.user_id', '=', me.id),
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
  });

  async function collectedIds(
    userId: number,
    type: CollectTarget,
    page: { pageIndex?: number; pageSize?: number },
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

  registerCall(app, getMyCollectTheme, async (input, { currentUser }) => {
    const { ids, total } = await collectedIds(currentUser().id, 'theme', input);
    const cards = await themeCardsByIds(db, ids);
    return { list: ids.flatMap((id) => cards.get(id) ?? []), total };
  });

  registerCall(app, getMyCollectIP, async (input, { currentUser }) => {
    const { ids, total } = await collectedIds(currentUser().id, 'ip', input);
    const cards = await ipCardsByIds(db, ids);
    return { list: ids.flatMap((id) => cards.get(id) ?? []), total };
  });

  registerCall(app, getMyFollow, async (input, { currentUser }) => {
    const me = currentUser();
    const { limit, offset } = pageWindow(input);
    const base = db
      .selectFrom('follows')
      .where('user_id', '=', me.id)
      .where('target_type', '=', input.targetType);
    const [counts, rows] = await Promise.all([
      db
        .selectFrom('follows')
        .where('user_id', '=', me.id)
        .groupBy('target_type')
        .select((eb) => ['target_type', eb.fn.countAll<number>().as('n')])
        .execute(),
      base
        .select(['target_id', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('target_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    const ids = rows.map((r) => r.target_id);
    const [profiles, covers, halls] = await Promise.all([
      designerProfiles(db, ids, me.id),
      topThumbsByDesigner(db, ids),
      input.targetType === 'hall' && ids.length > 0
        ? db
            .selectFrom('enterprise_halls')
            .select(['owner_id', 'name', 'intro'])
            .where('owner_id', 'in', ids)
            .execute()
        : Promise.resolve([]),
    ]);
    const hallBy = new Map(halls.map((h) => [h.owner_id, h]));
    const list: FollowedItem[] = [];
    for (const r of rows) {
      const profile = profiles.get(r.target_id);
      const hall = hallBy.get(r.target_id);
      if (!profile || (input.targetType === 'hall' && !hall)) continue;
      list.push({
        targetType: input.targetType,
        userId: r.target_id,
        name: hall?.name ?? profile.userName,
        headImg: profile.headImg,
        intro: hall?.intro ?? profile.intro,
        workCount: profile.workCount,
        followerCount:
          input.targetType === 'hall'
            ? await followerCount(db, 'hall', r.target_id)
            : profile.followerCount,
        covers: covers.get(r.target_id) ?? [],
        followedAt: r.created_at,
      });
    }
    const countOf = (t: string) => toCount(counts.find((c) => c.target_type === t)?.n);
    const total = countOf(input.targetType);
    return { list, total, designerCount: countOf('designer'), hallCount: countOf('hall') };
  });

  registerCall(app, getMyTrack, async (input, { currentUser }) => {
    const me = currentUser();
    const { limit, offset } = pageWindow(input);
    const base = db
      .selectFrom('browse_history')
      .where('user_id', '=', me.id)
      .where('target_type', '=', input.targetType);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(['target_id', 'viewed_at'])
        .orderBy('viewed_at', 'desc')
        .orderBy('target_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    const ids = rows.map((r) => r.target_id);
    if (input.targetType === 'work') {
      const cards =
        ids.length === 0
          ? []
          : await toWorkCards(db, await publishedCardsQuery(db).where('w.id', 'in', ids).execute());
      const byId = new Map(cards.map((c) => [c.id, c]));
      return {
        list: rows.map((r) => ({
          viewedAt: r.viewed_at,
          work: byId.get(r.target_id) ?? null,
          theme: null,
        })),
        total: toCount(count.n),
      };
    }
    const themes = await themeCardsByIds(db, ids);
    return {
      list: rows.map((r) => ({
        viewedAt: r.viewed_at,
        work: null,
        theme: themes.get(r.target_id) ?? null,
      })),
      total: toCount(count.n),
    };
  });

  registerCall(app, clearMyTrack, async (input, { currentUser }) => {
    const me = currentUser();
    const result = await db
      .deleteFrom('browse_history')
      .where('user_id', '=', me.id)
      .where('target_type', '=', input.targetType)
      .$if(input.targetId !== undefined, (q) => q.where('target_id', '=', input.targetId ?? 0))
      .executeTakeFirst();
    return { removed: Number(result.numDeletedRows) };
  });
}
