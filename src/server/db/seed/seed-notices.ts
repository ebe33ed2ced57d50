import type { AppDeps } from '../../deps';
import { NOTICES } from '../../modules/notices/notice-messages';
import { sendNotice } from '../../modules/notices/notice-service';
import { DEMO_BUYERS, DEMO_DESIGNERS } from './demo-catalogue';
import { seedMarkerSet, setSeedMarker } from './seed-marker';

// Demo message centre (docs/notices.md): every demo account opens on a few real notices. Settled
// designers read that their application passed (read) and that their two newest works passed
// review (the newest still unread); buyers get the welcome. Paid demo orders add their own notices
// through the payment path. Its own marker, so a second start adds nothing.

const MARKER = 'demo_notices';

export async function seedNotices(deps: Pick<AppDeps, 'db'>): Promise<void> {
  const { db } = deps;
  if (await seedMarkerSet(db, MARKER)) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'phone', 'user_name'])
    .where(
      'phone',
      'in',
      [...DEMO_DESIGNERS, ...DEMO_BUYERS].map((u) => u.phone),
    )
    .execute();
  if (users.length === 0) return;
  const idOf = new Map(users.map((u) => [u.phone, u]));
  await db.transaction().execute(async (trx) => {
    for (const designer of DEMO_DESIGNERS.filter((d) => d.settled)) {
      const user = idOf.get(designer.phone);
      if (!user) continue;
      await sendNotice(trx, NOTICES.settleInApproved(user.id, user.user_name));
      const works = await trx
        .selectFrom('works')
        .select(['id', 'title'])
        .where('designer_id', '=', user.id)
        .where('status', '=', 'published')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      for (const work of works.reverse())
        await sendNotice(trx, NOTICES.workApproved(user.id, work.title));
      // All but the newest are read, as if the designer had opened them.
      const newest = await trx
        .selectFrom('notices')
        .select('id')
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      await trx
        .updateTable('notices')
        .set({ read_at: new Date().toISOString() })
        .where('user_id', '=', user.id)
        .where('id', '!=', newest?.id ?? 0)
        .execute();
    }
    for (const buyer of DEMO_BUYERS) {
      const user = idOf.get(buyer.phone);
      if (user) await sendNotice(trx, NOTICES.welcome(user.id));
    }
    await setSeedMarker(trx, MARKER);
  });
}
