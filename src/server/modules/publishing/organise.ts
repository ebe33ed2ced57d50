import type { Kysely } from 'kysely';
import type { CustomClassify } from '@shared/contract/publishing';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { toCount } from './guards';
import { PUBLISHING_MSG } from './messages';

// How designers organise their works: private custom classifications (sorted by dragging). Series
// are their own domain (modules/series).

export async function listClassifications(
  db: Kysely<Database>,
  userId: number,
): Promise<CustomClassify[]> {
  const rows = await db
    .selectFrom('custom_classifications as c')
    .leftJoin('work_classifications as wc', 'wc.classify_id', 'c.id')
    .leftJoin('works as w', (join) =>
      join.onRef('w.id', '=', 'wc.work_id').on('w.status', '!=', 'deleted'),
    )
    .where('c.user_id', '=', userId)
    .groupBy(['c.id', 'c.name', 'c.sort'])
    .select((eb) => ['c.id', 'c.name', 'c.sort', eb.fn.count<number>('w.id').as('n')])
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, sort: r.sort, workCount: toCount(r.n) }));
}

async function ownClassify(db: Kysely<Database>, userId: number, id: number) {
  const row = await db
    .selectFrom('custom_classifications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.user_id !== userId) throw AppError.notFound(PUBLISHING_MSG.classifyNotFound);
  return row;
}

/** InsertUpdateCustomClassify: creates (at the end) or renames; names are unique per designer. */
export async function saveClassification(
  deps: AppDeps,
  userId: number,
  input: { id?: number | undefined; name: string },
): Promise<CustomClassify> {
  const { db } = deps;
  const name = input.name.trim();
  const clash = await db
    .selectFrom('custom_classifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (clash && clash.id !== input.id) throw AppError.conflict(PUBLISHING_MSG.classifyNameTaken);
  let id = input.id;
  if (id !== undefined) {
    await ownClassify(db, userId, id);
    await db.updateTable('custom_classifications').set({ name }).where('id', '=', id).execute();
  } else {
    const last = await db
      .selectFrom('custom_classifications')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    try {
      const row = await db
        .insertInto('custom_classifications')
        .values({
          user_id: userId,
          name,
          sort: toCount(last?.sort) + 1,
          created_at: iso(deps.now()),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch {
      throw AppError.conflict(PUBLISHING_MSG.classifyNameTaken);
    }
  }
  const saved = (await listClassifications(db, userId)).find((c) => c.id === id);
  if (!saved) throw AppError.notFound(PUBLISHING_MSG.classifyNotFound);
  return saved;
}

export async function deleteClassification(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<void> {
  await ownClassify(db, userId, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('work_classifications').where('classify_id', '=', id).execute();
    await trx.deleteFrom('custom_classifications').where('id', '=', id).execute();
  });
}

/** SortCustomClassify: the given ids first, in that order; any left out keep their order after them. */
export async function sortClassifications(
  db: Kysely<Database>,
  userId: number,
  ids: readonly number[],
): Promise<CustomClassify[]> {
  const current = await listClassifications(db, userId);
  const known = new Set(current.map((c) => c.id));
  if (ids.some((id) => !known.has(id))) throw AppError.notFound(PUBLISHING_MSG.classifyNotFound);
  const order = [...ids, ...current.map((c) => c.id).filter((id) => !ids.includes(id))];
  await db.transaction().execute(async (trx) => {
    for (const [sort, id] of order.entries()) {
      await trx
        .updateTable('custom_classifications')
        .set({ sort: sort + 1 })
        .where('id', '=', id)
        .execute();
    }
  });
  return listClassifications(db, userId);
}
