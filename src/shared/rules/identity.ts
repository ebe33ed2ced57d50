// Identity numbers for real-name verification: the resident ID (GB 11643) and the unified social
// credit code of a company (GB 32100). Checked by format and checksum in the browser and on the server.

export type IdentityCheck = { ok: true } | { ok: false; reason: string };

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';

/** GB 11643 check character of the first 17 digits of a resident ID number. */
export function idCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS[sum % 11] ?? '';
}

/** Upper-cases a trailing x and drops spaces, as people type them. */
export const normaliseIdNumber = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** §5-style check of an 18-character resident ID: region, birth date (not in the future) and checksum. */
export function checkIdNumber(raw: string, today: Date = new Date()): IdentityCheck {
  const id = normaliseIdNumber(raw);
  if (id.length !== 18) return { ok: false, reason: '身份证号应为 18 位' };
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return { ok: false, reason: '身份证号格式不正确' };
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  const valid =
    year >= 1900 &&
    birth.getUTCFullYear() === year &&
    birth.getUTCMonth() === month - 1 &&
    birth.getUTCDate() === day &&
    birth.getTime() <= today.getTime();
  if (!valid) return { ok: false, reason: '身份证号中的出生日期不正确' };
  if (idCheckDigit(id.slice(0, 17)) !== id[17])
    return { ok: false, reason: '身份证号校验位不正确' };
  return { ok: true };
}

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** GB 32100 check character of the first 17 characters of a unified social credit code. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    sum += CREDIT_CHARS.indexOf(first17[i] ?? '') * (CREDIT_WEIGHTS[i] ?? 0);
  }
  return CREDIT_CHARS[(31 - (sum % 31)) % 31] ?? '';
}

/** An 18-character unified social credit code (统一社会信用代码) with a valid check character. */
export function checkCreditCode(raw: string): IdentityCheck {
  const code = raw.replace(/\s+/g, '').toUpperCase();
  if (code.length !== 18) return { ok: false, reason: '统一社会信用代码应为 18 位' };
  if (![...code].every((c) => CREDIT_CHARS.includes(c))) {
    return { ok: false, reason: '统一社会信用代码含有无效字符' };
  }
  if (creditCodeCheckChar(code.slice(0, 17)) !== code[17]) {
    return { ok: false, reason: '统一社会信用代码校验位不正确' };
  }
  return { ok: true };
}

/** A person's name as on an ID card: 2–20 Chinese characters (with ·), or a Latin name. */
export function checkRealName(raw: string): IdentityCheck {
  const name = raw.trim();
  if (/^[\u4e00-\u9fa5·]{2,20}$/.test(name) || /^[A-Za-z][A-Za-z .·'-]{1,39}$/.test(name)) {
    return { ok: true };
  }
  return { ok: false, reason: '请填写证件上的真实姓名' };
}

/** A company name as on its business licence: at least 2 characters (checked on both sides). */
export function checkCompanyName(raw: string): IdentityCheck {
  return raw.trim().length >= 2
    ? { ok: true }
    : { ok: false, reason: '请填写营业执照上的企业名称' };
}

/** Shows the first 3 and the last 4 characters only, e.g. 110***********123X. */
export function maskIdentityNumber(value: string): string {
  const v = value.replace(/\s+/g, '').toUpperCase();
  if (v.length <= 7) return '*'.repeat(v.length);
  return `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}`;
}
