import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PhoneCaptchaTarget } from '@shared/contract/profile';
import { maskPhone } from '@shared/rules/profile';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { consumeSmsCode, issueSmsCode } from '../accounts/sms-codes';
import { loadUser } from '../accounts/users';
import { sendNotice } from '../notices/notice-service';
import { PROFILE_MSG } from './messages';

// Changing the phone (issue 13 "Profile", §7 account-admin/revise/phoneCaptcha): a code to the old
// number proves the owner and yields a ticket; a code to the new number proves that one; the change
// needs both. The ticket is signed, names the user and the old number, and lasts ten minutes; once
// the number changes it no longer matches, so it serves one change.

export const PHONE_TICKET_TTL_MS = 10 * 60_000;

type TicketBody = { u: number; p: string; e: number };

const sign = (deps: AppDeps, payload: string): string =>
  createHmac('sha256', deps.signingSecret).update(`phone-ticket:${payload}`).digest('base64url');

function issueTicket(deps: AppDeps, userId: number, phone: string): string {
  const body: TicketBody = { u: userId, p: phone, e: deps.now() + PHONE_TICKET_TTL_MS };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(deps, payload)}`;
}

/** The old number the ticket proves, when it is this user's, unexpired and still their number. */
async function checkTicket(deps: AppDeps, userId: number, ticket: string | undefined) {
  if (!ticket) throw AppError.rule(PROFILE_MSG.needTicket);
  const [payload = '', signature = ''] = ticket.split('.');
  const expected = Buffer.from(sign(deps, payload));
  const given = Buffer.from(signature);
  const invalid = () => AppError.rule(PROFILE_MSG.ticketInvalid);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let body: TicketBody;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TicketBody;
  } catch {
    throw invalid();
  }
  const user = await loadUser(deps, userId);
  if (body.u !== userId || body.e <= deps.now() || body.p !== user.phone) throw invalid();
  return user;
}

async function phoneUsedByAnother(deps: AppDeps, phone: string, userId: number) {
  const row = await deps.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/** §7 phoneCaptcha: sends a code and says where it went; the caller decides whether to reveal it. */
export async function sendPhoneCaptcha(
  deps: AppDeps,
  userId: number,
  input: { target: PhoneCaptchaTarget; phone?: string | undefined; ticket?: string | undefined },
  ip: string,
): Promise<{ phone: string; code: string }> {
  if (input.target === 'new') {
    const user = await checkTicket(deps, userId, input.ticket);
    if (!input.phone) throw AppError.rule(PROFILE_MSG.phoneNeeded);
    if (input.phone === user.phone) throw AppError.rule(PROFILE_MSG.samePhone);
    if (await phoneUsedByAnother(deps, input.phone, userId)) {
      throw AppError.conflict(PROFILE_MSG.phoneInUse);
    }
    const code = await issueSmsCode(deps, input.phone, 'phone-new', ip, { limitAddress: false });
    return { phone: input.phone, code };
  }
  const user = await loadUser(deps, userId);
  if (!user.phone) throw AppError.rule(PROFILE_MSG.noPhone);
  const purpose = input.target === 'old' ? 'phone-old' : 'deletion';
  const code = await issueSmsCode(deps, user.phone, purpose, ip, { limitAddress: false });
  return { phone: user.phone, code };
}

export async function verifyOldPhone(
  deps: AppDeps,
  userId: number,
  code: string,
): Promise<{ ticket: string }> {
  const user = await loadUser(deps, userId);
  if (!user.phone) throw AppError.rule(PROFILE_MSG.noPhone);
  await consumeSmsCode(deps, user.phone, 'phone-old', code);
  return { ticket: issueTicket(deps, userId, user.phone) };
}

export async function changePhone(
  deps: AppDeps,
  userId: number,
  input: { ticket: string; phone: string; code: string },
): Promise<{ phoneMasked: string }> {
  const user = await checkTicket(deps, userId, input.ticket);
  if (input.phone === user.phone) throw AppError.rule(PROFILE_MSG.samePhone);
  if (await phoneUsedByAnother(deps, input.phone, userId)) {
    throw AppError.conflict(PROFILE_MSG.phoneInUse);
  }
  // A wrong guess is counted against the code, so the code is checked outside the change.
  await consumeSmsCode(deps, input.phone, 'phone-new', input.code);
  const masked = maskPhone(input.phone);
  try {
    await deps.db.transaction().execute(async (trx) => {
      // Only from the number the ticket proved: a second submit of the same change finds it gone.
      const changed = await trx
        .updateTable('users')
        .set({ phone: input.phone, updated_at: iso(deps.now()) })
        .where('id', '=', userId)
        .where('phone', '=', user.phone)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw AppError.rule(PROFILE_MSG.ticketInvalid);
      await sendNotice(trx, {
        userId,
        kind: 'system',
        title: PROFILE_MSG.phoneChangedTitle,
        body: PROFILE_MSG.phoneChangedBody(masked),
        link: '/user/user',
      });
    });
  } catch (err) {
    // Another account took the number meanwhile: the unique index let only one through.
    if (!(err instanceof AppError) && (await phoneUsedByAnother(deps, input.phone, userId))) {
      throw AppError.conflict(PROFILE_MSG.phoneInUse);
    }
    throw err;
  }
  return { phoneMasked: masked };
}
