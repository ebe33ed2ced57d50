// Role predicates of spec §6, used by the renderer to show and by the server to enforce.

export type UserStatusFacts = { status: number; settleStatus: number };
export type MemberFacts = { memberType: number; isExpVip: boolean; expLeftTimes: number };
export type AuthFacts = { authCode: string; remainValue: number; endTime: number };

/** §6 Designer: status not 0. */
export const isDesigner = (s: UserStatusFacts | null | undefined): boolean =>
  Boolean(s && s.status !== 0);

/** §6 Settled designer: settleStatus 1 (may publish, has a gallery, may withdraw). */
export const isSettledDesigner = (s: UserStatusFacts | null | undefined): boolean =>
  s?.settleStatus === 1;

/** The reviewers' back office (docs/decisions.md, Designers and publishing): the user role admin. */
export const isAdmin = (user: { role?: string } | null | undefined): boolean =>
  user?.role === 'admin';

/** §6 Member: memberType not 0, or a trial with remaining uses. */
export const isMember = (m: MemberFacts | null | undefined): boolean =>
  Boolean(m && (m.memberType !== 0 || (m.isExpVip && m.expLeftTimes > 0)));

/** §3/§6 Account type: orgFlag 2 is an enterprise, anything else personal. */
export const isEnterprise = (orgFlag: number | null | undefined): boolean => orgFlag === 2;

/** §6 Permission by authority code, optionally requiring a remaining value above 0 and not expired. */
export function hasAuthority(
  auths: readonly AuthFacts[],
  code: string,
  options: { requireRemaining?: boolean; now?: number } = {},
): boolean {
  const now = options.now ?? Date.now();
  return auths.some(
    (a) =>
      a.authCode === code &&
      (a.endTime === 0 || a.endTime > now) &&
      (!options.requireRemaining || a.remainValue > 0),
  );
}

/** §3 vipEndTime / vipTryEndTime: 10-digit values are seconds and become milliseconds. */
export const toMilliseconds = (value: number): number =>
  value > 0 && String(Math.trunc(value)).length === 10 ? value * 1000 : value;

export type MemberStatus =
  | { kind: 'valid'; until: number }
  | { kind: 'expired' }
  | { kind: 'trial'; until: number }
  | { kind: 'none' };

/** §4 Member status text source: valid until a date, expired, trial member, or not activated. */
export function memberStatus(
  vip: { vipType: number; vipEndTime: number; vipTryEndTime: number },
  now: number = Date.now(),
): MemberStatus {
  const end = toMilliseconds(vip.vipEndTime);
  const tryEnd = toMilliseconds(vip.vipTryEndTime);
  if (vip.vipType > 1) return end > now ? { kind: 'valid', until: end } : { kind: 'expired' };
  if (vip.vipType === 1 && tryEnd > now) return { kind: 'trial', until: tryEnd };
  if (end > 0 && end <= now) return { kind: 'expired' };
  return { kind: 'none' };
}

/** §4 Trial countdown: mm:ss when at most 15 minutes remain, otherwise the full time (h:mm:ss or days). */
export function formatTrialRemaining(
  remainingMs: number,
  fullThresholdMs = 15 * 60 * 1000,
): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  if (remainingMs <= fullThresholdMs) return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

/** §5 Helper checks: a phone number is 11 digits starting with 1; numeric input is digits only. */
export const isPhoneNumber = (value: string): boolean => /^1\d{10}$/.test(value);
export const isDigitsOnly = (value: string): boolean => /^\d+$/.test(value);
