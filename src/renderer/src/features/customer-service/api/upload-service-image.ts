import { genPostPolicy } from '@shared/contract/uploads';
import type { UploadedFile } from '@shared/contract/uploads';
import { apiClient, callApi, unwrapEnvelope } from '../../../api/api-client';

// A service image goes through the same upload as every file (GenPostPolicy, then the bytes);
// the server reads the format from the bytes and the message call accepts png/jpg ≤ 2 MB only.

/** Uploads one image and returns its stored file (fileKey for the message). */
export async function uploadServiceImage(file: Blob): Promise<UploadedFile> {
  const policy = await callApi(genPostPolicy, { upfilePath: 'creation', module: 'tuan' });
  const url = `${policy.uploadUrl}?policy=${encodeURIComponent(policy.policy)}&signature=${encodeURIComponent(policy.signature)}`;
  const res = await apiClient().put(url, file, {
    headers: { 'content-type': file.type || 'application/octet-stream' },
  });
  return unwrapEnvelope<UploadedFile>(res.data, res.status);
}
