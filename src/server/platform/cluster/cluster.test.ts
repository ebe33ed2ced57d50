import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCreationDetail } from '@shared/contract/works';
import type { WorkDetail } from '@shared/contract/works';
import { seedDemo } from '../../db/seed/seed-demo';
import { createViewCounter } from '../../modules/works/view-counter';
import { buildTestApp, injectCall, testDatabases } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { createChangeFeed } from './change-feed';
import { scheduleJob } from './jobs';
import { countHit } from './rate-limit-store';

// One server's side of the cluster module on each database: on SQLite (one process) work changes
// stay in-process and jobs run as they always did; on PostgreSQL the same app also writes the
// change feed and takes job locks. Two servers together: two-servers.test.ts.

describe.each(testDatabases())('cluster module on $name', (database) => {
  let t: TestApp;
  let workId: number;

  beforeAll(async () => {
    t = await buildTestApp(database);
    await seedDemo(t.deps, () => undefined, 1);
    workId = (
      await t.deps.db
        .selectFrom('works')
        .select('id')
        .where('status', '=', 'published')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const detail = async () =>
    (await injectCall<{ code: number; data: WorkDetail }>(t.app, getCreationDetail, { id: workId }))
      .body.data;

  it('drops cached work data in this server when a work changes here', async () => {
    const listened: string[] = [];
    const stop = t.app.worksChanged.on((ids, origin) =>
      listened.push(`${ids.join(',')}:${origin}`),
    );
    const before = await detail();
    await t.deps.db
      .updateTable('works')
      .set({ title: '换过的标题' })
      .where('id', '=', workId)
      .execute();
    // Still the cached detail: nothing reported the change yet.
    expect((await detail()).title).toBe(before.title);
    t.app.worksChanged.notify([workId]);
    expect((await detail()).title).toBe('换过的标题');
    expect(listened).toEqual([`${workId}:here`]);
    stop();
    await t.app.worksChanged.published();
    if (database.name === 'sqlite') {
      // One process: nothing is written for other servers.
      expect(t.app.cluster.feed).toBeNull();
      expect(await t.deps.db.selectFrom('work_changes').selectAll().execute()).toEqual([]);
    } else {
      const rows = await t.deps.db
        .selectFrom('work_changes')
        .select(['work_ids', 'origin'])
        .execute();
      expect(rows).toContainEqual({ work_ids: String(workId), origin: t.app.cluster.name });
      // Its own change is not applied a second time from the feed.
      await t.app.cluster.feed?.poll();
      expect(t.app.cluster.feed?.applied).toBe(0);
    }
  });

  it.runIf(database.name === 'postgres')(
    'applies a change whose smaller id becomes visible after a larger one, once',
    async () => {
      const applied: number[][] = [];
      const feed = createChangeFeed({
        db: t.deps.db,
        origin: 'follower',
        now: () => Date.now(),
        log: () => undefined,
        apply: async (ids) => {
          applied.push([...ids]);
        },
      });
      await feed.start();
      const newest = Number(
        (
          await t.deps.db
            .selectFrom('work_changes')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst()
        )?.id ?? 0,
      );
      const row = (id: number, workIds: string) => ({
        id,
        work_ids: workIds,
        origin: 'elsewhere',
        created_at: new Date().toISOString(),
      });
      // Two servers' inserts: the second id commits first.
      await t.deps.db
        .insertInto('work_changes')
        .values(row(newest + 2, '7,8'))
        .execute();
      await feed.poll();
      expect(applied).toEqual([[7, 8]]);
      await t.deps.db
        .insertInto('work_changes')
        .values(row(newest + 1, '9'))
        .execute();
      await feed.poll();
      await feed.poll();
      expect(applied).toEqual([[7, 8], [9]]);
      expect(feed.applied).toBe(2);
      await feed.stop();
      // The ids were given by hand: the sequence goes past them for the inserts that follow.
      await sql`select setval(pg_get_serial_sequence('work_changes', 'id'), ${newest + 2})`.execute(
        t.deps.db,
      );
    },
  );

  it('runs a job at every call on SQLite, once per interval on PostgreSQL', async () => {
    let runs = 0;
    const job = scheduleJob(t.deps, {
      name: 'cluster-test-job',
      everyMs: 60_000,
      origin: 'test',
      run: async () => {
        runs += 1;
      },
      onError: () => undefined,
    });
    expect(await job.runIfDue()).toBe(true);
    expect(await job.runIfDue()).toBe(database.name === 'sqlite');
    expect(runs).toBe(database.name === 'sqlite' ? 2 : 1);
    await job.stop();
    expect(job.scheduled).toBe(false);
  });

  it('reports a failed run and tries it again sooner than the interval', async () => {
    const errors: unknown[] = [];
    const job = scheduleJob(t.deps, {
      name: 'cluster-failing-job',
      everyMs: 3600_000,
      origin: 'test',
      run: async () => {
        throw new Error('broken');
      },
      onError: (err) => errors.push(err),
    });
    expect(await job.runIfDue()).toBe(true);
    expect(errors).toHaveLength(1);
    if (database.name === 'postgres') {
      const row = await t.deps.db
        .selectFrom('cluster_jobs')
        .select(['next_run_at', 'last_run_at'])
        .where('name', '=', 'cluster-failing-job')
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.next_run_at) - Date.parse(row.last_run_at)).toBe(5 * 60_000);
    }
  });

  it('counts rate-limit hits in one window and starts again after it', async () => {
    const start = 1_000_000;
    expect(await countHit(t.deps.db, 'test:key', 60_000, start)).toEqual({
      current: 1,
      ttl: 60_000,
    });
    expect(await countHit(t.deps.db, 'test:key', 60_000, start + 1_000)).toEqual({
      current: 2,
      ttl: 59_000,
    });
    expect(await countHit(t.deps.db, 'test:other', 60_000, start + 1_000)).toMatchObject({
      current: 1,
    });
    expect(await countHit(t.deps.db, 'test:key', 60_000, start + 60_000)).toEqual({
      current: 1,
      ttl: 60_000,
    });
  });

  it('counts views again after a failed write, never twice, and writes them when stopped', async () => {
    const viewsInDb = async () =>
      (
        await t.deps.db
          .selectFrom('works')
          .select('view_count')
          .where('id', '=', workId)
          .executeTakeFirstOrThrow()
      ).view_count;
    const before = await viewsInDb();
    // The database refuses the first batch's transaction (a lost connection), then works again.
    let refuse = true;
    const flaky = new Proxy(t.deps.db, {
      get(target, prop) {
        if (prop === 'transaction' && refuse) {
          refuse = false;
          return () => ({
            execute: async () => {
              throw new Error('connection lost');
            },
          });
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const failures: string[] = [];
    const views = createViewCounter(flaky, { flushMs: 60_000, log: (line) => failures.push(line) });
    views.record(workId);
    views.record(workId);
    await views.flush();
    expect(failures).toHaveLength(1);
    expect(views.pending(workId)).toBe(2);
    expect(await viewsInDb()).toBe(before);
    views.record(workId);
    await views.stop();
    expect(failures).toHaveLength(1);
    expect(views.pending(workId)).toBe(0);
    expect(await viewsInDb()).toBe(before + 3);
  });

  it('is ready once the database is migrated and both indexes are loaded', async () => {
    await t.app.wordIndex.ready();
    await t.app.imageIndex.whenIdle();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ready: true,
      database: true,
      migrations: true,
      wordIndex: true,
      imageIndex: true,
    });
  });
});
