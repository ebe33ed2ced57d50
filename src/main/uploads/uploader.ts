// Sends prepared files to the server through the session's HTTP client: an upload permission
// (GenPostPolicy, cached until shortly before it lapses), then PUT /upload/creation with the raw bytes.
import { ERROR_CODE } from '../../shared/contract/envelope';
import { UPLOAD_POLICY_TTL_SECONDS, genPostPolicy } from '../../shared/contract/uploads';
import type { UploadPolicy, UploadedFile } from '../../shared/contract/uploads';
import type { BridgeHttpResponse } from '../../shared/bridge';
import { isSessionGoneResponse } from '../session/http-client';
import type { HttpClient } from '../session/http-client';
import type { PreparedUpload } from './queue';
import { UPLOAD_MSG, UploadFailure } from './upload-failure';
import { MSG } from '../../shared/messages';

/** A permission is not used in its last minutes: a large file must arrive before it lapses. */
export const POLICY_RENEW_BEFORE_MS = 3 * 60_000;
/** An upload may take this long before it is abandoned (and retried); 40 MB at ~100 KB/s. */
export const UPLOAD_TIMEOUT_MS = 8 * 60_000;
/** Bytes handed to the connection at a time; progress moves in these steps. */
const CHUNK_BYTES = 256 * 1024;
// The server's reasons for refusing a permission: a fresh permission fixes them.
const POLICY_REFUSALS: ReadonlySet<string> = new Set(Object.values(MSG.uploadPolicy));

export type Uploader = {
  upload(prepared: PreparedUpload, onProgress: (sentBytes: number) => void): Promise<UploadedFile>;
  /** Forgets the cached permission (after a logout or a login as someone else). */
  resetPolicy(): void;
};

export type UploaderOptions = {
  http: Pick<HttpClient, 'request' | 'send'>;
  now?: () => number;
};

export type Envelope = {
  code?: unknown;
  flag?: unknown;
  msg?: unknown;
  data?: unknown;
  rs?: unknown;
};

export function parseEnvelope(response: BridgeHttpResponse): Envelope | null {
  try {
    const body: unknown = JSON.parse(response.body);
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    return null;
  }
}

/** What a failed answer means for the queue: wait for login, try again later, or give up on this file. */
export function classifyFailure(
  response: BridgeHttpResponse,
  envelope: Envelope | null,
): UploadFailure {
  if (isSessionGoneResponse(response.status, response.body)) {
    return new UploadFailure('signed-out', UPLOAD_MSG.signedOut);
  }
  const code = typeof envelope?.code === 'number' ? envelope.code : null;
  const msg = typeof envelope?.msg === 'string' && envelope.msg !== '' ? envelope.msg : null;
  if (
    response.status >= 500 ||
    response.status === 429 ||
    response.status === 408 ||
    code === ERROR_CODE.server ||
    code === ERROR_CODE.tooMany ||
    envelope === null
  ) {
    // A limit (1029: a daily quota, too many requests) is retried later, and says which limit.
    return new UploadFailure(
      'retry',
      code === ERROR_CODE.tooMany && msg !== null ? msg : UPLOAD_MSG.server,
    );
  }
  // A refused file: the server's Chinese message is what the designer needs to read.
  return new UploadFailure('rejected', msg ?? UPLOAD_MSG.unexpected);
}

function isPolicy(value: unknown): value is UploadPolicy {
  if (typeof value !== 'object' || value === null) return false;
  const { uploadUrl, policy, signature, maxBytes } = value as Record<string, unknown>;
  return (
    typeof uploadUrl === 'string' &&
    uploadUrl.startsWith('/') &&
    typeof policy === 'string' &&
    typeof signature === 'string' &&
    typeof maxBytes === 'number'
  );
}

/** The bytes as a stream that reports how much has been handed to the connection. */
function progressStream(
  bytes: Uint8Array,
  onProgress: (sentBytes: number) => void,
): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      const end = Math.min(bytes.length, offset + CHUNK_BYTES);
      controller.enqueue(bytes.subarray(offset, end));
      offset = end;
      onProgress(offset);
    },
  });
}

async function send<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // A request refused before it left (the file's account is not signed in) says so itself.
    if (error instanceof UploadFailure) throw error;
    // The client throws only when the server could not be reached or did not answer in time.
    throw new UploadFailure('retry', UPLOAD_MSG.network, { cause: error });
  }
}

export function createUploader(options: UploaderOptions): Uploader {
  const { http } = options;
  const now = options.now ?? Date.now;
  let cached: { policy: UploadPolicy; usableUntil: number } | null = null;
  let fetching: Promise<UploadPolicy> | null = null;
  // Bumped by resetPolicy: a permission asked for before it (another account's) is not kept.
  let epoch = 0;

  async function fetchPolicy(): Promise<UploadPolicy> {
    const askedIn = epoch;
    const requestedAt = now();
    const response = await send(() =>
      http.request({
        method: genPostPolicy.method,
        path: genPostPolicy.path,
        body: JSON.stringify({ upfilePath: 'creation', module: 'tuan' }),
      }),
    );
    const envelope = parseEnvelope(response);
    if (envelope?.flag === true && isPolicy(envelope.rs)) {
      // Judged by this computer's clock from the moment of asking: the two clocks may disagree.
      const usableUntil = requestedAt + UPLOAD_POLICY_TTL_SECONDS * 1000 - POLICY_RENEW_BEFORE_MS;
      if (askedIn === epoch) cached = { policy: envelope.rs, usableUntil };
      return envelope.rs;
    }
    const failure = classifyFailure(response, envelope);
    // Without a permission no file can go: that is worth retrying, not a verdict on one file.
    if (failure.kind === 'rejected') throw new UploadFailure('retry', failure.message);
    throw failure;
  }

  function policy(): Promise<UploadPolicy> {
    if (cached !== null && cached.usableUntil > now()) return Promise.resolve(cached.policy);
    if (fetching === null) {
      const started = fetchPolicy().finally(() => {
        if (fetching === started) fetching = null;
      });
      fetching = started;
    }
    return fetching;
  }

  async function put(
    prepared: PreparedUpload,
    onProgress: (sentBytes: number) => void,
  ): Promise<{ response: BridgeHttpResponse; envelope: Envelope | null; used: UploadPolicy }> {
    const used = await policy();
    const query = new URLSearchParams({ policy: used.policy, signature: used.signature });
    const response = await send(() =>
      http.send({
        method: 'PUT',
        path: `${used.uploadUrl}?${query.toString()}`,
        headers: { 'content-type': 'application/octet-stream' },
        body: progressStream(prepared.bytes, onProgress),
        timeoutMs: UPLOAD_TIMEOUT_MS,
      }),
    );
    return { response, envelope: parseEnvelope(response), used };
  }

  async function upload(
    prepared: PreparedUpload,
    onProgress: (sentBytes: number) => void,
  ): Promise<UploadedFile> {
    let attempt = await put(prepared, onProgress);
    const refused = (a: typeof attempt) =>
      a.envelope?.code === ERROR_CODE.forbidden &&
      typeof a.envelope.msg === 'string' &&
      POLICY_REFUSALS.has(a.envelope.msg);
    if (refused(attempt)) {
      // Lapsed or from an earlier login: ask for a new permission once and send again.
      if (cached?.policy === attempt.used) cached = null;
      attempt = await put(prepared, onProgress);
    }
    const { response, envelope } = attempt;
    if (envelope?.code === 1 && typeof envelope.data === 'object' && envelope.data !== null) {
      const data = envelope.data as UploadedFile;
      if (typeof data.fileKey === 'string' && data.fileKey !== '') return data;
    }
    if (refused(attempt)) throw new UploadFailure('retry', UPLOAD_MSG.policy);
    throw classifyFailure(response, envelope);
  }

  return {
    upload,
    resetPolicy() {
      epoch += 1;
      cached = null;
      fetching = null;
    },
  };
}
