import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { ElectronApplication } from '@playwright/test';
import type { DesktopBridge } from '@shared/bridge';
import { NO_BINARY, electronBinary, root } from './launch';

const builtMain = join(root, 'out/main/index.js');

// Say it in the run's output too: the list reporter shows a skip without its reason.
if (electronBinary === null) console.warn(`[desktop e2e] skipped: ${NO_BINARY}`);
test.skip(electronBinary === null, NO_BINARY);

let app: ElectronApplication | undefined;
let userDataDir = '';
const extraDirs: string[] = [];

/** The environment for a launched app: the built pages, a window, the given marketplace server. */
function appEnv(serverUrl: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    // The test must load the built pages, and a Node-mode Electron would not open a window.
    if (
      value !== undefined &&
      name !== 'ELECTRON_RENDERER_URL' &&
      name !== 'ELECTRON_RUN_AS_NODE'
    ) {
      env[name] = value;
    }
  }
  env['WENYANG_SERVER_URL'] = serverUrl;
  return env;
}

test.beforeAll(() => {
  if (!existsSync(builtMain)) {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
  }
});

test.afterAll(async () => {
  await app?.close();
  for (const dir of [userDataDir, ...extraDirs]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

test('the built desktop app tells the renderer who it is and which server it uses', async () => {
  userDataDir = mkdtempSync(join(tmpdir(), 'wenyang-desktop-'));
  const env = appEnv('http://127.0.0.1:8080/');

  app = await electron.launch({
    executablePath: electronBinary ?? undefined,
    // The project folder, so package.json supplies the app's name, version and main (out/main/index.js).
    args: [root, `--user-data-dir=${userDataDir}`],
    cwd: root,
    env,
  });
  const page = await app.firstWindow();

  const info = await page.evaluate(() =>
    (globalThis as unknown as { desktop: DesktopBridge }).desktop.app.appInfo(),
  );
  expect(info.name).toBe('纹样');
  expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
  expect(info.serverUrl).toBe('http://127.0.0.1:8080');
  expect(info.versions.electron).toMatch(/^\d+\./);

  // The page gets the bridge and nothing else from the host.
  const exposed = await page.evaluate(() => {
    const scope = globalThis as unknown as Record<string, unknown>;
    return {
      bridge: Object.keys(scope['desktop'] ?? {}).sort(),
      require: typeof scope['require'],
      process: typeof scope['process'],
    };
  });
  expect(exposed).toEqual({
    bridge: ['app', 'downloads', 'http', 'imageSearch', 'session', 'uploads'],
    require: 'undefined',
    process: 'undefined',
  });

  // The built pages come from the app's own origin, which the framed account site can post to.
  expect(page.url()).toMatch(/^app:\/\/wenyang\//);
  const origin = await page.evaluate(
    () => (globalThis as unknown as { location: { origin: string } }).location.origin,
  );
  expect(origin).toBe('app://wenyang');

  // A fresh user-data folder has no session, and the renderer is never shown the token.
  const state = await page.evaluate(() =>
    (globalThis as unknown as { desktop: DesktopBridge }).desktop.session.getState(),
  );
  expect(state).toEqual({ signedIn: false, expiration: null });
});

test('a large scanner TIFF dropped in the desktop app is resized by the main process and finds its work', async () => {
  test.setTimeout(180_000);
  // The real server the web tests use (playwright.config.ts), with its demo works.
  const server = `http://127.0.0.1:${process.env.E2E_PORT ?? '8080'}`;
  const list = (await (
    await fetch(`${server}/sapi/tu-zp/api/Creation/GetCreationList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageIndex: 1, pageSize: 1 }),
    })
  ).json()) as { data: { list: { id: number; previewUrl: string }[] } };
  const work = list.data.list[0]!;
  const preview = Buffer.from(await (await fetch(`${server}${work.previewUrl}`)).arrayBuffer());
  // Over 5 MB and 4800 px wide: a browser upload would refuse it, the main process shrinks it.
  const dir = mkdtempSync(join(tmpdir(), 'wenyang-desktop-scan-'));
  extraDirs.push(dir);
  const scan = join(dir, '扫描件.tif');
  await sharp(preview).resize(4800).tiff({ compression: 'none' }).toFile(scan);

  const dataDir = mkdtempSync(join(tmpdir(), 'wenyang-desktop-'));
  extraDirs.push(dataDir);
  const desktop = await electron.launch({
    executablePath: electronBinary ?? undefined,
    args: [root, `--user-data-dir=${dataDir}`],
    cwd: root,
    env: appEnv(server),
  });
  try {
    const page = await desktop.firstWindow();
    await page.getByRole('banner').getByRole('link', { name: '智能搜图' }).click();
    await page.getByTestId('image-file-input').setInputFiles(scan);
    await expect(page).toHaveURL(/\/search\/picSearch/);
    await expect(
      page.getByRole('region', { name: /同款/ }).getByRole('link').first(),
    ).toHaveAttribute('href', new RegExp(`/work/detail\\?id=${work.id}$`));
  } finally {
    await desktop.close();
  }
});
