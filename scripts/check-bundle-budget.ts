// `node --import tsx scripts/check-bundle-budget.ts [--dist dist/web]` (run by `npm run test:e2e`
// right after `npm run build:web`): each budgeted route's initial JavaScript (the entry and its
// static imports, the route's lazy chunk and its static imports, gzipped) must stay within its
// budget and hold none of another route's feature code. On a broken budget it prints the route's
// largest chunks and modules, and exits 1. The budgets and the computation: check-bundle-budget-lib.ts;
// decisions: docs/fast-pages.md.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ROUTE_BUDGETS,
  checkRoute,
  kib,
  largestModules,
  readBuild,
} from './check-bundle-budget-lib';

const args = process.argv.slice(2);
const distAt = args.indexOf('--dist');
const distDir =
  distAt === -1
    ? fileURLToPath(new URL('../dist/web', import.meta.url))
    : resolve(args[distAt + 1] ?? 'dist/web');

let build: ReturnType<typeof readBuild>;
try {
  build = readBuild(distDir);
} catch (err) {
  console.error(
    `Bundle budget: no build manifest in ${distDir} (run npm run build:web first): ${(err as Error).message}`,
  );
  process.exit(1);
}

let failed = 0;
for (const budget of ROUTE_BUDGETS) {
  const report = checkRoute(budget, build.manifest, build.modules, build.gzipBytesOf);
  const line = `${budget.path.padEnd(20)} ${kib(report.totalBytes)} KiB gz of ${budget.maxKib} KiB (${report.chunks.length} chunks; issue 16 target ${budget.targetKib} KiB)`;
  if (report.ok) {
    console.log(`ok   ${line}`);
    continue;
  }
  failed += 1;
  console.error(`FAIL ${line}`);
  for (const f of report.foreign) {
    console.error(`     another route's feature code: ${f.module} (in ${f.file})`);
  }
  console.error('     largest chunks:');
  for (const c of report.chunks.slice(0, 8)) {
    console.error(`       ${String(kib(c.gzipBytes)).padStart(6)} KiB gz  ${c.file}`);
  }
  console.error('     largest modules (rendered, before minification and gzip):');
  const files = report.chunks.map((c) => c.file);
  for (const m of largestModules(build.modules, files, 12)) {
    console.error(`       ${String(kib(m.bytes)).padStart(6)} KiB  ${m.module}  (${m.file})`);
  }
}
if (failed > 0) {
  console.error(
    `Bundle budget broken on ${failed} route(s): move the new code behind a lazy import (docs/fast-pages.md).`,
  );
  process.exit(1);
}
