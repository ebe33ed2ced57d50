import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { apiPath, defineCall } from './define';

// Company certification (spec §2 /user/certification, /BAbind; issue 11). The verification calls of
// §7 (Certification/GetVerifyInfo, GetVerifyUrl, ChangeFirstSigner) are declared once, with
// real-name verification, in identity.ts. Here: the company's bank account, bound only after the
// company is verified and only in the company's name.

export const BankAccount = Type.Object({
  /** The company the account is held by: one of the caller's verified companies. */
  accountName: Type.String(),
  bankName: Type.String(),
  branchName: Type.String(),
  /** e.g. 6222 **** 1234; the whole number never leaves the server. */
  accountNumberMasked: Type.String(),
  /** False once the company's verified name no longer matches (a renamed company binds again). */
  matchesEnterprise: Type.Boolean(),
  boundAt: Type.String(),
});
export type BankAccount = Static<typeof BankAccount>;

export const BankAccountInfo = Type.Object({
  /** The caller's verified companies, the contract signer's first; empty until one is verified. */
  enterprises: Type.Array(Type.String()),
  account: Type.Union([BankAccount, Type.Null()]),
});
export type BankAccountInfo = Static<typeof BankAccountInfo>;

export const getBankAccount = defineCall({
  name: 'Certification/GetBankAccount',
  path: apiPath('Certification', 'GetBankAccount'),
  auth: 'required',
  tag: 'certification',
  summary: '我绑定的企业银行账户（账号打码）与可用作账户名称的已认证企业',
  request: Type.Object({}),
  response: BankAccountInfo,
});

export const bindBankAccount = defineCall({
  name: 'Certification/BindBankAccount',
  path: apiPath('Certification', 'BindBankAccount'),
  auth: 'required',
  tag: 'certification',
  summary:
    '绑定企业银行账户：须先完成企业认证，账户名称须与认证的企业名称一致，账号 8–30 位数字（可含空格）；再次绑定替换原账户',
  request: Type.Object({
    accountName: Type.String({ minLength: 1, maxLength: 60, description: '账户名称（企业名称）' }),
    bankName: Type.String({ minLength: 1, maxLength: 40, description: '开户银行' }),
    branchName: Type.String({ minLength: 1, maxLength: 60, description: '开户支行' }),
    accountNumber: Type.String({ minLength: 1, maxLength: 40, description: '银行账号' }),
  }),
  response: BankAccountInfo,
});
