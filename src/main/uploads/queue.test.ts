import { createHash } from 'node:crypto';
import { copyFile, appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_FOLDER_DEFAULTS } from '../../shared/upload-queue';
import { openJournal } from './journal';
import { backoffDelay, createUploadQueue } from './queue';
import type { FileOffer, QueueOptions, QueueRecord, QueueSteps, UploadQueue } from './queue';
import { parseQueueRecord } from './queue-record';
import { UploadFailure } from './upload-failure';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
/** Accounts (userIds) signed in on the computer. */
const ANNA = 1;
const BO = 2;

/** Files on a pretend disk, and a pretend server that stores each content once. */
class World {
  files = new Map<string, string>();
  stored = new Map<string, string>();
  uploads: string[] = [];
  running = { prepare: 0, upload: 0, maxPrepare: 0, maxUpload: 0 };
  readFailures: UploadFailure[] = [];
  uploadFailures: UploadFailure[] = [];
  /** After this many uploads the server stores the bytes but its answer never arrives (a crash). */
  hangAfter: number | null = null;
  /** fileKey → draft work id (one per fileKey, as PerfectCreationPic does) and the calls made. */
  drafts = new Map<string, number>();
  draftCalls: { fileKey: string | null; series: string | undefined }[] = [];
  draftFailures: UploadFailure[] = [];
  /** Runs when an upload's answer arrives (someone else signing in at that moment, say). */
  afterUpload: (() => void) | null = null;

  steps(): QueueSteps {
    return {
      read: async (record) => {
        const failure = this.readFailures.shift();
        if (failure) throw failure;
        const text = this.files.get(record.path);
        if (text === undefined) throw new UploadFailure('gone', 'gone');
        return {
          bytes: Buffer.from(text),
          sha256: sha(text),
          size: text.length,
          mtimeMs: record.mtimeMs,
        };
      },
      prepare: async (source) => {
        this.running.prepare += 1;
        this.running.maxPrepare = Math.max(this.running.maxPrepare, this.running.prepare);
        await new Promise((r) => setTimeout(r, 2));
        this.running.prepare -= 1;
        return { bytes: source.bytes, converted: false, width: 10, height: 10 };
      },
      upload: async (prepared, onProgress) => {
        this.running.upload += 1;
        this.running.maxUpload = Math.max(this.running.maxUpload, this.running.upload);
        try {
          await new Promise((r) => setTimeout(r, 5));
          const failure = this.uploadFailures.shift();
          if (failure) throw failure;
          onProgress(prepared.bytes.length);
          const key = sha(Buffer.from(prepared.bytes).toString());
          this.uploads.push(key);
          const duplicate = this.stored.has(key);
          this.stored.set(key, `key-${key.slice(0, 8)}`);
          if (this.hangAfter !== null && this.uploads.length > this.hangAfter) {
            await new Promise(() => undefined);
          }
          this.afterUpload?.();
          return { fileKey: `key-${key.slice(0, 8)}`, duplicate };
        } finally {
          this.running.upload -= 1;
        }
      },
      createDraft: async (record) => {
        this.draftCalls.push({ fileKey: record.fileKey, series: record.metadata?.series });
        const failure = this.draftFailures.shift();
        if (failure) throw failure;
        const key = record.fileKey ?? '';
        const workId = this.drafts.get(key) ?? this.drafts.size + 1;
        this.drafts.set(key, workId);
        return { workId };
      },
    };
  }

  write(path: string, text: string, mtimeMs = 1): FileOffer {
    this.files.set(path, text);
    return { folderId: 'f1', path, name: path.slice(1), size: text.length, mtimeMs, owner: ANNA };
  }
}

let dir: string;
let journalFile: string;
let world: World;
const open: { queue: UploadQueue; journal: { close(): Promise<void> } }[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wenyang-queue-'));
  journalFile = join(dir, 'queue.jsonl');
  world = new World();
});
afterEach(async () => {
  for (const { queue, journal } of open.splice(0)) {
    await queue.close();
    await journal.close();
  }
  await rm(dir, { recursive: true, force: true });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

async function startQueue(
  options: Partial<QueueOptions> = {},
  file = journalFile,
): Promise<UploadQueue> {
  return (await startQueueWithJournal(options, file)).queue;
}

async function startQueueWithJournal(options: Partial<QueueOptions> = {}, file = journalFile) {
  const { journal, items } = await openJournal<QueueRecord>({ file, parse: parseQueueRecord });
  const queue = createUploadQueue({
    journal,
    restored: items,
    steps: world.steps(),
    folderDefaults: () => ({ ...EMPTY_FOLDER_DEFAULTS, series: '春季' }),
    baseDelayMs: 5,
    maxDelayMs: 20,
    unstableDelayMs: 10,
    account: ANNA,
    ...options,
  });
  open.push({ queue, journal });
  return { queue, journal };
}

const states = (queue: UploadQueue) => queue.snapshot().items.map((i) => [i.name, i.state]);

describe('watched-folder upload queue', () => {
  it('uploads a new file and keeps its fileKey and the folder metadata', async () => {
    const queue = await startQueue();
    expect(queue.offer(world.write('/a.png', 'A'))).toBe(true);
    await queue.idle();
    const [item] = queue.snapshot().items;
    expect(item).toMatchObject({
      state: 'uploaded',
      progress: 1,
      fileKey: `key-${sha('A').slice(0, 8)}`,
    });
    expect(queue.get(item?.id ?? '')?.metadata).toMatchObject({ series: '春季' });
    expect(world.uploads).toHaveLength(1);
  });

  it('makes one draft work per uploaded file, with the folder metadata', async () => {
    const queue = await startQueue();
    queue.offer(world.write('/a.png', 'A'));
    queue.offer(world.write('/copy.png', 'A'));
    await queue.idle();
    expect(world.draftCalls).toEqual([{ fileKey: `key-${sha('A').slice(0, 8)}`, series: '春季' }]);
    const [original, copy] = queue.snapshot().items;
    expect(original?.workId).toBe(1);
    // The copy is the same file: no second draft.
    expect(copy).toMatchObject({
      state: 'uploaded',
      sameAs: original?.id,
      fileKey: original?.fileKey,
    });
  });

  it('keeps an uploaded file whose draft was refused, and makes only the draft on retry', async () => {
    const queue = await startQueue();
    world.draftFailures.push(
      new UploadFailure('rejected', '请先完成设计师入驻，入驻后即可发布作品'),
    );
    queue.offer(world.write('/a.png', 'A'));
    await queue.idle();
    expect(queue.snapshot().items[0]).toMatchObject({
      state: 'failed',
      error: '请先完成设计师入驻，入驻后即可发布作品',
      workId: null,
    });
    expect(queue.snapshot().items[0]?.fileKey).not.toBeNull();
    queue.retry('all');
    await queue.idle();
    expect(queue.snapshot().items[0]).toMatchObject({ state: 'uploaded', workId: 1 });
    expect(world.uploads).toHaveLength(1);
  });

  it('ignores a file it has already seen, and uploads a changed file again', async () => {
    const queue = await startQueue();
    queue.offer(world.write('/a.png', 'A', 1));
    await queue.idle();
    expect(
      queue.offer({
        folderId: 'f1',
        path: '/a.png',
        name: 'a.png',
        size: 1,
        mtimeMs: 1,
        owner: ANNA,
      }),
    ).toBe(false);
    queue.offer(world.write('/a.png', 'A2', 2));
    await queue.idle();
    expect(states(queue)).toEqual([
      ['a.png', 'uploaded'],
      ['a.png', 'uploaded'],
    ]);
    expect(world.uploads).toEqual([sha('A'), sha('A2')]);
  });

  it('uploads the same bytes once, under two names or after a change back', async () => {
    const queue = await startQueue();
    queue.offer(world.write('/a.png', 'same', 1));
    await queue.idle();
    queue.offer(world.write('/copy of a.png', 'same', 1));
    queue.offer(world.write('/a.png', 'other', 2));
    await queue.idle();
    queue.offer(world.write('/a.png', 'same', 3));
    await queue.idle();
    expect(world.uploads).toEqual([sha('same'), sha('other')]);
    const items = queue.snapshot().items;
    expect(items.map((i) => i.state)).toEqual(['uploaded', 'uploaded', 'uploaded', 'uploaded']);
    expect(items[1]?.sameAs).toBe(items[0]?.id);
    expect(items[3]?.sameAs).toBe(items[0]?.id);
    expect(items[3]?.fileKey).toBe(items[0]?.fileKey);
  });

  it('uploads two files with the same bytes arriving together only once', async () => {
    const queue = await startQueue({ prepareConcurrency: 2 });
    queue.offer(world.write('/1.png', 'twin'));
    queue.offer(world.write('/2.png', 'twin'));
    await queue.idle();
    expect(world.uploads).toEqual([sha('twin')]);
    expect(queue.snapshot().items.map((i) => i.state)).toEqual(['uploaded', 'uploaded']);
  });

  it('waits for a file that is still being written, then uploads the finished file', async () => {
    const queue = await startQueue();
    world.readFailures.push(new UploadFailure('unstable', 'still writing'));
    queue.offer(world.write('/big.tif', 'half'));
    // The writer finishes meanwhile.
    world.files.set('/big.tif', 'whole file');
    await new Promise((r) => setTimeout(r, 40));
    await queue.idle();
    expect(queue.snapshot().items[0]).toMatchObject({ state: 'uploaded', attempts: 0 });
    expect(world.uploads).toEqual([sha('whole file')]);
  });

  it('runs at most the configured number of preparations and uploads at once', async () => {
    const queue = await startQueue({ prepareConcurrency: 1, uploadConcurrency: 3 });
    for (let i = 0; i < 20; i += 1) queue.offer(world.write(`/${i}.png`, `content ${i}`));
    await queue.idle();
    expect(queue.status().totals.uploaded).toBe(20);
    expect(world.running.maxPrepare).toBe(1);
    expect(world.running.maxUpload).toBeLessThanOrEqual(3);
    expect(world.running.maxUpload).toBeGreaterThan(1);
  });

  it('retries network and server errors with back-off, then succeeds', async () => {
    const queue = await startQueue();
    world.uploadFailures.push(
      new UploadFailure('retry', '网络连接失败，稍后自动重试'),
      new UploadFailure('retry', '服务器暂时不可用，稍后自动重试'),
    );
    queue.offer(world.write('/a.png', 'A'));
    await queue.idle();
    const waiting = queue.snapshot().items[0];
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting?.retryAt).toBeGreaterThan(Date.now() - 1);
    await new Promise((r) => setTimeout(r, 80));
    await queue.idle();
    expect(queue.snapshot().items[0]).toMatchObject({
      state: 'uploaded',
      attempts: 2,
      error: null,
    });
  });

  it('retries a file waiting for its back-off at once when asked', async () => {
    const queue = await startQueue({ baseDelayMs: 60_000, maxDelayMs: 60_000 });
    world.uploadFailures.push(new UploadFailure('retry', '网络连接失败，稍后自动重试'));
    queue.offer(world.write('/a.png', 'A'));
    await queue.idle();
    expect(queue.snapshot().items[0]?.retryAt).not.toBeNull();
    queue.retry('all');
    await queue.idle();
    expect(queue.snapshot().items[0]).toMatchObject({ state: 'uploaded', retryAt: null });
  });

  it('gives up after the last attempt and retries when asked', async () => {
    const queue = await startQueue({ maxAttempts: 2 });
    world.uploadFailures.push(
      new UploadFailure('retry', '网络连接失败，稍后自动重试'),
      new UploadFailure('retry', '网络连接失败，稍后自动重试'),
    );
    queue.offer(world.write('/a.png', 'A'));
    await new Promise((r) => setTimeout(r, 60));
    await queue.idle();
    expect(queue.snapshot().items[0]).toMatchObject({
      state: 'failed',
      attempts: 2,
      error: '网络连接失败，稍后自动重试',
    });
    queue.retry('all');
    await queue.idle();
    expect(queue.snapshot().items[0]).toMatchObject({ state: 'uploaded', attempts: 0 });
  });

  it('does not retry a file the server refused, and shows its message', async () => {
    const queue = await startQueue();
    world.uploadFailures.push(
      new UploadFailure('rejected', '图片文件不完整或已损坏，请重新导出后上传'),
    );
    queue.offer(world.write('/broken.png', 'broken'));
    await new Promise((r) => setTimeout(r, 30));
    await queue.idle();
    const item = queue.snapshot().items[0];
    expect(item).toMatchObject({
      state: 'failed',
      attempts: 0,
      error: '图片文件不完整或已损坏，请重新导出后上传',
    });
    expect(world.uploads).toEqual([]);
    queue.retry(item?.id ?? '');
    await queue.idle();
    expect(queue.snapshot().items[0]?.state).toBe('uploaded');
  });

  it('takes a fixed file again in the same row', async () => {
    const queue = await startQueue();
    world.uploadFailures.push(new UploadFailure('rejected', '文件不是可识别的图片，或文件已损坏'));
    queue.offer(world.write('/a.png', 'bad', 1));
    await queue.idle();
    queue.offer(world.write('/a.png', 'good', 2));
    await queue.idle();
    expect(states(queue)).toEqual([['a.png', 'uploaded']]);
  });

  it('starts nothing while paused and carries on after resume', async () => {
    const queue = await startQueue();
    expect(queue.pause()).toMatchObject({ paused: true, pauseReason: 'user' });
    queue.offer(world.write('/a.png', 'A'));
    queue.offer(world.write('/b.png', 'B'));
    await new Promise((r) => setTimeout(r, 20));
    expect(queue.status().totals.queued).toBe(2);
    queue.resume();
    await queue.idle();
    expect(queue.status().totals.uploaded).toBe(2);
  });

  it('waits for a login when the session is gone, without counting it as a failure', async () => {
    const queue = await startQueue();
    world.uploadFailures.push(new UploadFailure('signed-out', '登录已失效，请重新登录后继续上传'));
    queue.offer(world.write('/a.png', 'A'));
    queue.offer(world.write('/b.png', 'B'));
    await queue.idle();
    expect(queue.status()).toMatchObject({ paused: true, pauseReason: 'signed-out' });
    expect(queue.snapshot().items[0]).toMatchObject({ state: 'queued', attempts: 0 });
    // A user's resume is not needed: the next login resumes it.
    queue.resume('signed-out');
    await queue.idle();
    expect(queue.status().totals.uploaded).toBe(2);
  });

  it('forgets a waiting file that was deleted', async () => {
    const queue = await startQueue();
    queue.pause();
    queue.offer(world.write('/a.png', 'A'));
    queue.forget('/a.png');
    expect(queue.snapshot().items).toEqual([]);
    const change = queue.takeChanges();
    expect(change.removed).toHaveLength(1);
  });

  it('resumes after a crash mid-upload without losing or duplicating a file', async () => {
    const { queue, journal } = await startQueueWithJournal({ uploadConcurrency: 2 });
    const offers = Array.from({ length: 8 }, (_, i) => world.write(`/${i}.png`, `bytes ${i}`));
    world.hangAfter = 3;
    for (const offer of offers) queue.offer(offer);
    await until(() => world.uploads.length === 5);

    // kill -9: the journal as it is on disk now, with a torn line at its end.
    await journal.flush();
    const crashed = join(dir, 'crashed.jsonl');
    await copyFile(journalFile, crashed);
    await appendFile(crashed, '{"op":"put","item":{"id":"x');
    world.hangAfter = null;

    const restarted = await startQueue({}, crashed);
    // The watcher's first scan offers every file again.
    for (const offer of offers) restarted.offer(offer);
    await restarted.idle();

    const items = restarted.snapshot().items;
    expect(items).toHaveLength(8);
    expect(items.every((i) => i.state === 'uploaded' && i.fileKey !== null)).toBe(true);
    expect(new Set(items.map((i) => i.path)).size).toBe(8);
    // Stored once each: the two cut-off uploads were sent again and answered as duplicates.
    expect(world.stored.size).toBe(8);
    expect(world.uploads).toHaveLength(10);
    expect(world.drafts.size).toBe(8);
  });

  it('reports changed items, and asks for a reload when too many changed at once', async () => {
    const queue = await startQueue({ maxChangedPerEvent: 3 });
    queue.pause();
    queue.offer(world.write('/a.png', 'A'));
    expect(queue.takeChanges()).toMatchObject({ reset: false, changed: [{ name: 'a.png' }] });
    expect(queue.takeChanges().changed).toEqual([]);
    for (let i = 0; i < 5; i += 1) queue.offer(world.write(`/${i}.png`, `${i}`));
    expect(queue.takeChanges()).toMatchObject({ reset: true, changed: [] });
  });
});

describe('files belong to the account that added their folder', () => {
  it('holds another account’s files, and sends them once that account is signed in again', async () => {
    const queue = await startQueue({ account: BO });
    queue.offer(world.write('/a.png', 'A'));
    await queue.idle();
    expect(states(queue)).toEqual([['a.png', 'queued']]);
    expect(queue.heldCount('f1')).toBe(1);
    expect(world.uploads).toEqual([]);
    queue.setAccount(ANNA);
    await until(() => queue.status().totals.uploaded === 1);
    expect(queue.heldCount('f1')).toBe(0);
  });

  it('sends nothing while nobody is known to be signed in', async () => {
    const queue = await startQueue({ account: null });
    queue.offer(world.write('/a.png', 'A'));
    await queue.idle();
    expect(world.uploads).toEqual([]);
  });

  it('gives a moved folder’s waiting and failed files to the new account, not its uploaded ones', async () => {
    const queue = await startQueue();
    queue.offer(world.write('/done.png', 'done'));
    await queue.idle();
    queue.setAccount(BO);
    queue.offer(world.write('/a.png', 'A'));
    await queue.idle();
    expect(world.uploads).toEqual([sha('done')]);
    queue.moveFolder('f1', BO);
    await until(() => queue.status().totals.uploaded === 2);
    const byName = new Map(queue.snapshot().items.map((i) => [i.name, queue.get(i.id)]));
    expect(byName.get('a.png')?.owner).toBe(BO);
    expect(byName.get('done.png')?.owner).toBe(ANNA);
  });

  it('sends a file again for the new account when only the old one has its bytes', async () => {
    const queue = await startQueue();
    // Uploaded for Anna, then Bo signs in: the draft request is refused before it leaves.
    world.afterUpload = () => {
      world.afterUpload = null;
      queue.setAccount(BO);
      world.draftFailures.push(new UploadFailure('account', 'other'));
    };
    queue.offer(world.write('/a.png', 'A'));
    await queue.idle();
    const [item] = queue.snapshot().items;
    expect(item).toMatchObject({ state: 'queued', fileKey: `key-${sha('A').slice(0, 8)}` });
    expect(queue.heldCount('f1')).toBe(1);
    queue.moveFolder('f1', BO);
    await until(() => queue.status().totals.uploaded === 1);
    expect(world.uploads).toEqual([sha('A'), sha('A')]);
    expect(world.draftCalls).toHaveLength(2);
  });

  it('uploads the same bytes once per account, as the server keeps them per account', async () => {
    const queue = await startQueue();
    queue.offer(world.write('/a.png', 'same'));
    await queue.idle();
    queue.setAccount(BO);
    queue.offer({ ...world.write('/b.png', 'same'), folderId: 'f2', owner: BO });
    await queue.idle();
    expect(world.uploads).toEqual([sha('same'), sha('same')]);
    expect(queue.snapshot().items.every((i) => i.sameAs === null)).toBe(true);
  });

  it('keeps each file’s account after a restart, and gives rows without one to the first account', async () => {
    const { queue, journal } = await startQueueWithJournal({ account: BO });
    queue.offer(world.write('/a.png', 'A'));
    await queue.idle();
    await queue.close();
    await journal.close();
    const lines = (await readFile(journalFile, 'utf8')).trim().split('\n');
    const legacy = JSON.parse(lines[0] ?? '{}') as { item: Record<string, unknown> };
    expect(legacy.item['owner']).toBe(ANNA);
    // A row journaled before owners were recorded.
    delete legacy.item['owner'];
    const older = join(dir, 'older.jsonl');
    await writeFile(older, `${JSON.stringify(legacy)}\n`);

    const again = await startQueue({ account: BO }, journalFile);
    await again.idle();
    expect(world.uploads).toEqual([]);
    const upgraded = await startQueue({ account: BO }, older);
    upgraded.claimUnowned(BO);
    await until(() => upgraded.status().totals.uploaded === 1);
    expect(upgraded.get(upgraded.snapshot().items[0]?.id ?? '')?.owner).toBe(BO);
  });
});

describe('backoffDelay', () => {
  it('doubles per attempt up to the ceiling, with jitter in the upper half', () => {
    expect(backoffDelay(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffDelay(1, 1000, 60_000, () => 0.999)).toBe(1000);
    expect(backoffDelay(3, 1000, 60_000, () => 0)).toBe(2000);
    expect(backoffDelay(20, 1000, 60_000, () => 0)).toBe(30_000);
  });
});
