import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRequest } from '@shared/contract/define';
import { getCreationList } from '@shared/contract/works';
import type { WorkSort } from '@shared/contract/works';
import { MSG } from '@shared/messages';
import { buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { createTtlCache } from '../../platform/cache/ttl-cache';
import { workList } from './work-list-service';

// The /work list's pages from the word index (WordIndex.listPage) against the database query, for
// every combination of the list's filters and sorts, on a small catalogue with ties in every sort.

type ListInput = CallRequest<typeof getCreationList>;

describe.each(testDatabases())('the /work list from the index on $name', (database) => {
  let t: CatalogueFixture;
  // Nothing kept: each call pages again.
  const uncached = () => ({
    lists: createTtlCache<Awaited<ReturnType<typeof workList>>>({
      ttlMs: 0,
      maxEntries: 1,
      now: () => 0,
    }),
  });
  /** The database's answer (no index given). */
  const fromDatabase = (input: ListInput) => workList(t.app.deps, uncached(), input);

  beforeAll(async () => {
    t = await buildCatalogueApp(database, 20);
    const { db } = t.deps;
    const works = await db
      .selectFrom('works')
      .select(['id', 'published_at', 'updated_at'])
      .where('status', '=', 'published')
      .orderBy('id')
      .execute();
    expect(works.length).toBeGreaterThanOrEqual(20);
    // Ties in every sort key, so the order of equals (newer id first) is compared too.
    const [a, b, c, d, withdrawn] = works;
    const tied = [a, b, c, d].map((w) => w?.id ?? 0);
    const stamp = '2026-01-02T03:04:05.678Z';
    await db
      .updateTable('works')
      .set({
        favourite_count: 7,
        view_count: 30,
        sale_count: 4,
        published_at: a?.published_at ?? stamp,
        updated_at: stamp,
      })
      .where('id', 'in', tied)
      .execute();
    await db
      .updateTable('works')
      .set({ view_count: 31, updated_at: stamp })
      .where('id', '=', tied[1] ?? 0)
      .execute();
    // A withdrawn work is in neither answer.
    await db
      .updateTable('works')
      .set({ status: 'withdrawn', updated_at: stamp })
      .where('id', '=', withdrawn?.id ?? 0)
      .execute();
    await t.app.wordIndex.ready();
    await t.app.wordIndex.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every filter and sort combination exactly as the database', async () => {
    const { db } = t.deps;
    const some = await db
      .selectFrom('works as w')
      .innerJoin('categories as c', 'c.kid', 'w.category_kid')
      .innerJoin('work_colors as wc', 'wc.work_id', 'w.id')
      .select(['w.category_kid', 'c.parent_kid', 'w.style', 'wc.swatch'])
      .where('w.status', '=', 'published')
      .where('c.parent_kid', 'is not', null)
      .orderBy('w.id')
      .executeTakeFirstOrThrow();
    const kids = [undefined, some.category_kid, some.parent_kid ?? undefined];
    const styles = [undefined, some.style as ListInput['style']];
    const colours = [undefined, some.swatch as ListInput['color']];
    const sorts: (WorkSort | undefined)[] = [undefined, 'newest', 'popular', 'bestselling'];
    let compared = 0;
    let nonEmpty = 0;
    for (const headerType of [undefined, 3, 4] as const)
      for (const kid of kids)
        for (const style of styles)
          for (const seamless of [undefined, true, false])
            for (const color of colours)
              for (const sort of sorts) {
                const filters = { headerType, kid, style, seamless, color };
                const input: ListInput = { pageIndex: 1, pageSize: 60, sort, ...filters };
                const expected = await fromDatabase(input);
                const found = t.app.wordIndex.listPage(filters, sort ?? 'newest', 0, 60);
                expect({ input, found }).toEqual({
                  input,
                  found: { ids: expected.list.map((w) => w.id), total: expected.total },
                });
                // A page further on: the same slice of the same order.
                const page = t.app.wordIndex.listPage(filters, sort ?? 'newest', 3, 4);
                expect({ input, page: page?.ids }).toEqual({
                  input,
                  page: expected.list.slice(3, 7).map((w) => w.id),
                });
                // The first works of the order alone (the index keeps a quarter of them ranked).
                const first = t.app.wordIndex.listPage(filters, sort ?? 'newest', 1, 2);
                expect({ input, first: first?.ids }).toEqual({
                  input,
                  first: expected.list.slice(1, 3).map((w) => w.id),
                });
                compared += 1;
                if (expected.total > 0) nonEmpty += 1;
              }
    expect(compared).toBe(3 * 3 * 2 * 3 * 2 * 4);
    expect(nonEmpty).toBeGreaterThan(compared / 4);
  });

  it('serves /work from the index with the database’s cards, totals and refusals', async () => {
    const input: ListInput = { pageIndex: 2, pageSize: 5, sort: 'popular' };
    const expected = await fromDatabase(input);
    expect(expected.list).toHaveLength(5);
    expect(await t.ok(getCreationList, input)).toEqual(expected);
    const designerId = expected.list[0]?.designerId ?? 0;
    expect(await t.ok(getCreationList, { pageIndex: 1, pageSize: 60, designerId })).toEqual(
      await fromDatabase({ pageIndex: 1, pageSize: 60, designerId }),
    );
    const unknown = await t.call(getCreationList, { pageIndex: 1, pageSize: 20, kid: 999_999 });
    expect(unknown.body).toMatchObject({ msg: MSG.missing.category });
    await expect(fromDatabase({ pageIndex: 1, pageSize: 20, kid: 999_999 })).rejects.toMatchObject({
      message: MSG.missing.category,
    });
  });
});
