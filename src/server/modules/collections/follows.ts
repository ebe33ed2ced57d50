import type { Kysely } from 'kysely';
import type { FollowTarget } from '@shared/contract/collections';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toCount } from '../works/catalogue-queries';
import { COLLECTION_MSG } from './messages';

export async function followerCount(
  db: Kysely<Database>,
  targetType: FollowTarget,
  targetId: number,
): Promise<number> {
  const row = await db
    .selectFrom('follows')
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** Follows or unfollows (idempotent both ways); nobody follows themself. */
export async function setFollow(
  db: Kysely<Database>,
  input: {
    userId: number;
    targetType: FollowTarget;
    targetId: number;
    follow: boolean;
    now: string;
  },
): Promise<{ isFollowed: boolean; followerCount: number }> {
  if (input.userId === input.targetId) throw AppError.rule(COLLECTION_MSG.cannotFollowSelf);
  if (input.follow) {
    await db
      .insertInto('follows')
      .values({
        user_id: input.userId,
        target_type: input.targetType,
        target_id: input.targetId,
        created_at: input.now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('follows')
      .where('user_id', '=', input.userId)
      .where('target_type', '=', input.targetType)
      .where('target_id', '=', input.targetId)
      .execute();
  }
  return {
    isFollowed: input.follow,
    followerCount: await followerCount(db, input.targetType, input.targetId),
  };
}
