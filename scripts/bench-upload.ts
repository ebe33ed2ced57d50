// `npm run bench:upload -- [--files N] [--json] [--rounds R] [--drafts] [--keep] [--verbose]`
// Desktop batch upload, end to end: generates N images of mixed sizes (400–3000 px, PNG and JPEG, some
// turned by EXIF or in Display P3) in a temporary watched folder, starts the real server on loopback
// (temporary SQLite, a signed-in designer), and runs, each in its own process:
//   1. sharp's preparation alone (read, hash, validate, preview) over every file;
//   2. the whole pipeline (watcher → queue → prepare → upload), for throughput and peak RSS
//      (with `--drafts` also the draft work per file, PerfectCreationPic, as the app does);
//   3. the pipeline with drafts for another designer, SIGKILLed half-way and restarted from its
//      journal; lost / duplicated compare the generated files' hashes with the server's `uploads`
//      rows, its draft works and the journal's items. docs/benchmarks.md, section "Desktop upload".
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { RunnerConfig, RunnerReport } from '../src/main/uploads/headless-runner';
import { defaultPrepareConcurrency } from '../src/main/uploads/prepare';
import { JOURNAL_FILE, UPLOADS_DIR } from '../src/main/uploads/upload-service';
import { buildApp } from '../src/server/app';
import { openSqlite } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrations';
import { DEMO_CATEGORIES } from '../src/server/db/seed/demo-catalogue';
import { PALETTES, PATTERN_STYLES, patternSvg } from '../src/server/db/seed/pattern-art';
import { hashPassword } from '../src/server/modules/accounts/password';
import { createUser } from '../src/server/modules/accounts/users';
import type { LoginPayload } from '../src/shared/contract/accounts';
import { login } from '../src/shared/contract/accounts';
import { UPLOAD_PATH } from '../src/shared/contract/uploads';
import { DEFAULT_UPLOAD_QUOTAS } from '../src/server/modules/uploads/upload-quota';
import { benchDeps, benchWebRoot } from './bench-app';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  const value = at === -1 ? undefined : Number(args[at + 1]);
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
};
const json = flag('json');
const keep = flag('keep');
const drafts = flag('drafts');
const verbose = flag('verbose');
/**
 * Writes V8 CPU profiles into this folder: of every runner process (`--cpu-prof`), and of the server
 * (this process) while the throughput pipeline runs (`server-pipeline-<round>.cpuprofile`).
 */
const profileDir = (() => {
  const at = args.indexOf('--profile');
  return at === -1 ? null : (args[at + 1] ?? null);
})();
const files = option('files', 2_000);
const prepareConcurrency = option('prepare-concurrency', defaultPrepareConcurrency());
const uploadConcurrency = option('upload-concurrency', 3);
/** Rounds of (sharp alone, pipeline), interleaved; the best of each counts (others' load is noise). */
const rounds = option('rounds', 1);
/** Distinct pictures; every file still has its own bytes (a numbered text chunk or comment). */
const BASE_IMAGES = Math.min(60, files);
const PASSWORD = 'bench-upload-1';

const log = (line: string) => (json ? console.error(line) : console.log(line));
const RUNNER = fileURLToPath(new URL('../src/main/uploads/headless-runner.ts', import.meta.url));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function machine(): string {
  let cpu = cpus()[0]?.model ?? 'unknown CPU';
  try {
    cpu = execFileSync('sh', ['-c', "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"])
      .toString()
      .trim();
  } catch {
    // Keep os.cpus()'s model.
  }
  return `${cpus().length} × ${cpu}, Node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`;
}

/** A PNG with one more tEXt chunk after IHDR: the same picture, its own bytes. */
function stampPng(png: Buffer, text: string): Buffer {
  const data = Buffer.from(`wenyang\0${text}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const afterHeader = 8 + 25;
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/** A JPEG with one more comment segment after SOI. */
function stampJpeg(jpeg: Buffer, text: string): Buffer {
  const data = Buffer.from(text, 'latin1');
  const segment = Buffer.alloc(4 + data.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + data.length, 2);
  data.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

type Base = { bytes: Buffer; format: 'png' | 'jpeg' };

async function baseImage(index: number): Promise<Base> {
  // Sides spread over 400–3000 px, some wide, some tall; a pattern as designers draw them.
  const long =
    400 + Math.round(((index * 37) % BASE_IMAGES) * (2600 / Math.max(1, BASE_IMAGES - 1)));
  const ratio = [1, 1, 0.75, 1.5, 0.6][index % 5] ?? 1;
  const width = Math.round(ratio >= 1 ? long : long * ratio);
  const height = Math.round(ratio >= 1 ? long / ratio : long);
  const spec = {
    style: PATTERN_STYLES[index % PATTERN_STYLES.length] ?? 'floral',
    palette: PALETTES[index % PALETTES.length] ?? PALETTES[0]!,
    seed: 1000 + index,
    seamless: index % 2 === 0,
  };
  let image = sharp(Buffer.from(patternSvg(spec, Math.max(width, height)))).resize(width, height, {
    fit: 'cover',
  });
  if (index % 7 === 3) image = image.withIccProfile('p3');
  if (index % 2 === 0)
    return { bytes: await image.png({ compressionLevel: 6 }).toBuffer(), format: 'png' };
  const exif = index % 4 === 1 ? { orientation: 6 } : {};
  return {
    bytes: await image.jpeg({ quality: 90 }).withMetadata(exif).toBuffer(),
    format: 'jpeg',
  };
}

async function generate(folder: string): Promise<{ hashes: Map<string, string>; bytes: number }> {
  const bases: Base[] = [];
  for (let i = 0; i < BASE_IMAGES; i += 1) bases.push(await baseImage(i));
  const hashes = new Map<string, string>();
  let bytes = 0;
  for (let i = 0; i < files; i += 1) {
    const base = bases[i % bases.length]!;
    const stamp = `file ${i}`;
    const data = base.format === 'png' ? stampPng(base.bytes, stamp) : stampJpeg(base.bytes, stamp);
    // A few subfolders, as a designer sorts work by season or client.
    const sub = join(folder, `系列${i % 4}`);
    mkdirSync(sub, { recursive: true });
    const path = join(
      sub,
      `花型-${String(i).padStart(5, '0')}.${base.format === 'png' ? 'png' : 'jpg'}`,
    );
    writeFileSync(path, data);
    hashes.set(path, sha256(data));
    bytes += data.length;
  }
  return { hashes, bytes };
}

type Run = { killed: boolean; done: Extract<RunnerReport, { event: 'done' }> | null };

/** Runs `work` with this process (the server) profiled when `--profile` is given. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (profileDir === null) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(join(profileDir, `server-${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

function runChild(config: RunnerConfig, killAt?: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const child = spawn(
      process.execPath,
      [...profile, '--import', 'tsx', RUNNER, JSON.stringify(config)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let killed = false;
    let done: Run['done'] = null;
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const report = JSON.parse(line) as RunnerReport;
        if (report.event === 'done') {
          done = report;
          if (verbose) log(`  ${line}`);
        } else if (!killed && killAt !== undefined && report.uploaded >= killAt) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (!killed && (code !== 0 || done === null)) {
        reject(new Error(`pipeline process ended with ${signal ?? code}`));
      } else {
        resolve({ killed, done });
      }
    });
  });
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'wenyang-bench-upload-'));
  const folder = join(root, '设计稿');
  mkdirSync(folder);
  log(`纹样 desktop upload benchmark — ${files} files, ${machine()}`);
  const generatedAt = performance.now();
  const generated = await generate(folder);
  log(
    `generated ${files} images (${BASE_IMAGES} pictures, ${(generated.bytes / 1024 / 1024).toFixed(0)} MB) in ${((performance.now() - generatedAt) / 1000).toFixed(1)} s`,
  );

  // The real server on loopback, with a fresh database and storage.
  const serverDir = join(root, 'server');
  const handle = openSqlite(join(serverDir, 'bench.sqlite'));
  await migrateToLatest(handle.db, handle.dialect);
  const deps = benchDeps(handle, serverDir, {
    // Plain http on loopback: the session cookies are not `Secure`, as in development.
    production: false,
    // The benchmark sends far more than a day's quota: it measures throughput, not the limit.
    uploadQuotas: {
      ...DEFAULT_UPLOAD_QUOTAS,
      designer: { files: Number.MAX_SAFE_INTEGER, bytes: Number.MAX_SAFE_INTEGER },
    },
  });
  const app = await buildApp({
    deps,
    config: { webRoot: benchWebRoot(serverDir), nodeEnv: 'test' },
  });
  let resent = 0;
  app.addHook('onSend', async (request, _reply, payload) => {
    if (
      request.method === 'PUT' &&
      request.url.startsWith(UPLOAD_PATH) &&
      typeof payload === 'string'
    ) {
      if (payload.includes('"duplicate":true')) resent += 1;
    }
    return payload;
  });
  const serverUrl = await app.listen({ host: '127.0.0.1', port: 0 });

  // The category tree every marketplace has (a draft is filed under a category).
  await deps.db
    .insertInto('categories')
    .values(
      DEMO_CATEGORIES.map((c) => ({
        kid: c.kid,
        parent_kid: c.parentKid,
        title: c.title,
        keys3: c.keys3,
        keys4: c.keys4,
        sort: c.kid,
      })),
    )
    .execute();
  const passwordHash = await hashPassword(PASSWORD);
  async function designer(phone: string): Promise<{ id: number; login: LoginPayload }> {
    const user = await createUser(deps, phone, passwordHash);
    await deps.db
      .updateTable('users')
      .set({ designer_status: 1, settle_status: 1 })
      .where('id', '=', user.id)
      .execute();
    const res = await fetch(`${serverUrl}${login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, password: PASSWORD }),
    });
    const body = (await res.json()) as { data?: { login?: LoginPayload } };
    if (!body.data?.login) throw new Error(`login failed: ${JSON.stringify(body)}`);
    return { id: user.id, login: body.data.login };
  }
  const designers: { id: number; login: LoginPayload }[] = [];
  for (let i = 0; i <= rounds; i += 1) designers.push(await designer(`139123400${10 + i}`));

  const base = { folder, expectFiles: files, prepareConcurrency, uploadConcurrency, serverUrl };
  log(`prepare concurrency ${prepareConcurrency}, upload concurrency ${uploadConcurrency}`);
  let aloneMs = Infinity;
  let pipelineMs = Infinity;
  let peakRssMb = 0;
  let prepareBusy = 0;
  // CPU per image (all threads): what each costs whatever else runs on the machine.
  let aloneCpuMs = Infinity;
  let pipelineCpuMs = Infinity;
  let serverCpuPerRun = Infinity;
  for (let round = 0; round < rounds; round += 1) {
    const of = rounds > 1 ? ` (round ${round + 1} of ${rounds})` : '';
    log(`sharp preparation alone${of} …`);
    const alone = await runChild({
      ...base,
      mode: 'prepare',
      userDataDir: join(root, `prepare-only-${round}`),
    });
    aloneMs = Math.min(aloneMs, alone.done?.elapsedMs ?? Infinity);
    aloneCpuMs = Math.min(aloneCpuMs, alone.done?.workCpuMs ?? Infinity);
    log(`whole pipeline${of} …`);
    const serverCpu = process.cpuUsage();
    const pipeline = await profiled(`pipeline-${round}`, () =>
      runChild({
        ...base,
        mode: 'pipeline',
        userDataDir: join(root, `desktop-${round}`),
        login: designers[round]!.login,
        createDrafts: drafts,
      }),
    );
    const used = process.cpuUsage(serverCpu);
    const serverCpuMs = (used.user + used.system) / 1000;
    if (verbose) log(`  server CPU ${serverCpuMs.toFixed(0)} ms`);
    pipelineCpuMs = Math.min(pipelineCpuMs, pipeline.done?.workCpuMs ?? Infinity);
    serverCpuPerRun = Math.min(serverCpuPerRun, serverCpuMs);
    const elapsed = pipeline.done?.elapsedMs ?? Infinity;
    if (elapsed < pipelineMs) prepareBusy = (pipeline.done?.prepareMs ?? 0) / elapsed;
    pipelineMs = Math.min(pipelineMs, elapsed);
    peakRssMb = Math.max(peakRssMb, pipeline.done?.maxRssMb ?? 0);
  }
  const sharpIps = files / (aloneMs / 1000);
  const pipelineIps = files / (pipelineMs / 1000);
  resent = 0;
  const second = designers[rounds]!;

  log('pipeline killed (SIGKILL) half-way and restarted …');
  const crashData = join(root, 'desktop-crash');
  const crashConfig: RunnerConfig = {
    ...base,
    mode: 'pipeline',
    userDataDir: crashData,
    login: second.login,
    createDrafts: true,
  };
  const killed = await runChild(crashConfig, Math.floor(files / 2));
  const afterKill = await deps.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', second.id)
    .executeTakeFirstOrThrow();
  const restarted = await runChild(crashConfig);

  // Lost: a generated file the server does not have. Duplicated: stored twice on the server, or
  // recorded as uploaded by more than one queue item (which would make two draft works).
  const rows = await deps.db
    .selectFrom('uploads')
    .select(['sha256'])
    .where('user_id', '=', second.id)
    .execute();
  const storedCount = new Map<string, number>();
  for (const row of rows) storedCount.set(row.sha256, (storedCount.get(row.sha256) ?? 0) + 1);
  // One draft work per stored file: the draft call is idempotent per fileKey, and must not be made twice.
  const sources = await deps.db
    .selectFrom('work_sources')
    .select(['file_key'])
    .where('designer_id', '=', second.id)
    .execute();
  const draftsPerKey = new Map<string, number>();
  for (const row of sources)
    draftsPerKey.set(row.file_key, (draftsPerKey.get(row.file_key) ?? 0) + 1);
  const expected = new Set(generated.hashes.values());
  const lost = [...expected].filter((hash) => !storedCount.has(hash)).length;
  const itemsById = new Map<string, { path: string; state: string }>();
  for (const line of readFileSync(join(crashData, UPLOADS_DIR, JOURNAL_FILE), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as {
      op: string;
      id?: string;
      item?: { id: string; path: string; state: string };
    };
    if (record.op === 'put' && record.item) itemsById.set(record.item.id, record.item);
    else if (record.op === 'del' && record.id) itemsById.delete(record.id);
  }
  const uploadedPerPath = new Map<string, number>();
  for (const item of itemsById.values()) {
    if (item.state === 'uploaded') {
      uploadedPerPath.set(item.path, (uploadedPerPath.get(item.path) ?? 0) + 1);
    }
  }
  const duplicated =
    [...storedCount.values()].reduce((sum, n) => sum + n - 1, 0) +
    [...draftsPerKey.values()].reduce((sum, n) => sum + n - 1, 0) +
    [...uploadedPerPath.values()].reduce((sum, n) => sum + n - 1, 0);
  const notRecorded = [...generated.hashes.keys()].filter((p) => !uploadedPerPath.has(p)).length;

  await app.close();
  await handle.close();
  if (!keep) rmSync(root, { recursive: true, force: true });
  else log(`kept ${root}`);

  const ratio = pipelineIps / sharpIps;
  const rows2 = [
    ['files', String(files)],
    ['sharp preparation alone', `${sharpIps.toFixed(1)} images/s`],
    [`whole pipeline${drafts ? ' (with drafts)' : ''}`, `${pipelineIps.toFixed(1)} images/s`],
    ['ratio (target ≥ 0.80)', ratio.toFixed(2)],
    [
      'CPU per image: sharp alone / pipeline process / server',
      [aloneCpuMs, pipelineCpuMs, serverCpuPerRun]
        .map((ms) => `${(ms / files).toFixed(1)} ms`)
        .join(' / '),
    ],
    ['CPU ratio (sharp alone ÷ pipeline process)', (aloneCpuMs / pipelineCpuMs).toFixed(2)],
    ['peak RSS of the pipeline process', `${peakRssMb.toFixed(0)} MB`],
    ['pipeline time spent preparing', `${(prepareBusy * 100).toFixed(0)} %`],
    [
      'kill -9 run',
      `killed at ${afterKill.n} stored, restarted; ${restarted.done?.uploaded ?? 0} uploaded`,
    ],
    ['sent again after the restart (answered duplicate)', String(resent)],
    ['lost / duplicated', `${lost} / ${duplicated}`],
    ['draft works made in the kill -9 run', String(sources.length)],
    ['files without an uploaded journal item', String(notRecorded)],
  ];
  const width = Math.max(...rows2.map(([k]) => (k ?? '').length));
  for (const [k, v] of rows2) log(`${(k ?? '').padEnd(width)}  ${v}`);
  if (!killed.killed) log('warning: the pipeline finished before it could be killed');
  if (json) {
    console.log(
      JSON.stringify({
        files,
        pipeline_ips: Math.round(pipelineIps * 10) / 10,
        sharp_ips: Math.round(sharpIps * 10) / 10,
        ratio: Math.round(ratio * 100) / 100,
        peak_rss_mb: Math.round(peakRssMb),
        lost,
        duplicated,
      }),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
