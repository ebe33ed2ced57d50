import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@shared/contract';
import type { CallDef } from '@shared/contract/define';
import { needsSignIn } from '@shared/contract/define';
import { REQUEST_INT_MAX } from '@shared/contract/harden';
import { getSearchCreationList } from '@shared/contract/word-search';
import { getCreationList } from '@shared/contract/works';
import { buildApp } from '../app';
import { seedDemo } from '../db/seed/seed-demo';
import { buildTestApp, testDatabases } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

type Body = { code?: number; msg?: string; data?: unknown };
type Schema = Record<string, unknown>;

/** Every object, number, string and array node of a schema, with its path. */
function nodes(schema: Schema, path = ''): [string, Schema][] {
  const list: [string, Schema][] = [[path, schema]];
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const value = schema[key];
    if (Array.isArray(value))
      value.forEach((s, i) => list.push(...nodes(s as Schema, `${path}|${i}`)));
  }
  if (schema.items) list.push(...nodes(schema.items as Schema, `${path}[]`));
  for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    list.push(...nodes(v, `${path}.${k}`));
  }
  return list;
}

/**
 * Nodes a service checks itself against strict shapes: a topic's blocks are a union that ajv's
 * removeAdditional would strip while trying branches, so the request carries each block loosely
 * (bounded in number) and the topic service refuses any block that is not exactly one shape,
 * naming the block (contract/topics.ts, topics.test.ts).
 */
const CHECKED_BY_SERVICE = new Set(['Admin/SaveTopic.blocks[]', 'Admin/PreviewTopic.blocks[]']);

describe('request schemas (issue 9, findings 3 and 4)', () => {
  it('strip unknown fields and bound every number, string and list of every call', () => {
    const loose: string[] = [];
    for (const call of allCalls) {
      for (const [path, node] of nodes(call.request)) {
        const where = `${call.name}${path}`;
        if (node.type === 'object' && node.additionalProperties !== false) loose.push(where);
        if ((node.type === 'integer' || node.type === 'number') && node.const === undefined) {
          const max = node.maximum ?? node.exclusiveMaximum;
          const min = node.minimum ?? node.exclusiveMinimum;
          if (typeof max !== 'number' || typeof min !== 'number') loose.push(where);
        }
        if (node.type === 'string' && typeof node.maxLength !== 'number') loose.push(where);
        if (node.type === 'array' && typeof node.maxItems !== 'number') loose.push(where);
      }
    }
    expect(loose.filter((where) => !CHECKED_BY_SERVICE.has(where))).toEqual([]);
  });
});

describe.each(testDatabases())('hostile input on $name', (database) => {
  let t: TestApp;
  const post = (call: CallDef, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: call.path,
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  beforeAll(async () => {
    t = await buildTestApp(database);
    await seedDemo(t.deps, () => undefined, 4);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers as if unknown fields were not there, however large (3)', async () => {
    const plain = await post(getSearchCreationList, { keyword: '花', pageIndex: 1, pageSize: 1 });
    const junk = Object.fromEntries(
      Array.from({ length: 4 }, (_, i) => [`junk${i}`, 'x'.repeat(50_000)]),
    );
    const padded = await post(getSearchCreationList, {
      keyword: '花',
      pageIndex: 1,
      pageSize: 1,
      ...junk,
    });
    expect(padded.statusCode).toBe(200);
    expect(padded.json<Body>().data).toEqual(plain.json<Body>().data);
  });

  it('refuses a body larger than any call needs with a Chinese message (3)', async () => {
    const res = await post(getCreationList, { pageIndex: 1, junk: 'x'.repeat(400 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json<Body>().msg).toBe('请求内容过大');
  });

  it('survives a deeply nested unknown field (4)', async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const res = await post(getCreationList, `{"pageIndex":1,"junk":${deep}}`);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('refuses page numbers and ids past any real value on every list, in Chinese (4)', async () => {
    const paged = allCalls.filter(
      (c) =>
        c.method === 'POST' &&
        !needsSignIn(c.auth) &&
        'pageIndex' in ((c.request as unknown as Schema).properties as object),
    );
    expect(paged.length).toBeGreaterThan(10);
    for (const call of paged) {
      for (const pageIndex of [
        '9223372036854775808',
        '1e300',
        String(REQUEST_INT_MAX + 1),
        '"Infinity"',
        '"-Infinity"',
      ]) {
        const res = await post(call, `{"pageIndex":${pageIndex}}`);
        expect(res.statusCode, `${call.name} ${pageIndex}`).toBe(400);
        expect(res.json<Body>().msg).toMatch(/^请求参数不正确/);
      }
    }
  });

  it('sends security headers: a script policy without inline code, framing only by itself (10)', async () => {
    const page = await t.app.inject({ url: '/work' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const account = await t.app.inject({ url: '/account/' });
    expect(String(account.headers['content-security-policy'])).toMatch(
      /frame-ancestors 'self' app:\/\/wenyang(;|$)/,
    );
  });

  it('lets only the configured origins frame the account site (10)', async () => {
    const app = await buildApp({
      deps: { ...t.deps, accounts: { ...t.deps.accounts, allowedOrigins: ['https://a.example'] } },
      config: { webRoot: t.webRoot, nodeEnv: 'test', trustProxy: true },
    });
    try {
      const account = await app.inject({ url: '/account/' });
      expect(String(account.headers['content-security-policy'])).toContain(
        "frame-ancestors 'self' app://wenyang https://a.example",
      );
      const secure = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await app.close();
    }
  });
});
