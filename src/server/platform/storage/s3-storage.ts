import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { contentTypeOf } from './local-storage';
import { createUrlSigner } from './signed-urls';
import {
  PUBLIC_PREFIX,
  RangeNotSatisfiableError,
  assertValidFolder,
  assertValidKey,
} from './storage';
import type { Storage, StoredHead } from './storage';

/** An S3-compatible bucket (STORAGE=s3 and the S3_* variables, docs/storage.md). */
export type S3StorageConfig = {
  bucket: string;
  /** S3_ENDPOINT: an S3-compatible server (MinIO, OSS, COS, R2…); unset for AWS itself. */
  endpoint?: string;
  region: string;
  /** S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY; unset: the SDK's default chain (instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** S3_PUBLIC_BASE_URL: where the bucket's public/ keys are read directly (a CDN), if anywhere. */
  publicBaseUrl?: string;
};

/** Keys per ListObjectsV2 page and per DeleteObjects request: S3's limit for both. */
export const S3_BATCH = { listPage: 1000, delete: 1000 };

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

const statusOf = (err: unknown): number | undefined =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;

/** GetObject says NoSuchKey, HeadObject (no body) only 404. */
const isMissing = (err: unknown) =>
  (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound')) ||
  statusOf(err) === 404;

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer
    // streaming-trailer checksums the SDK sends by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files in an S3-compatible bucket under the same keys as the local folder. Reads go through the
 * app (signed /files/ URLs, ranges streamed from GetObject), so private files need no public bucket
 * and every storage answers the same URLs (docs/storage.md).
 */
export function createS3Storage(
  config: S3StorageConfig,
  secret: string,
  client: S3Client = createS3Client(config),
  batch: typeof S3_BATCH = S3_BATCH,
): Storage {
  const Bucket = config.bucket;
  const headOf = (
    key: string,
    answer: { ContentLength?: number; ETag?: string; ContentRange?: string },
  ): StoredHead => {
    // A ranged answer's ContentLength is the range's; the whole size follows the slash.
    const total = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : NaN;
    return {
      contentType: contentTypeOf(key),
      size: Number.isFinite(total) ? total : (answer.ContentLength ?? 0),
      etag: answer.ETag ?? '""',
    };
  };

  const head = async (key: string): Promise<StoredHead | null> => {
    assertValidKey(key);
    try {
      return headOf(key, await client.send(new HeadObjectCommand({ Bucket, Key: key })));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  /**
   * The first page of keys under `prefix`. Deleting lists the first page again after each page
   * instead of following a continuation token past keys that are gone (which some servers refuse).
   */
  const firstKeysUnder = async (prefix: string): Promise<string[]> => {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: batch.listPage }),
    );
    return (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
  };

  return {
    ...createUrlSigner(secret),
    publicBaseUrl: config.publicBaseUrl,
    async put(key, body) {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          // Served by the key's extension, as the local folder does, whoever reads it.
          ContentType: contentTypeOf(key),
          CacheControl: key.startsWith(PUBLIC_PREFIX) ? PUBLIC_CACHE : undefined,
        }),
      );
    },
    async get(key) {
      assertValidKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return { body, contentType: contentTypeOf(key), size: body.length };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    head,
    async getStream(key, range) {
      assertValidKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const found = headOf(key, answer);
        const body = answer.Body as Readable | undefined;
        if (!body) throw new Error(`no body for ${key}`);
        const served = range
          ? { start: range.start, end: Math.min(range.end, found.size - 1) }
          : null;
        return { ...found, body, range: served };
      } catch (err) {
        if (isMissing(err)) return null;
        if (statusOf(err) === 416) {
          const now = await head(key);
          if (!now) return null;
          throw new RangeNotSatisfiableError(now.size);
        }
        throw err;
      }
    },
    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    async listFolders(prefix) {
      assertValidFolder(prefix);
      const names: string[] = [];
      const pages = paginateListObjectsV2(
        { client, pageSize: batch.listPage },
        { Bucket, Prefix: prefix, Delimiter: '/' },
      );
      for await (const page of pages) {
        for (const common of page.CommonPrefixes ?? []) {
          if (common.Prefix) names.push(common.Prefix.slice(prefix.length, -1));
        }
      }
      return names;
    },
    async deleteFolder(prefix) {
      assertValidFolder(prefix);
      for (let keys = await firstKeysUnder(prefix); keys.length > 0;) {
        for (let i = 0; i < keys.length; i += batch.delete) {
          const some = keys.slice(i, i + batch.delete);
          const answer = await client.send(
            new DeleteObjectsCommand({
              Bucket,
              Delete: { Objects: some.map((Key) => ({ Key })), Quiet: true },
            }),
          );
          const failed = answer.Errors ?? [];
          if (failed.length > 0) {
            throw new Error(
              `could not delete ${failed.length} keys under ${prefix}: ${failed[0]?.Key} ${failed[0]?.Code}`,
            );
          }
        }
        keys = await firstKeysUnder(prefix);
      }
    },
  };
}
