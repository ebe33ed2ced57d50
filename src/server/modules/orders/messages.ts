// What the orders module says: ordering, paying, renewing, the licence documents and downloads, and
// the pages outside the contract (the document link, the verification page, the sandbox payment).

export const ORDERS_MSG = {
  order: {
    workGone: '作品不存在或已下架，暂不可授权',
    ownWork: '不能购买自己的作品',
    licenceGone: '授权选项不存在，请刷新页面后重试',
    needAgreement: '请先阅读并同意授权协议',
    needCategory: '请选择使用品类',
    categoryUnknown: '所选使用品类不存在',
    keywordUnknown: '所选授权用途不存在',
    idemReused: '该请求已提交过内容不同的订单，请刷新页面后重新下单',
    notFound: '订单不存在',
    notPending: '订单已支付或已关闭，无法取消',
    expired: '超时未支付，订单已关闭',
    cancelledByBuyer: '买家取消订单',
    exclusiveTaken: (title: string, until: string) =>
      `该作品「${title}」品类的独家授权已售出，授权期至 ${until}`,
    shareNeedsPayment: '订单支付后才可分享授权',
    shareText: (workTitle: string, licenceTitle: string, link: string) =>
      `我在纹样获得了作品「${workTitle}」的${licenceTitle}，授权真伪可扫码核验：${link}`,
  },
  pay: {
    methodUnavailable: '该支付方式暂未开通，请选择其他支付方式或银行转账',
    orderNotPayable: '订单已支付或已关闭，请勿重复支付',
    orderExpired: '订单已超时关闭，请重新下单',
    paymentNotFound: '支付单不存在',
    exclusiveLostRefund: (exclusiveTaken: string) => `${exclusiveTaken}，款项已原路退回`,
    closedRefund: '订单已关闭，款项已原路退回',
    duplicateRefund: '订单已由另一笔支付完成，本笔款项已原路退回',
    bankAmountMismatch: '到账金额与订单金额不一致，请核对后再确认',
    bankNotPending: '该转账已确认或已关闭',
    bankSerialUsed: '该银行流水号已用于另一笔转账，请核对后再确认',
    quotaMaterialOnly: '会员额度仅可用于素材授权，请选择其他支付方式',
    quotaShort: (units: number) =>
      `会员素材授权额度不足（本订单需 ${units} 次），请选择其他支付方式或购买加量包`,
    bankNote: (orderNo: string) =>
      `请在汇款附言中填写订单号 ${orderNo}，转账后请联系客服并提供转账回单，财务确认到账后订单自动完成。`,
    qrSubject: (title: string) => `纹样授权-${title}`,
    amountMismatch: '金额与支付单不一致',
    // server log: a provider's notification that failed verification
    notificationRejected: '支付通知未通过验证',
  },
  renewal: {
    notRenewable: '该订单不在可续费范围内（授权到期前 60 天至到期后 30 天可续费）',
    workGone: '作品已下架，暂不可续费',
    licenceGone: '该授权选项已下架，暂不可续费',
    exclusiveTaken: '该品类的独家授权已由他人持有，无法续费',
    pendingRenewal: '该授权已有待支付的续费订单，请先支付或取消',
    renewed: '该授权已续费',
    idemReused: '该请求已提交过内容不同的续费订单，请刷新页面后重试',
  },
  documentKindTitles: {
    contract: '授权许可合同',
    trade: '交易凭证',
    copyright: '作品版权证书',
    receipt: '收款票据',
  },
  document: {
    notPaid: '订单支付后才可查看授权文件',
    refunded: '订单已退款，授权文件已失效',
    needAgreement: '请先阅读合同并确认签署',
    notSigned: '合同尚未签署，请先签署合同',
    alreadySigned: '合同已签署',
    period: (start: string, end: string) => `${start} 至 ${end}`,
    stateRefunded: '已失效（订单已退款）',
    stateValid: '有效',
    stateExpired: '已到期',
  },
  download: {
    notLicensed: '您尚未获得该作品的授权，授权后可下载无水印原图',
    noOriginal: '原图文件暂不可用，请联系客服',
    fileName: (workId: number, title: string) => `纹样-${workId}-${title || '作品'}.png`,
  },
  // the page of a document link that fails
  documentLinkFailed: {
    title: '文件不存在',
    body: '<h1>文件不存在或链接已过期</h1><p>请回到订单页面重新打开。</p>',
  },
  // the public verification page; values arrive HTML-escaped
  verifyPage: {
    title: '文件核验',
    notFoundBody: (codeHtml: string) =>
      `<h1>文件核验</h1><p class="bad">未找到该核验码对应的文件</p><p class="muted">核验码：${codeHtml}。请核对文件上的核验码；无法核验的文件可能是伪造的，请联系纹样客服。</p>`,
    genuineBody: (f: {
      kindTitle: string;
      workTitle: string;
      licenceTitle: string;
      licensee: string;
      period: string;
      orderNoMasked: string;
      stateClass: string;
      state: string;
    }) => `<h1>文件核验</h1><p class="ok">该文件由纹样平台出具，真实有效</p>
<dl><dt>文件</dt><dd>${f.kindTitle}</dd>
<dt>作品</dt><dd>${f.workTitle}</dd>
<dt>授权</dt><dd>${f.licenceTitle}</dd>
<dt>被授权方</dt><dd>${f.licensee}</dd>
<dt>授权期限</dt><dd>${f.period}</dd>
<dt>订单号</dt><dd>${f.orderNoMasked}</dd>
<dt>授权状态</dt><dd class="${f.stateClass}">${f.state}</dd></dl>`,
  },
  // the sandbox provider's confirm page; values arrive HTML-escaped
  sandboxPage: {
    title: '沙箱支付',
    membershipSubject: '纹样会员',
    rechargeSubject: '纹样账户充值',
    dosingSubject: '纹样会员加量包',
    paymentMissingBody: '<h1>沙箱支付</h1><p class="bad">支付单不存在</p>',
    paid: '<p class="ok">已支付，可返回订单页面查看</p>',
    confirmForm: (actionHtml: string) =>
      `<form method="post" action="${actionHtml}"><button type="submit">确认支付</button></form>`,
    qrExpired: '<p class="bad">二维码已过期，请在订单页面刷新二维码</p>',
    body: (f: {
      amount: string;
      subject: string;
      orderNo: string;
      payOrderNo: string;
      status: string;
    }) =>
      `<h1>沙箱支付</h1>
<p class="amount">${f.amount}</p>
<dl><dt>商品</dt><dd>${f.subject}</dd>
<dt>订单号</dt><dd>${f.orderNo}</dd>
<dt>支付单号</dt><dd>${f.payOrderNo}</dd></dl>
${f.status}
<p class="muted">沙箱支付不产生真实扣款：未配置微信支付或支付宝时，它代替真实支付渠道，走与真实支付通知相同的验证与入账流程。</p>`,
  },
} as const;
