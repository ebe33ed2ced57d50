import type { Readable } from 'node:stream';

/** Where uploaded and generated files live. Keys are relative paths like `public/works/12/thumb-300.webp`. */
export type StoredObject = { body: Buffer; contentType: string; size: number };

/** What identifies a stored file's current content without reading it. */
export type StoredHead = {
  contentType: string;
  /** The whole file's size in bytes. */
  size: number;
  /** A strong entity tag, quoted (`"…"`): the same on every server for the same content. */
  etag: string;
};

/** First and last byte, both included, already checked against the size. */
export type ByteRange = { start: number; end: number };

/** A file opened for streaming: the whole of it, or the asked range. */
export type StoredStream = StoredHead & {
  body: Readable;
  /** The bytes in `body`; null when it is the whole file. */
  range: ByteRange | null;
};

/** The asked range starts at or beyond the end of the file (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  override name = 'RangeNotSatisfiableError';
  constructor(readonly size: number) {
    super(`range not satisfiable for a file of ${size} bytes`);
  }
}

export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Size, type and entity tag of `key`, or null when there is none. */
  head(key: string): Promise<StoredHead | null>;
  /**
   * `key`'s bytes as a stream (the whole file, or `range` with its end cut to the file's last byte),
   * or null when there is none; RangeNotSatisfiableError when the range starts past the end.
   */
  getStream(key: string, range?: ByteRange): Promise<StoredStream | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Names of the folders directly under `prefix` (a key prefix ending in `/`); [] when none. */
  listFolders(prefix: string): Promise<string[]>;
  /** Removes everything under `prefix` (a key prefix ending in `/`). */
  deleteFolder(prefix: string): Promise<void>;
  /** A URL path that grants read access to `key` until `ttlSeconds` from now. */
  signedUrl(key: string, ttlSeconds: number): string;
  /** Whether a signature produced by signedUrl is valid now. */
  verify(key: string, expires: number, signature: string, nowMs?: number): boolean;
  /**
   * Where public keys are also read directly, without the app (S3_PUBLIC_BASE_URL, a CDN before
   * the bucket): `<publicBaseUrl>/<key>`. Unset: only through /files/.
   */
  publicBaseUrl?: string;
};

/** Keys under this prefix are public (watermarked previews, thumbnails, banners) and served unsigned. */
export const PUBLIC_PREFIX = 'public/';

/** URL path under which the server serves stored files. */
export const FILES_ROUTE = '/files/';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;

/** Refuses keys that could escape the storage root or are not plain relative paths. */
export function assertValidKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//') || key.length > 512) {
    throw new Error(`invalid storage key: ${key}`);
  }
}

/** Refuses folder prefixes that are not a valid key followed by `/`. */
export function assertValidFolder(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`not a folder prefix: ${prefix}`);
  assertValidKey(prefix.slice(0, -1));
}

/** Public URL path of a public key. */
export function publicUrl(key: string): string {
  if (!key.startsWith(PUBLIC_PREFIX)) throw new Error(`not a public key: ${key}`);
  return `${FILES_ROUTE}${key}`;
}
