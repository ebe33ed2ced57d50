import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall } from './define';

// The buyer's money (spec §2 /user/billManagement, issue 11): every payment and refund as a
// statement, a receipt (票据) per payment or refund, and requests for 增值税 invoices, which an
// admin issues or rejects. Amounts are integer fen.

/** A payment's or refund's number: PQ…/PB…/PY… or R + the payment's number. */
const BillNo = Type.String({ pattern: '^[A-Z0-9]{8,48}$', description: '流水号' });
const OrderNo = Type.String({ pattern: '^[A-Z0-9]{8,32}$', description: '订单号' });
const Day = Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), Type.Literal('')], {
  default: '',
  description: '日期（YYYY-MM-DD，中国时间），空为不限',
});

export const BILL_KIND_TITLES = { payment: '支付', refund: '退款' } as const;
export type BillKind = keyof typeof BILL_KIND_TITLES;

export const BillRow = Type.Object({
  /** The payment's or the refund's number; also the receipt's number. */
  billNo: Type.String(),
  kind: Type.Union([Type.Literal('payment'), Type.Literal('refund')]),
  kindTitle: Type.String(),
  channel: Type.String(),
  channelTitle: Type.String(),
  amountFen: Type.Integer(),
  orderNo: Type.String(),
  workTitle: Type.String(),
  /** When the money moved (ISO). */
  at: Type.String(),
  /** A refund's reason, or ''. */
  note: Type.String(),
});
export type BillRow = Static<typeof BillRow>;

export const getBillList = defineCall({
  name: 'Finance/GetBillList',
  path: apiPath('Finance', 'GetBillList'),
  auth: 'required',
  tag: 'billing',
  summary: '账单：我的每一笔支付与退款，新的在前，可按日期筛选',
  request: Type.Object({ startDate: Day, endDate: Day, ...PageQuery }),
  response: Type.Object({
    ...pageOf(BillRow).properties,
    /** Totals of the filtered range. */
    paidFen: Type.Integer(),
    refundedFen: Type.Integer(),
  }),
});

export const getReceiptLink = defineCall({
  name: 'Finance/GetReceiptLink',
  path: apiPath('Finance', 'GetReceiptLink'),
  auth: 'required',
  tag: 'billing',
  summary: '票据：一笔支付或退款的收款/退款票据（PDF，链接限时有效），仅付款人可取',
  request: Type.Object({ billNo: BillNo }),
  response: Type.Object({ url: Type.String(), expiresAt: Type.String() }),
});

export const INVOICE_STATE_TITLES = {
  applied: '已申请',
  issued: '已开具',
  rejected: '已驳回',
} as const;
export type InvoiceState = keyof typeof INVOICE_STATE_TITLES;
const InvoiceStateSchema = Type.Union(
  (Object.keys(INVOICE_STATE_TITLES) as InvoiceState[]).map((s) => Type.Literal(s)),
);
const BuyerType = Type.Union([Type.Literal('personal'), Type.Literal('company')], {
  description: 'personal 个人 / company 单位',
});

export const InvoiceRequest = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  workTitle: Type.String(),
  amountFen: Type.Integer(),
  buyerType: BuyerType,
  title: Type.String(),
  taxNo: Type.String(),
  email: Type.String(),
  state: InvoiceStateSchema,
  stateTitle: Type.String(),
  /** The invoice's number once issued. */
  invoiceNo: Type.String(),
  rejectReason: Type.String(),
  createdAt: Type.String(),
  handledAt: Type.Union([Type.String(), Type.Null()]),
});
export type InvoiceRequest = Static<typeof InvoiceRequest>;

/** A paid order with no live invoice request: what the form offers. */
export const InvoiceableOrder = Type.Object({
  orderNo: Type.String(),
  workTitle: Type.String(),
  licenceTitle: Type.String(),
  amountFen: Type.Integer(),
  paidAt: Type.String(),
});
export type InvoiceableOrder = Static<typeof InvoiceableOrder>;

export const getInvoiceList = defineCall({
  name: 'Finance/GetInvoiceList',
  path: apiPath('Finance', 'GetInvoiceList'),
  auth: 'required',
  tag: 'billing',
  summary: '我的发票申请，及可申请发票的已支付订单',
  request: Type.Object({ ...PageQuery }),
  response: Type.Object({
    ...pageOf(InvoiceRequest).properties,
    invoiceable: Type.Array(InvoiceableOrder),
  }),
});

export const applyInvoice = defineCall({
  name: 'Finance/ApplyInvoice',
  path: apiPath('Finance', 'ApplyInvoice'),
  auth: 'required',
  tag: 'billing',
  summary: '为已支付的订单申请增值税普通发票（个人或单位；每个订单同时只有一份有效申请）',
  request: Type.Object({
    orderNo: OrderNo,
    buyerType: BuyerType,
    title: Type.String({ maxLength: 100, default: '', description: '发票抬头' }),
    taxNo: Type.String({ maxLength: 20, default: '', description: '纳税人识别号' }),
    email: Type.String({ maxLength: 100, description: '接收邮箱' }),
  }),
  response: InvoiceRequest,
});

export const AdminInvoiceRequest = Type.Object({
  ...InvoiceRequest.properties,
  buyerName: Type.String(),
});
export type AdminInvoiceRequest = Static<typeof AdminInvoiceRequest>;

export const getInvoiceRequests = defineCall({
  name: 'Admin/GetInvoiceRequests',
  path: apiPath('Admin', 'GetInvoiceRequests'),
  auth: 'admin',
  tag: 'billing',
  summary: '发票申请（后台），按状态筛选',
  request: Type.Object({
    state: Type.Union([InvoiceStateSchema, Type.Literal('')], { default: '' }),
    ...PageQuery,
  }),
  response: pageOf(AdminInvoiceRequest),
});

export const handleInvoiceRequest = defineCall({
  name: 'Admin/HandleInvoiceRequest',
  path: apiPath('Admin', 'HandleInvoiceRequest'),
  auth: 'admin',
  tag: 'billing',
  summary: '开具（填发票号码）或驳回（填原因）一份发票申请',
  request: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    action: Type.Union([Type.Literal('issue'), Type.Literal('reject')]),
    invoiceNo: Type.String({ maxLength: 32, default: '', description: '发票号码' }),
    reason: Type.String({ maxLength: 200, default: '', description: '驳回原因' }),
  }),
  response: AdminInvoiceRequest,
});
