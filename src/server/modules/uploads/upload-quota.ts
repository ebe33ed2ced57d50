import type { Kysely } from 'kysely';
import { ERROR_CODE } from '@shared/contract/envelope';
import { isSettledDesigner } from '@shared/rules/roles';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { statusFactsOf } from '../../http/session-auth';
import type { SessionUser } from '../../http/session-auth';
import { chinaDayStartOf } from '../../platform/china-time';
import { iso } from '../accounts/clock';
import { UPLOAD_MSG } from './messages';

// Who may upload how much (docs/security.md, Uploads). Uploaded files are pattern files: a settled
// designer's works (the web publishing pages and the desktop folder upload), and, before that, the
// samples and business licence of a settle-in application, which any signed-in user may send. So
// everyone signed in may upload, but only a settled designer gets a designer's daily quota; everyone
// else gets one that fits an application. Counted per Chinese calendar day from the upload rows.

export type UploadQuota = { files: number; bytes: number };
/** Read by loadUploadQuotas (src/server/config.ts) from UPLOAD_DAILY_FILES, UPLOAD_DAILY_MB, … */
export type UploadQuotas = { designer: UploadQuota; applicant: UploadQuota };
export type UploadRole = keyof UploadQuotas;

const MB = 1024 * 1024;

/** The defaults of loadUploadQuotas (src/server/config.ts) when nothing is configured. */
export const DEFAULT_UPLOAD_QUOTAS: UploadQuotas = {
  designer: { files: 2000, bytes: 4096 * MB },
  applicant: { files: 30, bytes: 400 * MB },
};

/** The first moment (ISO) of the Chinese calendar day (UTC+8) that `now` falls in. */
export const chinaDayStart = (now: number): string => iso(chinaDayStartOf(now));

/**
 * A settled designer uploads works; anyone else only what a settle-in application needs. The session
 * user already carries the settle status, so this asks the database nothing.
 */
export const uploadRole = (uploader: SessionUser): UploadRole =>
  isSettledDesigner(statusFactsOf(uploader)) ? 'designer' : 'applicant';

/** Files and bytes a user has stored since the start of today (Chinese calendar day). */
export async function uploadedToday(
  db: Kysely<Database>,
  userId: number,
  now: number,
): Promise<UploadQuota> {
  const row = await db
    .selectFrom('uploads')
    .where('user_id', '=', userId)
    .where('created_at', '>=', chinaDayStart(now))
    .select((eb) => [
      eb.fn.countAll<number>().as('files'),
      eb.fn.sum<number | null>('size').as('bytes'),
    ])
    .executeTakeFirstOrThrow();
  return { files: Number(row.files ?? 0), bytes: Number(row.bytes ?? 0) };
}

/** 今日上传已达上限（…），请明天再试: code 1029, what the quota of the role is. */
export function quotaExceeded(role: UploadRole, quota: UploadQuota): AppError {
  const limit = UPLOAD_MSG.dailyLimit(quota.files, Math.floor(quota.bytes / MB));
  const message =
    role === 'designer'
      ? UPLOAD_MSG.quotaReached(limit)
      : UPLOAD_MSG.quotaReachedBeforeSettlingIn(limit);
  return new AppError(ERROR_CODE.tooMany, message, 429);
}

/**
 * Refuses when one more file of `incomingBytes` would go over the user's quota for today. Checked
 * when a permission is asked for (with 0 bytes: is anything left?) and when the bytes arrive. Says what
 * was used and what the quota is, so the caller can tell whether a later check could still refuse.
 */
export async function checkUploadQuota(
  db: Kysely<Database>,
  quotas: UploadQuotas,
  uploader: SessionUser,
  now: number,
  incomingBytes: number,
): Promise<{ used: UploadQuota; quota: UploadQuota }> {
  const role = uploadRole(uploader);
  const quota = quotas[role];
  const used = await uploadedToday(db, uploader.id, now);
  if (used.files + 1 > quota.files || used.bytes + incomingBytes > quota.bytes) {
    throw quotaExceeded(role, quota);
  }
  if (incomingBytes === 0 && used.bytes >= quota.bytes) throw quotaExceeded(role, quota);
  return { used, quota };
}
