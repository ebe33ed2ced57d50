import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../platform/storage/s3-storage';
import type { S3StorageConfig } from '../platform/storage/s3-storage';

/** s3rver's one built-in key pair. */
const S3RVER_KEY = 'S3RVER';

// s3rver encrypts list continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider:
// it runs in its own Node process with that provider, so the tests can page through listings.
const SERVER_SCRIPT = `
const S3rver = require(process.argv[1]);
const server = new S3rver({ address: '127.0.0.1', port: 0, directory: process.argv[2], silent: true });
server.run().then((address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'));
process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
`;

export type LoopbackS3 = {
  /** A fresh, empty bucket on the server, ready for createS3Storage. */
  bucket: (name: string) => Promise<S3StorageConfig>;
  close: () => Promise<void>;
};

/**
 * An S3-compatible server (s3rver, a dev dependency) on 127.0.0.1 at a free port over a temporary
 * folder, for the storage tests: the same SDK calls as against a real bucket.
 */
export async function startLoopbackS3(): Promise<LoopbackS3> {
  const directory = mkdtempSync(join(tmpdir(), 'wenyang-s3-'));
  const s3rver = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', SERVER_SCRIPT, s3rver, directory],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    void exited.then(() => reject(new Error(`s3rver did not start: ${stderr}`)));
  });
  const base: Omit<S3StorageConfig, 'bucket'> = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    forcePathStyle: true,
  };
  return {
    async bucket(name) {
      const config = { ...base, bucket: name };
      const client = createS3Client(config);
      await client.send(new CreateBucketCommand({ Bucket: name }));
      client.destroy();
      return config;
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
