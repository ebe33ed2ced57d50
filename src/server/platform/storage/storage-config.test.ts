import { describe, expect, it } from 'vitest';
import { ConfigError, loadStorageConfig } from '../../config';

describe('STORAGE configuration', () => {
  it('keeps files in the local folder unless STORAGE=s3', () => {
    expect(loadStorageConfig({})).toEqual({ kind: 'local' });
    expect(() => loadStorageConfig({ STORAGE: 'ftp' })).toThrow(ConfigError);
  });

  it('reads the bucket, endpoint, keys and public address of an S3-compatible store', () => {
    expect(
      loadStorageConfig({
        STORAGE: 's3',
        S3_BUCKET: 'wenyang-files',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_REGION: 'cn-east-1',
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'very-secret-value',
        S3_PUBLIC_BASE_URL: 'https://cdn.example.com/files/',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'wenyang-files',
      endpoint: 'http://minio:9000',
      region: 'cn-east-1',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'very-secret-value' },
      // An own endpoint (MinIO and most S3-compatible servers) addresses buckets by path.
      forcePathStyle: true,
      publicBaseUrl: 'https://cdn.example.com/files',
    });
    const aws = loadStorageConfig({ STORAGE: 's3', S3_BUCKET: 'wenyang-files' });
    expect(aws).toMatchObject({ region: 'us-east-1', forcePathStyle: false });
    expect(aws).not.toHaveProperty('credentials.accessKeyId');
  });

  it('refuses a missing bucket, half a key pair or a bad address, without showing the secret', () => {
    expect(() => loadStorageConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    let message = '';
    try {
      loadStorageConfig({ STORAGE: 's3', S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 'hush-hush' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/S3_ACCESS_KEY_ID/);
    expect(message).not.toContain('hush-hush');
    expect(() =>
      loadStorageConfig({ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' }),
    ).toThrow(/S3_ENDPOINT/);
  });
});
