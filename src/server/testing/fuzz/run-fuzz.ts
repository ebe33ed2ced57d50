import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { allCalls } from '@shared/contract';
import { getUserInfo } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import { DEMO_ADMIN, DEMO_DESIGNERS } from '../../db/seed/demo-catalogue';
import { BUYER, buildCatalogueApp } from '../catalogue-fixture';
import type { CatalogueFixture } from '../catalogue-fixture';
import { testDatabases } from '../test-app';
import type { SnapshotExclusion, SnapshotGuard } from './db-snapshot';
import { SNAPSHOT_EXCLUSIONS, createSnapshotGuard } from './db-snapshot';
import type { FuzzInput, InputKind, KindGenerator, Role } from './hostile';
import {
  AUTH_KINDS,
  BODY_KINDS,
  ROLES,
  TOKEN_PLACEHOLDER,
  kindGenerators,
  toJsonText,
  toQueryText,
} from './hostile';

// The contract fuzzer (issue 9, "The guard that keeps it so"): for every call of the contract,
// valid and hostile requests through app.inject() as guest, buyer, designer and admin. Each request
// must get an answer that is not a server error (no 5xx, no body with code 500, nothing that leaks
// a stack trace, a file path or an `Error:` text), and a rejected request must change no row.
//
// Properties are one per (call, role, kind of input), checked with fast-check; a property stops at
// its first failure (or shrinks it with `shrink`), so each distinct failure is reported once.
// "Server errors" count requests answered 5xx or with code 500, answers leaking internals, requests
// without an answer, and requests after which Object.prototype was polluted.

export type FuzzOptions = {
  /** Random inputs per property (call × role × kind), after the fixed examples. */
  runs?: number;
  seed?: number;
  /** Shrink each failure to a smaller input (more requests). */
  shrink?: boolean;
  /** Only calls whose name or path contains one of these. */
  only?: readonly string[];
  kinds?: readonly InputKind[];
  roles?: readonly Role[];
  /**
   * Body kinds sent once per call rather than once per role, each input with a role drawn at
   * random (the heavy kinds, to keep a quick run quick).
   */
  anyRoleKinds?: readonly InputKind[];
  /** Skip the fixed examples of each kind. */
  noExamples?: boolean;
  /** Demo works seeded (each is a few images). */
  works?: number;
  /** What the row snapshot leaves out (default SNAPSHOT_EXCLUSIONS). */
  exclusions?: readonly SnapshotExclusion[];
  /** Longest wait for one answer. */
  timeoutMs?: number;
  progress?: (line: string) => void;
};

export type FuzzFailure = {
  call: string;
  method: string;
  path: string;
  role: Role;
  kind: InputKind;
  note: string;
  /** The request as sent (method, URL, headers that matter, payload), shortened. */
  sample: string;
  status: number | null;
  /** The start of the answer. */
  answer: string;
  problems: string[];
};

export type FuzzReport = {
  seed: number;
  calls: number;
  properties: number;
  requests: number;
  /** Requests answered with a server error (5xx, code 500, leaked internals, no answer, polluted prototype). */
  serverErrors: number;
  /** Rejected requests after which a row had changed. */
  stateChangesOnRejection: number;
  /** Full database snapshots taken. */
  snapshots: number;
  /** Sign-ins of the roles (again after the fuzzing ended a session). */
  signIns: number;
  exclusions: readonly SnapshotExclusion[];
  failures: FuzzFailure[];
  /** Requests and time spent per kind of input. */
  byKind: Partial<Record<InputKind, { requests: number; ms: number }>>;
  durationMs: number;
};

type Answer = {
  status: number | null;
  text: string;
  problems: string[];
  serverError: boolean;
  stateChange: boolean;
};

const LEAKS: readonly (readonly [RegExp, string])[] = [
  [/\bat\s+(?:async\s+)?[\w$.<>[\]]+\s+\([^)\n]*:\d+:\d+\)/, 'a stack frame'],
  [/\bat\s+(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+/, 'a stack frame'],
  [/\b\w*Error:/, "an 'Error:' text"],
  [/(?:^|[\s"'(=:])\/(?:work|home|root|tmp|usr|var|opt|Users|srv|app)\/[^\s"']+/, 'a file path'],
  [/\b[A-Za-z]:\\(?:Users|Windows|Program Files)/, 'a file path'],
  [/node_modules/, 'a file path'],
  [/\.(?:ts|js|mjs|cjs|tsx):\d+/, 'a file path'],
  [/\bSQLITE_[A-Z_]+\b/, 'a database error code'],
];
const POLLUTION_MARKERS = ['polluted', 'isAdmin', 'role'] as const;

const cut = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** Leaks in an answer: matches of LEAKS that the request did not itself contain. */
export function findLeaks(answer: string, request: string): string[] {
  const found: string[] = [];
  for (const [pattern, what] of LEAKS) {
    const match = pattern.exec(answer);
    if (match && !request.includes(match[0].trim())) {
      found.push(`answer leaks ${what}: ${cut(match[0].trim(), 80)}`);
    }
  }
  return found;
}

type Envelope = { code?: unknown; flag?: unknown };

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null;

function parseEnvelope(text: string): Envelope | null {
  try {
    const value: unknown = JSON.parse(text);
    return isEnvelope(value) ? value : null;
  } catch {
    return null;
  }
}

const resolveToken = (value: string, token: string): string =>
  value.split(TOKEN_PLACEHOLDER).join(token);

type Sent = { options: InjectOptions; sample: string; requestText: string };

/** The inject options of one input: the call's path and method, the role's token, the payload. */
export function buildRequest(call: CallDef, input: FuzzInput, token: string | null): Sent {
  const method = input.method ?? call.method;
  const queries: string[] = [];
  if (call.method === 'GET' && !input.replaceQuery) {
    const q = toQueryText(input.body);
    if (q) queries.push(q);
  }
  if (input.query) queries.push(input.query);
  const url = queries.length ? `${call.path}?${queries.join('&')}` : call.path;
  const headers: Record<string, string | string[]> = {};
  if (token && input.sendToken !== false) headers.token = token;
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    headers[name] =
      typeof value === 'string'
        ? resolveToken(value, token ?? '')
        : value.map((v) => resolveToken(v, token ?? ''));
  }
  let payload: string | undefined;
  if (input.raw !== undefined) payload = input.raw;
  else if (call.method === 'POST' && input.body !== undefined) payload = toJsonText(input.body);
  if (payload !== undefined) {
    const type = input.contentType === undefined ? 'application/json' : input.contentType;
    if (type !== null) headers['content-type'] = type;
  }
  const shownHeaders = Object.entries(headers)
    .filter(([name]) => name !== 'token' || input.sendToken === false)
    .map(([name, value]) => `${name}: ${cut(JSON.stringify(value), 80)}`);
  const sample = [
    `${method} ${cut(url, 200)}`,
    ...shownHeaders,
    ...(payload !== undefined ? [cut(payload, 300)] : []),
  ].join('\n');
  return {
    options: { method, url, headers, ...(payload !== undefined ? { payload } : {}) },
    sample,
    requestText: `${url}\n${JSON.stringify(headers)}\n${payload ?? ''}`,
  };
}

let addressCounter = 0;
/** A new client address per request, so per-IP limits never hide a call behind 429. */
const nextAddress = (): string => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

type Target = {
  app: FastifyInstance;
  guard: SnapshotGuard;
  timeoutMs: number;
};

/** Sends one request and checks its answer and, when it was refused, the database. */
async function sendChecked(target: Target, sent: Sent): Promise<Answer> {
  const mark = await target.guard.before();
  let response: LightMyRequestResponse | null = null;
  const problems: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), target.timeoutMs);
    });
    response = await Promise.race([
      target.app.inject({ ...sent.options, remoteAddress: nextAddress() }),
      timeout,
    ]);
    if (!response) problems.push(`no answer within ${target.timeoutMs} ms`);
  } catch (err) {
    problems.push(
      `the request failed: ${cut(err instanceof Error ? err.message : String(err), 200)}`,
    );
  } finally {
    clearTimeout(timer);
  }
  const status = response?.statusCode ?? null;
  const text = response?.body ?? '';
  const envelope = parseEnvelope(text);
  if (status !== null && status >= 500) problems.push(`status ${status}`);
  if (envelope?.code === 500) problems.push('body code 500');
  problems.push(...findLeaks(text, sent.requestText));
  const polluted = POLLUTION_MARKERS.filter((k) =>
    Object.prototype.hasOwnProperty.call(Object.prototype, k),
  );
  if (polluted.length) {
    problems.push(`Object.prototype polluted with ${polluted.join(', ')}`);
    for (const key of polluted) delete (Object.prototype as Record<string, unknown>)[key];
  }
  const serverError = problems.length > 0;

  const accepted =
    status !== null &&
    status >= 200 &&
    status < 300 &&
    (envelope?.code === 1 || envelope?.flag === true);
  let stateChange = false;
  if (!accepted) {
    const changes = await target.guard.changesSince(mark);
    if (changes.length) {
      stateChange = true;
      problems.push(`refused, yet changed ${changes.join('; ')}`);
    }
  }
  return { status, text, problems, serverError, stateChange };
}

type Session = {
  fixture: CatalogueFixture;
  tokens: Map<Role, string | null>;
  signIns: number;
};

const ROLE_PHONES: Record<Exclude<Role, 'guest'>, string> = {
  buyer: BUYER,
  designer: (DEMO_DESIGNERS.find((d) => d.settled) ?? DEMO_DESIGNERS[0])?.phone ?? '',
  admin: DEMO_ADMIN.phone,
};

/** Signs each role in again if the fuzzing ended its session (a logout, a password change). */
async function refreshSessions(session: Session): Promise<void> {
  for (const role of ['buyer', 'designer', 'admin'] as const) {
    const token = session.tokens.get(role);
    if (token) {
      const res = await session.fixture.app.inject({
        method: getUserInfo.method,
        url: getUserInfo.path,
        payload: {},
        headers: { token },
        remoteAddress: nextAddress(),
      });
      const answer = parseEnvelope(res.body);
      if (answer?.code === 1 || answer?.flag === true) continue;
    }
    session.tokens.set(role, await session.fixture.signIn(ROLE_PHONES[role]));
    session.signIns += 1;
  }
}

/** A seed for one property: FNV-1a of the run's seed and the property's name. */
function propertySeed(seed: number, name: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const char of name) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return hash >>> 1;
}

function describeCall(call: CallDef): string {
  return `${call.method} ${call.path} (${call.name}, ${call.auth})`;
}

/** Runs the fuzzer on a fresh SQLite app with the demo catalogue; never throws on findings. */
export async function runContractFuzz(options: FuzzOptions = {}): Promise<FuzzReport> {
  const started = Date.now();
  const runs = options.runs ?? 5;
  const seed = options.seed ?? Date.now() % 2_147_483_647;
  const roles = options.roles ?? ROLES;
  const exclusions = options.exclusions ?? SNAPSHOT_EXCLUSIONS;
  const kinds = new Set(options.kinds ?? [...BODY_KINDS, ...AUTH_KINDS]);
  const calls = allCalls.filter(
    (c) =>
      !options.only?.length || options.only.some((o) => c.name.includes(o) || c.path.includes(o)),
  );
  const database = testDatabases()[0];
  if (!database) throw new Error('no test database');
  const fixture = await buildCatalogueApp(database, options.works ?? 6);
  const session: Session = { fixture, tokens: new Map([['guest', null]]), signIns: 0 };
  const target: Target = {
    app: fixture.app,
    guard: createSnapshotGuard(fixture.deps.db, exclusions),
    timeoutMs: options.timeoutMs ?? 20_000,
  };
  const report: FuzzReport = {
    seed,
    calls: calls.length,
    properties: 0,
    requests: 0,
    serverErrors: 0,
    stateChangesOnRejection: 0,
    snapshots: 0,
    signIns: 0,
    exclusions,
    failures: [],
    byKind: {},
    durationMs: 0,
  };
  try {
    for (const [index, call] of calls.entries()) {
      await refreshSessions(session);
      const generators = kindGenerators(call);
      const before = report.failures.length;
      for (const [kind, generator] of generators) {
        if (!kinds.has(kind)) continue;
        const anyRole =
          !(BODY_KINDS as readonly string[]).includes(kind) || options.anyRoleKinds?.includes(kind);
        const withRole: KindGenerator = anyRole
          ? {
              arbitrary: fc
                .tuple(generator.arbitrary, fc.constantFrom(...roles))
                .map(([input, role]) => ({ ...input, role: input.role ?? role })),
              // The fixed examples go through the roles in turn, call by call.
              examples: (valid) =>
                generator.examples(valid).map((input) => ({
                  ...input,
                  role: input.role ?? roles[index % roles.length] ?? 'guest',
                })),
            }
          : generator;
        for (const role of anyRole ? ([null] as const) : roles) {
          await checkProperty({
            target,
            session,
            call,
            kind,
            role,
            generator: withRole,
            valid: generators.get('valid') ?? generator,
            runs,
            // Per property, so `--only` with the same seed sends the same inputs.
            seed: propertySeed(seed, `${call.name} ${kind} ${role ?? 'any'}`),
            shrink: options.shrink ?? false,
            examples: !options.noExamples,
            report,
          });
        }
      }
      const found = report.failures.length - before;
      options.progress?.(
        `[${index + 1}/${calls.length}] ${describeCall(call)}: ${found ? `${found} failing` : 'ok'}`,
      );
    }
  } finally {
    report.snapshots = target.guard.snapshots();
    report.signIns = session.signIns;
    await fixture.close();
  }
  report.durationMs = Date.now() - started;
  return report;
}

type PropertyRun = {
  target: Target;
  session: Session;
  call: CallDef;
  kind: InputKind;
  /** null: the kind chooses the role in each input. */
  role: Role | null;
  generator: KindGenerator;
  /** The call's valid bodies, the base of the fixed examples. */
  valid: KindGenerator;
  runs: number;
  seed: number;
  shrink: boolean;
  examples: boolean;
  report: FuzzReport;
};

async function checkProperty(run: PropertyRun): Promise<void> {
  const { call, kind, report } = run;
  let last: FuzzFailure | null = null;
  const property = fc.asyncProperty(run.generator.arbitrary, async (input) => {
    const role = run.role ?? input.role ?? 'guest';
    const sent = buildRequest(call, input, run.session.tokens.get(role) ?? null);
    const t0 = performance.now();
    const answer = await sendChecked(run.target, sent);
    const stats = (report.byKind[kind] ??= { requests: 0, ms: 0 });
    stats.requests += 1;
    stats.ms += performance.now() - t0;
    report.requests += 1;
    if (answer.serverError) report.serverErrors += 1;
    if (answer.stateChange) report.stateChangesOnRejection += 1;
    if (answer.problems.length === 0) return true;
    last = {
      call: call.name,
      method: call.method,
      path: call.path,
      role,
      kind,
      note: input.note,
      sample: sent.sample,
      status: answer.status,
      answer: cut(answer.text, 300),
      problems: answer.problems,
    };
    return false;
  });
  let examples: [FuzzInput][] = [];
  if (run.examples) {
    const [base] = fc.sample(run.valid.arbitrary, { numRuns: 1, seed: run.seed });
    const body = base?.body;
    const valid =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    examples = run.generator.examples(valid).map((e) => [e]);
  }
  report.properties += 1;
  const details = await fc.check(property, {
    // Examples count towards numRuns: they come on top of the random inputs.
    numRuns: run.runs + examples.length,
    seed: run.seed,
    endOnFailure: !run.shrink,
    examples,
  });
  if (details.failed && last) report.failures.push(last);
}

/** The human summary: failures grouped per call, then the totals and what the snapshot left out. */
export function formatReport(report: FuzzReport): string {
  const lines: string[] = [];
  const byCall = new Map<string, FuzzFailure[]>();
  for (const f of report.failures) {
    const key = `${f.method} ${f.path} (${f.call})`;
    byCall.set(key, [...(byCall.get(key) ?? []), f]);
  }
  for (const [call, failures] of byCall) {
    const name = failures[0]?.call ?? '';
    lines.push(
      `✗ ${call}: ${failures.length} failing (again: --seed ${report.seed} --only ${name})`,
    );
    for (const f of failures) {
      lines.push(`  [${f.role}] ${f.kind}: ${f.note}`);
      lines.push(`    status ${f.status ?? '—'}: ${f.problems.join('; ')}`);
      lines.push(`    answer: ${f.answer.replace(/\s+/g, ' ')}`);
      lines.push(
        ...f.sample.split('\n').map((l, i) => `    ${i === 0 ? 'request: ' : '         '}${l}`),
      );
    }
  }
  const failingCalls = byCall.size;
  lines.push(
    `${report.calls} calls, ${report.properties} properties, ${report.requests} requests ` +
      `in ${(report.durationMs / 1000).toFixed(1)} s (seed ${report.seed}): ` +
      `${report.calls - failingCalls} calls clean, ${failingCalls} with failures; ` +
      `${report.serverErrors} server errors, ${report.stateChangesOnRejection} state changes on rejection ` +
      `(${report.snapshots} snapshots, ${report.signIns} sign-ins).`,
  );
  lines.push(
    'Time per kind: ' +
      Object.entries(report.byKind)
        .map(([kind, k]) => `${kind} ${k.requests} req ${(k.ms / 1000).toFixed(1)} s`)
        .join(', '),
  );
  lines.push(
    'Left out of the row snapshot: ' +
      report.exclusions
        .map((e) => `${e.table}${e.columns ? `.${e.columns.join(',')}` : ''} (${e.reason})`)
        .join('; '),
  );
  return lines.join('\n');
}

/** The last line of `npm run fuzz -- --json`. */
export function summaryLine(report: FuzzReport): string {
  return (
    `{"calls": ${report.calls}, "requests": ${report.requests}, ` +
    `"server_errors": ${report.serverErrors}, ` +
    `"state_changes_on_rejection": ${report.stateChangesOnRejection}}`
  );
}

/** Whether the run found anything. */
export const fuzzFailed = (report: FuzzReport): boolean =>
  report.serverErrors > 0 || report.stateChangesOnRejection > 0 || report.failures.length > 0;
