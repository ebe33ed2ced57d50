import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SmsPurpose } from '@shared/contract/accounts';
import { ERROR_CODE } from '@shared/contract/envelope';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isLocalRequest } from '../../http/loopback';
import { hashToken } from '../../http/session-auth';
import { iso } from './clock';
import { ACCOUNT_MSG } from './messages';

export const SMS_CODE_TTL_MS = 5 * 60_000;
const MAX_VERIFY_ATTEMPTS = 5;
/** Abuse limits: per phone and per IP, one code a minute and ten an hour. */
export const SMS_LIMITS = { perMinute: 1, perHour: 10 } as const;

/** What a code is for: the account site's purposes, and the profile's (phone change, deletion). */
export type CodePurpose = SmsPurpose | 'phone-old' | 'phone-new' | 'deletion';

const PURPOSE_TEXT: Record<CodePurpose, string> = ACCOUNT_MSG.smsPurpose;

async function countSince(
  deps: AppDeps,
  column: 'phone' | 'ip',
  value: string,
  sinceMs: number,
): Promise<number> {
  const row = await deps.db
    .selectFrom('sms_codes')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where(column, '=', value)
    .where('created_at', '>', iso(sinceMs))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether this request may see the sandbox code (answer and account page): only from the sandbox
 * sender, and only to this machine unless SMS_SANDBOX_REVEAL=1 says anyone on purpose.
 */
export function revealsSandboxCode(deps: AppDeps, request: FastifyRequest): boolean {
  if (!deps.sms.sandbox || deps.sandboxCodeReveal === 'never') return false;
  return deps.sandboxCodeReveal === 'always' || isLocalRequest(request);
}

/**
 * Issues a 6-digit code after the abuse limits; returns the code (the caller decides whether to show
 * it). A signed-in user's profile codes (old then new number) skip the per-address limit, which
 * would otherwise make the second code wait a minute; the per-phone limits still hold.
 */
export async function issueSmsCode(
  deps: AppDeps,
  phone: string,
  purpose: CodePurpose,
  ip: string,
  options: { limitAddress?: boolean } = {},
): Promise<string> {
  const now = deps.now();
  const limited: (readonly ['phone' | 'ip', string])[] = [['phone', phone]];
  if (options.limitAddress !== false) limited.push(['ip', ip]);
  for (const [column, value] of limited) {
    if ((await countSince(deps, column, value, now - 60_000)) >= SMS_LIMITS.perMinute) {
      throw new AppError(ERROR_CODE.tooMany, ACCOUNT_MSG.smsTooFrequent, 429);
    }
    if ((await countSince(deps, column, value, now - 3600_000)) >= SMS_LIMITS.perHour) {
      throw new AppError(ERROR_CODE.tooMany, ACCOUNT_MSG.smsTooMany, 429);
    }
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db
    .insertInto('sms_codes')
    .values({
      phone,
      purpose,
      code_hash: hashToken(`${phone}:${purpose}:${code}`),
      ip,
      expires_at: iso(now + SMS_CODE_TTL_MS),
      consumed_at: null,
      created_at: iso(now),
    })
    .execute();
  await deps.sms.send(phone, ACCOUNT_MSG.smsText(PURPOSE_TEXT[purpose], code));
  return code;
}

/** Checks and consumes the newest live code; wrong guesses count against it so it cannot be brute-forced. */
export async function consumeSmsCode(
  deps: AppDeps,
  phone: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  const now = deps.now();
  const row = await deps.db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', iso(now))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const wrong = new AppError(ERROR_CODE.rule, ACCOUNT_MSG.smsCodeWrong, 422);
  if (!row || row.attempts >= MAX_VERIFY_ATTEMPTS) throw wrong;
  if (row.code_hash !== hashToken(`${phone}:${purpose}:${code}`)) {
    await deps.db
      .updateTable('sms_codes')
      .set({ attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .execute();
    throw wrong;
  }
  const consumed = await deps.db
    .updateTable('sms_codes')
    .set({ consumed_at: iso(now) })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  // A double submit consumes the code once; the second one is refused.
  if (Number(consumed.numUpdatedRows) !== 1) throw wrong;
}
