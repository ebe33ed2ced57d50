import { describe, expect, it } from 'vitest';
import { checkInvoiceFields, normaliseInvoiceFields } from './invoice';

describe('invoice request rules', () => {
  const company = {
    buyerType: 'company' as const,
    title: '杭州纹样科技有限公司',
    taxNo: '91330100MA2H1234X5',
    email: 'a@b.cn',
  };

  it('accepts a company with a title, an 18-character credit code and an email', () => {
    expect(checkInvoiceFields(company)).toBeNull();
  });

  it('asks a company for its title and a 15–20 character tax number', () => {
    expect(checkInvoiceFields({ ...company, title: ' ' })).toBe('请填写发票抬头（单位名称）');
    expect(checkInvoiceFields({ ...company, taxNo: '12345' })).toBe(
      '纳税人识别号应为 15–20 位字母或数字',
    );
    expect(checkInvoiceFields({ ...company, taxNo: '9133-0100-MA2H-1234' })).toBe(
      '纳税人识别号应为 15–20 位字母或数字',
    );
  });

  it('needs no tax number from a person, and refuses a wrong email', () => {
    const person = { buyerType: 'personal' as const, title: '', taxNo: '', email: 'me@qq.com' };
    expect(checkInvoiceFields(person)).toBeNull();
    expect(normaliseInvoiceFields(person).title).toBe('个人');
    expect(checkInvoiceFields({ ...person, email: 'me@qq' })).toBe('请填写正确的邮箱地址');
  });
});
