import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { buildTestApp, testDatabases } from '../../../testing/test-app';
import type { TestApp } from '../../../testing/test-app';
import { ACCOUNT_SITE_SCRIPT } from './account-site';

const [database] = testDatabases();

describe('the account site page and its built script', () => {
  let t: TestApp;
  /** A second app on the same database whose web root holds a built account-site script. */
  let built: FastifyInstance;

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    t = await buildTestApp(database);
    const webRoot = join(t.dataDir, 'web-built');
    cpSync(t.webRoot, webRoot, { recursive: true });
    mkdirSync(join(webRoot, 'account', 'assets'), { recursive: true });
    writeFileSync(
      join(webRoot, ACCOUNT_SITE_SCRIPT.slice(1)),
      `import{a}from"../../assets/app-abc123.js";${'a();'.repeat(600)}`,
    );
    built = await buildApp({ deps: t.deps, config: { webRoot, nodeEnv: 'test' } });
    await built.ready();
  });
  afterAll(async () => {
    await built?.close();
    await t?.close();
  });

  it('loads the script as a module from the web root, with no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/account/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<script type="module" src="${ACCOUNT_SITE_SCRIPT}"></script>`);
    // The only inline script element is the JSON config, which the CSP does not run.
    const scripts = res.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toEqual([
      '<script id="account-config" type="application/json">',
      `<script type="module" src="${ACCOUNT_SITE_SCRIPT}">`,
    ]);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('serves the built script with no-cache', async () => {
    for (const url of [ACCOUNT_SITE_SCRIPT, `${ACCOUNT_SITE_SCRIPT}?v=2`]) {
      const res = await built.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('../../assets/app-abc123.js');
    }
    const page = await built.inject({ method: 'GET', url: '/account/security' });
    expect(page.body).toContain(ACCOUNT_SITE_SCRIPT);
  });

  it('answers 404 without a build, never the renderer page in place of the script', async () => {
    const res = await t.app.inject({ method: 'GET', url: ACCOUNT_SITE_SCRIPT });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).not.toContain('<html');
  });
});
