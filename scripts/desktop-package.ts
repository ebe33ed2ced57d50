// The desktop app's contents (issue 18, docs/desktop-distribution.md): the built main, preload and
// renderer, and only the packages the main process loads at run time, staged as electron-builder's
// "two package.json structure" (directories.app) so nothing of the server's dependencies is packed.
//
//   node --import tsx scripts/desktop-package.ts            stage, run electron-builder, print sizes
//   node --import tsx scripts/desktop-package.ts --stage    only stage the app folder
//   node --import tsx scripts/desktop-package.ts --list     print the files that would be packed
//
// Arguments after these (e.g. `npm run dist -- --linux`) go to electron-builder.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { cp, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { DESKTOP_RELEASES_ROUTE } from '../src/shared/contract/desktop-releases';
import { DEFAULT_SERVER_URL } from '../src/main/config';

/** Where the app is staged; electron-builder.yml's directories.app names the same folder. */
export const APP_DIR = 'out/desktop-app';
/** The built parts of the app (electron-vite's output), packed as they are. */
export const BUILT_DIRS = ['out/main', 'out/preload', 'out/renderer'] as const;
/** Where electron-builder writes installers (electron-builder.yml's directories.output). */
export const RELEASE_DIR = 'release';
/** The feed URL built into the app when DESKTOP_UPDATE_URL is unset: the app's default server's. */
export const DEFAULT_UPDATE_URL = `${DEFAULT_SERVER_URL}${DESKTOP_RELEASES_ROUTE}`;

const MAIN_ENTRY = 'src/main/index.ts';
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

type PackageJson = {
  name: string;
  version: string;
  productName?: string;
  description?: string;
  author?: unknown;
  main?: string;
  type?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

const readJson = (path: string): PackageJson =>
  JSON.parse(readFileSync(path, 'utf8')) as PackageJson;

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The source file a relative or `@shared` import names, if it is TypeScript. */
function resolveSource(root: string, fromFile: string, specifier: string): string | null {
  const base = specifier.startsWith('@shared/')
    ? join(root, 'src/shared', specifier.slice('@shared/'.length))
    : resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|ts|mjs|cjs)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The specifiers a file loads at run time: type-only imports and exports are left out. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          named &&
          ts.isNamedImports(named) &&
          named.elements.length > 0 &&
          named.elements.every((e) => e.isTypeOnly));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The packages the main process imports at run time, following its own and the shared sources from
 * src/main/index.ts (tests are never reached). Node built-ins and `electron` are not packages.
 */
export function mainProcessImports(root: string): string[] {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [join(root, MAIN_ENTRY)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeSpecifiers(file)) {
      // Vite asset imports (`./icon.png?asset`) are files of the build, not packages.
      if (specifier.includes('?')) continue;
      if (specifier.startsWith('.') || specifier.startsWith('@shared/')) {
        const next = resolveSource(root, file, specifier);
        if (next) queue.push(next);
        continue;
      }
      if (BUILTINS.has(specifier) || specifier === 'electron') continue;
      packages.add(packageNameOf(specifier));
    }
  }
  return [...packages].sort();
}

/**
 * The packages the app must carry: what main imports and package.json lists as dependencies.
 * electron-vite leaves exactly those outside the bundle (a devDependency would be bundled in),
 * and bundles the preload whole (it only requires `electron`).
 */
export function runtimeDependencies(root: string): Record<string, string> {
  const { dependencies = {} } = readJson(join(root, 'package.json'));
  return Object.fromEntries(
    mainProcessImports(root)
      .filter((name) => name in dependencies)
      .map((name) => [name, dependencies[name] as string]),
  );
}

export type PackedPackage = {
  name: string;
  version: string;
  /** Folder relative to the project (and to the app: the same node_modules layout is kept). */
  dir: string;
};

/** Node's lookup: `node_modules/<name>` beside the asking package, then in each folder above it. */
function locatePackage(root: string, fromDir: string, name: string): string | null {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || !dir.startsWith(root)) return null;
    dir = dirname(dir);
  }
}

/** Every installed package the runtime dependencies need, with their own dependencies. */
export function dependencyClosure(root: string, names: readonly string[]): PackedPackage[] {
  const found = new Map<string, PackedPackage>();
  const visit = (fromDir: string, name: string, optional: boolean) => {
    const dir = locatePackage(root, fromDir, name);
    if (!dir) {
      // Another platform's binary (sharp's @img/sharp-win32-x64 on Linux) is not installed here.
      if (optional) return;
      throw new Error(`desktop package: ${name} is needed but not installed (run npm install)`);
    }
    const key = relative(root, dir);
    if (found.has(key)) return;
    const pkg = readJson(join(dir, 'package.json'));
    found.set(key, { name, version: pkg.version, dir: key.split(sep).join('/') });
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dir, dep, false);
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) visit(dir, dep, true);
  };
  for (const name of names) visit(root, name, false);
  return [...found.values()].sort((a, b) => a.dir.localeCompare(b.dir));
}

/** The app's own package.json: the project's identity, and only the runtime dependencies. */
export function appManifest(root: string): PackageJson {
  const project = readJson(join(root, 'package.json'));
  return {
    name: project.name,
    productName: project.productName,
    version: project.version,
    description: project.description,
    ...(project.author ? { author: project.author } : {}),
    main: project.main,
    type: project.type,
    dependencies: runtimeDependencies(root),
  };
}

/** Files under `dir` (relative to `root`, `/`-separated), leaving out nested node_modules. */
function filesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        out.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  if (existsSync(join(root, dir))) walk(join(root, dir));
  return out;
}

export type PackPlan = {
  manifest: PackageJson;
  packages: PackedPackage[];
  /** Every file of the app, relative to the app folder (`package.json`, `out/…`, `node_modules/…`). */
  files: string[];
};

/** What the app will contain; staging copies exactly these files. */
export function packPlan(root: string): PackPlan {
  const manifest = appManifest(root);
  const packages = dependencyClosure(root, Object.keys(manifest.dependencies ?? {}));
  const files = [
    'package.json',
    ...BUILT_DIRS.flatMap((dir) => filesUnder(root, dir)),
    ...packages.flatMap((p) => filesUnder(root, p.dir)),
  ];
  return { manifest, packages, files };
}

/**
 * The packages the built main bundle actually loads (its bare imports), so a bundle that needs
 * something the source scan missed stops the packaging instead of crashing on a user's machine.
 */
export function builtMainImports(root: string): string[] {
  const names = new Set<string>();
  for (const file of filesUnder(root, 'out/main').filter((f) => /\.(m?js|cjs)$/.test(f))) {
    const code = readFileSync(join(root, file), 'utf8');
    const pattern =
      /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["']([^"'./][^"']*)["']/g;
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1] as string;
      if (!BUILTINS.has(specifier) && specifier !== 'electron') names.add(packageNameOf(specifier));
    }
  }
  return [...names].sort();
}

/** Writes the app folder electron-builder packs: the manifest, the build, the runtime packages. */
export async function stageApp(root: string): Promise<PackPlan> {
  for (const dir of BUILT_DIRS) {
    if (!existsSync(join(root, dir))) throw new Error(`${dir} is missing: run npm run build first`);
  }
  const plan = packPlan(root);
  const missing = builtMainImports(root).filter(
    (name) => !(name in (plan.manifest.dependencies ?? {})),
  );
  if (missing.length > 0) {
    throw new Error(`out/main loads ${missing.join(', ')}, which the app would not contain`);
  }
  const appDir = join(root, APP_DIR);
  await rm(appDir, { recursive: true, force: true });
  await mkdir(appDir, { recursive: true });
  await writeFile(join(appDir, 'package.json'), `${JSON.stringify(plan.manifest, null, 2)}\n`);
  for (const dir of BUILT_DIRS) await cp(join(root, dir), join(appDir, dir), { recursive: true });
  for (const pkg of plan.packages) {
    await cp(join(root, pkg.dir), join(appDir, pkg.dir), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => !relative(join(root, pkg.dir), src).split(sep).includes('node_modules'),
    });
  }
  return plan;
}

/** The installers electron-builder wrote, with their sizes, for the end of `npm run dist`. */
export async function installerSizes(root: string): Promise<{ name: string; bytes: number }[]> {
  const dir = join(root, RELEASE_DIR);
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((n) => /\.(exe|dmg|AppImage|zip)$/i.test(n));
  const sized = await Promise.all(
    names.map(async (name) => ({ name, bytes: (await stat(join(dir, name))).size })),
  );
  return sized.sort((a, b) => a.name.localeCompare(b.name));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(argv: string[]): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (argv[0] === '--list') {
    const plan = packPlan(root);
    for (const file of plan.files) console.log(file);
    console.log(
      `${plan.files.length} files; packages: ${plan.packages.map((p) => p.name).join(', ')}`,
    );
    return;
  }
  const plan = await stageApp(root);
  console.log(
    `staged ${APP_DIR}: ${plan.files.length} files, ${plan.packages.length} packages (${Object.keys(
      plan.manifest.dependencies ?? {},
    ).join(', ')} and what they need)`,
  );
  if (argv[0] === '--stage') return;
  // The feed the built app checks (electron-builder.yml: publish.url = ${env.DESKTOP_UPDATE_URL}).
  const updateUrl = process.env.DESKTOP_UPDATE_URL || DEFAULT_UPDATE_URL;
  const cli = join(root, 'node_modules/electron-builder/cli.js');
  const result = spawnSync(process.execPath, [cli, '--config', 'electron-builder.yml', ...argv], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DESKTOP_UPDATE_URL: updateUrl },
  });
  if (result.status !== 0) {
    process.exitCode = result.status ?? 1;
    return;
  }
  const sizes = await installerSizes(root);
  console.log(`\ninstallers in ${RELEASE_DIR}/ (update feed ${updateUrl}):`);
  for (const { name, bytes } of sizes)
    console.log(`  ${name.padEnd(48)} ${mb(bytes).padStart(10)}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error((err as Error).message);
    process.exitCode = 1;
  });
}
