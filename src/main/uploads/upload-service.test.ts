// The whole pipeline against a stand-in server: watcher → queue → sharp → upload through the desktop
// session's client, and a real kill -9 of a pipeline process in the middle of a run.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopUploadQueueChange } from '../../shared/bridge';
import { EMPTY_FOLDER_DEFAULTS } from '../../shared/upload-queue';
import { createDesktopSession } from '../session/desktop-session';
import type { DesktopSession } from '../session/desktop-session';
import type { RunnerConfig } from './headless-runner';
import { FOLDERS_FILE } from './folders';
import { FAKE_ACCOUNT, startFakeUploadServer } from './testing/fake-upload-server';
import type { FakeUploadServer } from './testing/fake-upload-server';
import { JOURNAL_FILE, UPLOADS_DIR, startUploadService } from './upload-service';
import type { UploadService } from './upload-service';

const RUNNER = fileURLToPath(new URL('./headless-runner.ts', import.meta.url));
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pattern = (seed: number, size = 160) =>
  sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 },
    },
  })
    .png()
    .toBuffer();

let dir: string;
let folder: string;
let userData: string;
let server: FakeUploadServer;
let session: DesktopSession | null;
let service: UploadService | null;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wenyang-upload-service-'));
  folder = join(dir, '花型');
  userData = join(dir, 'userData');
  await mkdir(folder);
  server = await startFakeUploadServer();
  session = null;
  service = null;
});
afterEach(async () => {
  await service?.close();
  session?.dispose();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** A second designer using the same computer. */
const BO = { userId: 2, caiHongID: '80000002', name: '设计师乙' };
const BO_TOKEN = 'token-of-bo';

const login = (token = server.token) => ({
  token,
  expiration: Date.now() + 2 * 3_600_000,
  refreshToken: 'refresh',
});

async function start(
  changes: DesktopUploadQueueChange[] = [],
  token = server.token,
): Promise<UploadService> {
  // Wired as index.ts does: the service hears of every session change.
  session = await createDesktopSession({
    serverUrl: server.url,
    storageDir: userData,
    onChange: (state, reason) => service?.sessionChanged(state, reason),
  });
  await session.setLogin(login(token));
  service = await startUploadService({
    userDataDir: userData,
    http: session.http,
    signedIn: true,
    prepareConcurrency: 1,
    stabilityThresholdMs: 200,
    settleMs: 150,
    changeIntervalMs: 20,
    onChange: (change) => changes.push(change),
  });
  return service;
}

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  expect(condition()).toBe(true);
}

describe('watched-folder upload', () => {
  it('uploads a new image dropped into a watched folder, with live updates and a preview', async () => {
    // The server takes a while to answer, as a real one does, so the 'uploading' state is
    // seen by the live updates however the 20 ms change batches fall on a loaded machine.
    server = await replaceServer({ delayMs: 300 });
    const changes: DesktopUploadQueueChange[] = [];
    const uploads = await start(changes);
    const added = await uploads.addFolder(folder);
    await uploads.updateFolder(added.id, {
      categoryId: 2,
      series: '春季',
      classification: '',
      priceFen: 9_900,
      tags: ['碎花'],
    });
    const bytes = await pattern(1);
    await writeFile(join(folder, '碎花.png'), bytes);
    await until(() => uploads.queue.status().totals.uploaded === 1);

    const [item] = (await uploads.getQueue()).items;
    expect(item).toMatchObject({ name: '碎花.png', state: 'uploaded', sha256: sha(bytes) });
    expect(server.stored.has(sha(bytes))).toBe(true);
    expect(uploads.queue.get(item?.id ?? '')?.metadata).toMatchObject({
      series: '春季',
      priceFen: 9_900,
    });
    expect(await uploads.getPreview(item?.id)).toMatch(/^data:image\/jpeg;base64,/);
    // The draft work, made with the folder's metadata and the file name as its title.
    expect(item?.workId).toBe(1);
    expect(server.drafts.get(item?.fileKey ?? '')?.request).toEqual({
      fileKey: item?.fileKey,
      title: '碎花',
      categoryKid: 2,
      priceFen: 9_900,
      seriesTitle: '春季',
      tags: ['碎花'],
    });
    await until(() => changes.some((c) => c.changed.some((i) => i.state === 'uploaded')));
    expect(changes.flatMap((c) => c.changed.map((i) => i.state))).toContain('uploading');
  });

  it('uploads a changed file again, and the same bytes under another name never twice', async () => {
    const uploads = await start();
    await uploads.addFolder(folder);
    await writeFile(join(folder, 'a.png'), await pattern(1));
    await until(() => uploads.queue.status().totals.uploaded === 1);
    await writeFile(join(folder, 'a.png'), await pattern(2));
    await writeFile(join(folder, 'copy of a.png'), await pattern(1));
    await until(() => uploads.queue.status().totals.uploaded === 3);
    expect(server.stored.size).toBe(2);
    expect([...server.sent.values()]).toEqual([1, 1]);
  });

  it('waits for a file that is still being written and uploads it whole', async () => {
    const uploads = await start();
    await uploads.addFolder(folder);
    const bytes = await pattern(3, 600);
    const path = join(folder, 'scan.png');
    await writeFile(path, bytes.subarray(0, 1000));
    for (let offset = 1000; offset < bytes.length; offset += Math.ceil(bytes.length / 5)) {
      await new Promise((r) => setTimeout(r, 80));
      await appendFile(path, bytes.subarray(offset, offset + Math.ceil(bytes.length / 5)));
    }
    await until(() => uploads.queue.status().totals.uploaded === 1);
    expect([...server.stored.keys()]).toEqual([sha(bytes)]);
    expect(uploads.queue.status().totals.failed).toBe(0);
  });

  it('shows the server’s reason for a refused file and retries it when asked', async () => {
    const uploads = await start();
    await uploads.addFolder(folder);
    const bytes = await pattern(4);
    server.refuse(sha(bytes), '该图片涉嫌侵权，无法上传');
    await writeFile(join(folder, 'x.png'), bytes);
    await until(() => uploads.queue.status().totals.failed === 1);
    expect((await uploads.getQueue()).items[0]).toMatchObject({
      state: 'failed',
      error: '该图片涉嫌侵权，无法上传',
    });
    server.refuse(sha(bytes), null);
    await uploads.retry('all');
    await until(() => uploads.queue.status().totals.uploaded === 1);
  });

  it('waits for a login when the session is gone and carries on after it', async () => {
    const uploads = await start();
    await uploads.addFolder(folder);
    server.signOut(true);
    await writeFile(join(folder, 'a.png'), await pattern(5));
    await until(() => uploads.queue.status().pauseReason === 'signed-out');
    server.signOut(false);
    await signInAs(server.token);
    await until(() => uploads.queue.status().totals.uploaded === 1);
  });

  it('says so when a watched folder was moved away while the app was closed', async () => {
    const uploads = await start();
    await uploads.addFolder(folder);
    await uploads.close();
    session?.dispose();
    await rename(folder, `${folder}-moved`);
    const again = await start();
    await again.scanned;
    expect(await again.listFolders()).toMatchObject([
      { name: '花型', problem: '文件夹不存在或已被移动' },
    ]);
  });

  it('resumes after kill -9 in the middle and uploads every file exactly once', async () => {
    const count = 40;
    const hashes = new Set<string>();
    for (let i = 0; i < count; i += 1) {
      const bytes = await pattern(i + 10, 120 + i);
      hashes.add(sha(bytes));
      await writeFile(join(folder, `${String(i).padStart(2, '0')}.png`), bytes);
    }
    server = await replaceServer({ delayMs: 30 });
    const config: RunnerConfig = {
      mode: 'pipeline',
      folder,
      userDataDir: userData,
      expectFiles: count,
      serverUrl: server.url,
      login: login(),
      prepareConcurrency: 1,
      uploadConcurrency: 3,
      progressEveryMs: 20,
    };
    const first = await runPipeline(config, (uploaded) => uploaded >= count / 3);
    expect(first.killed).toBe(true);
    expect(server.stored.size).toBeLessThan(count);
    const second = await runPipeline(config, () => false);
    expect(second.done).toMatchObject({ event: 'done', uploaded: count, failed: 0, total: count });

    expect(new Set(server.stored.keys())).toEqual(hashes);
    // One draft work per file, whatever was cut off by the kill.
    expect(server.drafts.size).toBe(count);
    // Last line per item wins, as the journal is read at start.
    const latest = new Map<string, { path: string; state: string }>();
    for (const line of (await readFile(join(userData, UPLOADS_DIR, JOURNAL_FILE), 'utf8'))
      .trim()
      .split('\n')) {
      const { item } = JSON.parse(line) as { item: { id: string; path: string; state: string } };
      latest.set(item.id, item);
    }
    const journal = [...latest.values()];
    expect(journal).toHaveLength(count);
    expect(new Set(journal.map((i) => i.path)).size).toBe(count);
    expect(journal.every((i) => i.state === 'uploaded')).toBe(true);
  });
});

/** Signs in on the desktop as index.ts does: through the upload service, so uploads stop first. */
async function signInAs(token: string): Promise<void> {
  const current = session;
  if (!current || !service) throw new Error('not started');
  await service.duringLogin(() => current.setLogin(login(token)));
}

const heldMessage = (label: string) =>
  `上传已暂停：这些文件属于账号 ${label}，请用该账号登录后继续，或将文件夹转到当前账号`;

describe('watched folders belong to the designer who added them', () => {
  it('holds a designer’s folder while someone else is signed in, until they are back or it is moved', async () => {
    server.addAccount(BO_TOKEN, BO);
    const uploads = await start();
    const added = await uploads.addFolder(folder);

    // Bo signs in on the same computer: the files of Anna's folder wait for her.
    await signInAs(BO_TOKEN);
    await until(() => uploads.ownership().account?.userId === BO.userId);
    const first = await pattern(31);
    await writeFile(join(folder, '甲的花型.png'), first);
    await until(() => uploads.ownership().holds[0]?.waiting === 1);
    await new Promise((r) => setTimeout(r, 400));
    expect(server.uploadsBy).toEqual([]);
    const held = await uploads.getQueue();
    expect(held.items).toMatchObject([{ name: '甲的花型.png', state: 'queued' }]);
    expect(held.holds).toEqual([
      {
        folderId: added.id,
        owner: FAKE_ACCOUNT,
        waiting: 1,
        message: heldMessage('设计师甲（彩虹号 80000001）'),
      },
    ]);

    // Anna is back: her file goes up as hers.
    await signInAs(server.token);
    await until(() => uploads.queue.status().totals.uploaded === 1);
    expect(server.uploadsBy).toEqual([{ userId: FAKE_ACCOUNT.userId, sha256: sha(first) }]);
    expect((await uploads.getQueue()).holds).toEqual([]);

    // Bo again, and he takes the folder over: from now on its files are his.
    await signInAs(BO_TOKEN);
    const second = await pattern(32);
    await writeFile(join(folder, '转交后.png'), second);
    await until(() => uploads.ownership().holds[0]?.waiting === 1);
    const moved = await uploads.moveFolderToAccount(added.id);
    expect(moved).toMatchObject({ account: BO, holds: [] });
    await until(() => uploads.queue.status().totals.uploaded === 2);
    expect(server.uploadsBy).toEqual([
      { userId: FAKE_ACCOUNT.userId, sha256: sha(first) },
      { userId: BO.userId, sha256: sha(second) },
    ]);
    expect([...server.drafts.values()].map((d) => [d.userId, d.request['title']])).toEqual([
      [FAKE_ACCOUNT.userId, '甲的花型'],
      [BO.userId, '转交后'],
    ]);

    // Anna now sees the folder as Bo's.
    await signInAs(server.token);
    await until(() => uploads.ownership().account?.userId === FAKE_ACCOUNT.userId);
    expect(uploads.ownership().holds).toMatchObject([{ folderId: added.id, owner: BO }]);
  });

  it('finishes a file being sent when someone else signs in for its own account, never theirs', async () => {
    server = await replaceServer({ delayMs: 400 });
    server.addAccount(BO_TOKEN, BO);
    const uploads = await start();
    await uploads.addFolder(folder);
    await writeFile(join(folder, 'a.png'), await pattern(33));
    await until(() => uploads.queue.snapshot().items[0]?.state === 'uploading');
    await signInAs(BO_TOKEN);
    await until(() => uploads.ownership().holds[0]?.waiting === 1);
    expect(server.drafts.size).toBe(0);
    await signInAs(server.token);
    await until(() => uploads.queue.status().totals.uploaded === 1);
    expect(server.uploadsBy.every((u) => u.userId === FAKE_ACCOUNT.userId)).toBe(true);
    expect([...server.drafts.values()].map((d) => d.userId)).toEqual([FAKE_ACCOUNT.userId]);
  });

  it('gives folders from before accounts were recorded to the first account signed in', async () => {
    // Left by the previous version: a watched folder with no owner, and a file waiting in it.
    await mkdir(join(userData, UPLOADS_DIR), { recursive: true });
    const legacy = { id: 'old', path: folder, defaults: EMPTY_FOLDER_DEFAULTS, addedAt: 1 };
    await writeFile(
      join(userData, UPLOADS_DIR, FOLDERS_FILE),
      JSON.stringify({ version: 1, folders: [legacy] }),
    );
    const bytes = await pattern(34);
    await writeFile(join(folder, 'old.png'), bytes);
    server.addAccount(BO_TOKEN, BO);
    const uploads = await start([], BO_TOKEN);
    await until(() => uploads.queue.status().totals.uploaded === 1);
    expect(server.uploadsBy).toEqual([{ userId: BO.userId, sha256: sha(bytes) }]);
    const saved = JSON.parse(await readFile(join(userData, UPLOADS_DIR, FOLDERS_FILE), 'utf8')) as {
      folders: { owner: unknown }[];
    };
    expect(saved.folders[0]?.owner).toEqual(BO);
  });

  it('adds no folder while nobody is signed in', async () => {
    const uploads = await start();
    await session?.logout();
    await expect(uploads.addFolder(folder)).rejects.toThrow('请先登录后再添加文件夹');
  });
});

async function replaceServer(options: { delayMs: number }): Promise<FakeUploadServer> {
  await server.close();
  return startFakeUploadServer(options);
}

type RunOutcome = { killed: boolean; done: unknown };

/** Runs the pipeline in its own process; SIGKILLs it as soon as `killWhen(uploaded)` holds. */
function runPipeline(
  config: RunnerConfig,
  killWhen: (uploaded: number) => boolean,
): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', RUNNER, JSON.stringify(config)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let killed = false;
    let done: unknown = null;
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const report = JSON.parse(line) as { event: string; uploaded: number };
        if (report.event === 'done') done = report;
        if (!killed && report.event === 'progress' && killWhen(report.uploaded)) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.on('error', reject);
    child.on('exit', () => resolve({ killed, done }));
  });
}
