import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/seed-demo';
import { buildTestApp, testDatabases } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { createViewCounter } from './view-counter';

describe.each(testDatabases())('view counter on $name', (database) => {
  let t: TestApp;
  let id: number;
  const viewsInDb = async () =>
    (
      await t.deps.db
        .selectFrom('works')
        .select('view_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).view_count;

  beforeAll(async () => {
    t = await buildTestApp(database);
    await seedDemo(t.deps, () => undefined, 2);
    id = (await t.deps.db.selectFrom('works').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes the views of an interval in one go and counts them as pending until then', async () => {
    const before = await viewsInDb();
    const views = createViewCounter(t.deps.db, { flushMs: 60_000 });
    views.record(id);
    views.record(id);
    expect(views.pending(id)).toBe(2);
    expect(await viewsInDb()).toBe(before);
    await views.flush();
    expect(views.pending(id)).toBe(0);
    expect(views.recorded(id)).toBe(2);
    expect(await viewsInDb()).toBe(before + 2);
    views.record(id);
    await views.stop();
    expect(await viewsInDb()).toBe(before + 3);
  });
});
