import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { load } from 'js-yaml';
import semver from 'semver';
import type { DesktopPlatform } from '@shared/contract/desktop-releases';

// electron-builder's update-info files (latest*.yml), read and checked before anything is offered.

/** The feed of each platform and the installer a visitor downloads from it, in order of preference. */
export const PLATFORM_FEEDS: readonly {
  platform: DesktopPlatform;
  feedName: string;
  installers: readonly RegExp[];
}[] = [
  { platform: 'windows', feedName: 'latest.yml', installers: [/\.exe$/i] },
  // The zip is what electron-updater installs on macOS; people download the dmg.
  { platform: 'mac', feedName: 'latest-mac.yml', installers: [/\.dmg$/i, /\.zip$/i] },
  { platform: 'linux', feedName: 'latest-linux.yml', installers: [/\.AppImage$/i] },
];

const FeedFileSchema = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 255 }),
  sha512: Type.String({ pattern: '^[A-Za-z0-9+/]{86}==$' }),
  size: Type.Integer({ minimum: 1 }),
});

const ReleaseNoteSchema = Type.Object({
  version: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
});

const FeedSchema = Type.Object({
  version: Type.String({ minLength: 1, maxLength: 64 }),
  files: Type.Array(FeedFileSchema, { minItems: 1, maxItems: 50 }),
  releaseDate: Type.String({ minLength: 1, maxLength: 64 }),
  releaseNotes: Type.Optional(
    Type.Union([Type.String(), Type.Null(), Type.Array(ReleaseNoteSchema, { maxItems: 100 })]),
  ),
});

export type FeedFile = { url: string; sha512: string; size: number };

export type ReleaseFeed = {
  version: string;
  /** ISO date-time. */
  releaseDate: string;
  /** Plain text, '' when the feed has none. */
  releaseNotes: string;
  files: FeedFile[];
};

/** A feed that cannot be offered; the message says why, for the server log. */
export class FeedError extends Error {
  override name = 'FeedError';
}

/** A name inside the release folder: no path, no hidden file, no control character. */
export function isPlainFileName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= 255 &&
    !name.startsWith('.') &&
    !/[/\\]/.test(name) &&
    [...name].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
  );
}

function notesText(notes: string | null | { version: string; note: string | null }[] | undefined) {
  if (notes == null) return '';
  if (typeof notes === 'string') return notes.trim();
  // electron-builder's "full changelog" form: one note per version, newest first.
  return notes
    .filter((n) => n.note?.trim())
    .map((n) => `${n.version}\n${(n.note ?? '').trim()}`)
    .join('\n\n');
}

/** Reads one latest*.yml; throws FeedError when it is not a feed this server may offer. */
export function parseReleaseFeed(text: string): ReleaseFeed {
  let data: unknown;
  try {
    // js-yaml's default (core) schema: no custom tags, dates stay strings.
    data = load(text);
  } catch (err) {
    throw new FeedError(`not YAML: ${(err as Error).message}`);
  }
  if (!Value.Check(FeedSchema, data)) {
    const first = Value.Errors(FeedSchema, data).First();
    throw new FeedError(`bad feed at ${first?.path || '/'}: ${first?.message ?? 'invalid'}`);
  }
  const version = semver.valid(data.version);
  if (!version) throw new FeedError(`version ${JSON.stringify(data.version)} is not semver`);
  const released = Date.parse(data.releaseDate);
  if (!Number.isFinite(released)) throw new FeedError(`releaseDate is not a date`);
  const names = new Set<string>();
  for (const file of data.files) {
    if (!isPlainFileName(file.url)) {
      throw new FeedError(`file url ${JSON.stringify(file.url)} is not a name in this folder`);
    }
    if (names.has(file.url)) throw new FeedError(`file ${file.url} is listed twice`);
    names.add(file.url);
  }
  return {
    version,
    releaseDate: new Date(released).toISOString(),
    releaseNotes: notesText(data.releaseNotes),
    files: data.files.map(({ url, sha512, size }) => ({ url, sha512, size })),
  };
}

/** The installer a visitor downloads from a feed, or undefined when the feed lists none. */
export function installerOf(
  feed: ReleaseFeed,
  installers: readonly RegExp[],
): FeedFile | undefined {
  for (const pattern of installers) {
    const file = feed.files.find((f) => pattern.test(f.url));
    if (file) return file;
  }
  return undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `name` is the block map of an older build of a listed file: electron-updater's
 * differential download asks for `<file with its own version>.blockmap` beside the new one's.
 */
export function isOlderBlockMap(name: string, file: FeedFile, version: string): boolean {
  if (!name.endsWith('.blockmap')) return false;
  const base = name.slice(0, -'.blockmap'.length);
  const parts = file.url.split(version);
  if (parts.length < 2) return false;
  const pattern = new RegExp(`^${parts.map(escapeRegExp).join('([0-9A-Za-z.+-]{5,64})')}$`);
  const match = pattern.exec(base);
  if (!match) return false;
  const versions = match.slice(1);
  return versions.every((v) => v === versions[0] && semver.valid(v) === v);
}
