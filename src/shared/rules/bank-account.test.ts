import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_MSG,
  checkAccountName,
  checkBankAccountNumber,
  checkBankName,
  checkBranchName,
  maskBankAccountNumber,
  normaliseBankAccountNumber,
} from './bank-account';

describe('bank account rules', () => {
  it('accepts 8–30 digits, with the spaces people type', () => {
    expect(checkBankAccountNumber('6222 0212 3456 7890 123')).toEqual({ ok: true });
    expect(checkBankAccountNumber('12345678')).toEqual({ ok: true });
    expect(checkBankAccountNumber('1'.repeat(30))).toEqual({ ok: true });
    expect(normaliseBankAccountNumber(' 6222 0212 ')).toBe('62220212');
  });

  it('refuses too few or too many digits, and letters', () => {
    for (const bad of ['1234567', '1'.repeat(31), '6222-0212-3456', '6222ABCD1234', ''])
      expect(checkBankAccountNumber(bad)).toEqual({
        ok: false,
        reason: BANK_ACCOUNT_MSG.badNumber,
      });
  });

  it('wants the account held in the name of a verified company', () => {
    expect(checkAccountName(' 杭州纹样设计有限公司 ', ['杭州纹样设计有限公司'])).toEqual({
      ok: true,
    });
    expect(checkAccountName('张三', ['杭州纹样设计有限公司'])).toEqual({
      ok: false,
      reason: BANK_ACCOUNT_MSG.nameMismatch,
    });
    expect(checkAccountName('杭州纹样设计有限公司', [])).toEqual({
      ok: false,
      reason: BANK_ACCOUNT_MSG.needsEnterprise,
    });
  });

  it('wants a bank and a branch', () => {
    expect(checkBankName('招商银行').ok).toBe(true);
    expect(checkBankName(' ').ok).toBe(false);
    expect(checkBranchName('杭州分行营业部').ok).toBe(true);
    expect(checkBranchName('x').ok).toBe(false);
  });

  it('masks all but the first and last four digits', () => {
    expect(maskBankAccountNumber('6222 0212 3456 7890 123')).toBe('6222 **** 0123');
    expect(maskBankAccountNumber('12345678')).toBe('**** 5678');
  });
});
