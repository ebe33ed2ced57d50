import { MEMBER_PAY_METHOD } from '@shared/constants';
import { MEMBER_PAY_METHOD as WIRE } from '@shared/contract/membership';

/** §4 The dialog's pay methods: 1 微信支付, 2 支付宝, 3 对公转账 (bank transfer). */
export type DialogPayMethod = (typeof MEMBER_PAY_METHOD)[keyof typeof MEMBER_PAY_METHOD];
/** §7 GetMemberQRCode's payMethod: WeChat 2, Alipay 1, the third value 4. */
export type WirePayMethod = (typeof WIRE)[keyof typeof WIRE];

export const PAY_METHOD_OPTIONS: readonly { value: DialogPayMethod; label: string }[] = [
  { value: MEMBER_PAY_METHOD.wechat, label: '微信支付' },
  { value: MEMBER_PAY_METHOD.alipay, label: '支付宝' },
  { value: MEMBER_PAY_METHOD.bankTransfer, label: '对公转账' },
];

/** 余额支付: paid at once from the balance (Pay/PayMemberByBalance), no QR. */
export const BALANCE_PAY = 4 as const;
/** A method the member dialog and the pack popup offer: the three of §4 or the balance. */
export type ChosenPayMethod = DialogPayMethod | typeof BALANCE_PAY;

export const PAY_CHOICES: readonly { value: ChosenPayMethod; label: string }[] = [
  ...PAY_METHOD_OPTIONS,
  { value: BALANCE_PAY, label: '余额支付' },
];

/** The QR method to ask GetMemberQRCode for; the balance asks for none. */
export const qrMethodOf = (method: ChosenPayMethod): DialogPayMethod =>
  method === BALANCE_PAY ? MEMBER_PAY_METHOD.wechat : method;

/** The dialog's method as GetMemberQRCode spells it. */
export function toWirePayMethod(method: DialogPayMethod): WirePayMethod {
  if (method === MEMBER_PAY_METHOD.wechat) return WIRE.wechat;
  if (method === MEMBER_PAY_METHOD.alipay) return WIRE.alipay;
  return WIRE.bank;
}

export const isBankTransfer = (method: DialogPayMethod): boolean =>
  method === MEMBER_PAY_METHOD.bankTransfer;

/** 请使用微信/支付宝扫码支付 for one method. */
export const scanText = (method: DialogPayMethod): string =>
  method === MEMBER_PAY_METHOD.alipay ? '请使用支付宝扫码支付' : '请使用微信扫码支付';
