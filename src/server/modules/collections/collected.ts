import type { Kysely } from 'kysely';
import type { CollectTarget } from '@shared/contract/collections';
import type { Database } from '../../db/schema';
import { toCount } from '../works/catalogue-queries';

/** Whether `userId` (null for a guest) collected the target, and how many users did. */
export async function collectionState(
  db: Kysely<Database>,
  targetType: CollectTarget,
  targetId: number,
  userId: number | null,
): Promise<{ isCollected: boolean; collectCount: number }> {
  const [mine, count] = await Promise.all([
    userId === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('collections')
          .select('id')
          .where('user_id', '=', userId)
          .where('target_type', '=', targetType)
          .where('target_id', '=', targetId)
          .executeTakeFirst(),
    db
      .selectFrom('collections')
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { isCollected: mine !== undefined, collectCount: toCount(count.n) };
}
