import { describe, expect, it } from 'vitest';
import { isDueForRenewal, renewalDelay } from './token-renewal';

describe('token renewal window', () => {
  const now = 1_700_000_000_000;
  it('renews within 30 minutes (1800000 ms) of expiry, not before', () => {
    expect(isDueForRenewal(now + 1_800_000, now)).toBe(true);
    expect(isDueForRenewal(now + 1_800_001, now)).toBe(false);
    expect(isDueForRenewal(now - 5, now)).toBe(true);
  });

  it('waits until the window opens, at most as long as a timer can', () => {
    expect(renewalDelay(now + 2 * 3_600_000, now)).toBe(5_400_000);
    expect(renewalDelay(now + 60_000, now)).toBe(0);
    expect(renewalDelay(now + 90 * 86_400_000, now)).toBe(2_147_483_647);
  });
});
