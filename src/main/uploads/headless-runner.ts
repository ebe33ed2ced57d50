// Runs the desktop's upload pipeline without Electron, in its own process, as the benchmark and the
// crash test do: `node --import tsx src/main/uploads/headless-runner.ts '<RunnerConfig JSON>'`.
// Prints one JSON line per report on stdout; the last is `{"event":"done",…}`. A SIGKILL at any
// moment and a second run with the same user-data folder must upload every file exactly once.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DesktopLoginMessage } from '../../shared/bridge';
import { createDesktopSession } from '../session/desktop-session';
import { configureSharp, prepareImage, readSourceFile } from './prepare';
import { startUploadService } from './upload-service';
import { isIgnoredPath, isImageFile } from './watcher';

export type RunnerConfig = {
  /** `pipeline`: watcher → queue → prepare → upload. `prepare`: read + prepare every file, nothing else. */
  mode: 'pipeline' | 'prepare';
  folder: string;
  userDataDir: string;
  /** The run is over once this many items are uploaded or failed. */
  expectFiles: number;
  serverUrl?: string;
  /** Stored in the session's jar when it holds no session yet (the first run). */
  login?: DesktopLoginMessage;
  prepareConcurrency: number;
  uploadConcurrency?: number;
  /** Make a draft work of every upload (PerfectCreationPic), as the desktop app does (default true). */
  createDrafts?: boolean;
  progressEveryMs?: number;
};

export type RunnerReport =
  | { event: 'progress'; uploaded: number; failed: number; total: number }
  | {
      event: 'done';
      uploaded: number;
      failed: number;
      total: number;
      elapsedMs: number;
      /** Peak resident set of this process. */
      maxRssMb: number;
      /** Time spent reading + preparing and uploading, summed over files (pipeline only). */
      prepareMs?: number;
      uploadMs?: number;
      /** CPU time of this process, all threads, since it started. */
      cpuMs: number;
      /** CPU time of this process over `elapsedMs` only (start-up excluded). */
      workCpuMs: number;
      /** Resident set, V8 heap and memory outside it (buffers, sharp) at the end. */
      rssMb: number;
      heapMb: number;
      externalMb: number;
    };

function report(line: RunnerReport): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * Peak resident set of this process's own memory. On Linux getrusage's maxRSS also counts the parent's
 * resident set at fork time (a forked child starts from a copy of it), so VmHWM, which starts afresh
 * at exec, is read instead.
 */
function peakRssBytes(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match?.[1]) return Number(match[1]) * 1024;
  } catch {
    // Not Linux.
  }
  return process.resourceUsage().maxRSS * 1024;
}

function memory(): {
  cpuMs: number;
  maxRssMb: number;
  rssMb: number;
  heapMb: number;
  externalMb: number;
} {
  const usage = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    maxRssMb: mb(peakRssBytes()),
    rssMb: mb(usage.rss),
    heapMb: mb(usage.heapUsed),
    externalMb: mb(usage.external),
  };
}

async function listImages(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => isImageFile(path) && !isIgnoredPath(root, path));
}

/** sharp's preparation alone: the same read + prepare the queue runs, with the same concurrency. */
const cpuMsSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return Math.round((used.user + used.system) / 1000);
};

async function runPrepareOnly(config: RunnerConfig): Promise<void> {
  configureSharp(1);
  const files = await listImages(config.folder);
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  let next = 0;
  let done = 0;
  const previewDir = join(config.userDataDir, 'prepare-only-previews');
  await Promise.all(
    Array.from({ length: config.prepareConcurrency }, async () => {
      while (next < files.length) {
        const path = files[next];
        next += 1;
        if (path === undefined) continue;
        const source = await readSourceFile(path, { settleMs: 0 });
        await prepareImage(source, { previewDir });
        done += 1;
      }
    }),
  );
  report({
    event: 'done',
    uploaded: done,
    failed: 0,
    total: files.length,
    elapsedMs: Math.round(performance.now() - started),
    workCpuMs: cpuMsSince(cpuAtStart),
    ...memory(),
  });
}

async function runPipeline(config: RunnerConfig): Promise<void> {
  if (config.serverUrl === undefined) throw new Error('serverUrl is required');
  const session = await createDesktopSession({
    serverUrl: config.serverUrl,
    storageDir: config.userDataDir,
  });
  if (!(await session.getState()).signedIn && config.login) await session.setLogin(config.login);
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const busy = { prepareMs: 0, uploadMs: 0 };
  const timed =
    <A extends unknown[], R>(key: keyof typeof busy, step: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      const at = performance.now();
      try {
        return await step(...a);
      } finally {
        busy[key] += performance.now() - at;
      }
    };
  const service = await startUploadService({
    userDataDir: config.userDataDir,
    http: session.http,
    signedIn: true,
    wrapSteps: (steps) => ({
      ...steps,
      read: timed('prepareMs', steps.read),
      prepare: timed('prepareMs', steps.prepare),
      upload: timed('uploadMs', steps.upload),
    }),
    prepareConcurrency: config.prepareConcurrency,
    uploadConcurrency: config.uploadConcurrency ?? 3,
    createDrafts: config.createDrafts ?? true,
  });
  if (service.folders.list().length === 0) await service.addFolder(config.folder);

  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const { totals } = service.queue.status();
      report({
        event: 'progress',
        uploaded: totals.uploaded,
        failed: totals.failed,
        total: totals.total,
      });
      if (
        totals.uploaded + totals.failed >= config.expectFiles &&
        totals.total === totals.uploaded + totals.failed
      ) {
        clearInterval(timer);
        resolve();
      }
    }, config.progressEveryMs ?? 100);
  });
  const elapsedMs = Math.round(performance.now() - started);
  const workCpuMs = cpuMsSince(cpuAtStart);
  const { totals } = service.queue.status();
  await service.close({ wait: true });
  session.dispose();
  report({
    event: 'done',
    uploaded: totals.uploaded,
    failed: totals.failed,
    total: totals.total,
    elapsedMs,
    workCpuMs,
    prepareMs: Math.round(busy.prepareMs),
    uploadMs: Math.round(busy.uploadMs),
    ...memory(),
  });
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2] ?? '{}') as RunnerConfig;
  if (config.mode === 'prepare') await runPrepareOnly(config);
  else await runPipeline(config);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
