// `npm run storage:copy [-- --dry-run] [--from <folder>]`: copies every file of the local storage
// folder (DATA_DIR/files, or --from) into the S3-compatible bucket that STORAGE=s3 and the S3_*
// variables name (docs/storage.md). Idempotent: files already in the bucket are skipped, so an
// interrupted copy is simply started again.
import { join, resolve } from 'node:path';
import { loadToolConfig } from '../src/server/config';
import { createStorage } from '../src/server/platform/storage/create-storage';
import { copyLocalFolder } from '../src/server/platform/storage/storage-copy';

async function main(argv: readonly string[]): Promise<number> {
  const config = loadToolConfig();
  if (!config) return 1;
  if (config.storage.kind !== 's3') {
    console.error(
      '请先设置 STORAGE=s3 与 S3_BUCKET 等变量（docs/storage.md），再把本地文件复制到存储桶',
    );
    return 1;
  }
  const at = argv.indexOf('--from');
  const from = at >= 0 && argv[at + 1] ? resolve(argv[at + 1]!) : join(config.dataDir, 'files');
  const dryRun = argv.includes('--dry-run');
  let seen = 0;
  const report = await copyLocalFolder(from, createStorage(config), {
    dryRun,
    onKey: () => {
      seen += 1;
      if (seen % 500 === 0) console.log(`已检查 ${seen} 个文件…`);
    },
  });
  console.log(
    `${dryRun ? '（试运行，未写入）' : ''}从 ${from} 到存储桶 ${config.storage.bucket}：` +
      `复制 ${report.copied} 个，已存在跳过 ${report.skipped} 个，失败 ${report.failed.length} 个`,
  );
  for (const { key, error } of report.failed.slice(0, 20)) console.error(`失败：${key}：${error}`);
  return report.failed.length > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
