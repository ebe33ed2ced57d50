import { describe, expect, it } from 'vitest';
import {
  checkCreditCode,
  checkIdNumber,
  checkCompanyName,
  checkRealName,
  creditCodeCheckChar,
  idCheckDigit,
  maskIdentityNumber,
} from './identity';

describe('resident ID numbers (GB 11643)', () => {
  it('accepts a well-formed number with its check character, x in either case', () => {
    expect(checkIdNumber('11010519491231002X')).toEqual({ ok: true });
    expect(checkIdNumber('11010519491231002x')).toEqual({ ok: true });
    expect(idCheckDigit('11010519491231002')).toBe('X');
  });

  it('names what is wrong: length, characters, birth date, checksum', () => {
    expect(checkIdNumber('1101051949123100')).toEqual({ ok: false, reason: '身份证号应为 18 位' });
    expect(checkIdNumber('A1010519491231002X')).toEqual({
      ok: false,
      reason: '身份证号格式不正确',
    });
    expect(checkIdNumber('110105194902301234')).toEqual({
      ok: false,
      reason: '身份证号中的出生日期不正确',
    });
    const future = `1101052099010112${'3'}`;
    expect(checkIdNumber(future + idCheckDigit(future), new Date('2025-01-01'))).toMatchObject({
      ok: false,
    });
    expect(checkIdNumber('110105194912310021')).toEqual({
      ok: false,
      reason: '身份证号校验位不正确',
    });
  });
});

describe('unified social credit codes (GB 32100)', () => {
  it('accepts a code with its check character and refuses a wrong one', () => {
    const body = '91350100M000100Y4';
    const code = body + creditCodeCheckChar(body);
    expect(checkCreditCode(code)).toEqual({ ok: true });
    expect(checkCreditCode(code.toLowerCase())).toEqual({ ok: true });
    const wrong = body + (code.endsWith('0') ? '1' : '0');
    expect(checkCreditCode(wrong)).toEqual({ ok: false, reason: '统一社会信用代码校验位不正确' });
    expect(checkCreditCode('91350100M000100YI3')).toMatchObject({ ok: false });
    expect(checkCreditCode('123')).toEqual({ ok: false, reason: '统一社会信用代码应为 18 位' });
  });
});

describe('names and masks', () => {
  it('takes Chinese names with · and Latin names, and masks numbers', () => {
    expect(checkRealName('张三').ok).toBe(true);
    expect(checkRealName('阿依古丽·买买提').ok).toBe(true);
    expect(checkRealName('John Smith').ok).toBe(true);
    expect(checkRealName('张').ok).toBe(false);
    expect(checkRealName('张3').ok).toBe(false);
    expect(maskIdentityNumber('11010519491231002X')).toBe('110***********002X');
  });

  it('asks for the company name on the business licence, on the page and on the server alike', () => {
    expect(checkCompanyName('织梦纹样工作室').ok).toBe(true);
    expect(checkCompanyName(' 织 ')).toEqual({ ok: false, reason: '请填写营业执照上的企业名称' });
  });
});
