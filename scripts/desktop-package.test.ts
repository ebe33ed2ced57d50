import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import {
  APP_DIR,
  BUILT_DIRS,
  DEFAULT_UPDATE_URL,
  RELEASE_DIR,
  builtMainImports,
  dependencyClosure,
  mainProcessImports,
  packPlan,
} from './desktop-package';

// What the desktop installer carries (issue 18): computed by the module `npm run dist` stages with.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Each package the app may carry, and why. */
const ALLOWED: readonly (string | RegExp)[] = [
  // Native image resizing: sharp, its platform binary and libvips, and what it loads them with.
  'sharp',
  /^@img\/sharp-(libvips-)?[a-z0-9]+-[a-z0-9]+$/,
  '@img/colour',
  'detect-libc',
  'semver',
  // The watched-folder upload.
  'chokidar',
  'readdirp',
  // The main process's cookie jar.
  'tough-cookie',
  'tldts',
  'tldts-core',
  // Crash-safe writes of the upload journal and settings.
  'write-file-atomic',
  'signal-exit',
  // The contract's schemas the bridge shares with the server.
  '@sinclair/typebox',
  // Auto-update: electron-updater and its own dependencies.
  'electron-updater',
  'builder-util-runtime',
  'debug',
  'ms',
  'sax',
  'fs-extra',
  'graceful-fs',
  'jsonfile',
  'universalify',
  'js-yaml',
  'argparse',
  'lazy-val',
  'lodash.escaperegexp',
  'lodash.isequal',
  'tiny-typed-emitter',
];

const allowed = (name: string) =>
  ALLOWED.some((rule) => (typeof rule === 'string' ? rule === name : rule.test(name)));

/** The package a packed node_modules path belongs to (the innermost one). */
function packageOfPath(path: string): string | null {
  const parts = path.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return null;
  const first = parts[at + 1] ?? '';
  return first.startsWith('@') ? `${first}/${parts[at + 2] ?? ''}` : first;
}

function write(root: string, path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('the desktop package', () => {
  const plan = packPlan(ROOT);

  it('packs only the built app and allow-listed packages, naming any other', () => {
    const extra = new Set<string>();
    const strayFiles: string[] = [];
    for (const file of plan.files) {
      const pkg = packageOfPath(file);
      if (pkg !== null) {
        if (!allowed(pkg)) extra.add(pkg);
      } else if (file !== 'package.json' && !BUILT_DIRS.some((d) => file.startsWith(`${d}/`))) {
        strayFiles.push(file);
      }
    }
    expect([...extra], 'packages outside the allow-list').toEqual([]);
    expect(strayFiles, 'files outside out/main, out/preload and out/renderer').toEqual([]);
  });

  it('leaves out the server’s and the web renderer’s dependencies', () => {
    const names = new Set(plan.packages.map((p) => p.name));
    const server = ['fastify', 'pg', 'better-sqlite3', '@embedpdf/fonts-sc', 'pdfkit', 'kysely'];
    const web = ['antd', 'react', 'react-dom', 'echarts', '@ant-design/icons', 'axios'];
    const dev = ['electron', 'electron-builder', 'vite', 'typescript'];
    expect([...server, ...web, ...dev].filter((n) => names.has(n))).toEqual([]);
  });

  it('carries what the main process loads: sharp with this machine’s binary, chokidar, the cookie jar', () => {
    const runtime = Object.keys(plan.manifest.dependencies ?? {});
    expect(runtime).toEqual(expect.arrayContaining(['sharp', 'chokidar', 'tough-cookie']));
    const names = plan.packages.map((p) => p.name);
    expect(names.some((n) => /^@img\/sharp-(?!libvips)/.test(n))).toBe(true);
    expect(plan.files).toContain('node_modules/sharp/package.json');
  });

  it('gives the app its own manifest: the project’s identity and only the runtime dependencies', () => {
    const project = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      main: string;
      dependencies: Record<string, string>;
    };
    expect(plan.manifest).toMatchObject({
      name: project.name,
      version: project.version,
      main: project.main,
      type: 'module',
    });
    for (const [name, version] of Object.entries(plan.manifest.dependencies ?? {})) {
      expect(project.dependencies[name], name).toBe(version);
    }
    expect(Object.keys(plan.manifest).sort()).not.toContain('devDependencies');
  });

  it.runIf(existsSync(join(ROOT, 'out/main')))(
    'matches what the built main bundle imports (only where npm run build has run)',
    () => {
      for (const name of builtMainImports(ROOT)) {
        expect(plan.manifest.dependencies, name).toHaveProperty([name]);
      }
    },
  );

  it('is what electron-builder.yml packs: the staged app folder, a generic feed, the wenyang:// scheme', () => {
    const config = load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as {
      directories: { app: string; output: string };
      publish: { provider: string; url: string };
      protocols: { name: string; schemes: string[] }[];
    };
    expect(config.directories).toMatchObject({ app: APP_DIR, output: RELEASE_DIR });
    expect(config.publish).toEqual({ provider: 'generic', url: '${env.DESKTOP_UPDATE_URL}' });
    expect(DEFAULT_UPDATE_URL).toBe('http://localhost:8080/desktop/releases/');
    expect(config.protocols).toEqual([{ name: '纹样', schemes: ['wenyang'] }]);
  });
});

describe('finding the runtime dependencies', () => {
  it('follows main’s and the shared sources, leaving out types, built-ins and electron', () => {
    const root = mkdtempSync(join(tmpdir(), 'wenyang-pack-'));
    write(
      root,
      'src/main/index.ts',
      [
        "import type { FastifyInstance } from 'fastify';",
        "import { type Pool } from 'pg';",
        "import { app } from 'electron';",
        "import { readFile } from 'node:fs/promises';",
        "import path from 'path';",
        "import sharp from 'sharp';",
        "import icon from './icon.png?asset';",
        "export { watch } from './watch';",
        "import { rule } from '../shared/rules';",
        "import { MSG } from '@shared/messages';",
        "const later = () => import('tough-cookie');",
      ].join('\n'),
    );
    write(root, 'src/main/watch.ts', "export { watch } from 'chokidar';\n");
    write(root, 'src/shared/rules.ts', "import { Type } from '@sinclair/typebox/value';\n");
    write(root, 'src/shared/messages.ts', "export type { Anything } from 'antd';\n");
    expect(mainProcessImports(root)).toEqual([
      '@sinclair/typebox',
      'chokidar',
      'sharp',
      'tough-cookie',
    ]);
  });

  it('resolves nested copies, skips another platform’s optional binary and stops on a missing one', () => {
    const root = mkdtempSync(join(tmpdir(), 'wenyang-pack-'));
    const pkg = (dir: string, json: object) =>
      write(root, `${dir}/package.json`, JSON.stringify(json));
    pkg('node_modules/a', {
      name: 'a',
      version: '1.0.0',
      dependencies: { b: '2' },
      optionalDependencies: { 'a-win32': '1' },
    });
    pkg('node_modules/a/node_modules/b', { name: 'b', version: '2.0.0' });
    pkg('node_modules/b', { name: 'b', version: '1.0.0' });
    expect(dependencyClosure(root, ['a'])).toEqual([
      { name: 'a', version: '1.0.0', dir: 'node_modules/a' },
      { name: 'b', version: '2.0.0', dir: 'node_modules/a/node_modules/b' },
    ]);
    pkg('node_modules/c', { name: 'c', version: '1.0.0', dependencies: { gone: '1' } });
    expect(() => dependencyClosure(root, ['c'])).toThrow(/gone is needed but not installed/);
  });
});
