// The last step of a watched folder's file: a draft work made from the uploaded file with the folder's
// default metadata (Creation/PerfectCreationPic, which makes one draft per fileKey, so a retry after a
// crash finds the same draft instead of making a second).
import { basename, extname } from 'node:path';
import { perfectCreationPic } from '../../shared/contract/publishing';
import { WORK_LIMITS } from '../../shared/rules/publishing';
import type { HttpClient } from '../session/http-client';
import type { QueueRecord } from './queue';
import { UPLOAD_MSG, UploadFailure } from './upload-failure';
import { classifyFailure, parseEnvelope } from './uploader';

/** The draft's request: the file name (without extension) as its title, the folder's metadata. */
export function draftRequest(record: QueueRecord): Record<string, unknown> {
  if (record.fileKey === null) throw new UploadFailure('retry', UPLOAD_MSG.unexpected);
  const meta = record.metadata;
  const title = basename(record.name, extname(record.name)).trim().slice(0, WORK_LIMITS.titleMax);
  return {
    fileKey: record.fileKey,
    ...(title !== '' && { title }),
    ...(meta?.categoryId != null && { categoryKid: meta.categoryId }),
    ...(meta && meta.tags.length > 0 && { tags: meta.tags }),
    ...(meta?.priceFen != null && { priceFen: meta.priceFen }),
    ...(meta && meta.series !== '' && { seriesTitle: meta.series }),
    ...(meta && meta.classification !== '' && { classifyName: meta.classification }),
  };
}

export function createDraftMaker(http: Pick<HttpClient, 'request'>) {
  return async function createDraft(record: QueueRecord): Promise<{ workId: number }> {
    let response;
    try {
      response = await http.request({
        method: perfectCreationPic.method,
        path: perfectCreationPic.path,
        body: JSON.stringify(draftRequest(record)),
      });
    } catch (error) {
      if (error instanceof UploadFailure) throw error;
      throw new UploadFailure('retry', UPLOAD_MSG.network, { cause: error });
    }
    const envelope = parseEnvelope(response);
    const data =
      envelope?.code === 1 ? (envelope.data as { work?: { id?: unknown } } | null) : null;
    const workId = data?.work?.id;
    if (typeof workId === 'number') return { workId };
    throw classifyFailure(response, envelope);
  };
}
