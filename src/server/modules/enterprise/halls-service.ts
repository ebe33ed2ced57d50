import type { Kysely } from 'kysely';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import type {
  HallCard,
  HallInfo,
  HallQualification,
  followEnterpriseHall,
  getCreationsChannel,
  getEnterpriseHallDetail,
  getEnterpriseHallList,
} from '@shared/contract/enterprise';
import { MSG } from '@shared/messages';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { publicUrl } from '../../platform/storage/storage';
import { iso } from '../accounts/clock';
import { followerCount, setFollow } from '../collections/follows';
import { areaPath, areaWithDescendants } from '../works/areas';
import {
  cardsByIds,
  pageOfCards,
  pageWindow,
  previewUrl,
  toCount,
  topThumbsByDesigner,
} from '../works/catalogue-queries';
import { publishedCardsQuery, toWorkCards } from '../works/work-cards';
import { HALL_MSG } from './messages';

// Enterprise halls (企业展厅) as visitors see them: the list, a hall's page, its channels, following
// it. Editing a hall: hall-editing-service.ts.

type Deps = Pick<AppDeps, 'db' | 'now'>;

const CHANNEL_PREVIEW = 5;

export type HallRow = Awaited<ReturnType<typeof findHall>>;

/** The hall of an owner (halls are addressed by their owner's user id), or 企业展厅不存在. */
export async function findHall(db: Kysely<Database>, ownerId: number) {
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
  if (!hall) throw AppError.notFound(HALL_MSG.hallMissing);
  return hall;
}

/** The caller's own hall: another's hall is forbidden, a missing one not found. */
export async function ownHall(
  db: Kysely<Database>,
  ownerId: number,
  userId: number,
): Promise<HallRow> {
  const hall = await findHall(db, ownerId);
  if (hall.owner_id !== userId) throw AppError.forbidden(MSG.ownHallOnly);
  return hall;
}

/** A channel of the hall, or 频道不存在. */
export async function channelOf(db: Kysely<Database>, hallId: number, channelId: number) {
  const channel = await db
    .selectFrom('hall_channels')
    .select(['id', 'title'])
    .where('id', '=', channelId)
    .where('hall_id', '=', hallId)
    .executeTakeFirst();
  if (!channel) throw AppError.notFound(MSG.missing.hallChannel);
  return channel;
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

/** A hall's page header as `viewerId` (null: a guest) sees it: followed, owned. */
export async function hallInfo(
  deps: Pick<AppDeps, 'db'>,
  ownerId: number,
  viewerId: number | null,
): Promise<HallInfo> {
  const { db } = deps;
  const hall = await findHall(db, ownerId);
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

/** One page of halls, in an area (and the areas under it) or anywhere. */
export async function listHalls(
  deps: Pick<AppDeps, 'db'>,
  input: CallRequest<typeof getEnterpriseHallList>,
): Promise<CallResponse<typeof getEnterpriseHallList>> {
  const { db } = deps;
  const { limit, offset } = pageWindow(input);
  const areaIds = input.areaId === undefined ? null : areaWithDescendants(input.areaId);
  if (areaIds !== null && areaIds.length === 0) throw AppError.notFound(HALL_MSG.areaFilterMissing);
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
}

/** A hall's recommended works and the first works of each channel. */
export async function hallDetail(
  deps: Pick<AppDeps, 'db'>,
  input: CallRequest<typeof getEnterpriseHallDetail>,
): Promise<CallResponse<typeof getEnterpriseHallDetail>> {
  const { db } = deps;
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
}

/** One page of a hall channel's published works. */
export async function channelWorks(
  deps: Pick<AppDeps, 'db'>,
  input: CallRequest<typeof getCreationsChannel>,
): Promise<CallResponse<typeof getCreationsChannel>> {
  const { db } = deps;
  const hall = await findHall(db, input.userId);
  await channelOf(db, hall.id, input.channelId);
  const channel = (await hallChannels(db, hall.id)).find((c) => c.id === input.channelId);
  if (!channel) throw AppError.notFound(MSG.missing.hallChannel);
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
}

/** Follows or unfollows a hall (its owner). */
export async function followHall(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof followEnterpriseHall>,
): Promise<CallResponse<typeof followEnterpriseHall>> {
  const hall = await findHall(deps.db, input.userId);
  return setFollow(deps.db, {
    userId,
    targetType: 'hall',
    targetId: hall.owner_id,
    follow: input.follow,
    now: iso(deps.now()),
  });
}
