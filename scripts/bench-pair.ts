// `npm run bench:pair -- --base REV [--after REV] --bench catalogue|imagesearch [--rounds N] [-- …bench args]`
//
// Measures one benchmark on two versions of the code in one run: the working tree or `--after`'s
// commit (after), and a commit (before); each commit is checked out in a git worktree under .tmp/
// that shares this node_modules (`--after` is how a regression is bisected). The
// runs alternate (before, after, after, before …) so drift of a busy machine falls on both sides;
// each run's last line is its JSON report, and every numeric figure of the two sides is printed
// side by side with after ÷ before. Used for refactors that must keep their figures (issue 10).

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const dash = args.indexOf('--');
const benchArgs = dash >= 0 ? args.slice(dash + 1) : [];
const base = option('base', 'HEAD~1');
const bench = option('bench', 'catalogue');
const rounds = Math.max(1, Number(option('rounds', '1')));
const json = args.includes('--json');
if (!['catalogue', 'imagesearch', 'upload', 'commerce'].includes(bench)) {
  throw new Error(`unknown benchmark: ${bench}`);
}

const root = resolve(import.meta.dirname, '..');
const worktree = join(root, '.tmp', 'bench-base');
const afterTree = join(root, '.tmp', 'bench-after');
const shortRev = (rev: string) =>
  execFileSync('git', ['rev-parse', '--short', rev], { cwd: root, encoding: 'utf8' }).trim();
const commit = shortRev(base);
const afterRev = args.includes('--after') ? shortRev(option('after', 'HEAD')) : null;
const afterRoot = afterRev ? afterTree : root;
const afterLabel = afterRev ?? 'working tree';

function removeTree(path: string): void {
  if (existsSync(path)) {
    execFileSync('git', ['worktree', 'remove', '--force', path], { cwd: root });
  }
  rmSync(path, { recursive: true, force: true });
}

function prepareTree(path: string, rev: string): void {
  removeTree(path);
  mkdirSync(join(root, '.tmp'), { recursive: true });
  execFileSync('git', ['worktree', 'add', '--detach', path, rev], { cwd: root, stdio: 'ignore' });
  symlinkSync(join(root, 'node_modules'), join(path, 'node_modules'));
}

type Flat = Record<string, number>;
function flatten(value: unknown, prefix = '', out: Flat = {}): Flat {
  if (typeof value === 'number' && Number.isFinite(value)) out[prefix] = value;
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

function runOnce(cwd: string, label: string): Flat {
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(cwd, 'scripts', `bench-${bench}.ts`), ...benchArgs, '--json'],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: process.env },
  );
  if (run.status !== 0) {
    throw new Error(`${label} failed (${run.status}): ${run.stderr.slice(-2000)}`);
  }
  const last = run.stdout.trim().split('\n').at(-1) ?? '{}';
  console.log(`${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  return flatten(JSON.parse(last));
}

function mean(runs: Flat[]): Flat {
  const keys = new Set(runs.flatMap((r) => Object.keys(r)));
  const out: Flat = {};
  for (const key of keys) {
    const values = runs.map((r) => r[key]).filter((v): v is number => v !== undefined);
    out[key] = values.reduce((a, b) => a + b, 0) / values.length;
  }
  return out;
}

prepareTree(worktree, commit);
if (afterRev) prepareTree(afterTree, afterRev);
try {
  const before: Flat[] = [];
  const after: Flat[] = [];
  for (let i = 0; i < rounds; i++) {
    before.push(runOnce(worktree, `before (${commit}) #${i + 1}`));
    after.push(runOnce(afterRoot, `after (${afterLabel}) #${i + 1}`));
    after.push(runOnce(afterRoot, `after (${afterLabel}) #${i + 1}b`));
    before.push(runOnce(worktree, `before (${commit}) #${i + 1}b`));
  }
  const b = mean(before);
  const a = mean(after);
  const keys = Object.keys(a)
    .filter((k) => k in b)
    .sort();
  console.log('');
  console.log(`bench:${bench} ${benchArgs.join(' ')} — before ${commit}, after ${afterLabel}`);
  // The spread (lowest–highest run) of each side says whether a ratio is more than run-to-run noise.
  console.log('| figure | before | after | after ÷ before | before runs | after runs |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(3));
  const spread = (runs: Flat[], k: string) => {
    const values = runs.map((r) => r[k]).filter((v): v is number => v !== undefined);
    return `${fmt(Math.min(...values))}–${fmt(Math.max(...values))}`;
  };
  for (const k of keys) {
    const ratio = b[k] === 0 ? (a[k] === 0 ? 1 : Number.POSITIVE_INFINITY) : a[k]! / b[k]!;
    console.log(
      `| ${k} | ${fmt(b[k]!)} | ${fmt(a[k]!)} | ${ratio.toFixed(3)} | ${spread(before, k)} | ${spread(after, k)} |`,
    );
  }
  if (json) {
    console.log(
      JSON.stringify({ bench, base: commit, after: afterLabel, before: b, afterFigures: a }),
    );
  }
} finally {
  removeTree(worktree);
  if (afterRev) removeTree(afterTree);
}
