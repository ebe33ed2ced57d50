import type { clearMyTrack, getMyTrack } from '@shared/contract/collections';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import type { AppDeps } from '../../deps';
import { themeCardsByIds } from '../themes/theme-cards';
import { pageWindow, toCount } from '../works/catalogue-queries';
import { publishedCardsQuery, toWorkCards } from '../works/work-cards';

// The user's browsing history (我的足迹): works and themes viewed, newest first. The work detail
// writes it (work-detail-service.ts).

type Deps = Pick<AppDeps, 'db'>;

/** One page of the works or themes the user viewed; a work no longer published shows as null. */
export async function trackList(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof getMyTrack>,
): Promise<CallResponse<typeof getMyTrack>> {
  const { db } = deps;
  const { limit, offset } = pageWindow(input);
  const base = db
    .selectFrom('browse_history')
    .where('user_id', '=', userId)
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
}

/** Forgets one viewed target, or every one of a kind. */
export async function clearTrack(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof clearMyTrack>,
): Promise<CallResponse<typeof clearMyTrack>> {
  const result = await deps.db
    .deleteFrom('browse_history')
    .where('user_id', '=', userId)
    .where('target_type', '=', input.targetType)
    .$if(input.targetId !== undefined, (q) => q.where('target_id', '=', input.targetId ?? 0))
    .executeTakeFirst();
  return { removed: Number(result.numDeletedRows) };
}
