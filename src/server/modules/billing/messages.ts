// What the billing module says: the statement's date checks, invoice requests and receipts.

export const BILLING_MSG = {
  bill: {
    badRange: '开始日期不能晚于结束日期',
    badDay: '日期格式不正确',
  },
  invoice: {
    orderNotFound: '订单不存在',
    notPaid: '订单支付后才可申请发票',
    refunded: '订单已退款，无法申请发票',
    live: '该订单已申请过发票，请勿重复申请',
    notFound: '发票申请不存在',
    handled: '该申请已处理',
    invoiceNoInvalid: '请填写正确的发票号码（8–20 位数字或字母）',
    reasonMissing: '请填写驳回原因',
  },
  receipt: {
    notFound: '票据不存在',
    workLine: (title: string, licenceTitle: string, termYears: number) =>
      `作品《${title}》${licenceTitle}（${termYears} 年）`,
    orderLine: (orderNo: string) => `订单 ${orderNo}`,
    defaultPayer: '买家',
    // the page of a receipt link that fails
    linkFailedTitle: '票据不存在',
    linkFailedBody: '<h1>票据不存在或链接已过期</h1><p>请回到账单管理页面重新下载。</p>',
  },
} as const;
