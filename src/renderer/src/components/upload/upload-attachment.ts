import { ATTACHMENT_UPLOAD_PATH } from '@shared/contract/complaints';
import type { Attachment } from '@shared/contract/complaints';
import { apiClient, unwrapEnvelope } from '../../api/api-client';

// The attachment upload: the file's bytes to /api/Attachment/Upload; the server checks them by
// content with the same upload check and answers the stored attachment (its id for complaints
// and activities).

export type UploadAttachment = (file: File) => Promise<Attachment>;

export const uploadAttachment: UploadAttachment = async (file) => {
  const res = await (
    await apiClient()
  ).put(`${ATTACHMENT_UPLOAD_PATH}?name=${encodeURIComponent(file.name)}`, file, {
    headers: { 'content-type': file.type || 'application/octet-stream' },
    timeout: 0,
  });
  return unwrapEnvelope<Attachment>(res.data, res.status);
};

/** A picture's size in pixels as the browser reads it, or null when it cannot tell. */
export type MeasureImage = (file: File) => Promise<{ width: number; height: number } | null>;

export const measureImage: MeasureImage = async (file) => {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    // Not a picture the browser reads: the server's check by content will say so.
    return null;
  }
};
