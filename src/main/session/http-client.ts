// The desktop's HTTP client to the marketplace server: it owns the cookie jar so the renderer never sees it.
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { CookieJar } from 'tough-cookie';
import type { BridgeHttpRequest, BridgeHttpResponse, DesktopBridge } from '../../shared/bridge';
import { COOKIE, REQUEST_TIMEOUT_MS, SESSION_GONE_CODES } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { writeFileAtomically } from '../atomic-file';

/** Name of the persisted cookie jar inside the storage folder (Electron's userData). */
export const COOKIE_JAR_FILE = 'session-cookies.json';

const HTTP_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'DELETE']);
// The jar supplies cookie and token; fetch manages the transport headers itself.
const MAIN_OWNED_HEADERS: ReadonlySet<string> = new Set([
  'cookie',
  'token',
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
]);
// Session cookies (HttpOnly included) stay in the main process.
const HIDDEN_RESPONSE_HEADERS: ReadonlySet<string> = new Set(['set-cookie', 'set-cookie2']);

export type HttpClientOptions = {
  /** Normalized server URL (see config.ts), e.g. `http://localhost:8080`. */
  serverUrl: string;
  /** Folder the cookie jar is persisted in. */
  storageDir: string;
  defaultTimeoutMs?: number;
  /** Told where an unreadable jar file was moved before a fresh jar was started. */
  onJarRecovered?: (movedTo: string) => void;
  /** Told when the jar could not be written; the request itself still succeeds. */
  onPersistError?: (error: unknown) => void;
  /**
   * Told when a response says the session is gone (spec §8); awaited before the response is returned,
   * so whatever the caller asks next already sees the cleared session.
   */
  onSessionGone?: (event: SessionGoneEvent) => void | Promise<void>;
};

export type SessionGoneEvent = {
  /** HTTP status of the response. */
  status: number;
  /** Path and query of the request, for the log. */
  path: string;
  /** The token the request was sent with, so a late answer to an older session is recognised. */
  sentToken: string | undefined;
};

/** A request from the main process itself (trusted): the body may be bytes, or a stream of them. */
export type HttpSendRequest = Omit<BridgeHttpRequest, 'body'> & {
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
};

/** A binary GET from the main process (a licensed original): the body arrives as a stream. */
export type HttpStreamRequest = {
  /** Path and query on the server, beginning with `/`. */
  path: string;
  /** Longest wait for the answer, and for each next chunk of the body (a stalled transfer). */
  timeoutMs?: number;
  /** Cancels the request and the body. */
  signal?: AbortSignal;
  /** Extra headers, e.g. `range` and `if-range` to continue a download; cookie and token stay main's. */
  headers?: Record<string, string>;
};

export type HttpStreamResponse = {
  status: number;
  headers: Record<string, string>;
  /** The body as it arrives, for a 2xx answer that is not JSON; null otherwise (see `text`). */
  body: ReadableStream<Uint8Array> | null;
  /** An error or JSON answer read as text (the server's refusal); '' when `body` is the stream. */
  text: string;
};

export type HttpClient = {
  request: DesktopBridge['http']['request'];
  /** A GET whose body is bytes, streamed: the same jar, token and session checks as `send`. */
  stream(req: HttpStreamRequest): Promise<HttpStreamResponse>;
  /** Like `request`, for the main process's own calls (uploads); the same jar, token and checks. */
  send(req: HttpSendRequest): Promise<BridgeHttpResponse>;
  /** The session's cookies; whoever changes it directly calls `persist()` afterwards. */
  readonly jar: CookieJar;
  /** Queues a write of the jar to disk; resolves when that write is done. */
  persist(): Promise<void>;
  /** Resolves once every pending jar write has reached the disk. */
  flush(): Promise<void>;
  /** Full path of the persisted jar. */
  readonly jarFile: string;
};

function refused(reason: string): Error {
  return new Error(`拒绝发送请求 / Request refused: ${reason}`);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string')
  );
}

/** Validates a request coming over IPC; the renderer is not trusted to respect the type. */
export function parseHttpRequest(value: unknown): BridgeHttpRequest {
  if (typeof value !== 'object' || value === null) throw refused('not a request object');
  const { method, path, headers, body, timeoutMs } = value as Record<string, unknown>;
  if (typeof method !== 'string' || !HTTP_METHODS.has(method)) {
    throw refused(`unsupported method ${String(method)}`);
  }
  if (typeof path !== 'string') throw refused('path must be a string');
  if (headers !== undefined && !isStringRecord(headers)) throw refused('headers must be strings');
  if (body !== undefined && typeof body !== 'string') throw refused('body must be JSON text');
  if (body !== undefined && method === 'GET') throw refused('a GET request cannot carry a body');
  if (
    timeoutMs !== undefined &&
    (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0)
  ) {
    throw refused('timeoutMs must be a positive number of milliseconds');
  }
  return {
    method: method as BridgeHttpRequest['method'],
    path,
    ...(headers !== undefined && { headers }),
    ...(body !== undefined && { body }),
    ...(timeoutMs !== undefined && { timeoutMs }),
  };
}

/** The absolute URL for `path` on the server; refuses anything that could leave the server's origin. */
export function resolveServerPath(serverUrl: string, path: string): URL {
  // `//host` and `/\host` are read by URL parsers as another host; control characters split headers.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) {
    throw refused(`path must start with a single "/": ${JSON.stringify(path)}`);
  }
  if ([...path].some((char) => char < ' ' || char === '\u007f')) {
    throw refused('path contains control characters');
  }
  const base = new URL(serverUrl);
  const url = new URL(`${serverUrl}${path}`);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (url.origin !== base.origin || (basePath !== '' && !url.pathname.startsWith(`${basePath}/`))) {
    throw refused(`path leaves the server: ${JSON.stringify(path)}`);
  }
  return url;
}

// Cheap test first: most bodies are large lists that need not be parsed twice.
const SESSION_GONE_HINT = /"code"\s*:\s*40[1-5]\b/;

/**
 * Whether a response means the session is gone (spec §8): HTTP 401, or a JSON body with code 401–405.
 * A 404 body saying 接口不存在 is a wrong path, not a logout (as in the renderer's client).
 */
export function isSessionGoneResponse(status: number, body: string): boolean {
  if (status === 401) return true;
  if (!SESSION_GONE_HINT.test(body)) return false;
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch {
    return false;
  }
  if (typeof envelope !== 'object' || envelope === null) return false;
  const { code, msg } = envelope as Record<string, unknown>;
  const goneCodes: readonly unknown[] = SESSION_GONE_CODES;
  return goneCodes.includes(code) && msg !== MSG.apiNotFound;
}

function isSerializedJar(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as Record<string, unknown>)['cookies'])
  );
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as Record<string, unknown>)['code']
    : undefined;
}

async function loadJar(
  jarFile: string,
  onRecovered: (movedTo: string) => void,
): Promise<CookieJar> {
  let text: string;
  try {
    text = await readFile(jarFile, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return new CookieJar();
    throw error;
  }
  try {
    const data: unknown = JSON.parse(text);
    if (!isSerializedJar(data)) throw new Error('not a serialized cookie jar');
    return await CookieJar.deserialize(data);
  } catch {
    // Keep the unreadable file for diagnosis, and start signed out rather than refusing to start.
    const movedTo = `${jarFile}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(jarFile, movedTo);
    onRecovered(movedTo);
    return new CookieJar();
  }
}

function describeCause(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** Creates the client and loads the persisted jar (a corrupt jar is moved aside). */
export async function createHttpClient(options: HttpClientOptions): Promise<HttpClient> {
  const { serverUrl } = options;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const onPersistError =
    options.onPersistError ??
    ((error: unknown) =>
      console.error('[wenyang] 无法保存登录状态 / Could not save cookies:', error));
  await mkdir(options.storageDir, { recursive: true });
  const jarFile = join(options.storageDir, COOKIE_JAR_FILE);
  const jar = await loadJar(jarFile, options.onJarRecovered ?? (() => undefined));

  // Writes run one after another so an older snapshot never lands after a newer one.
  let pendingWrite: Promise<void> = Promise.resolve();
  function persistJar(): Promise<void> {
    pendingWrite = pendingWrite.then(async () => {
      try {
        await writeFileAtomically(jarFile, JSON.stringify(await jar.serialize()));
      } catch (error) {
        onPersistError(error);
      }
    });
    return pendingWrite;
  }

  async function request(raw: BridgeHttpRequest): Promise<BridgeHttpResponse> {
    return send(parseHttpRequest(raw));
  }

  /** The request's headers with the jar's cookies and the token header; the token sent, if any. */
  async function sessionHeaders(
    url: URL,
    given: Record<string, string> | undefined,
  ): Promise<{ headers: Headers; token: string | undefined }> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(given ?? {})) {
      if (!MAIN_OWNED_HEADERS.has(name.toLowerCase())) headers.set(name, value);
    }
    const cookies = await jar.getCookies(url.href);
    if (cookies.length > 0) headers.set('cookie', cookies.map((c) => c.cookieString()).join('; '));
    // The server reads the session from header `token`, copied from the `token` cookie.
    const token = cookies.find((cookie) => cookie.key === COOKIE.token)?.value || undefined;
    if (token) headers.set('token', token);
    return { headers, token };
  }

  async function keepCookies(fetched: Response, url: URL): Promise<void> {
    const setCookies = fetched.headers.getSetCookie();
    if (setCookies.length === 0) return;
    for (const setCookie of setCookies) {
      await jar.setCookie(setCookie, url.href, { ignoreError: true });
    }
    await persistJar();
  }

  function publicHeadersOf(fetched: Response): Record<string, string> {
    const publicHeaders: Record<string, string> = {};
    fetched.headers.forEach((value, name) => {
      if (!HIDDEN_RESPONSE_HEADERS.has(name)) publicHeaders[name] = value;
    });
    return publicHeaders;
  }

  async function reportSessionGone(
    status: number,
    body: string,
    path: string,
    token: string | undefined,
  ): Promise<void> {
    if (!options.onSessionGone || !isSessionGoneResponse(status, body)) return;
    try {
      await options.onSessionGone({ status, path, sentToken: token });
    } catch (error) {
      console.error('[wenyang] 无法清除登录状态 / Could not clear the session:', error);
    }
  }

  async function send(req: HttpSendRequest): Promise<BridgeHttpResponse> {
    const url = resolveServerPath(serverUrl, req.path);
    const timeoutMs = req.timeoutMs ?? defaultTimeoutMs;
    const { headers, token } = await sessionHeaders(url, req.headers);
    if (typeof req.body === 'string' && !headers.has('content-type')) {
      headers.set('content-type', 'application/json;charset=UTF-8');
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: BridgeHttpResponse;
    try {
      // Redirects are returned, not followed: following would send the token header to another origin.
      const fetched = await fetch(url, {
        method: req.method,
        headers,
        body: req.body,
        redirect: 'manual',
        signal: controller.signal,
        // A streamed body (an upload reporting progress) is sent as it is read.
        ...(req.body instanceof ReadableStream && { duplex: 'half' }),
      });
      await keepCookies(fetched, url);
      const body = await fetched.text();
      response = { status: fetched.status, headers: publicHeadersOf(fetched), body };
    } catch (error) {
      if (controller.signal.aborted) {
        throw new Error(
          `请求超时 / Request timed out after ${timeoutMs} ms: ${req.method} ${req.path}`,
        );
      }
      throw new Error(
        `无法连接服务器 / Could not reach the server ${url.origin}: ${describeCause(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
    await reportSessionGone(response.status, response.body, req.path, token);
    return response;
  }

  async function stream(req: HttpStreamRequest): Promise<HttpStreamResponse> {
    const url = resolveServerPath(serverUrl, req.path);
    const timeoutMs = req.timeoutMs ?? defaultTimeoutMs;
    const { headers, token } = await sessionHeaders(url, req.headers);
    const controller = new AbortController();
    const abortFromCaller = () => controller.abort();
    if (req.signal?.aborted) controller.abort();
    req.signal?.addEventListener('abort', abortFromCaller, { once: true });
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One timer for the wait for the answer and for every silence between chunks: a stall, not a size.
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    };
    const finish = () => {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', abortFromCaller);
    };
    const failure = (error: unknown) =>
      timedOut
        ? new Error(`请求超时 / Request timed out after ${timeoutMs} ms: GET ${req.path}`)
        : controller.signal.aborted
          ? new Error(`已取消 / Cancelled: GET ${req.path}`)
          : new Error(
              `无法连接服务器 / Could not reach the server ${url.origin}: ${describeCause(error)}`,
            );

    arm();
    let fetched: Response;
    try {
      fetched = await fetch(url, {
        method: 'GET',
        headers,
        redirect: 'manual',
        signal: controller.signal,
      });
      await keepCookies(fetched, url);
    } catch (error) {
      finish();
      throw failure(error);
    }
    const publicHeaders = publicHeadersOf(fetched);
    const isJson = (publicHeaders['content-type'] ?? '').includes('json');
    if (!fetched.ok || isJson || fetched.body === null) {
      let text: string;
      try {
        text = await fetched.text();
      } catch (error) {
        throw failure(error);
      } finally {
        finish();
      }
      await reportSessionGone(fetched.status, text, req.path, token);
      return { status: fetched.status, headers: publicHeaders, body: null, text };
    }
    const reader: ReadableStreamDefaultReader<Uint8Array> = fetched.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(out) {
        arm();
        try {
          const { done, value } = await reader.read();
          if (done) {
            finish();
            out.close();
          } else {
            out.enqueue(value);
          }
        } catch (error) {
          finish();
          out.error(failure(error));
        }
      },
      async cancel(reason) {
        finish();
        await reader.cancel(reason);
      },
    });
    return { status: fetched.status, headers: publicHeaders, body, text: '' };
  }

  return { request, send, stream, jar, persist: persistJar, flush: () => pendingWrite, jarFile };
}
