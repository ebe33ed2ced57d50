import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertise, getHomeInfo, getHomeRecommendList } from '@shared/contract/home';
import { getCategory } from '@shared/contract/works';
import { seedDemo } from './db/seed/seed-demo';
import { buildTestApp, testDatabases } from './testing/test-app';
import type { TestApp } from './testing/test-app';

const SEED_WORKS = 12;

describe.each(testDatabases())('server on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(database);
    await seedDemo(t.deps, () => undefined, SEED_WORKS);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rejects a body without a required field with a Chinese message and code ≠ 1', async () => {
    const res = await t.app.inject({ method: 'POST', url: advertise.path, payload: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).not.toBe(1);
    expect(body.msg).toBe('请求参数不正确：字段 zoneName缺少必填项');
    expect(body.data).toBeNull();
  });

  it('rejects a field of the wrong type before it reaches the handler', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: getHomeRecommendList.path,
      payload: { pageIndex: 'first', pageSize: 10 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: expect.stringContaining('pageIndex') });
  });

  it('rejects a body that is not JSON with a Chinese message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: getHomeInfo.path,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('请求体不是有效的 JSON');
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    for (const url of ['/api/1.0.0/Nope/Nothing', '/sapi/none/api/X/Y', '/japi/search/nothing']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '接口不存在', data: null });
    }
  });

  it('serves the SPA for any other path so the renderer shows its own pages', async () => {
    for (const url of ['/', '/work/detail?id=3', '/no/such/page', '/demand/12.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and compression, and 404s a missing one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('reports health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the API reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(Object.keys(spec.paths)).toContain(getHomeInfo.path);
  });

  it('shows the seeded works on the home page with images that load', async () => {
    const res = await t.app.inject({ method: 'POST', url: getHomeInfo.path, payload: {} });
    const body = res.json();
    expect(body.code).toBe(1);
    const works = body.data.sections.flatMap((s: { works: unknown[] }) => s.works);
    expect(works.length).toBeGreaterThan(0);
    expect(body.data.stats.works).toBe(SEED_WORKS);
    const thumb = await t.app.inject({ method: 'GET', url: works[0].thumbUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('pages the recommendation list with a total', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: getHomeRecommendList.path,
      payload: { pageIndex: 2, pageSize: 5 },
    });
    const body = res.json();
    expect(body.data.total).toBe(SEED_WORKS);
    expect(body.data.list).toHaveLength(5);
  });

  it('returns the category tree and the home-top banners', async () => {
    const tree = (
      await t.app.inject({ method: 'POST', url: getCategory.path, payload: {} })
    ).json();
    expect(tree.data.map((c: { title: string }) => c.title)).toContain('服装面料');
    expect(tree.data[0].children.length).toBeGreaterThan(0);
    const banners = (
      await t.app.inject({ method: 'POST', url: advertise.path, payload: { zoneName: 'home-top' } })
    ).json();
    expect(banners.data).toHaveLength(4);
    expect(banners.data.map((b: { linkUrl: string }) => b.linkUrl)).toContain('/redActivity');
  });

  it('keeps originals private: unsigned requests are refused, signed ones served', async () => {
    const row = await t.deps.db
      .selectFrom('work_images')
      .select('storage_key')
      .where('kind', '=', 'original')
      .executeTakeFirstOrThrow();
    const unsigned = await t.app.inject({ method: 'GET', url: `/files/${row.storage_key}` });
    expect(unsigned.statusCode).toBe(404);
    const signed = await t.app.inject({
      method: 'GET',
      url: t.deps.storage.signedUrl(row.storage_key, 60),
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/png');
  });

  it('seeding twice changes nothing', async () => {
    const before = await t.deps.db
      .selectFrom('works')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const again = await seedDemo(t.deps, () => undefined, SEED_WORKS);
    expect(again.created).toBe(false);
    const after = await t.deps.db
      .selectFrom('works')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('contract coverage', () => {
  it('registers a route for every call declared in the contract', async () => {
    const { allCalls } = await import('@shared/contract');
    const [database] = testDatabases();
    if (!database) throw new Error('no database');
    const t = await buildTestApp(database);
    try {
      for (const call of allCalls) {
        expect(t.app.hasRoute({ method: call.method, url: call.path }), call.name).toBe(true);
      }
    } finally {
      await t.close();
    }
  });
});
