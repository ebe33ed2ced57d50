import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_TOP_ZONE, advertise } from '@shared/contract/home';
import { buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';

describe.each(testDatabases())('home banners on $name', (database) => {
  let t: CatalogueFixture;
  beforeAll(async () => {
    t = await buildCatalogueApp(database, 4);
  });
  afterAll(async () => {
    await t?.close();
  });

  // The renderer keeps the home-top banners for a calendar day (spec §4), so the list must be stable.
  it('answers the same home-top banners, in order, every time within a day', async () => {
    const first = await t.ok(advertise, { zoneName: HOME_TOP_ZONE });
    const again = await t.ok(advertise, { zoneName: HOME_TOP_ZONE });
    expect(again).toEqual(first);
    expect(first.map((b) => Object.keys(b).sort())).toEqual(
      first.map(() => ['bannerId', 'bannerUrl', 'linkTarget', 'linkUrl', 'title']),
    );
    const image = await t.app.inject({ method: 'GET', url: first[0]?.bannerUrl ?? '' });
    expect(image.statusCode).toBe(200);
  });

  it('answers an unknown zone with no banners and a missing zone with a Chinese message', async () => {
    expect(await t.ok(advertise, { zoneName: 'nowhere' })).toEqual([]);
    const res = await t.call(advertise, { zoneName: '' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('zoneName');
  });
});
