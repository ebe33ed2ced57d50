// `npm run desktop`: makes sure the Electron binary is installed, then starts `electron-vite dev`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const electronDir = join(root, 'node_modules', 'electron');
const DEFAULT_SERVER_URL = 'http://localhost:8080';

/** Path of the installed Electron executable, or null when only the npm package is present. */
function findElectronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(electronDir, 'dist');
  const binary = join(distDir, readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

function ensureElectronBinary() {
  if (findElectronBinary() !== null) return true;
  console.log('纹样桌面端：正在下载 Electron 可执行文件… / Downloading the Electron binary…');
  // package.json keeps electron's install script off, so run it here with downloads allowed.
  const env = { ...process.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  delete env.npm_config_electron_skip_binary_download;
  spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    cwd: electronDir,
    env,
    stdio: 'inherit',
  });
  return findElectronBinary() !== null;
}

if (!ensureElectronBinary()) {
  console.error(
    '纹样桌面端：无法下载 Electron 可执行文件 / The Electron binary could not be downloaded — ' +
      'connect to the internet (or set ELECTRON_MIRROR to a reachable mirror), run ' +
      '`node node_modules/electron/install.js` without ELECTRON_SKIP_BINARY_DOWNLOAD set, then `npm run desktop` again.',
  );
  process.exit(1);
}

console.log(
  `纹样桌面端 → 服务器 / server: ${process.env.WENYANG_SERVER_URL || DEFAULT_SERVER_URL}`,
);

// Run the CLI's script with this Node rather than the .bin shim: works on Windows and without an exec bit.
const cli = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
const child = spawn(process.execPath, [cli, 'dev', ...process.argv.slice(2)], {
  cwd: root,
  env: process.env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
