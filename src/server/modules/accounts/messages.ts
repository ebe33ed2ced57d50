// What the accounts module says: refusals, the sign-in SMS, membership names and the account site's
// words. Sentences other sides show too are in @shared/messages (MSG).

export const ACCOUNT_MSG = {
  // sign-in and registration
  signInThrottled: '登录尝试过于频繁，请稍后再试',
  passwordOrCode: '请输入密码或验证码其中一项',
  signInLocked: '密码错误次数过多，该手机号已锁定 15 分钟，请稍后再试或使用验证码登录',
  wrongPassword: (left: number) => `手机号或密码错误，还可尝试 ${left} 次`,
  phoneTaken: '该手机号已注册，请直接登录',
  wrongCode: '手机号或验证码错误',
  sessionExpired: '登录已过期，请重新登录',
  // registration interest
  oneSellerType: '卖家类型只能选择一项',
  userMissing: '用户不存在',
  ownActivityOnly: '只能上报自己的活跃',
  // SMS codes
  smsTooFrequent: '验证码发送过于频繁，请 60 秒后再试',
  smsTooMany: '验证码发送次数过多，请一小时后再试',
  smsCodeWrong: '验证码错误或已过期',
  smsPurpose: {
    register: '注册',
    login: '登录',
    reset: '找回密码',
    'phone-old': '更换手机号',
    'phone-new': '绑定新手机号',
    deletion: '注销账号',
  },
  smsText: (purpose: string, code: string) =>
    `【纹样】您的${purpose}验证码是 ${code}，5 分钟内有效。请勿告诉他人。`,
  // users
  defaultUserName: (phoneTail: string) => `纹样用户${phoneTail}`,
  enterpriseMember: '企业会员',
  personalMember: '个人会员',
  ordinaryUser: '普通用户',
  trialDownloadTitle: '素材下载',
  timesUnit: '次',
  memberRights: '会员权益',
  downloadRights: '下载权益',
  // the account site (site/account-site.ts)
  site: {
    loginTitle: '登录',
    documentTitle: (title: string) => `${title} - 纹样账号`,
    close: '关闭',
    brand: '纹样',
    passwordTab: '密码登录',
    smsTab: '验证码登录',
    registerTab: '注册',
    phone: '手机号',
    phonePlaceholder: '请输入 11 位手机号',
    code: '验证码',
    codePlaceholder: '6 位验证码',
    sendCode: '获取验证码',
    sandboxCode: '测试环境验证码：',
    password: '密码',
    passwordPlaceholder: '8–64 位密码',
    newPassword: '新密码',
    newPasswordPlaceholder: '8–64 位新密码',
    termsLead: '注册即表示您已阅读并同意',
    termsComma: '、',
    termsAnd: '与',
    copyrightNotice: '《版权声明》',
    privacyPolicy: '《隐私政策》',
    submit: '登录',
    forgotPassword: '忘记密码',
    backToLogin: '返回登录',
  },
} as const;
