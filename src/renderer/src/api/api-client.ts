import type { AxiosAdapter, AxiosInstance, AxiosResponse, AxiosStatic } from 'axios';
import { COOKIE, REQUEST_TIMEOUT_MS, SESSION_GONE_CODES, SUCCESS_CODE } from '@shared/constants';
import type { CallDef, CallRequest, CallResponse } from '@shared/contract/define';
import { MSG } from '@shared/messages';
import { importWithReload } from '../lib/chunk-reload';
import { clearAllCookies, readCookie } from '../lib/cookies';
import { desktopBridge } from '../lib/platform';

/** A call that answered with a code other than 1: `msg` is the server's Chinese message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type EnvelopeBody = {
  code?: unknown;
  flag?: unknown;
  msg?: unknown;
  message?: unknown;
  data?: unknown;
  rs?: unknown;
};

/** What happens when the server says the session is gone (§8): set by the app at start. */
let onSessionGone: () => void = () => undefined;
export function setSessionGoneHandler(handler: () => void): void {
  onSessionGone = handler;
}

/**
 * axios loads beside the first page rather than before it (issue 16, docs/fast-pages.md): nothing
 * renders with it, and main.tsx starts loading it at once so the first call does not wait for it.
 */
let axiosModule: Promise<AxiosStatic> | null = null;
export const loadAxios = (): Promise<AxiosStatic> =>
  (axiosModule ??= importWithReload(() => import('axios')).then(
    (m) => m.default,
    (err: unknown) => {
      // A later call tries again (a failed chunk has reloaded the page by then, §8).
      axiosModule = null;
      throw err;
    },
  ));

/** In the desktop the main process sends the request, so its cookie jar and renewal apply. */
const desktopAdapter: AxiosAdapter = async (config) => {
  const bridge = desktopBridge();
  if (!bridge) throw new Error('desktop bridge missing');
  const method = (config.method ?? 'get').toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const url = (await loadAxios()).getUri(config);
  const path = url.startsWith('/') ? url : new URL(url).pathname + new URL(url).search;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(config.headers ?? {}))
    if (typeof v === 'string') headers[k] = v;
  const res = await bridge.http.request({
    method,
    path,
    headers,
    ...(typeof config.data === 'string' ? { body: config.data } : {}),
    timeoutMs: config.timeout ?? REQUEST_TIMEOUT_MS,
  });
  let data: unknown = res.body;
  try {
    data = JSON.parse(res.body);
  } catch {
    // Not JSON: leave the text as it is.
  }
  const response: AxiosResponse = {
    data,
    status: res.status,
    statusText: '',
    headers: res.headers,
    config,
  };
  return response;
};

function createClient(axios: AxiosStatic): AxiosInstance {
  const client = axios.create({
    timeout: REQUEST_TIMEOUT_MS,
    withCredentials: true,
    headers: { 'content-type': 'application/json' },
    validateStatus: () => true,
    adapter: desktopBridge() ? desktopAdapter : undefined,
  });
  client.interceptors.request.use((config) => {
    const token = readCookie(COOKIE.token);
    if (token) config.headers.set('token', token);
    return config;
  });
  return client;
}

let client: Promise<AxiosInstance> | null = null;
/** The one axios instance; created lazily so the platform is known first. */
export const apiClient = (): Promise<AxiosInstance> =>
  (client ??= loadAxios().then(
    (axios) => createClient(axios),
    (err: unknown) => {
      client = null;
      throw err;
    },
  ));

/** Unwraps an envelope: data on success, ApiError otherwise; 401–405 end the session first. */
export function unwrapEnvelope<T>(body: unknown, status: number): T {
  const envelope = (body && typeof body === 'object' ? body : {}) as EnvelopeBody;
  if (envelope.code === SUCCESS_CODE) return envelope.data as T;
  if (envelope.flag === true) return envelope.rs as T;
  const code = typeof envelope.code === 'number' ? envelope.code : status >= 400 ? status : 0;
  if (
    (SESSION_GONE_CODES as readonly number[]).includes(code) &&
    envelope.msg !== MSG.apiNotFound
  ) {
    clearAllCookies();
    onSessionGone();
  }
  const msg =
    typeof envelope.msg === 'string' && envelope.msg
      ? envelope.msg
      : typeof envelope.message === 'string' && envelope.message
        ? envelope.message
        : MSG.operationFailed;
  throw new ApiError(code, msg);
}

/** Calls one contract call with its typed request and returns its typed data. */
export async function callApi<C extends CallDef>(
  call: C,
  input: CallRequest<C>,
): Promise<CallResponse<C>> {
  const api = await apiClient();
  const res =
    call.method === 'GET'
      ? await api.get(call.path, { params: input })
      : await api.post(call.path, input);
  return unwrapEnvelope<CallResponse<C>>(res.data, res.status);
}
