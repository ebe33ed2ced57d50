// `npm run fuzz -- [--runs N] [--seed S] [--only Name[,Name]] [--kinds k1,k2] [--shrink] [--json]`
// The contract fuzzer of issue 9: every call of the contract, valid and hostile inputs, as guest,
// buyer, designer and admin, on a fresh SQLite app with the demo catalogue. Prints the failures per
// call; with --json the last line is {"calls": n, "requests": n, "server_errors": n,
// "state_changes_on_rejection": n}. Exits 1 on any failure. src/server/testing/fuzz/.
import type { InputKind } from '../src/server/testing/fuzz/hostile';
import { INPUT_KINDS } from '../src/server/testing/fuzz/hostile';
import {
  formatReport,
  fuzzFailed,
  runContractFuzz,
  summaryLine,
} from '../src/server/testing/fuzz/run-fuzz';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const value = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
};
const positive = (name: string, fallback: number): number => {
  const raw = value(name);
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} takes a whole number, not ${raw ?? ''}`);
    process.exit(2);
  }
  return n;
};
const list = (name: string): string[] | undefined =>
  value(name)
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const kinds = list('kinds');
const unknownKind = kinds?.find((k) => !(INPUT_KINDS as readonly string[]).includes(k));
if (unknownKind !== undefined) {
  console.error(`unknown kind ${unknownKind}; kinds: ${INPUT_KINDS.join(', ')}`);
  process.exit(2);
}

const json = flag('json');
const report = await runContractFuzz({
  runs: positive('runs', 5),
  ...(value('seed') !== undefined ? { seed: positive('seed', 1) } : {}),
  shrink: flag('shrink'),
  ...(list('only') ? { only: list('only') } : {}),
  ...(kinds ? { kinds: kinds as InputKind[] } : {}),
  progress: json ? undefined : (line) => console.error(line),
});
console.log(formatReport(report));
if (json) console.log(summaryLine(report));
process.exit(fuzzFailed(report) ? 1 : 0);
