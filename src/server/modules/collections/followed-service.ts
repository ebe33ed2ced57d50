import type { FollowedItem, getMyFollow } from '@shared/contract/collections';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import type { AppDeps } from '../../deps';
import { designerProfiles } from '../designers/designer-profiles';
import { pageWindow, toCount, topThumbsByDesigner } from '../works/catalogue-queries';
import { followerCount } from './follows';

// The designers and enterprise halls a user follows (我的关注). Following itself: follows.ts.

/** One page of the user's follows of a kind, newest first, with how many of each kind. */
export async function followedList(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  input: CallRequest<typeof getMyFollow>,
): Promise<CallResponse<typeof getMyFollow>> {
  const { db } = deps;
  const { limit, offset } = pageWindow(input);
  const base = db
    .selectFrom('follows')
    .where('user_id', '=', userId)
    .where('target_type', '=', input.targetType);
  const [counts, rows] = await Promise.all([
    db
      .selectFrom('follows')
      .where('user_id', '=', userId)
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
    designerProfiles(db, ids, userId),
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
}
