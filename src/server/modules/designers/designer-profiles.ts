import type { Kysely } from 'kysely';
import type { DesignerProfile } from '@shared/contract/designers';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toCount } from '../works/catalogue-queries';
import { DESIGNER_MSG } from './messages';

/** Users who have a public designer page: a designer status (§3 status ≠ 0). */
const designerUsers = (db: Kysely<Database>) =>
  db
    .selectFrom('users as u')
    .where('u.designer_status', '!=', 0)
    .select([
      'u.id',
      'u.cai_hong_id',
      'u.user_name',
      'u.head_img',
      'u.intro',
      'u.settled_in_type',
      'u.org_flag',
      'u.settle_status',
    ]);

/** Public profiles of designers, with their counts and whether `viewerId` follows them. */
export async function designerProfiles(
  db: Kysely<Database>,
  ids: readonly number[],
  viewerId: number | null,
): Promise<Map<number, DesignerProfile>> {
  const unique = [...new Set(ids)];
  const result = new Map<number, DesignerProfile>();
  if (unique.length === 0) return result;
  const [users, works, followers, followed, halls] = await Promise.all([
    designerUsers(db).where('u.id', 'in', unique).execute(),
    db
      .selectFrom('works')
      .where('designer_id', 'in', unique)
      .where('status', '=', 'published')
      .groupBy('designer_id')
      .select((eb) => [
        'designer_id',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('sale_count').as('sales'),
      ])
      .execute(),
    db
      .selectFrom('follows')
      .where('target_type', '=', 'designer')
      .where('target_id', 'in', unique)
      .groupBy('target_id')
      .select((eb) => ['target_id', eb.fn.countAll<number>().as('n')])
      .execute(),
    viewerId === null
      ? Promise.resolve([])
      : db
          .selectFrom('follows')
          .select('target_id')
          .where('user_id', '=', viewerId)
          .where('target_type', '=', 'designer')
          .where('target_id', 'in', unique)
          .execute(),
    db.selectFrom('enterprise_halls').select('owner_id').where('owner_id', 'in', unique).execute(),
  ]);
  const workBy = new Map(works.map((w) => [w.designer_id, w]));
  const followerBy = new Map(followers.map((f) => [f.target_id, toCount(f.n)]));
  const followedSet = new Set(followed.map((f) => f.target_id));
  const hallSet = new Set(halls.map((h) => h.owner_id));
  for (const u of users) {
    result.set(u.id, {
      userId: u.id,
      caiHongID: u.cai_hong_id,
      userName: u.user_name,
      headImg: u.head_img,
      intro: u.intro,
      settledInType: u.settled_in_type,
      orgFlag: u.org_flag,
      settleStatus: u.settle_status,
      workCount: toCount(workBy.get(u.id)?.n),
      followerCount: followerBy.get(u.id) ?? 0,
      saleCount: toCount(workBy.get(u.id)?.sales),
      isFollowed: followedSet.has(u.id),
      hasHall: hallSet.has(u.id),
    });
  }
  return result;
}

/** One designer's profile, or 设计师不存在 (code ≠ 1) for an unknown user or one without a designer status. */
export async function designerProfile(
  db: Kysely<Database>,
  userId: number,
  viewerId: number | null,
): Promise<DesignerProfile> {
  const profile = (await designerProfiles(db, [userId], viewerId)).get(userId);
  if (!profile) throw AppError.notFound(DESIGNER_MSG.designerMissing);
  return profile;
}

export async function designerIdByCaihongId(
  db: Kysely<Database>,
  caihongId: string,
): Promise<number> {
  const row = await designerUsers(db).where('u.cai_hong_id', '=', caihongId).executeTakeFirst();
  if (!row) throw AppError.notFound(DESIGNER_MSG.designerMissing);
  return row.id;
}

/** Designer ids for the /tawDesigner list: settled designers, best-selling first. */
export function settledDesignersQuery(db: Kysely<Database>, settledInType?: 1 | 2) {
  let q = db
    .selectFrom('users as u')
    .where('u.designer_status', '!=', 0)
    .where('u.settle_status', '=', 1);
  if (settledInType === 2) q = q.where('u.settled_in_type', '=', 2);
  if (settledInType === 1) q = q.where('u.settled_in_type', '!=', 2);
  return q;
}
