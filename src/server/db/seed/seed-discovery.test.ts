import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { seedDemo } from './seed-demo';
import { seedDiscovery } from './seed-discovery';

describe.each(testDatabases())('discovery seed on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (
    table: 'series' | 'trends' | 'ips' | 'enterprise_halls' | 'work_colors' | 'work_licences',
  ) =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('waits for the demo catalogue before doing anything', async () => {
    expect((await seedDiscovery(t.deps)).created).toBe(false);
    expect(await count('trends')).toBe(0);
  });

  it('fills a database seeded before it existed, once', async () => {
    await seedDemo(t.deps, () => undefined, 24);
    expect(await count('work_licences')).toBe(0);
    expect((await seedDiscovery(t.deps)).created).toBe(true);
    expect(await count('work_licences')).toBe(48);
    expect(await count('work_colors')).toBeGreaterThanOrEqual(24);
    expect(await count('trends')).toBe(6);
    expect(await count('enterprise_halls')).toBe(2);
    expect(await count('ips')).toBeGreaterThan(0);
    expect(await count('series')).toBeGreaterThan(0);
    const before = await Promise.all(
      (['series', 'trends', 'ips', 'enterprise_halls', 'work_colors'] as const).map(count),
    );
    expect((await seedDiscovery(t.deps)).created).toBe(false);
    const after = await Promise.all(
      (['series', 'trends', 'ips', 'enterprise_halls', 'work_colors'] as const).map(count),
    );
    expect(after).toEqual(before);
  });

  it('gives every work licence options priced in whole fen from its listing', async () => {
    const rows = await t.deps.db
      .selectFrom('work_licences as l')
      .innerJoin('works as w', 'w.id', 'l.work_id')
      .select(['l.kind', 'l.price_fen', 'w.header_type', 'w.price_fen as base'])
      .execute();
    for (const r of rows) {
      expect(Number.isInteger(r.price_fen)).toBe(true);
      if (r.kind !== 'commercial') {
        expect(r.kind).toBe(r.header_type === 3 ? 'category_exclusive' : 'material');
        expect(r.price_fen).toBe(r.base);
      }
    }
  });
});
