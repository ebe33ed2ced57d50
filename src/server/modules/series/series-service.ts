import type { Kysely } from 'kysely';
import type { MySeries } from '@shared/contract/series';
import type { Database } from '../../db/schema';
import type { AppDeps, WorkIndexes } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { ownWorkIds, toCount } from '../publishing/guards';
import { worksChanged } from '../publishing/publish-flow';
import { MSG } from '@shared/messages';
import { SERIES_MSG } from './messages';

// A designer's own series (the public list is works/series-service.ts): titles unique per designer,
// and which of their works are in one. Published members are re-indexed when a series changes.

export async function listMySeries(db: Kysely<Database>, userId: number): Promise<MySeries[]> {
  const rows = await db
    .selectFrom('series as s')
    .leftJoin('works as w', (join) =>
      join.onRef('w.series_id', '=', 's.id').on('w.status', '!=', 'deleted'),
    )
    .where('s.designer_id', '=', userId)
    .groupBy(['s.id', 's.title', 's.description', 's.sort'])
    .select((eb) => [
      's.id',
      's.title',
      's.description',
      eb.fn.count<number>('w.id').as('n'),
      eb.fn
        .sum<number>(eb.case().when('w.status', '=', 'published').then(1).else(0).end())
        .as('published'),
    ])
    .orderBy('s.sort')
    .orderBy('s.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    workCount: toCount(r.n),
    publishedCount: toCount(r.published),
  }));
}

/** AddOrEditSeries: titles are unique per designer. */
export async function saveSeries(
  deps: AppDeps & Pick<WorkIndexes, 'worksChanged'>,
  userId: number,
  input: { id?: number | undefined; title: string; description: string },
): Promise<MySeries> {
  const { db } = deps;
  const title = input.title.trim();
  const clash = await db
    .selectFrom('series')
    .select('id')
    .where('designer_id', '=', userId)
    .where('title', '=', title)
    .executeTakeFirst();
  if (clash && clash.id !== input.id) throw AppError.conflict(SERIES_MSG.nameTaken);
  let id = input.id;
  if (id !== undefined) {
    const own = await db
      .selectFrom('series')
      .select('designer_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!own || own.designer_id !== userId) throw AppError.notFound(MSG.missing.series);
    await db
      .updateTable('series')
      .set({ title, description: input.description.trim() })
      .where('id', '=', id)
      .execute();
    const published = await db
      .selectFrom('works')
      .select('id')
      .where('series_id', '=', id)
      .where('status', '=', 'published')
      .execute();
    worksChanged(
      deps,
      published.map((w) => w.id),
    );
  } else {
    const row = await db
      .insertInto('series')
      .values({
        designer_id: userId,
        title,
        description: input.description.trim(),
        created_at: iso(deps.now()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  }
  const saved = (await listMySeries(db, userId)).find((s) => s.id === id);
  if (!saved) throw AppError.notFound(MSG.missing.series);
  return saved;
}

/** DelSeries: the works stay, outside any series. */
export async function deleteSeries(
  deps: AppDeps & Pick<WorkIndexes, 'worksChanged'>,
  userId: number,
  id: number,
): Promise<void> {
  const { db } = deps;
  const own = await db
    .selectFrom('series')
    .select('designer_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!own || own.designer_id !== userId) throw AppError.notFound(MSG.missing.series);
  const members = await db
    .selectFrom('works')
    .select(['id', 'status'])
    .where('series_id', '=', id)
    .execute();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('works').set({ series_id: null }).where('series_id', '=', id).execute();
    await trx.deleteFrom('series').where('id', '=', id).execute();
  });
  worksChanged(
    deps,
    members.filter((w) => w.status === 'published').map((w) => w.id),
  );
}

/** Moves some works of the caller into one of their series, or out of any. */
export async function setWorksSeries(
  deps: AppDeps & Pick<WorkIndexes, 'worksChanged'>,
  userId: number,
  ids: readonly number[],
  seriesId: number | null,
): Promise<number> {
  const { db } = deps;
  const works = await ownWorkIds(db, userId, ids);
  if (seriesId !== null) {
    const own = await db
      .selectFrom('series')
      .select('id')
      .where('id', '=', seriesId)
      .where('designer_id', '=', userId)
      .executeTakeFirst();
    if (!own) throw AppError.rule(MSG.missing.series);
  }
  await db
    .updateTable('works')
    .set({ series_id: seriesId, updated_at: iso(deps.now()) })
    .where('id', 'in', [...ids])
    .execute();
  worksChanged(
    deps,
    works.filter((w) => w.status === 'published').map((w) => w.id),
  );
  return ids.length;
}
