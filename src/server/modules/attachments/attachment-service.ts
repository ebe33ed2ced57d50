import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Attachment } from '@shared/contract/complaints';
import { UPLOAD_CHECK, UPLOAD_CHECK_MSG, checkUploadContent } from '@shared/rules/upload-check';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { chinaDayStartOf } from '../../platform/china-time';
import { ATTACHMENT_MSG } from './messages';

// Attachments: pictures a user gives with a complaint (later an activity), checked by the generic
// upload check of §5 on their content, stored as private files, read through signed URLs by the
// people the owning record lets read them. docs/complaints.md.

/** Files one user may attach in a China calendar day: generous for evidence, a bound for abuse. */
export const ATTACHMENTS_PER_DAY = 200;
/** How long a signed attachment URL is valid. */
const URL_TTL_SECONDS = 3600;

type Deps = Pick<AppDeps, 'db' | 'storage' | 'now'>;

export type AttachmentRow = {
  id: number;
  user_id: number;
  file_key: string;
  name: string;
  size: number;
  width: number;
  height: number;
};

/** The name as the user's list shows it: no folders, no control characters, at most 100 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = [...base.replace(/[\u0000-\u001f\u007f]/g, '').trim()].slice(-100).join('');
  return clean === '' ? ATTACHMENT_MSG.defaultName : clean;
}

/** What the bytes are: sharp's format name and size, or '' when they are no picture it reads. */
async function inspect(body: Buffer): Promise<{ format: string; width: number; height: number }> {
  try {
    const meta = await sharp(body, { failOn: 'error', limitInputPixels: 100_000_000 }).metadata();
    return { format: String(meta.format ?? ''), width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    return { format: '', width: 0, height: 0 };
  }
}

export const toAttachment = (deps: Pick<AppDeps, 'storage'>, row: AttachmentRow): Attachment => ({
  id: row.id,
  name: row.name,
  size: row.size,
  width: row.width,
  height: row.height,
  url: deps.storage.signedUrl(row.file_key, URL_TTL_SECONDS),
});

/**
 * Checks and stores one file for `userId`. The same bytes sent again by the same user give the
 * attachment already stored (a retry stores nothing twice).
 */
export async function storeAttachment(
  deps: Deps,
  userId: number,
  rawName: string,
  body: Buffer,
): Promise<Attachment> {
  const name = cleanFileName(rawName);
  if (body.length >= UPLOAD_CHECK.maxBytes) throw AppError.rule(UPLOAD_CHECK_MSG.tooLarge(name));
  const image = await inspect(body);
  const refusal = checkUploadContent(name, { size: body.length, ...image });
  if (refusal) throw AppError.rule(refusal);
  const { db } = deps;
  const sha256 = createHash('sha256').update(body).digest('hex');
  const columns = ['id', 'user_id', 'file_key', 'name', 'size', 'width', 'height'] as const;
  const existing = await db
    .selectFrom('attachments')
    .select(columns)
    .where('user_id', '=', userId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  if (existing) return toAttachment(deps, existing);
  const dayStart = chinaDayStartOf(deps.now());
  const today = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', iso(dayStart))
    .executeTakeFirst();
  if (Number(today?.n ?? 0) >= ATTACHMENTS_PER_DAY) {
    throw AppError.rule(ATTACHMENT_MSG.dailyLimit(ATTACHMENTS_PER_DAY));
  }
  const ext = image.format === 'jpeg' ? 'jpg' : 'png';
  const fileKey = `private/attachments/${userId}/${sha256.slice(0, 2)}/${sha256}.${ext}`;
  await deps.storage.put(fileKey, body, ext === 'jpg' ? 'image/jpeg' : 'image/png');
  try {
    const row = await db
      .insertInto('attachments')
      .values({
        user_id: userId,
        file_key: fileKey,
        name,
        size: body.length,
        width: image.width,
        height: image.height,
        format: image.format,
        sha256,
        created_at: iso(deps.now()),
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toAttachment(deps, row);
  } catch (err) {
    // The same bytes arrived twice at once: the unique index kept one row; answer with it.
    const winner = await db
      .selectFrom('attachments')
      .select(columns)
      .where('user_id', '=', userId)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    if (winner) return toAttachment(deps, winner);
    throw err;
  }
}

/** The user's own attachments of `ids` (each once); refuses when any is missing or someone else's. */
export async function ownAttachments(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await deps.db
    .selectFrom('attachments')
    .select('id')
    .where('id', 'in', unique)
    .where('user_id', '=', userId)
    .execute();
  if (rows.length !== unique.length) throw AppError.rule(ATTACHMENT_MSG.missing);
  return unique;
}
