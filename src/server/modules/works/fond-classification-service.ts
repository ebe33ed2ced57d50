import type { Kysely } from 'kysely';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import type { getFondClassifications, setFondClassification } from '@shared/contract/works';
import { MSG } from '@shared/messages';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';

// The categories a user likes (喜好品类): chosen once, and used to pick the home page's works.

/** Replaces the user's favourite categories (every kid must exist). */
export async function saveFondClassifications(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: number,
  input: CallRequest<typeof setFondClassification>,
): Promise<CallResponse<typeof setFondClassification>> {
  const { db } = deps;
  const kids = [...new Set(input.kids)];
  if (kids.length > 0) {
    const known = await db
      .selectFrom('categories')
      .select('kid')
      .where('kid', 'in', kids)
      .execute();
    if (known.length !== kids.length) throw AppError.notFound(MSG.missing.category);
  }
  const now = iso(deps.now());
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_fond_classifications').where('user_id', '=', userId).execute();
    if (kids.length > 0) {
      await trx
        .insertInto('user_fond_classifications')
        .values(kids.map((kid) => ({ user_id: userId, kid, created_at: now })))
        .execute();
    }
  });
  return { kids };
}

/** The user's favourite categories, in the category tree's order. */
export async function fondClassifications(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
): Promise<CallResponse<typeof getFondClassifications>> {
  const rows = await deps.db
    .selectFrom('user_fond_classifications as f')
    .innerJoin('categories as c', 'c.kid', 'f.kid')
    .select(['c.kid', 'c.title'])
    .where('f.user_id', '=', userId)
    .orderBy('c.sort')
    .orderBy('c.kid')
    .execute();
  return { categories: rows };
}

/** Published works in the user's favourite categories (and their children), or null when none are set. */
export async function fondCategoryKids(
  db: Kysely<Database>,
  userId: number,
): Promise<number[] | null> {
  const rows = await db
    .selectFrom('user_fond_classifications as f')
    .innerJoin('categories as c', (join) =>
      join.on((eb) =>
        eb.or([eb('c.kid', '=', eb.ref('f.kid')), eb('c.parent_kid', '=', eb.ref('f.kid'))]),
      ),
    )
    .select('c.kid')
    .where('f.user_id', '=', userId)
    .execute();
  return rows.length > 0 ? [...new Set(rows.map((r) => r.kid))] : null;
}
