import type { CallRequest, CallResponse } from '@shared/contract/define';
import type {
  HallInfo,
  getCreationConditionInfo,
  saveEnterpriseHallInfo,
  saveQualifyInfo,
  saveRecommendCreationInfo,
} from '@shared/contract/enterprise';
import { MSG } from '@shared/messages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { areaExists } from '../works/areas';
import { pageOfCards } from '../works/catalogue-queries';
import { publishedCardsQuery } from '../works/work-cards';
import { channelOf, hallInfo, ownHall } from './halls-service';
import { HALL_MSG } from './messages';

// The owner's edits of their enterprise hall: its details and channels, its qualifications, and
// which of their works the hall recommends or shows in a channel.

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** Saves the hall's name, intro, contact, area and channels (new, renamed, reordered, removed). */
export async function saveHallInfo(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof saveEnterpriseHallInfo>,
): Promise<HallInfo> {
  const { db } = deps;
  const hall = await ownHall(db, input.userId, userId);
  const name = input.name.trim();
  if (name.length < 2) throw AppError.rule(HALL_MSG.nameTooShort);
  if (input.areaId !== null && !areaExists(input.areaId)) throw AppError.rule(HALL_MSG.areaMissing);
  const titles = input.channels.map((c) => c.title.trim());
  if (titles.some((t) => t === '')) throw AppError.rule(HALL_MSG.channelNameEmpty);
  if (new Set(titles).size !== titles.length) throw AppError.rule(HALL_MSG.channelNameRepeated);
  const existing = await db
    .selectFrom('hall_channels')
    .select('id')
    .where('hall_id', '=', hall.id)
    .execute();
  const existingIds = new Set(existing.map((c) => c.id));
  for (const c of input.channels) {
    if (c.id !== undefined && !existingIds.has(c.id)) {
      throw AppError.notFound(MSG.missing.hallChannel);
    }
  }
  const now = iso(deps.now());
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
  return hallInfo(deps, input.userId, userId);
}

/** Replaces the hall's qualifications (each with a title and a certificate number). */
export async function saveQualifications(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof saveQualifyInfo>,
): Promise<HallInfo> {
  const hall = await ownHall(deps.db, input.userId, userId);
  const qualifications = input.qualifications.map((q) => ({
    title: q.title.trim(),
    number: q.number.trim(),
  }));
  if (qualifications.some((q) => q.title === '' || q.number === '')) {
    throw AppError.rule(HALL_MSG.qualificationIncomplete);
  }
  await deps.db
    .updateTable('enterprise_halls')
    .set({ qualifications: JSON.stringify(qualifications), updated_at: iso(deps.now()) })
    .where('id', '=', hall.id)
    .execute();
  return hallInfo(deps, input.userId, userId);
}

/**
 * Sets the works the hall recommends (no channel) or shows in a channel, in the given order: only
 * the owner's published works.
 */
export async function saveRecommendedWorks(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof saveRecommendCreationInfo>,
): Promise<CallResponse<typeof saveRecommendCreationInfo>> {
  const { db } = deps;
  const hall = await ownHall(db, input.userId, userId);
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
    if (own.length !== ids.length) throw AppError.rule(HALL_MSG.ownPublishedWorksOnly);
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
}

/** One page of the owner's published works to choose from, with those already chosen marked. */
export async function recommendCandidates(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  input: CallRequest<typeof getCreationConditionInfo>,
): Promise<CallResponse<typeof getCreationConditionInfo>> {
  const { db } = deps;
  const hall = await ownHall(db, input.userId, userId);
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
}
