// Finds the installed Electron executable without requiring `electron` (which throws when it is missing).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Path of the Electron executable, or null when only the npm package (no binary) is installed. */
export function findElectronBinary(): string | null {
  let electronDir: string;
  try {
    electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const distDir = process.env['ELECTRON_OVERRIDE_DIST_PATH'] || join(electronDir, 'dist');
  const binary = join(distDir, readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}
