// The marketplace's desktop release feed: electron-builder's `latest*.yml` (generic provider) served at
// `<server>/desktop/releases/`. Read here with js-yaml and compared with semver, so the app knows
// whether a newer version exists (and what its notes say) before electron-updater downloads and
// verifies it. No Electron.
import { CORE_SCHEMA, load } from 'js-yaml';
import semver from 'semver';

/** Where the marketplace serves the installers and their feed (see docs/desktop-product.md). */
export const RELEASES_PATH = '/desktop/releases/';

/** The feed's address for a server URL as config.ts normalises it (no trailing slash). */
export function releasesFeedUrl(serverUrl: string): string {
  return `${serverUrl.replace(/\/+$/, '')}${RELEASES_PATH}`;
}

/** electron-builder's feed file per system: latest.yml (Windows), latest-mac.yml, latest-linux.yml. */
export function feedFileName(platform: string, arch: string): string {
  if (platform === 'win32') return 'latest.yml';
  if (platform === 'darwin') return 'latest-mac.yml';
  return arch === 'arm64' ? 'latest-linux-arm64.yml' : 'latest-linux.yml';
}

export type ReleaseFile = {
  /** Absolute URL of the installer (the feed names it relative to itself). */
  url: string;
  /** Base64 SHA-512 of the file, as electron-builder writes it and electron-updater checks it. */
  sha512: string;
  size: number | null;
};

export type ReleaseFeed = {
  version: string;
  releaseDate: string | null;
  /** Plain text; null when the release has none. */
  releaseNotes: string | null;
  files: ReleaseFile[];
};

export const FEED_MSG = {
  unreachable: '无法连接更新服务器，稍后会自动重试',
  invalid: '更新服务器上的版本信息无效，稍后会自动重试',
} as const;

export class ReleaseFeedError extends Error {
  override name = 'ReleaseFeedError';
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Release notes as text: electron-builder writes a string (sometimes HTML) or, for several versions,
 * a list of `{ version, note }`.
 */
export function releaseNotesText(notes: unknown): string | null {
  let text: string;
  if (typeof notes === 'string') text = notes;
  else if (Array.isArray(notes)) {
    text = notes
      .map((entry) => {
        const { version, note } = (entry ?? {}) as Record<string, unknown>;
        return typeof note === 'string' && note.trim() !== ''
          ? `${typeof version === 'string' ? `${version}：` : ''}${note}`
          : '';
      })
      .filter((line) => line !== '')
      .join('\n');
  } else return null;
  const plain = text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return plain === '' ? null : plain;
}

/** Reads a `latest*.yml`; throws ReleaseFeedError when it is not a usable feed. */
export function parseReleaseFeed(text: string, feedUrl: string): ReleaseFeed {
  let data: unknown;
  try {
    // The core schema: no dates or other types turned into objects; everything stays text or number.
    data = load(text, { schema: CORE_SCHEMA });
  } catch {
    throw new ReleaseFeedError(FEED_MSG.invalid);
  }
  if (typeof data !== 'object' || data === null) throw new ReleaseFeedError(FEED_MSG.invalid);
  const record = data as Record<string, unknown>;
  const version = typeof record['version'] === 'string' ? semver.valid(record['version']) : null;
  if (version === null) throw new ReleaseFeedError(FEED_MSG.invalid);

  const rawFiles = Array.isArray(record['files'])
    ? record['files']
    : // Old feeds name one file at the top level.
      [{ url: record['path'], sha512: record['sha512'], size: record['size'] }];
  const files: ReleaseFile[] = [];
  for (const raw of rawFiles) {
    const { url, sha512, size } = (raw ?? {}) as Record<string, unknown>;
    if (typeof url !== 'string' || url === '' || typeof sha512 !== 'string') continue;
    if (!BASE64.test(sha512)) continue;
    let absolute: URL;
    try {
      absolute = new URL(url, feedUrl);
    } catch {
      continue;
    }
    // The installers are served beside the feed; a feed pointing elsewhere is not ours.
    if (absolute.origin !== new URL(feedUrl).origin) continue;
    files.push({
      url: absolute.href,
      sha512,
      size: Number.isSafeInteger(size) && (size as number) >= 0 ? (size as number) : null,
    });
  }
  if (files.length === 0) throw new ReleaseFeedError(FEED_MSG.invalid);
  const releaseDate = record['releaseDate'];
  return {
    version,
    releaseDate: typeof releaseDate === 'string' ? releaseDate : null,
    releaseNotes: releaseNotesText(record['releaseNotes']),
    files,
  };
}

export type ReadFeedOptions = {
  /** `releasesFeedUrl(serverUrl)`. */
  feedBaseUrl: string;
  platform: string;
  arch: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** The feed for this system; null when the server has published no release for it (404). */
export async function readReleaseFeed(options: ReadFeedOptions): Promise<ReleaseFeed | null> {
  const feedUrl = new URL(feedFileName(options.platform, options.arch), options.feedBaseUrl).href;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(feedUrl, {
      headers: { accept: 'text/yaml, application/x-yaml, */*', 'cache-control': 'no-cache' },
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
  } catch {
    throw new ReleaseFeedError(FEED_MSG.unreachable);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new ReleaseFeedError(FEED_MSG.unreachable);
  return parseReleaseFeed(await response.text(), feedUrl);
}

/** Whether the feed offers a version newer than the running one (a pre-release only over a pre-release). */
export function isNewerRelease(
  currentVersion: string,
  feed: Pick<ReleaseFeed, 'version'>,
): boolean {
  const current = semver.valid(currentVersion);
  if (current === null) return false;
  if (semver.prerelease(feed.version) !== null && semver.prerelease(current) === null) return false;
  return semver.gt(feed.version, current);
}
