import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCenterDemand } from '@shared/contract/demands';
import { buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { auditLedger, balanceOf, demandEscrow } from '../../modules/finance/ledger';
import { DEMO_DEMAND_CUSTOMER, seedDemands } from './seed-demands';

describe.each(testDatabases())('demo demands ($name)', (database) => {
  let f: CatalogueFixture;
  beforeAll(async () => {
    f = await buildCatalogueApp(database, 8);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('are made through the real paths, once, and every figure agrees with the ledger', async () => {
    const deps = { ...f.deps, commerce: f.app.commerce, payments: f.app.payments };
    expect((await seedDemands(deps)).demands).toBe(3);
    expect((await seedDemands(deps)).created).toBe(false);
    const demands = await f.deps.db.selectFrom('demands').selectAll().execute();
    expect(demands).toHaveLength(3);
    for (const d of demands) {
      expect(await balanceOf(f.deps.db, demandEscrow(d.id).code)).toBe(
        d.reward_fen * (d.quota - d.adopted_count),
      );
    }
    expect(demands.reduce((n, d) => n + d.adopted_count, 0)).toBe(1);
    const centre = await f.ok(getCenterDemand, {});
    expect(centre.openCount).toBe(3);
    expect(centre.adopted).toHaveLength(1);
    expect(centre.latest.every((d) => d.manuscriptCount > 0)).toBe(true);
    const customer = await f.userId(DEMO_DEMAND_CUSTOMER.phone);
    const member = await f.deps.db
      .selectFrom('users')
      .select(['member_type'])
      .where('id', '=', customer)
      .executeTakeFirstOrThrow();
    expect(member.member_type).toBe(1);
    const audit = await auditLedger(f.deps.db);
    expect(audit.sumFen).toBe(0);
    expect(audit.mismatched).toEqual([]);
  });
});
