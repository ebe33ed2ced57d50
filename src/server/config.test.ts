import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => mkdtempSync(join(tmpdir(), 'wenyang-config-'));

describe('loadConfig', () => {
  it('serves on 8080 with an embedded database under data/ by default', () => {
    const cwd = tmp();
    const config = loadConfig({}, cwd);
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(join(cwd, 'data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it('honours PORT and DATA_DIR', () => {
    const dir = tmp();
    const config = loadConfig({ PORT: '9123', DATA_DIR: dir }, tmp());
    expect(config.port).toBe(9123);
    expect(config.dataDir).toBe(dir);
  });

  it('publishes desktop installers only from an existing DESKTOP_RELEASES_DIR', () => {
    const cwd = tmp();
    expect(loadConfig({}, cwd).desktopReleasesDir).toBeNull();
    const releases = tmp();
    expect(loadConfig({ DESKTOP_RELEASES_DIR: releases }, cwd).desktopReleasesDir).toBe(releases);
    expect(() => loadConfig({ DESKTOP_RELEASES_DIR: 'missing' }, cwd)).toThrow(
      /DESKTOP_RELEASES_DIR 不是已存在的文件夹/,
    );
  });

  it('stops with one clear line on a malformed PORT', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, tmp())).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' }, tmp())).toThrow(/PORT 必须是 1 到 65535 之间的整数/);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x@y/z' }, tmp())).toThrow(/postgres:\/\//);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' }, tmp())).toThrow(ConfigError);
  });

  it('refuses an unknown NODE_ENV', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging' }, tmp())).toThrow(/NODE_ENV/);
  });

  it('takes the first admin from ADMIN_PHONE and ADMIN_PASSWORD, both or neither', () => {
    expect(loadConfig({}, tmp()).admin).toBeNull();
    expect(
      loadConfig({ ADMIN_PHONE: '13800001111', ADMIN_PASSWORD: 'long-enough' }, tmp()).admin,
    ).toEqual({ phone: '13800001111', password: 'long-enough' });
    expect(() =>
      loadConfig({ ADMIN_PHONE: '1380000', ADMIN_PASSWORD: 'long-enough' }, tmp()),
    ).toThrow(/^配置错误：ADMIN_PHONE/);
    expect(() =>
      loadConfig({ ADMIN_PHONE: '13800001111', ADMIN_PASSWORD: 'short' }, tmp()),
    ).toThrow(/^配置错误：ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'long-enough' }, tmp())).toThrow(/ADMIN_PHONE/);
  });

  it('trusts X-Forwarded-For only when TRUST_PROXY says so', () => {
    expect(loadConfig({}, tmp()).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }, tmp()).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }, tmp()).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }, tmp()).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' }, tmp())).toThrow(/^配置错误：TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' }, tmp())).toThrow(/TRUST_PROXY/);
  });

  it('keeps the same storage secret across restarts on one DATA_DIR', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).storageSecret).toBe(
      loadConfig({ DATA_DIR: dir }).storageSecret,
    );
  });

  it('listens on this machine only unless HOST says otherwise (issue 9, 1)', () => {
    expect(loadConfig({}, tmp()).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }, tmp()).host).toBe('0.0.0.0');
  });

  it('refuses to start in production with the sandbox SMS unless it is named on purpose (1)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, tmp())).toThrow(/SMS_PROVIDER=sandbox/);
    expect(loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'sandbox' }, tmp()).smsProvider).toBe(
      'sandbox',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' }, tmp())).toThrow(/SMS_PROVIDER/);
    expect(loadConfig({}, tmp()).smsSandboxReveal).toBe(false);
    expect(loadConfig({ SMS_SANDBOX_REVEAL: '1' }, tmp()).smsSandboxReveal).toBe(true);
  });

  it('creates no demo content (and no demo accounts) in production unless SEED_DEMO=1 (2)', () => {
    const production = { NODE_ENV: 'production', SMS_PROVIDER: 'sandbox' };
    expect(loadConfig(production, tmp()).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: '1' }, tmp()).seedDemo).toBe(true);
  });
});
