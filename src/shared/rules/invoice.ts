// A request for a 增值税普通发票 (issue 11, /user/billManagement/invoice): the same checks in the
// form and on the server.

export type InvoiceBuyerType = 'personal' | 'company';

export type InvoiceFields = {
  buyerType: InvoiceBuyerType;
  /** 发票抬头: the company's name, or the person's name (个人 when left empty). */
  title: string;
  /** 纳税人识别号 (统一社会信用代码): companies only. */
  taxNo: string;
  /** Where the electronic invoice is sent. */
  email: string;
};

export const INVOICE_MSG = {
  titleMissing: '请填写发票抬头（单位名称）',
  titleTooLong: '发票抬头不能超过 100 个字符',
  taxNoInvalid: '纳税人识别号应为 15–20 位字母或数字',
  emailInvalid: '请填写正确的邮箱地址',
} as const;

const TAX_NO = /^[0-9A-Za-z]{15,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** 纳税人识别号: 15–20 letters or digits (the old 15-digit number or the 18-character credit code). */
export function checkTaxNo(taxNo: string): string | null {
  return TAX_NO.test(taxNo.trim()) ? null : INVOICE_MSG.taxNoInvalid;
}

export function checkInvoiceTitle(buyerType: InvoiceBuyerType, title: string): string | null {
  const t = title.trim();
  if (buyerType === 'company' && t === '') return INVOICE_MSG.titleMissing;
  if (t.length > 100) return INVOICE_MSG.titleTooLong;
  return null;
}

export function checkInvoiceEmail(email: string): string | null {
  const e = email.trim();
  return e.length <= 100 && EMAIL.test(e) ? null : INVOICE_MSG.emailInvalid;
}

/** The first problem of a request, or null when it can be submitted. */
export function checkInvoiceFields(f: InvoiceFields): string | null {
  return (
    checkInvoiceTitle(f.buyerType, f.title) ??
    (f.buyerType === 'company' ? checkTaxNo(f.taxNo) : null) ??
    checkInvoiceEmail(f.email)
  );
}

/** The request as stored: trimmed, the tax number upper-cased, a person's empty title 个人. */
export function normaliseInvoiceFields(f: InvoiceFields): InvoiceFields {
  const company = f.buyerType === 'company';
  return {
    buyerType: f.buyerType,
    title: f.title.trim() || (company ? '' : '个人'),
    taxNo: company ? f.taxNo.trim().toUpperCase() : '',
    email: f.email.trim(),
  };
}
