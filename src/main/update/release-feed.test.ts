import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEED_MSG,
  feedFileName,
  isNewerRelease,
  parseReleaseFeed,
  readReleaseFeed,
  releaseNotesText,
  releasesFeedUrl,
} from './release-feed';

// A release folder as `npm run dist` leaves it: an AppImage and electron-builder's latest-linux.yml.
const INSTALLER = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31) % 251));
const INSTALLER_NAME = '纹样-1.4.0.AppImage';
const SHA512 = createHash('sha512').update(INSTALLER).digest('base64');
const LATEST_LINUX = `version: 1.4.0
files:
  - url: ${INSTALLER_NAME}
    sha512: ${SHA512}
    size: ${INSTALLER.length}
    blockMapSize: 1234
path: ${INSTALLER_NAME}
sha512: ${SHA512}
releaseDate: '2026-11-24T08:00:00.000Z'
releaseNotes: |
  <p>本地上传支持断点续传</p><p>托盘显示上传进度</p>
`;

let server: Server;
let serverUrl: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '/');
    asked.push(url);
    if (url === '/desktop/releases/latest-linux.yml') {
      res.setHeader('content-type', 'text/yaml; charset=utf-8');
      res.end(LATEST_LINUX);
    } else if (url === `/desktop/releases/${INSTALLER_NAME}`) {
      res.setHeader('content-type', 'application/octet-stream');
      res.end(INSTALLER);
    } else if (url === '/desktop/releases/latest.yml') {
      res.statusCode = 500;
      res.end('oops');
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('readReleaseFeed against a feed served on loopback', () => {
  it('reads the version, notes and installer, whose SHA-512 is the served file’s', async () => {
    const feed = await readReleaseFeed({
      feedBaseUrl: releasesFeedUrl(serverUrl),
      platform: 'linux',
      arch: 'x64',
    });
    expect(feed).toMatchObject({
      version: '1.4.0',
      releaseDate: '2026-11-24T08:00:00.000Z',
      releaseNotes: '本地上传支持断点续传\n托盘显示上传进度',
    });
    expect(feed?.files).toHaveLength(1);
    const file = feed!.files[0]!;
    expect(file.url).toBe(`${serverUrl}/desktop/releases/${encodeURIComponent(INSTALLER_NAME)}`);
    expect(file.size).toBe(INSTALLER.length);
    // What electron-updater checks after the download: the feed's hash is the served bytes' hash.
    const served = Buffer.from(await (await fetch(file.url)).arrayBuffer());
    expect(createHash('sha512').update(served).digest('base64')).toBe(file.sha512);

    expect(isNewerRelease('1.3.9', feed!)).toBe(true);
    expect(isNewerRelease('1.4.0', feed!)).toBe(false);
    expect(isNewerRelease('2.0.0', feed!)).toBe(false);
  });

  it('says no release is published when the server has no feed for this system', async () => {
    const feed = await readReleaseFeed({
      feedBaseUrl: releasesFeedUrl(serverUrl),
      platform: 'darwin',
      arch: 'arm64',
    });
    expect(feed).toBeNull();
    expect(asked).toContain('/desktop/releases/latest-mac.yml');
  });

  it('reports a server error or an unreachable server in Chinese', async () => {
    await expect(
      readReleaseFeed({ feedBaseUrl: releasesFeedUrl(serverUrl), platform: 'win32', arch: 'x64' }),
    ).rejects.toThrow(FEED_MSG.unreachable);
    await expect(
      readReleaseFeed({
        feedBaseUrl: 'http://127.0.0.1:1/desktop/releases/',
        platform: 'linux',
        arch: 'x64',
      }),
    ).rejects.toThrow(FEED_MSG.unreachable);
  });
});

describe('parseReleaseFeed', () => {
  const FEED_URL = 'https://market.example.com/desktop/releases/latest.yml';
  const sha = SHA512;

  it('refuses what is not a feed', () => {
    for (const text of [
      '',
      'just text',
      '[1, 2]',
      'version: 1.0\nfiles: []',
      `version: banana\nfiles:\n  - url: a.exe\n    sha512: ${sha}`,
      'version: 1.0.0\nfiles:\n  - url: a.exe\n    sha512: not*base64',
      `version: 1.0.0\nfiles:\n  - url: https://evil.example/a.exe\n    sha512: ${sha}`,
      '{{{',
    ]) {
      expect(() => parseReleaseFeed(text, FEED_URL), text).toThrow(FEED_MSG.invalid);
    }
  });

  it('reads an old single-file feed and notes listed per version', () => {
    const feed = parseReleaseFeed(
      `version: 2.0.0-beta.1\npath: a.exe\nsha512: ${sha}\nreleaseNotes:\n  - version: 2.0.0-beta.1\n    note: 修复上传\n`,
      FEED_URL,
    );
    expect(feed.files).toEqual([
      { url: 'https://market.example.com/desktop/releases/a.exe', sha512: sha, size: null },
    ]);
    expect(feed.releaseNotes).toBe('2.0.0-beta.1：修复上传');
    // A beta is offered only to a beta.
    expect(isNewerRelease('1.9.0', feed)).toBe(false);
    expect(isNewerRelease('2.0.0-alpha.3', feed)).toBe(true);
  });

  it('keeps dates as text (no YAML timestamps) and strips HTML from notes', () => {
    const feed = parseReleaseFeed(
      `version: 1.0.1\nfiles:\n  - url: a.exe\n    sha512: ${sha}\nreleaseDate: 2026-11-24\n`,
      FEED_URL,
    );
    expect(feed.releaseDate).toBe('2026-11-24');
    expect(releaseNotesText('<b>新</b>功能&amp;修复<br>更快')).toBe('新功能&修复\n更快');
    expect(releaseNotesText('   ')).toBeNull();
    expect(releaseNotesText(42)).toBeNull();
  });
});

describe('feedFileName and releasesFeedUrl', () => {
  it('name electron-builder’s feed of each system under the marketplace’s release folder', () => {
    expect(feedFileName('win32', 'x64')).toBe('latest.yml');
    expect(feedFileName('darwin', 'arm64')).toBe('latest-mac.yml');
    expect(feedFileName('linux', 'x64')).toBe('latest-linux.yml');
    expect(feedFileName('linux', 'arm64')).toBe('latest-linux-arm64.yml');
    expect(releasesFeedUrl('https://market.example.com/wenyang')).toBe(
      'https://market.example.com/wenyang/desktop/releases/',
    );
  });
});
