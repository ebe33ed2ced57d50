import { genPostPolicy } from '@shared/contract/uploads';
import type { UploadPolicy, UploadedFile } from '@shared/contract/uploads';
import { ApiError, apiClient, callApi, unwrapEnvelope } from './api-client';

// GenPostPolicy, then the bytes go straight to storage (the server checks them by content).

/** A permission is reused until a minute before it expires. */
const POLICY_MARGIN_MS = 60_000;
let policy: UploadPolicy | null = null;

async function currentPolicy(refresh = false): Promise<UploadPolicy> {
  if (!refresh && policy && policy.expiresAt - Date.now() > POLICY_MARGIN_MS) return policy;
  policy = await callApi(genPostPolicy, { upfilePath: 'creation', module: 'tuan' });
  return policy;
}

export type UploadOptions = {
  /** 0…1 as the bytes go. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

async function put(file: Blob, p: UploadPolicy, options: UploadOptions): Promise<UploadedFile> {
  const url = `${p.uploadUrl}?policy=${encodeURIComponent(p.policy)}&signature=${encodeURIComponent(p.signature)}`;
  const res = await (
    await apiClient()
  ).put(url, file, {
    headers: { 'content-type': file.type || 'application/octet-stream' },
    // A large file on a slow line takes its time; the server bounds the size.
    timeout: 0,
    ...(options.signal ? { signal: options.signal } : {}),
    onUploadProgress: (event) => {
      if (event.total) options.onProgress?.(Math.min(1, event.loaded / event.total));
    },
  });
  return unwrapEnvelope<UploadedFile>(res.data, res.status);
}

/** Uploads one pattern file; an expired permission is renewed once. */
export async function uploadPatternFile(
  file: Blob,
  options: UploadOptions = {},
): Promise<UploadedFile> {
  try {
    return await put(file, await currentPolicy(), options);
  } catch (err) {
    if (err instanceof ApiError && err.code === 1003 && /许可/.test(err.message)) {
      return put(file, await currentPolicy(true), options);
    }
    throw err;
  }
}
