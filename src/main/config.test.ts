import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_URL, normalizeServerUrl, resolveDesktopConfig } from './config';

const noSources = { env: {}, argv: [], packaged: false };

describe('resolveDesktopConfig', () => {
  it('talks to http://localhost:8080 when nothing is configured', () => {
    expect(resolveDesktopConfig(noSources)).toEqual({
      serverUrl: DEFAULT_SERVER_URL,
      rendererDevUrl: null,
      mediaOrigin: null,
    });
  });

  it('reads where public images are served from by origin, the flag before the environment', () => {
    const env = { WENYANG_MEDIA_URL: 'https://cdn.example.com/wenyang/' };
    expect(resolveDesktopConfig({ ...noSources, env }).mediaOrigin).toBe('https://cdn.example.com');
    expect(
      resolveDesktopConfig({ ...noSources, env, argv: ['--media-url=https://img.example.net'] })
        .mediaOrigin,
    ).toBe('https://img.example.net');
    expect(() =>
      resolveDesktopConfig({ ...noSources, env: { WENYANG_MEDIA_URL: 'ftp://cdn.example.com' } }),
    ).toThrow(/WENYANG_MEDIA_URL/);
  });

  it('uses WENYANG_SERVER_URL without its trailing slash', () => {
    const config = resolveDesktopConfig({
      ...noSources,
      env: { WENYANG_SERVER_URL: 'https://market.example.com/' },
    });
    expect(config.serverUrl).toBe('https://market.example.com');
  });

  it('treats an empty WENYANG_SERVER_URL as not set', () => {
    const config = resolveDesktopConfig({ ...noSources, env: { WENYANG_SERVER_URL: '  ' } });
    expect(config.serverUrl).toBe(DEFAULT_SERVER_URL);
  });

  it('lets --server-url on the command line win over the environment', () => {
    const env = { WENYANG_SERVER_URL: 'http://env.example' };
    expect(
      resolveDesktopConfig({
        ...noSources,
        env,
        argv: ['electron', '.', '--server-url=http://flag.example/'],
      }).serverUrl,
    ).toBe('http://flag.example');
    expect(
      resolveDesktopConfig({
        ...noSources,
        env,
        argv: ['electron', '.', '--server-url', 'http://spaced.example'],
      }).serverUrl,
    ).toBe('http://spaced.example');
  });

  it('stops with one clear Chinese and English line when the server URL is bad', () => {
    const resolve = (): unknown =>
      resolveDesktopConfig({ ...noSources, env: { WENYANG_SERVER_URL: 'localhost:8080' } });
    expect(resolve).toThrowError(/WENYANG_SERVER_URL 无效/);
    expect(resolve).toThrowError(/Invalid WENYANG_SERVER_URL "localhost:8080"/);
    try {
      resolve();
    } catch (error) {
      expect(String(error)).not.toContain('\n');
    }
  });

  it('names the command-line flag when the flag is the bad one', () => {
    expect(() =>
      resolveDesktopConfig({ ...noSources, argv: ['--server-url=ftp://files.example'] }),
    ).toThrowError(/--server-url/);
  });

  it('loads the renderer from the dev server electron-vite announces', () => {
    const config = resolveDesktopConfig({
      ...noSources,
      env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' },
    });
    expect(config.rendererDevUrl).toBe('http://localhost:5173/');
  });

  it('ignores ELECTRON_RENDERER_URL in a packaged app so nobody can swap its pages', () => {
    const config = resolveDesktopConfig({
      env: { ELECTRON_RENDERER_URL: 'http://evil.example' },
      argv: [],
      packaged: true,
    });
    expect(config.rendererDevUrl).toBeNull();
  });

  it('refuses a dev renderer URL that is not http(s)', () => {
    expect(() =>
      resolveDesktopConfig({ ...noSources, env: { ELECTRON_RENDERER_URL: 'file:///tmp/x.html' } }),
    ).toThrowError(/ELECTRON_RENDERER_URL/);
  });
});

describe('normalizeServerUrl', () => {
  it('keeps a sub-path deployment but drops trailing slashes', () => {
    expect(normalizeServerUrl('https://example.com/wenyang///')).toBe(
      'https://example.com/wenyang',
    );
  });

  it('keeps the port and lower-cases the host', () => {
    expect(normalizeServerUrl('http://LocalHost:8080')).toBe('http://localhost:8080');
  });

  it('refuses other schemes, credentials, queries, fragments and garbage', () => {
    for (const raw of [
      'ftp://example.com',
      'javascript:alert(1)',
      'file:///srv/wenyang',
      'http://user:pass@example.com',
      'http://example.com/?a=1',
      'http://example.com/#x',
      'example.com',
      '',
    ]) {
      expect(() => normalizeServerUrl(raw)).toThrowError(/WENYANG_SERVER_URL/);
    }
  });
});
