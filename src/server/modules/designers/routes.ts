import type { FastifyInstance } from 'fastify';
import { SETTLED_IN_GALLERY } from '@shared/contract/designers';
import {
  followHall,
  getChannelInfo,
  getDesignerByCaihongId,
  getDesignerInfo,
  getDesignerList,
  getMyShopInfo,
} from '@shared/contract/designers';
import { registerCall } from '../../http/register-call';
import { setFollow } from '../collections/follows';
import { pageWindow, toCount, topThumbsByDesigner } from '../works/catalogue-queries';
import {
  designerIdByCaihongId,
  designerProfile,
  designerProfiles,
  settledDesignersQuery,
} from './designer-profiles';

export function registerDesignersRoutes(app: FastifyInstance): void {
  const { db } = app.deps;
  const nowIso = () => new Date(app.deps.now()).toISOString();

  registerCall(app, getDesignerInfo, async (input, { user }) =>
    designerProfile(db, input.userId, user?.id ?? null),
  );

  registerCall(app, getDesignerByCaihongId, async (input, { user }) =>
    designerProfile(db, await designerIdByCaihongId(db, input.caihongId), user?.id ?? null),
  );

  registerCall(app, getDesignerList, async (input, { user }) => {
    const { limit, offset } = pageWindow(input);
    const base = settledDesignersQuery(db, input.settledInType);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .leftJoin('works as w', (join) =>
          join.onRef('w.designer_id', '=', 'u.id').on('w.status', '=', 'published'),
        )
        .groupBy('u.id')
        .select((eb) => [
          'u.id',
          eb.fn.coalesce(eb.fn.sum<number>('w.sale_count'), eb.lit(0)).as('sales'),
        ])
        .orderBy('sales', 'desc')
        .orderBy('u.id')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    const ids = rows.map((r) => r.id);
    const [profiles, covers] = await Promise.all([
      designerProfiles(db, ids, user?.id ?? null),
      topThumbsByDesigner(db, ids),
    ]);
    return {
      list: ids.flatMap((id) => {
        const profile = profiles.get(id);
        return profile ? [{ ...profile, covers: covers.get(id) ?? [] }] : [];
      }),
      total: toCount(count.n),
    };
  });

  registerCall(app, getChannelInfo, async (input) => {
    await designerProfile(db, input.userId, null);
    const [counts, categories] = await Promise.all([
      db
        .selectFrom('works')
        .where('designer_id', '=', input.userId)
        .where('status', '=', 'published')
        .groupBy('category_kid')
        .select((eb) => ['category_kid', eb.fn.countAll<number>().as('n')])
        .execute(),
      db.selectFrom('categories').selectAll().orderBy('sort').orderBy('kid').execute(),
    ]);
    const parentOf = new Map(categories.map((c) => [c.kid, c.parent_kid ?? c.kid]));
    const byTop = new Map<number, number>();
    for (const c of counts) {
      const top = parentOf.get(c.category_kid) ?? c.category_kid;
      byTop.set(top, (byTop.get(top) ?? 0) + toCount(c.n));
    }
    return {
      userId: input.userId,
      channels: categories
        .filter((c) => c.parent_kid === null && byTop.has(c.kid))
        .map((c) => ({ kid: c.kid, title: c.title, workCount: byTop.get(c.kid) ?? 0 })),
    };
  });

  registerCall(app, getMyShopInfo, async (_input, { currentUser }) => {
    const me = currentUser();
    const [user, profile] = await Promise.all([
      db
        .selectFrom('users')
        .select(['id', 'user_name', 'settle_status', 'settled_in_type'])
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow(),
      designerProfiles(db, [me.id], null),
    ]);
    const p = profile.get(me.id);
    return {
      userId: user.id,
      shopName: user.user_name,
      settleStatus: user.settle_status,
      settledInType: user.settled_in_type,
      shopType:
        user.settled_in_type === SETTLED_IN_GALLERY ? ('gallery' as const) : ('store' as const),
      workCount: p?.workCount ?? 0,
      followerCount: p?.followerCount ?? 0,
      saleCount: p?.saleCount ?? 0,
      hasHall: p?.hasHall ?? false,
    };
  });

  registerCall(app, followHall, async (input, { currentUser }) => {
    const me = currentUser();
    await designerProfile(db, input.userId, null);
    return setFollow(db, {
      userId: me.id,
      targetType: 'designer',
      targetId: input.userId,
      follow: input.follow,
      now: nowIso(),
    });
  });
}
