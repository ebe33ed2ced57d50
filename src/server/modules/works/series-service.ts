import type { Kysely } from 'kysely';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import type { getCreationSeriesList, getSeriesList } from '@shared/contract/works';
import { MSG } from '@shared/messages';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { designerProfile } from '../designers/designer-profiles';
import { pageOfCards, thumbsOfGroups } from './catalogue-queries';
import { publishedCardsQuery } from './work-cards';

// A designer's series (系列) as visitors see them. Making and editing series: publishing/organise.ts.

/** Series (of a designer, or one), each with its published works' count and covers. */
async function seriesCards(
  db: Kysely<Database>,
  where: { designerId?: number; seriesId?: number },
) {
  const rows = await db
    .selectFrom('series as s')
    .innerJoin('users as u', 'u.id', 's.designer_id')
    .select(['s.id', 's.title', 's.description', 's.designer_id', 'u.user_name', 's.sort'])
    .$if(where.designerId !== undefined, (q) =>
      q.where('s.designer_id', '=', where.designerId ?? 0),
    )
    .$if(where.seriesId !== undefined, (q) => q.where('s.id', '=', where.seriesId ?? 0))
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute();
  if (rows.length === 0) return [];
  const works = await db
    .selectFrom('works')
    .select(['id', 'series_id'])
    .where(
      'series_id',
      'in',
      rows.map((r) => r.id),
    )
    .where('status', '=', 'published')
    .orderBy('sale_count', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const bySeries = new Map<number, number[]>();
  for (const w of works) {
    if (w.series_id === null) continue;
    bySeries.set(w.series_id, [...(bySeries.get(w.series_id) ?? []), w.id]);
  }
  const covers = await thumbsOfGroups(db, bySeries);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    designerId: r.designer_id,
    designerName: r.user_name,
    workCount: bySeries.get(r.id)?.length ?? 0,
    covers: covers.get(r.id) ?? [],
  }));
}

/** A designer's series that have published works (an unknown designer is not found). */
export async function designerSeries(
  deps: Pick<AppDeps, 'db'>,
  input: CallRequest<typeof getSeriesList>,
): Promise<CallResponse<typeof getSeriesList>> {
  await designerProfile(deps.db, input.designerId, null);
  return (await seriesCards(deps.db, { designerId: input.designerId })).filter(
    (s) => s.workCount > 0,
  );
}

/** A series and one page of its published works, newest first. */
export async function seriesWorks(
  deps: Pick<AppDeps, 'db'>,
  input: CallRequest<typeof getCreationSeriesList>,
): Promise<CallResponse<typeof getCreationSeriesList>> {
  const [series] = await seriesCards(deps.db, { seriesId: input.seriesId });
  if (!series) throw AppError.notFound(MSG.missing.series);
  const query = publishedCardsQuery(deps.db).where('w.series_id', '=', input.seriesId);
  return { series, ...(await pageOfCards(deps.db, query, input, 'newest')) };
}
