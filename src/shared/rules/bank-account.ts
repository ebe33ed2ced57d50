// The company bank account of /user/certification/BAbind: held in the name of the verified company,
// with its bank and branch and an 8–30 digit number (spaces as people type them, stored without).
// Checked in the browser and again on the server.

import type { IdentityCheck } from './identity';

export const BANK_ACCOUNT_MSG = {
  needsEnterprise: '请先完成企业认证，再绑定企业银行账户',
  nameMismatch: '账户名称须与认证的企业名称一致',
  badNumber: '银行账号应为 8–30 位数字',
  bankName: '请填写开户银行',
  branchName: '请填写开户支行',
} as const;

export const BANK_ACCOUNT_DIGITS = { min: 8, max: 30 } as const;

/** Drops the spaces people type between groups of digits. */
export const normaliseBankAccountNumber = (raw: string): string => raw.replace(/\s+/g, '');

export function checkBankAccountNumber(raw: string): IdentityCheck {
  const digits = normaliseBankAccountNumber(raw);
  const { min, max } = BANK_ACCOUNT_DIGITS;
  return /^\d+$/.test(digits) && digits.length >= min && digits.length <= max
    ? { ok: true }
    : { ok: false, reason: BANK_ACCOUNT_MSG.badNumber };
}

export function checkBankName(raw: string): IdentityCheck {
  const name = raw.trim();
  return name.length >= 2 && name.length <= 40
    ? { ok: true }
    : { ok: false, reason: BANK_ACCOUNT_MSG.bankName };
}

export function checkBranchName(raw: string): IdentityCheck {
  const name = raw.trim();
  return name.length >= 2 && name.length <= 60
    ? { ok: true }
    : { ok: false, reason: BANK_ACCOUNT_MSG.branchName };
}

/** A company account is held in the company's own name: one of the caller's verified companies. */
export function checkAccountName(raw: string, verifiedCompanies: readonly string[]): IdentityCheck {
  if (verifiedCompanies.length === 0)
    return { ok: false, reason: BANK_ACCOUNT_MSG.needsEnterprise };
  return verifiedCompanies.includes(raw.trim())
    ? { ok: true }
    : { ok: false, reason: BANK_ACCOUNT_MSG.nameMismatch };
}

/** Shows the first 4 and the last 4 digits only, e.g. 6222 **** 1234. */
export function maskBankAccountNumber(raw: string): string {
  const digits = normaliseBankAccountNumber(raw);
  if (digits.length <= 8) return `**** ${digits.slice(-4)}`;
  return `${digits.slice(0, 4)} **** ${digits.slice(-4)}`;
}
