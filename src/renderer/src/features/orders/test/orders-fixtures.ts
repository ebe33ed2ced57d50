import type { EmpowerInfo, OrderDetail, PayOrder, PayResult } from '@shared/contract/orders';

// Server answers of the orders calls, as the component tests mock them (checked by mockCall).

export const ORDER_NO = 'WY20261124120000123456';
export const PAY_ORDER_NO = 'PY20261124120000654321';

export const empowerInfo = (over: Partial<EmpowerInfo> = {}): EmpowerInfo => ({
  creationId: 7,
  title: '青花缠枝',
  thumbUrl: '/files/thumb/7.webp',
  designerName: '林设计',
  orderType: 'purchase',
  options: [
    {
      licenceId: 11,
      kind: 'category_exclusive',
      title: '品类独家授权',
      priceFen: 120000,
      scope: '所选品类内独家使用',
    },
    { licenceId: 12, kind: 'commercial', title: '扩展商用授权', priceFen: 50000, scope: '商用' },
  ],
  categories: [
    { kid: 1, title: '服装', taken: false, takenUntil: '' },
    { kid: 2, title: '家纺', taken: true, takenUntil: '2027-05-01' },
  ],
  onSale: true,
  ...over,
});

export const orderDetail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  orderNo: ORDER_NO,
  state: 'pending',
  stateTitle: '待支付',
  creationId: 7,
  title: '青花缠枝',
  thumbUrl: '/files/thumb/7.webp',
  designerName: '林设计',
  licenceKind: 'category_exclusive',
  licenceTitle: '品类独家授权',
  orderType: 'purchase',
  termYears: 2,
  amountFen: 240000,
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  paidAt: null,
  licenceStart: '',
  licenceEnd: '',
  categories: [{ kid: 1, title: '服装' }],
  keywords: ['服装'],
  customKey: '',
  unitPriceFen: 120000,
  remarks: '',
  payChannel: '',
  payChannelTitle: '',
  cancelReason: '',
  refundReason: '',
  contractSigned: false,
  contractSigner: '',
  canDownload: false,
  pendingPayOrderNo: '',
  ...over,
});

export const payOrder = (over: Partial<PayOrder> = {}): PayOrder => ({
  qrCode: `http://127.0.0.1/pay/sandbox/${PAY_ORDER_NO}`,
  payOrderNo: PAY_ORDER_NO,
  payMethod: 1,
  amountFen: 240000,
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  channel: 'sandbox',
  bank: null,
  ...over,
});

export const payResult = (over: Partial<PayResult> = {}): PayResult => ({
  payOrderNo: PAY_ORDER_NO,
  paid: false,
  paymentState: 'pending',
  orderNo: ORDER_NO,
  orderState: 'pending',
  message: '',
  ...over,
});
