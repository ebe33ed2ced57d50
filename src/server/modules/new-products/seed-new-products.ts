import type { AppDeps } from '../../deps';
import { DEMO_BUYERS } from '../../db/seed/demo-catalogue';
import { generate } from './new-product-service';
import { seedMarkerSet, setSeedMarker } from '../../db/seed/seed-marker';

// Demo 新品 (docs/new-products.md): the e-commerce demo buyer has made two phone-case mock-ups of
// marketplace works, through the same service the page calls, so 我的新品 and 先推后买 open on
// real pictures. Its own marker.

const MARKER = 'demo_new_products';

// One template for both: its layers are drawn once per process, and every test app seeds the demo.
const DEMOS = [
  { workOffset: 2, templateId: 'phonecase', scale: 22, rotation: 0, offsetX: 0, offsetY: 0 },
  { workOffset: 7, templateId: 'phonecase', scale: 34, rotation: 15, offsetX: 20, offsetY: 10 },
] as const;

export async function seedNewProducts(deps: Pick<AppDeps, 'db' | 'storage'>): Promise<void> {
  const { db } = deps;
  if (await seedMarkerSet(db, MARKER)) return;
  const buyer = await db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', DEMO_BUYERS[1]?.phone ?? '')
    .executeTakeFirst();
  const works = await db
    .selectFrom('works')
    .select(['id', 'designer_id'])
    .where('status', '=', 'published')
    .orderBy('id')
    .execute();
  if (!buyer || works.length === 0) return;
  const service = { ...deps, now: () => Date.now() };
  for (const [i, d] of DEMOS.entries()) {
    const work = works[d.workOffset % works.length];
    if (!work || work.designer_id === buyer.id) continue;
    const { workOffset: _offset, ...settings } = d;
    await generate(service, buyer.id, {
      source: { workId: work.id },
      ...settings,
      idemKey: `demo-new-product-${i + 1}`,
    });
  }
  await setSeedMarker(db, MARKER);
}
