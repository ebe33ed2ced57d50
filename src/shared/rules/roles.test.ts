import { describe, expect, it } from 'vitest';
import {
  formatTrialRemaining,
  hasAuthority,
  isAdmin,
  isDesigner,
  isEnterprise,
  isMember,
  isPhoneNumber,
  isSettledDesigner,
  memberStatus,
  toMilliseconds,
} from './roles';

describe('roles', () => {
  it('tells designers and settled designers apart', () => {
    expect(isDesigner({ status: 0, settleStatus: 0 })).toBe(false);
    expect(isDesigner({ status: 1, settleStatus: 0 })).toBe(true);
    expect(isSettledDesigner({ status: 1, settleStatus: 1 })).toBe(true);
    expect(isSettledDesigner(null)).toBe(false);
  });

  it('counts a trial with uses left as a member, and a used-up trial not', () => {
    expect(isMember({ memberType: 2, isExpVip: false, expLeftTimes: 0 })).toBe(true);
    expect(isMember({ memberType: 0, isExpVip: true, expLeftTimes: 3 })).toBe(true);
    expect(isMember({ memberType: 0, isExpVip: true, expLeftTimes: 0 })).toBe(false);
  });

  it('opens the back office to the admin role only', () => {
    expect(isAdmin({ role: 'admin' })).toBe(true);
    expect(isAdmin({ role: 'user' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it('treats orgFlag 2 as an enterprise', () => {
    expect(isEnterprise(2)).toBe(true);
    expect(isEnterprise(1)).toBe(false);
  });

  it('checks an authority code, optionally requiring something left', () => {
    const auths = [{ authCode: 'T26', remainValue: 0, endTime: 0 }];
    expect(hasAuthority(auths, 'T26')).toBe(true);
    expect(hasAuthority(auths, 'T26', { requireRemaining: true })).toBe(false);
    expect(hasAuthority(auths, 'T27')).toBe(false);
    expect(
      hasAuthority([{ authCode: 'T27', remainValue: 5, endTime: 1000 }], 'T27', { now: 2000 }),
    ).toBe(false);
  });

  it('reads 10-digit times as seconds', () => {
    expect(toMilliseconds(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMilliseconds(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(toMilliseconds(0)).toBe(0);
  });

  it('says valid until, expired, trial or not activated', () => {
    const now = 1_800_000_000_000;
    expect(
      memberStatus({ vipType: 2, vipEndTime: now / 1000 + 60, vipTryEndTime: 0 }, now),
    ).toEqual({ kind: 'valid', until: now + 60_000 });
    expect(
      memberStatus({ vipType: 2, vipEndTime: now / 1000 - 60, vipTryEndTime: 0 }, now),
    ).toEqual({ kind: 'expired' });
    expect(
      memberStatus({ vipType: 1, vipEndTime: 0, vipTryEndTime: now / 1000 + 60 }, now).kind,
    ).toBe('trial');
    expect(memberStatus({ vipType: 0, vipEndTime: 0, vipTryEndTime: 0 }, now)).toEqual({
      kind: 'none',
    });
  });

  it('shows the trial as mm:ss in its last 15 minutes and in full before', () => {
    expect(formatTrialRemaining(14 * 60_000 + 5_000)).toBe('14:05');
    expect(formatTrialRemaining(0)).toBe('00:00');
    expect(formatTrialRemaining(2 * 3600_000 + 61_000)).toBe('02:01:01');
    expect(formatTrialRemaining(26 * 3600_000)).toBe('1天 02:00:00');
  });

  it('accepts only mainland phone numbers', () => {
    expect(isPhoneNumber('13800000000')).toBe(true);
    expect(isPhoneNumber('23800000000')).toBe(false);
    expect(isPhoneNumber('1380000000')).toBe(false);
  });
});
