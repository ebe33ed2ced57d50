// Shared by the desktop specs: where the app is, why the specs skip, and how an app is launched.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from '@playwright/test';
import type { ElectronApplication } from '@playwright/test';
import { findElectronBinary } from './electron-binary';

export const root = join(import.meta.dirname, '../../..');
export const electronBinary = findElectronBinary();

export const NO_BINARY =
  'Electron binary not installed — run `npm run desktop` once on a machine with internet, ' +
  'or `node node_modules/electron/install.js` without ELECTRON_SKIP_BINARY_DOWNLOAD';

/** The real server the web tests use (playwright.config.ts), with its demo works and accounts. */
export const e2eServer = (): string => `http://127.0.0.1:${process.env['E2E_PORT'] ?? '8080'}`;

/** The environment for a launched app: the built pages, a window, the given marketplace server. */
export function appEnv(serverUrl: string): Record<string, string> {
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
  // Lets a spec read the tray's view in the main process (src/main/index.ts).
  env['WENYANG_E2E'] = '1';
  return env;
}

export type LaunchedApp = { app: ElectronApplication; userDataDir: string };

/** Launches the built app with a fresh user-data folder (or the given one) and extra arguments. */
export async function launchApp(
  serverUrl: string,
  extraArgs: string[] = [],
  userDataDir: string = mkdtempSync(join(tmpdir(), 'wenyang-desktop-')),
): Promise<LaunchedApp> {
  const app = await electron.launch({
    executablePath: electronBinary ?? undefined,
    // The project folder, so package.json supplies the app's name, version and main (out/main/index.js).
    args: [root, `--user-data-dir=${userDataDir}`, ...extraArgs],
    cwd: root,
    env: appEnv(serverUrl),
  });
  return { app, userDataDir };
}

/** Signs a demo account in through the server's login API, as the account site would. */
export async function loginMessage(
  serverUrl: string,
  phone: string,
): Promise<{ token: string; expiration: number; refreshToken: string }> {
  const response = await fetch(`${serverUrl}/account/api/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: 'wenyang123' }),
  });
  const body = (await response.json()) as {
    data: { login: { token: string; expiration: number; refreshToken: string } };
  };
  return body.data.login;
}

/** The id of a public work of the demo catalogue. */
export async function firstWorkId(serverUrl: string): Promise<number> {
  const list = (await (
    await fetch(`${serverUrl}/sapi/tu-zp/api/Creation/GetCreationList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageIndex: 1, pageSize: 1 }),
    })
  ).json()) as { data: { list: { id: number }[] } };
  const work = list.data.list[0];
  if (!work) throw new Error('the demo catalogue has no public work');
  return work.id;
}
