import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Flags for Chromium on shared, offline machines (no sandbox as root, no background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export const NO_CHROMIUM_MESSAGE =
  'No Chromium found for the browser tests: install one (Debian: apt-get install -y chromium; elsewhere: npx playwright install chromium) or set CHROME_PATH to a Chrome or Chromium executable.';

function onPath(name: string): string | null {
  try {
    const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    return found && existsSync(found) ? found : null;
  } catch {
    return null;
  }
}

function playwrightOwnChromium(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core') as { chromium: { executablePath(): string } };
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** CHROME_PATH, then a chromium on the PATH, then Playwright's own browsers; throws one clear sentence if none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(
      `CHROME_PATH points at ${fromEnv}, which does not exist. ${NO_CHROMIUM_MESSAGE}`,
    );
  }
  const found =
    onPath('chromium') ??
    onPath('chromium-browser') ??
    onPath('google-chrome') ??
    playwrightOwnChromium();
  if (!found) throw new Error(NO_CHROMIUM_MESSAGE);
  return found;
}
