import { readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DesktopPlatform, DesktopRelease } from '@shared/contract/desktop-releases';
import { desktopReleaseUrl } from '@shared/contract/desktop-releases';
import { createDigestCache } from './file-digest';
import type { DigestCache } from './file-digest';
import {
  FeedError,
  PLATFORM_FEEDS,
  installerOf,
  isOlderBlockMap,
  isPlainFileName,
  parseReleaseFeed,
} from './release-feed';
import type { ReleaseFeed } from './release-feed';

// DESKTOP_RELEASES_DIR: electron-builder's output, published by copying it in (docs/desktop-distribution.md).
// What the folder offers is what its valid feeds list; any other file in it is never served.

export type ServedFile = {
  path: string;
  size: number;
  mtime: Date;
  /** A feed is re-read by the updater on every check; installers and block maps never change. */
  kind: 'feed' | 'artifact';
};

export type ReleaseFolder = {
  /** One installer per platform whose feed is valid and whose file matches the feed. */
  releases(): Promise<DesktopRelease[]>;
  /** The file served at /desktop/releases/<name>, or null for any name the feeds do not list. */
  servedFile(name: string): Promise<ServedFile | null>;
  readonly digests: DigestCache;
};

type LoadedFeed = {
  platform: DesktopPlatform;
  feedName: string;
  feed: ReleaseFeed;
  installers: readonly RegExp[];
};

const isMissing = (err: unknown) =>
  (err as NodeJS.ErrnoException).code === 'ENOENT' ||
  (err as NodeJS.ErrnoException).code === 'ENOTDIR';

/** `dir` null: nothing is published (DESKTOP_RELEASES_DIR unset). */
export function createReleaseFolder(
  dir: string | null,
  log: Pick<FastifyBaseLogger, 'warn'>,
): ReleaseFolder {
  const digests = createDigestCache();
  // A broken feed is logged once per content, not on every visit.
  const warned = new Set<string>();
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    log.warn({ releasesDir: dir }, message);
  };

  /** The real path of a listed file, if it is a regular file inside the folder. */
  async function fileInFolder(root: string, name: string) {
    const path = join(root, name);
    try {
      const [real, realRoot] = await Promise.all([realpath(path), realpath(root)]);
      if (!real.startsWith(realRoot + sep)) return null;
      const info = await stat(real);
      return info.isFile() ? { path: real, size: info.size, mtime: info.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function loadFeeds(root: string): Promise<LoadedFeed[]> {
    const loaded = await Promise.all(
      PLATFORM_FEEDS.map(async ({ platform, feedName, installers }) => {
        let text: string;
        try {
          text = await readFile(join(root, feedName), 'utf8');
        } catch (err) {
          if (isMissing(err)) return null;
          throw err;
        }
        try {
          return { platform, feedName, installers, feed: parseReleaseFeed(text) };
        } catch (err) {
          if (!(err instanceof FeedError)) throw err;
          warnOnce(
            `${feedName}\0${text}`,
            `desktop release feed ${feedName} ignored: ${err.message}`,
          );
          return null;
        }
      }),
    );
    return loaded.filter((f) => f !== null);
  }

  async function releaseOf(root: string, loaded: LoadedFeed): Promise<DesktopRelease | null> {
    const { feed, feedName } = loaded;
    const installer = installerOf(feed, loaded.installers);
    const skip = (why: string) => {
      warnOnce(
        `${feedName}\0${feed.version}\0${why}`,
        `desktop release ${feedName} ${feed.version} not offered: ${why}`,
      );
      return null;
    };
    if (!installer) return skip('the feed lists no installer for this platform');
    const file = await fileInFolder(root, installer.url);
    if (!file) return skip(`${installer.url} is not in the folder`);
    if (file.size !== installer.size) {
      return skip(`${installer.url} has ${file.size} bytes, the feed says ${installer.size}`);
    }
    let digest;
    try {
      digest = await digests.digest(file.path);
    } catch (err) {
      return skip((err as Error).message);
    }
    // The updater would refuse it too: a visitor must not get a file its own feed disowns.
    if (digest.sha512 !== installer.sha512)
      return skip(`${installer.url} does not match its sha512`);
    return {
      platform: loaded.platform,
      fileName: installer.url,
      version: feed.version,
      size: file.size,
      releaseDate: feed.releaseDate,
      sha256: digest.sha256,
      downloadUrl: desktopReleaseUrl(installer.url),
      releaseNotes: feed.releaseNotes,
    };
  }

  return {
    digests,
    async releases() {
      if (!dir) return [];
      const feeds = await loadFeeds(dir);
      const releases = await Promise.all(feeds.map((f) => releaseOf(dir, f)));
      return releases.filter((r) => r !== null);
    },
    async servedFile(name) {
      if (!dir || !isPlainFileName(name)) return null;
      const feeds = await loadFeeds(dir);
      const listed = feeds.some(
        ({ feedName, feed }) =>
          name === feedName ||
          feed.files.some(
            (file) =>
              name === file.url ||
              name === `${file.url}.blockmap` ||
              isOlderBlockMap(name, file, feed.version),
          ),
      );
      if (!listed) return null;
      const file = await fileInFolder(dir, name);
      if (!file) return null;
      const kind = feeds.some((f) => f.feedName === name) ? 'feed' : 'artifact';
      return { ...file, kind };
    },
  };
}
