import dayjs from 'dayjs';
import { MSG } from '@shared/messages';
import type { MemberStatus } from '@shared/rules/roles';

/** §4 Member status text: valid until a date, expired, trial member, or not activated. */
export function membershipText(status: MemberStatus): string {
  switch (status.kind) {
    case 'valid':
      return MSG.memberValidUntil(dayjs(status.until).format('YYYY-MM-DD'));
    case 'expired':
      return MSG.memberExpired;
    case 'trial':
      return MSG.memberTrial;
    case 'none':
      return MSG.memberNone;
  }
}

/**
 * The status from the signed-in user's info (what the header holds): in the trial, a member end
 * (milliseconds) still ahead or passed, or none.
 */
export function sessionMemberStatus(
  user: { isExpVip: boolean; vipEndTime: number | null },
  now: number = Date.now(),
): MemberStatus {
  const end = user.vipEndTime ?? 0;
  if (user.isExpVip && end > now) return { kind: 'trial', until: end };
  if (end > now) return { kind: 'valid', until: end };
  if (end > 0) return { kind: 'expired' };
  return { kind: 'none' };
}
