import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { HallCard, HallInfo, HallQualification } from '@shared/contract/enterprise';
import {
  followEnterpriseHall,
  getCreationConditionInfo,
  getCreationsChannel,
  getEnterpriseHallBasicInfo,
  getEnterpriseHallDetail,
  getEnterpriseHallList,
  saveEnterpriseHallInfo,
  saveQualifyInfo,
  saveRecommendCreationInfo,
} from '@shared/contract/enterprise';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import type { SessionUser } from '../../http/session-auth';
import { publicUrl } from '../../platform/storage/storage';
import { followerCount, setFollow } from '../collections/follows';
import { areaExists, areaPath, areaWithDescendants } from '../works/areas';
import {
  cardsByIds,
  pageOfCards,
  pageWindow,
  previewUrl,
  toCount,
  topThumbsByDesigner,
} from '../works/catalogue-queries';
import { publishedCardsQuery, toWorkCards } from '../works/work-cards';

const CHANNEL_PREVIEW = 5;

type HallRow = Awaited<ReturnType<typeof findHall>>;

async function findHall(db: Kysely<Database>, ownerId: number) {
  const hall = await db
    .selectFrom('enterprise_halls as h')
    .innerJoin('users as u', 'u.id', 'h.owner_id')
    .select([
      'h.id',
      'h.owner_id',
      'h.name',
      'h.intro',
      'h.banner_key',
      'h.contact',
      'h.qualifications',
      'h.area_id',
      'h.updated_at',
      'u.head_img',
      'u.cai_hong_id',
    ])
    .where('h.owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!hall) throw AppError.notFound('企业展厅不存在');
  return hall;
}

/** The caller's own hall: another's hall is forbidden, a missing one not found. */
async function ownHall(db: Kysely<Database>, ownerId: number, me: SessionUser): Promise<HallRow> {
  const hall = await findHall(db, ownerId);
  if (hall.owner_id !== me.id) throw AppError.forbidden('只能编辑自己的企业展厅');
  return hall;
}

function parseQualifications(json: string): HallQualification[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.flatMap((q: unknown) =>
      q && typeof q === 'object' && 'title' in q && 'number' in q
        ? [{ title: String(q.title), number: String(q.number) }]
        : [],
    );
  } catch {
    return [];
  }
}

async function hallChannels(db: Kysely<Database>, hallId: number) {
  const rows = await db
    .selectFrom('hall_channels as ch')
    .select((eb) => [
      'ch.id',
      'ch.title',
      eb
        .selectFrom('hall_works as hw')
        .innerJoin('works as w', 'w.id', 'hw.work_id')
        .whereRef('hw.channel_id', '=', 'ch.id')
        .where('w.status', '=', 'published')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('work_count'),
    ])
    .where('ch.hall_id', '=', hallId)
    .orderBy('ch.sort')
    .orderBy('ch.id')
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, workCount: toCount(r.work_count) }));
}

async function ownerWorkCount(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('works')
    .where('designer_id', '=', ownerId)
    .where('status', '=', 'published')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** The hall's banner: its own, else the preview of its first recommended (or best-selling) work. */
async function hallBanner(
  db: Kysely<Database>,
  hall: { id: number; owner_id: number; banner_key: string },
) {
  if (hall.banner_key.startsWith('public/')) return publicUrl(hall.banner_key);
  const pick = await db
    .selectFrom('works as w')
    .leftJoin('hall_works as hw', (join) =>
      join.onRef('hw.work_id', '=', 'w.id').on('hw.hall_id', '=', hall.id),
    )
    .select('w.id')
    .where('w.designer_id', '=', hall.owner_id)
    .where('w.status', '=', 'published')
    .orderBy((eb) => eb.fn.coalesce('hw.recommended', eb.lit(0)), 'desc')
    .orderBy('w.sale_count', 'desc')
    .orderBy('w.id')
    .executeTakeFirst();
  return previewUrl(db, pick?.id ?? null);
}

async function hallCard(db: Kysely<Database>, hall: HallRow, covers: string[]): Promise<HallCard> {
  const [bannerUrl, workCount, followers] = await Promise.all([
    hallBanner(db, hall),
    ownerWorkCount(db, hall.owner_id),
    followerCount(db, 'hall', hall.owner_id),
  ]);
  return {
    userId: hall.owner_id,
    name: hall.name,
    intro: hall.intro,
    bannerUrl,
    headImg: hall.head_img,
    areaPath: areaPath(hall.area_id),
    workCount,
    followerCount: followers,
    covers,
  };
}

async function hallInfo(
  db: Kysely<Database>,
  hall: HallRow,
  viewerId: number | null,
): Promise<HallInfo> {
  const [covers, channels, followed] = await Promise.all([
    topThumbsByDesigner(db, [hall.owner_id]),
    hallChannels(db, hall.id),
    viewerId === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('follows')
          .select('user_id')
          .where('user_id', '=', viewerId)
          .where('target_type', '=', 'hall')
          .where('target_id', '=', hall.owner_id)
          .executeTakeFirst(),
  ]);
  return {
    ...(await hallCard(db, hall, covers.get(hall.owner_id) ?? [])),
    hallId: hall.id,
    caiHongID: hall.cai_hong_id,
    contact: hall.contact,
    areaId: hall.area_id,
    qualifications: parseQualifications(hall.qualifications),
    channels,
    isFollowed: followed !== undefined,
    isOwner: viewerId === hall.owner_id,
    updatedAt: hall.updated_at,
  };
}

async function channelOf(db: Kysely<Database>, hallId: number, channelId: number) {
  const channel = await db
    .selectFrom('hall_channels')
    .select(['id', 'title'])
    .where('id', '=', channelId)
    .where('hall_id', '=', hallId)
    .executeTakeFirst();
  if (!channel) throw AppError.notFound('频道不存在');
  return channel;
}

export function registerEnterpriseRoutes(app: FastifyInstance): void {
  const { db } = app.deps;
  const nowIso = () => new Date(app.deps.now()).toISOString();

  registerCall(app, getEnterpriseHallList, async (input) => {
    const { limit, offset } = pageWindow(input);
    const areaIds = input.areaId === undefined ? null : areaWithDescendants(input.areaId);
    if (areaIds !== null && areaIds.length === 0) throw AppError.notFound('地区不存在');
    const base = db
      .selectFrom('enterprise_halls as h')
      .$if(areaIds !== null, (q) => q.where('h.area_id', 'in', areaIds ?? []));
    const [count, ids] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base.select('h.owner_id').orderBy('h.id').limit(limit).offset(offset).execute(),
    ]);
    const owners = ids.map((r) => r.owner_id);
    const covers = await topThumbsByDesigner(db, owners);
    const list = [];
    for (const owner of owners) {
      list.push(await hallCard(db, await findHall(db, owner), covers.get(owner) ?? []));
    }
    return { list, total: toCount(count.n) };
  });

  registerCall(app, getEnterpriseHallBasicInfo, async (input, { user }) =>
    hallInfo(db, await findHall(db, input.userId), user?.id ?? null),
  );

  registerCall(app, getEnterpriseHallDetail, async (input) => {
    const hall = await findHall(db, input.userId);
    const recommended = await db
      .selectFrom('hall_works')
      .select('work_id')
      .where('hall_id', '=', hall.id)
      .where('recommended', '=', 1)
      .orderBy('sort')
      .orderBy('work_id')
      .execute();
    const channels = await hallChannels(db, hall.id);
    const previews = await Promise.all(
      channels.map(async (channel) => {
        const rows = await publishedCardsQuery(db)
          .innerJoin('hall_works as hw', 'hw.work_id', 'w.id')
          .where('hw.channel_id', '=', channel.id)
          .orderBy('hw.sort')
          .orderBy('w.sale_count', 'desc')
          .limit(CHANNEL_PREVIEW)
          .execute();
        return { ...channel, works: await toWorkCards(db, rows) };
      }),
    );
    return {
      recommended: await cardsByIds(
        db,
        recommended.map((r) => r.work_id),
      ),
      channels: previews,
    };
  });

  registerCall(app, getCreationsChannel, async (input) => {
    const hall = await findHall(db, input.userId);
    await channelOf(db, hall.id, input.channelId);
    const channel = (await hallChannels(db, hall.id)).find((c) => c.id === input.channelId);
    if (!channel) throw AppError.notFound('频道不存在');
    const query = publishedCardsQuery(db).where((eb) =>
      eb(
        'w.id',
        'in',
        eb
          .selectFrom('hall_works as hw')
          .select('hw.work_id')
          .where('hw.channel_id', '=', input.channelId),
      ),
    );
    return { channel, ...(await pageOfCards(db, query, input, input.sort)) };
  });

  registerCall(app, saveEnterpriseHallInfo, async (input, { currentUser }) => {
    const hall = await ownHall(db, input.userId, currentUser());
    const name = input.name.trim();
    if (name.length < 2) throw AppError.rule('展厅名称至少 2 个字');
    if (input.areaId !== null && !areaExists(input.areaId)) throw AppError.rule('所在地区不存在');
    const titles = input.channels.map((c) => c.title.trim());
    if (titles.some((t) => t === '')) throw AppError.rule('频道名称不能为空');
    if (new Set(titles).size !== titles.length) throw AppError.rule('频道名称不能重复');
    const existing = await db
      .selectFrom('hall_channels')
      .select('id')
      .where('hall_id', '=', hall.id)
      .execute();
    const existingIds = new Set(existing.map((c) => c.id));
    for (const c of input.channels) {
      if (c.id !== undefined && !existingIds.has(c.id)) throw AppError.notFound('频道不存在');
    }
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('enterprise_halls')
        .set({
          name,
          intro: input.intro.trim(),
          contact: input.contact.trim(),
          area_id: input.areaId,
          updated_at: now,
        })
        .where('id', '=', hall.id)
        .execute();
      const kept = new Set(input.channels.flatMap((c) => (c.id === undefined ? [] : [c.id])));
      const removed = [...existingIds].filter((id) => !kept.has(id));
      if (removed.length > 0) {
        await trx
          .updateTable('hall_works')
          .set({ channel_id: null })
          .where('channel_id', 'in', removed)
          .execute();
        await trx.deleteFrom('hall_channels').where('id', 'in', removed).execute();
      }
      for (const [sort, c] of input.channels.entries()) {
        const title = c.title.trim();
        if (c.id === undefined) {
          await trx.insertInto('hall_channels').values({ hall_id: hall.id, title, sort }).execute();
        } else {
          await trx
            .updateTable('hall_channels')
            .set({ title, sort })
            .where('id', '=', c.id)
            .execute();
        }
      }
    });
    return hallInfo(db, await findHall(db, input.userId), currentUser().id);
  });

  registerCall(app, saveQualifyInfo, async (input, { currentUser }) => {
    const hall = await ownHall(db, input.userId, currentUser());
    const qualifications = input.qualifications.map((q) => ({
      title: q.title.trim(),
      number: q.number.trim(),
    }));
    if (qualifications.some((q) => q.title === '' || q.number === '')) {
      throw AppError.rule('资质名称和证书编号不能为空');
    }
    await db
      .updateTable('enterprise_halls')
      .set({ qualifications: JSON.stringify(qualifications), updated_at: nowIso() })
      .where('id', '=', hall.id)
      .execute();
    return hallInfo(db, await findHall(db, input.userId), currentUser().id);
  });

  registerCall(app, followEnterpriseHall, async (input, { currentUser }) => {
    const me = currentUser();
    const hall = await findHall(db, input.userId);
    return setFollow(db, {
      userId: me.id,
      targetType: 'hall',
      targetId: hall.owner_id,
      follow: input.follow,
      now: nowIso(),
    });
  });

  registerCall(app, saveRecommendCreationInfo, async (input, { currentUser }) => {
    const hall = await ownHall(db, input.userId, currentUser());
    const channelId = input.channelId;
    if (channelId !== undefined) await channelOf(db, hall.id, channelId);
    const ids = input.workIds;
    if (ids.length > 0) {
      const own = await db
        .selectFrom('works')
        .select('id')
        .where('id', 'in', ids)
        .where('designer_id', '=', hall.owner_id)
        .where('status', '=', 'published')
        .execute();
      if (own.length !== ids.length) throw AppError.rule('只能选择本展厅的已发布作品');
    }
    await db.transaction().execute(async (trx) => {
      if (channelId === undefined) {
        await trx
          .updateTable('hall_works')
          .set({ recommended: 0 })
          .where('hall_id', '=', hall.id)
          .execute();
      } else {
        await trx
          .updateTable('hall_works')
          .set({ channel_id: null })
          .where('hall_id', '=', hall.id)
          .where('channel_id', '=', channelId)
          .execute();
      }
      for (const [sort, workId] of ids.entries()) {
        const values =
          channelId === undefined ? { recommended: 1, sort } : { channel_id: channelId, sort };
        await trx
          .insertInto('hall_works')
          .values({ hall_id: hall.id, work_id: workId, ...values })
          .onConflict((oc) => oc.columns(['hall_id', 'work_id']).doUpdateSet(values))
          .execute();
      }
    });
    return { count: ids.length };
  });

  registerCall(app, getCreationConditionInfo, async (input, { currentUser }) => {
    const hall = await ownHall(db, input.userId, currentUser());
    const channelId = input.channelId;
    if (channelId !== undefined) await channelOf(db, hall.id, channelId);
    const selected = await db
      .selectFrom('hall_works as hw')
      .innerJoin('works as w', 'w.id', 'hw.work_id')
      .select('hw.work_id')
      .where('hw.hall_id', '=', hall.id)
      .where('w.status', '=', 'published')
      .$if(channelId === undefined, (q) => q.where('hw.recommended', '=', 1))
      .$if(channelId !== undefined, (q) => q.where('hw.channel_id', '=', channelId ?? 0))
      .orderBy('hw.sort')
      .execute();
    const selectedIds = selected.map((s) => s.work_id);
    const chosen = new Set(selectedIds);
    const page = await pageOfCards(
      db,
      publishedCardsQuery(db).where('w.designer_id', '=', hall.owner_id),
      input,
      'newest',
    );
    return {
      list: page.list.map((w) => ({ ...w, selected: chosen.has(w.id) })),
      total: page.total,
      selectedIds,
    };
  });
}
