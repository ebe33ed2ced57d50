// Exact user-facing strings. Spec strings are reproduced verbatim; the rest follow GLOSSARY.md.

export const MSG = {
  // §5 registration interest
  chooseDone: '选好了',
  completeInfoFirst: '请先完善信息',
  // §5 image upload
  oneFileAtATime: '只允许一次上传一张',
  formatLimit: '格式限制：',
  imageTooLarge: '上传图片需小于5M',
  tooManyImages: '最多只能上传50张图片',
  alreadyAdded: (name: string) => `${name} 已添加！`,
  // uploads: a cut-off or damaged file, said alike by the server and the desktop uploader
  imageTruncated: '图片文件不完整或已损坏，请重新导出后上传',
  // uploads: what the server reads in a file's bytes, said alike by the server and the desktop uploader
  imageNotRecognised: '文件不是可识别的图片，或文件已损坏',
  imageFormatsAccepted: '只支持 PNG、JPG、WebP、TIFF 格式的图片（按文件内容判断）',
  // uploads: why the server refuses an upload permission; the desktop uploader then asks for a fresh one
  uploadPolicy: {
    invalid: '上传许可无效',
    expired: '上传许可已过期，请重新上传',
    notYours: '上传许可不属于当前用户',
  },
  // enterprise halls: the server's refusal and the hall editor's notice
  ownHallOnly: '只能编辑自己的企业展厅',
  // works: a hot-seller list's title (周爆款…), on the list page and in the list the server returns
  hotListTitle: (periodTitle: string) => `${periodTitle}爆款`,
  // image search: files the server cannot read, and the search image of the session
  imageSearch: {
    unsupportedFormat: (format: string) =>
      `暂不支持识别 ${format.toUpperCase()} 文件中的图案，请另存为 JPG 或 PNG 后再上传`,
    corrupt: '图片已损坏或无法识别，请换一张图片',
    empty: '图片文件是空的，请重新选择',
    tooManyPixels: '图片尺寸过大（超过 4000 万像素），请缩小后再上传',
    noImage: '请先上传一张图片',
    expired: '搜索图片已过期，请重新上传',
    busy: '搜图的人有点多，请稍后再试',
    workMissing: '作品不存在或已下架',
  },
  // accounts: a one-time password (npm run admin:create) is replaced at the first sign-in
  passwordChangeRequired: '首次登录请先修改密码：请输入当前的一次性密码和新密码',
  passwordMustDiffer: '新密码不能与当前密码相同',
  // §5 member package
  packageMissing: '套餐不存在或已停用！',
  noPackages: '暂无套餐数据！',
  // §8
  operationFailed: '操作失败！',
  copySuccess: '复制成功',
  guestPleaseLogin: '游客请先登录',
  tip: '提示',
  notFound: 'This page could not be found',
  backHome: '返回首页',
  leavePage: '离开页面',
  // §2 header, avatar menu
  loginRegister: '登录/注册',
  logout: '退出登录',
  logoutConfirm: '确定要退出登录吗？',
  oldBrowser: '您的浏览器版本过低，建议使用最新版 Chrome 或 Edge 浏览器访问',
  orderSettlement: '订单结算',
  searchPlaceholder: '搜索图案、主题、设计师',
  imageSearchHint: '以图搜图',
  // §2 login dialog (full-screen frame of the account site)
  loginDialogTitle: '登录/注册',
  // §2/§6 user-centre side menu: groups and items (GLOSSARY.md §User centre)
  userCentre: {
    nav: '个人中心导航',
    shopManagement: '店铺管理',
    publishWork: '发布作品',
    myWork: '作品管理',
    saleRecord: '销售记录',
    myGallery: '我的图库',
    designerInfo: '设计师资料',
    managementCentre: '管理中心',
    myOrders: '我的订单',
    myCollect: '我的收藏',
    myDemands: '我的需求',
    myConcern: '我的关注',
    myPattern: '我的花型',
    pushBeforeBuy: '先推后买',
    myNewProducts: '我的新品',
    /** Infringement complaints, both sides (/user/complaints, docs/complaints.md). */
    myComplaints: '我的投诉',
    account: '账户',
    /** The profile page /user/user (docs/profile.md). */
    profile: '个人资料',
    accountSecurity: '账户安全',
    credentials: '实名认证',
    /** The message centre (/user/message, docs/notices.md). */
    messageCentre: '消息中心',
    /** 在线客服: the user's conversation with staff (/user/service, docs/customer-service.md). */
    customerService: '在线客服',
    finance: '财务',
    withdraw: '提现',
    recharge: '充值',
    // Not in §2: the reviewers' entry to /admin, shown to the admin role only (docs/decisions.md)
    platform: '平台管理',
    adminConsole: '审核后台',
  },
  // §2 user-centre top block: rainbow number, badge, membership text (§4), open-membership button
  rainbowNumber: '彩虹号',
  copy: '复制',
  enterpriseBadge: '企业',
  personalBadge: '个人',
  memberValidUntil: (date: string) => `会员有效期至 ${date}`,
  memberExpired: '会员已过期',
  memberTrial: '体验会员',
  memberNone: '未开通会员',
  openMember: '开通会员',
  // §3/§5 registration-interest dialog
  interestTitle: '完善信息',
  interestIntro: '选择您的身份，我们将为您推荐更合适的作品与服务',
  interestSeller: '我是卖家',
  interestBuyer: '我是买家',
  interestRole: '注册身份',
  roleBuyer: '我是买家',
  roleCreator: '我是创作者',
  // §2/§4 agreement-update dialog (dated as the user agreement in force; version 1: 30 Sep 2021)
  agreementTitle: '用户协议更新',
  agreementBody:
    '尊敬的用户：为更好地保障您的合法权益，我们更新了《纹样用户协议》，主要涉及账号注册与使用、作品授权与版权保护、个人信息的收集与使用等内容。请您仔细阅读并充分理解更新后的条款，同意后即可继续使用纹样的服务。',
  agreementLink: '《纹样用户协议》',
  agreementReadAndAgree: '我已阅读并同意',
  agree: '同意',
  disagree: '不同意',
  // §4 trial VIP countdown
  trialRemaining: '体验会员剩余',
  // server-side envelope messages
  invalidRequest: '请求参数不正确',
  apiNotFound: '接口不存在',
  serverError: '服务器开小差了，请稍后再试',
  fileNotFound: '文件不存在或链接已失效',
  // Something asked for is not there (or not visible): said alike by several server domains
  missing: {
    work: '作品不存在',
    workUnavailable: '作品不存在或已下架',
    series: '系列不存在',
    category: '品类不存在',
    theme: '主题不存在',
    ip: 'IP 不存在',
    application: '申请不存在',
    hallChannel: '频道不存在',
  },
} as const;

/** Chinese names of JSON-schema problems, used to explain a rejected request body. */
export const VALIDATION_REASON: Record<string, string> = {
  required: '缺少必填项',
  type: '类型不正确',
  minLength: '长度过短',
  maxLength: '长度过长',
  minimum: '数值过小',
  maximum: '数值过大',
  exclusiveMinimum: '数值过小',
  exclusiveMaximum: '数值过大',
  pattern: '格式不正确',
  format: '格式不正确',
  enum: '取值不在允许范围内',
  const: '取值不在允许范围内',
  additionalProperties: '包含不支持的字段',
  minItems: '数量过少',
  maxItems: '数量过多',
  anyOf: '格式不正确',
  oneOf: '格式不正确',
};
