import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ElectronApplication } from '@playwright/test';
import type { DesktopBridge } from '@shared/bridge';
import { patternPng } from '../web/pattern-png';
import {
  NO_BINARY,
  appEnv,
  e2eServer,
  electronBinary,
  firstWorkId,
  launchApp,
  loginMessage,
  root,
} from './launch';

// The desktop client as a product (issue 18): links, the bridge's new parts, and the tray.

if (electronBinary === null) console.warn(`[desktop e2e] skipped: ${NO_BINARY}`);
test.skip(electronBinary === null, NO_BINARY);

const apps: ElectronApplication[] = [];
const dirs: string[] = [];

test.beforeAll(() => {
  if (!existsSync(join(root, 'out/main/index.js'))) {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
      { cwd: root, stdio: 'inherit' },
    );
  }
});

test.afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Desktop = { desktop: DesktopBridge };
type TrayProbe = { wenyangTrayView: () => { mode: string; status: string; tooltip: string } };

test('a wenyang://work link opens the work, at launch and from a second launch', async () => {
  test.setTimeout(120_000);
  const server = e2eServer();
  const workId = await firstWorkId(server);
  const launched = await launchApp(server, [`wenyang://work/${workId}`]);
  apps.push(launched.app);
  dirs.push(launched.userDataDir);
  const page = await launched.app.firstWindow();
  await expect(page).toHaveURL(new RegExp(`/work/detail\\?id=${workId}$`));

  // The same link from a second launch is handed to the running app, which goes home first here.
  await page.evaluate(() => {
    (globalThis as unknown as { location: { assign: (url: string) => void } }).location.assign('/');
  });
  await expect(page).toHaveURL(/app:\/\/wenyang\/$/);
  const second = spawn(
    electronBinary ?? '',
    [root, `--user-data-dir=${launched.userDataDir}`, `wenyang://work/${workId}`],
    { cwd: root, env: appEnv(server), stdio: 'ignore' },
  );
  const exitCode = await new Promise<number | null>((resolve) => second.on('exit', resolve));
  // The second launch does not stay: it hands its link over and quits.
  expect(exitCode).toBe(0);
  await expect(page).toHaveURL(new RegExp(`/work/detail\\?id=${workId}$`));
  expect(launched.app.windows()).toHaveLength(1);

  // A link to anything else opens nothing.
  const refused = spawn(
    electronBinary ?? '',
    [root, `--user-data-dir=${launched.userDataDir}`, 'wenyang://admin/users'],
    { cwd: root, env: appEnv(server), stdio: 'ignore' },
  );
  await new Promise((resolve) => refused.on('exit', resolve));
  await expect(page).toHaveURL(new RegExp(`/work/detail\\?id=${workId}$`));
});

test('the bridge exposes the desktop settings with 关闭窗口时最小化到托盘 on by default', async () => {
  const launched = await launchApp(e2eServer());
  apps.push(launched.app);
  dirs.push(launched.userDataDir);
  const page = await launched.app.firstWindow();
  const settings = await page.evaluate(() =>
    (globalThis as unknown as Desktop).desktop.downloads.getSettings(),
  );
  expect(settings.closeToTray).toBe(true);
  const off = await page.evaluate(() =>
    (globalThis as unknown as Desktop).desktop.downloads.setSettings({ closeToTray: false }),
  );
  expect(off.closeToTray).toBe(false);
  expect(
    await page.evaluate(() =>
      (globalThis as unknown as Desktop).desktop.imageSearch.takeLinkedImage(),
    ),
  ).toBeNull();
});

test('after a folder batch, the tray says the queue is done', async () => {
  test.setTimeout(180_000);
  const server = e2eServer();
  const folder = mkdtempSync(join(tmpdir(), 'wenyang-desktop-batch-'));
  dirs.push(folder);
  const seed = Date.now() % 100_000;
  writeFileSync(join(folder, '纹样一.png'), patternPng(seed));
  writeFileSync(join(folder, '纹样二.png'), patternPng(seed + 1));

  const launched = await launchApp(server);
  apps.push(launched.app);
  dirs.push(launched.userDataDir);
  const page = await launched.app.firstWindow();
  const idle = await launched.app.evaluate(() =>
    (globalThis as unknown as TrayProbe).wenyangTrayView(),
  );
  expect(idle).toMatchObject({ mode: 'idle', tooltip: '纹样 · 没有正在上传的文件' });

  // A demo designer signs in; the native folder picker answers with the test folder.
  const login = await loginMessage(server, '13900000003');
  await page.evaluate(
    (message) => (globalThis as unknown as Desktop).desktop.session.setLogin(message),
    login,
  );
  await launched.app.evaluate(({ dialog }, path) => {
    dialog.showOpenDialog = async () => ({ canceled: false, filePaths: [path] });
  }, folder);
  await page.evaluate(() => (globalThis as unknown as Desktop).desktop.uploads.addFolder());

  // Both files leave the queue (uploaded, or failed with a reason); then the tray says so.
  await expect
    .poll(
      async () => {
        const queue = await page.evaluate(() =>
          (globalThis as unknown as Desktop).desktop.uploads.getQueue(),
        );
        return queue.totals.uploaded + queue.totals.failed;
      },
      { timeout: 120_000 },
    )
    .toBe(2);
  const queue = await page.evaluate(() =>
    (globalThis as unknown as Desktop).desktop.uploads.getQueue(),
  );
  const expected =
    queue.totals.failed === 0
      ? { mode: 'idle', status: '没有正在上传的文件' }
      : { mode: 'errors', status: `${queue.totals.failed} 个文件上传失败` };
  await expect
    .poll(() => launched.app.evaluate(() => (globalThis as unknown as TrayProbe).wenyangTrayView()))
    .toMatchObject(expected);
});
