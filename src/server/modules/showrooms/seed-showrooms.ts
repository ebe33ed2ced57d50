import type { AppDeps } from '../../deps';
import { DEMO_BUYERS } from '../../db/seed/demo-catalogue';
import { DEMO_SHOWROOM } from './demo-vocabulary';
import { addHall } from './showroom-service';

// The demo buyer's one hall (docs/showrooms.md), made through the service as a user would.

/** Gives the demo buyer one hall of the first published works; does nothing if it exists. */
export async function seedShowrooms(deps: Pick<AppDeps, 'db'>, works = 4): Promise<void> {
  const [demoBuyer] = DEMO_BUYERS;
  if (!demoBuyer) return;
  const buyer = await deps.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', demoBuyer.phone)
    .executeTakeFirst();
  if (!buyer) return;
  const picked = await deps.db
    .selectFrom('works')
    .select('id')
    .where('status', '=', 'published')
    .orderBy('id')
    .limit(works)
    .execute();
  if (picked.length === 0) return;
  await addHall({ db: deps.db, now: Date.now }, buyer.id, {
    requestId: DEMO_SHOWROOM.requestId,
    name: DEMO_SHOWROOM.name,
    description: DEMO_SHOWROOM.description,
    workIds: picked.map((w) => w.id),
  });
}
