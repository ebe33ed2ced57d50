import { describe, expect, it } from 'vitest';
import { grantedCount, memberPriceFen } from './member-price';
import { toWirePayMethod } from './pay-method';

describe('member price and pay method', () => {
  it('prices a tier for 1–3 years as tier × years, in fen', () => {
    expect(memberPriceFen(9800, 2)).toBe(1_960_000);
    expect(memberPriceFen(15800, 3)).toBe(4_740_000);
    expect(memberPriceFen(9800, 1)).toBe(980_000);
  });

  it('grants per-year items for every year and fixed ones once', () => {
    expect(grantedCount({ count: 300, computeMode: 'per_year' }, 2)).toBe(600);
    expect(grantedCount({ count: 1, computeMode: 'fixed' }, 3)).toBe(1);
  });

  it('sends WeChat as 2, Alipay as 1 and bank transfer as 4', () => {
    expect(toWirePayMethod(1)).toBe(2);
    expect(toWirePayMethod(2)).toBe(1);
    expect(toWirePayMethod(3)).toBe(4);
  });
});
