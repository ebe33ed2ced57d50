import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import {
  adminOverview,
  applicationDetail,
  listApplications,
  maskPhone,
} from './application-review-service';
import { listWorkReviews, workReviewDetail } from './work-review-service';

// The back-office services called directly (no HTTP, no role check: that is registerCall's).
describe.each(testDatabases())('admin services on $name', (database) => {
  let t: CatalogueFixture;
  beforeAll(async () => {
    t = await buildCatalogueApp(database, 6);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('masks phones as reviewers see them', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone(null)).toBe('');
  });

  it('counts what the overview shows from the tables', async () => {
    const deps = t.app.deps;
    const published = await t.deps.db
      .selectFrom('works')
      .select('id')
      .where('status', '=', 'published')
      .execute();
    const overview = await adminOverview(deps);
    expect(overview.publishedWorks).toBe(published.length);
    expect(overview.pendingApplications).toBe(
      (await listApplications(deps, { pageIndex: 1, pageSize: 50 })).total,
    );
  });

  it('lists published works and refuses what is not there', async () => {
    const deps = t.app.deps;
    const page = await listWorkReviews(deps, { status: 'published', pageIndex: 1, pageSize: 3 });
    expect(page.list.length).toBeLessThanOrEqual(3);
    expect(page.total).toBe((await adminOverview(deps)).publishedWorks);
    const first = page.list[0];
    if (first) {
      const detail = await workReviewDetail(deps, { id: first.id });
      expect(detail).toMatchObject({ id: first.id, status: 'published' });
    }
    await expect(workReviewDetail(deps, { id: 999_999 })).rejects.toMatchObject({
      message: MSG.missing.work,
      httpStatus: 404,
    });
    await expect(applicationDetail(deps, { id: 999_999 })).rejects.toMatchObject({
      message: MSG.missing.application,
    });
  });
});
