import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login } from '@shared/contract/accounts';
import { reviewWork } from '@shared/contract/admin';
import { addOrCancelCollection } from '@shared/contract/collections';
import type { CallDef, CallRequest, CallResponse } from '@shared/contract/define';
import { searchImage } from '@shared/contract/image-search';
import type { ImageSearchResult } from '@shared/contract/image-search';
import { perfectCreationPic, publishCreation } from '@shared/contract/publishing';
import { UPLOAD_PATH, genPostPolicy } from '@shared/contract/uploads';
import type { UploadedFile } from '@shared/contract/uploads';
import { getSearchCreationList } from '@shared/contract/word-search';
import { getCreationDetail } from '@shared/contract/works';
import { buildApp } from '../../app';
import { DEFAULT_ACCOUNTS_CONFIG } from '../../config';
import { openPostgres } from '../../db/connection';
import type { DatabaseHandle } from '../../db/connection';
import { migrateToLatest } from '../../db/migrations';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../../db/seed/demo-catalogue';
import { seedDemo } from '../../db/seed/seed-demo';
import type { AppDeps } from '../../deps';
import { ACCOUNT_MSG } from '../../modules/accounts/messages';
import { DEFAULT_UPLOAD_QUOTAS } from '../../modules/uploads/upload-quota';
import { patternPng } from '../../testing/publishing-fixture';
import { injectCall } from '../../testing/test-app';
import { createLocalStorage } from '../storage/local-storage';
import { scheduleJob } from './jobs';

// Two app servers (two apps from the app factory, each with its own word index, image index and
// caches) on one PostgreSQL schema and one file store (the local folder standing in for S3).
// Without TEST_DATABASE_URL there is no PostgreSQL to share, so the suite is skipped: SQLite is one
// process by design (cluster.test.ts covers its in-process path).

const url = process.env.TEST_DATABASE_URL;
/** The promise of docs/cluster.md: a change made on one server is served by the others within this. */
const FEED_MS = 2_000;

/** Most calls answer {code, data}; a few older ones {flag, rs} (catalogue-fixture.ts). */
type Envelope<T> = { code?: number; flag?: boolean; msg: string; data: T; rs?: T };

describe.skipIf(!url)('two app servers on one PostgreSQL', () => {
  const schema = `t_two_${randomBytes(4).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  let depsA: AppDeps;
  let ip = 0;

  async function call<C extends CallDef>(
    app: FastifyInstance,
    c: C,
    input: CallRequest<C>,
    token?: string,
  ): Promise<Envelope<CallResponse<C>>> {
    const res = await injectCall<Envelope<CallResponse<C>>>(
      app,
      c,
      input as Record<string, unknown>,
      {
        ...(token ? { token } : {}),
        ip: `127.8.0.${(++ip % 200) + 1}`,
      },
    );
    return res.body;
  }
  async function ok<C extends CallDef>(
    app: FastifyInstance,
    c: C,
    input: CallRequest<C>,
    token?: string,
  ): Promise<CallResponse<C>> {
    const body = await call(app, c, input, token);
    if (body.code !== 1 && body.flag !== true) {
      throw new Error(`${c.name} failed: ${body.code ?? ''} ${body.msg}`);
    }
    return body.flag === true && body.rs !== undefined ? body.rs : body.data;
  }
  const signIn = async (app: FastifyInstance, phone: string) =>
    (await ok(app, login, { phone, password: DEMO_PASSWORD })).login.token;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wenyang-two-servers-'));
    const webRoot = join(dataDir, 'web');
    mkdirSync(webRoot, { recursive: true });
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>纹样</title>');
    // One store for both: several servers need shared files (S3 in production).
    const storage = createLocalStorage(join(dataDir, 'files'), 'two-servers-secret-0123456789');
    const open = async () => {
      const handle = await openPostgres(url!, schema, 4);
      handles.push(handle);
      return handle;
    };
    const first = await open();
    await migrateToLatest(first.db, first.dialect);
    await seedDemo({ db: first.db, storage }, () => undefined, 4);
    const build = async (handle: DatabaseHandle) => {
      const deps: AppDeps = {
        db: handle.db,
        dialect: handle.dialect,
        databaseUrl: url,
        storage,
        sms: { sandbox: true, send: async () => undefined },
        accounts: DEFAULT_ACCOUNTS_CONFIG,
        production: false,
        sandboxCodeReveal: 'loopback',
        uploadQuotas: DEFAULT_UPLOAD_QUOTAS,
        signingSecret: 'two-servers-signing-secret-0123',
        now: () => Date.now(),
      };
      const app = await buildApp({ deps, config: { webRoot, nodeEnv: 'test' } });
      await app.ready();
      return { app, deps };
    };
    const one = await build(first);
    const two = await build(await open());
    a = one.app;
    depsA = one.deps;
    b = two.app;
    for (const app of [a, b]) {
      await app.wordIndex.ready();
      await vi.waitFor(
        () => expect(app.imageIndex.status()).toMatchObject({ loaded: true, pending: 0 }),
        {
          timeout: 30_000,
        },
      );
    }
  }, 180_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    const [first, ...rest] = handles;
    for (const handle of rest) await handle.close();
    if (first) {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(first.db);
      await first.close();
    }
  });

  it('follows the change feed over LISTEN on both servers', () => {
    expect(a.cluster.feed?.listening).toBe(true);
    expect(b.cluster.feed?.listening).toBe(true);
  });

  it('finds a work published through one server by word and by image search on the other within 2 s', async () => {
    const designer = await signIn(a, '13900000001');
    const admin = await signIn(a, DEMO_ADMIN.phone);
    const png = await patternPng(7_301);
    const policy = await ok(a, genPostPolicy, { upfilePath: 'creation', module: 'tuan' }, designer);
    const put = await a.inject({
      method: 'PUT',
      url: `${UPLOAD_PATH}?policy=${policy.policy}&signature=${policy.signature}`,
      headers: { token: designer, 'content-type': 'application/octet-stream' },
      payload: png,
    });
    const file = put.json<Envelope<UploadedFile>>().data;
    const title = '集群联动缠枝纹';
    const draft = await ok(
      a,
      perfectCreationPic,
      {
        fileKey: file.fileKey,
        title,
        categoryKid: 101,
        style: 'floral',
        tags: ['集群联动'],
        isSeamless: true,
        priceFen: 29_900,
      },
      designer,
    );
    const id = draft.work.id;
    await ok(a, publishCreation, { ids: [id] }, designer);
    const wordSearch = () =>
      ok(b, getSearchCreationList, { pageIndex: 1, pageSize: 20, keyword: '集群联动' });
    // Served by b before the change (and cached there): the work is not public yet.
    expect((await wordSearch()).list.map((w) => w.id)).not.toContain(id);

    await ok(a, reviewWork, { reason: '', id, approve: true }, admin);
    const approved = Date.now();
    await vi.waitFor(async () => expect((await wordSearch()).list.map((w) => w.id)).toContain(id), {
      timeout: FEED_MS,
      interval: 20,
    });
    const wordMs = Date.now() - approved;
    const imageSearch = async (app: FastifyInstance) => {
      const res = await app.inject({
        method: searchImage.method,
        url: searchImage.path,
        payload: { files: [{ name: 'query.png', data: png.toString('base64') }] },
      });
      const { same, similar } = res.json<Envelope<ImageSearchResult>>().data;
      return [...same, ...similar].map((hit) => hit.id);
    };
    await vi.waitFor(async () => expect((await imageSearch(b))[0]).toBe(id), {
      timeout: FEED_MS,
      interval: 20,
    });
    const imageMs = Date.now() - approved;
    // The same answer from both servers.
    expect(await imageSearch(b)).toEqual(await imageSearch(a));
    // The measurement docs/cluster.md reports.
    console.info(
      `change feed: word search on the other server after ${wordMs} ms, image search after ${imageMs} ms`,
    );
    const detail = await ok(b, getCreationDetail, { id });
    expect(detail.title).toBe(title);
  });

  it('shows a collect made on one server on the other', async () => {
    const buyerOnA = await signIn(a, '13700000001');
    const buyerOnB = await signIn(b, '13700000001');
    const work = await depsA.db
      .selectFrom('works')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await ok(b, getCreationDetail, { id: work.id }, buyerOnB);
    expect(before.isCollected).toBe(false);
    const done = await ok(a, addOrCancelCollection, { workId: work.id, collect: true }, buyerOnA);
    expect(done.favouriteCount).toBe(before.favouriteCount + 1);
    // Whether the viewer collected it is read fresh on every server.
    const after = await ok(b, getCreationDetail, { id: work.id }, buyerOnB);
    expect(after.isCollected).toBe(true);
    // A work's counters are re-read at most every 2 s (COUNTS_CACHE_MS, catalogue-cache.ts); the
    // bound adds room for a request on a loaded machine.
    await vi.waitFor(
      async () =>
        expect((await ok(b, getCreationDetail, { id: work.id }, buyerOnB)).favouriteCount).toBe(
          done.favouriteCount,
        ),
      { timeout: FEED_MS + 2_000, interval: 50 },
    );
  });

  it('runs a scheduled job on one server when both try, and once per interval', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let clock = Date.now();
    const errors: unknown[] = [];
    const job = (app: FastifyInstance, hold: boolean) =>
      scheduleJob(
        { db: app.deps.db, dialect: app.deps.dialect, now: () => clock },
        {
          name: 'two-servers-test-job',
          everyMs: 3600_000,
          origin: app.cluster.name,
          run: async () => {
            runs += 1;
            if (hold) await held;
          },
          onError: (err) => errors.push(err),
        },
      );
    const onA = job(a, true);
    const onB = job(b, false);
    const first = onA.runIfDue();
    // a has claimed the run and is still in it: b does not run it beside it.
    await vi.waitFor(() => expect(runs).toBe(1));
    expect(await onB.runIfDue()).toBe(false);
    release();
    expect(await first).toBe(true);
    // Done for this hour: neither runs it again until it is due.
    expect(await onB.runIfDue()).toBe(false);
    expect(await onA.runIfDue()).toBe(false);
    expect(runs).toBe(1);
    clock += 3600_000;
    expect(await onB.runIfDue()).toBe(true);
    expect(runs).toBe(2);
    expect(errors).toEqual([]);
    // The real sweepers took the same path at start: each ran on one server, once.
    const rows = await depsA.db
      .selectFrom('cluster_jobs')
      .select(['name', 'last_origin'])
      .execute();
    expect(rows.map((r) => r.name).sort()).toEqual(
      [
        'account-deletion-sweep',
        'cluster-housekeeping',
        'demand-sweep',
        'search-image-sweep',
        'settlement',
        'two-servers-test-job',
      ].sort(),
    );
  });

  it('counts a rate limit across both servers', async () => {
    const phone = '13611112222';
    const tries = async (app: FastifyInstance) =>
      (await call(app, login, { phone, smsCode: '000000' })).msg;
    const answers: string[] = [];
    // Ten a minute per phone (SIGN_IN_THROTTLE), spread over both servers.
    for (let i = 0; i < 10; i += 1) answers.push(await tries(i % 2 === 0 ? a : b));
    expect(answers).not.toContain(ACCOUNT_MSG.signInThrottled);
    expect(await tries(b)).toBe(ACCOUNT_MSG.signInThrottled);
    expect(await tries(a)).toBe(ACCOUNT_MSG.signInThrottled);
  });
});
