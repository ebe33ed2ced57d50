import { join } from 'node:path';
import type { ServerConfig } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The storage STORAGE names: DATA_DIR/files, or the S3-compatible bucket (docs/storage.md). */
export function createStorage(
  config: Pick<ServerConfig, 'storage' | 'dataDir' | 'storageSecret'>,
): Storage {
  return config.storage.kind === 's3'
    ? createS3Storage(config.storage, config.storageSecret)
    : createLocalStorage(join(config.dataDir, 'files'), config.storageSecret);
}
