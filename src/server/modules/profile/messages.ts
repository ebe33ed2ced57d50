// What the profile module says (issue 13 "Profile"; docs/profile.md). Sentences the form also shows
// are in @shared/rules/profile (PROFILE_RULE_MSG).

export const PROFILE_MSG = {
  // avatar
  avatarUnreadable: '头像文件不是可识别的 PNG 或 JPG 图片，或文件已损坏',
  // password
  wrongPassword: (left: number) =>
    left > 0 ? `当前密码错误，还可尝试 ${left} 次` : '密码错误次数过多，请 15 分钟后再试',
  noPassword: '该账号尚未设置密码，请使用短信验证码确认',
  passwordMustDiffer: '新密码不能与当前密码相同',
  // phone change
  noPhone: '该账号未绑定手机号',
  ticketInvalid: '原手机号验证已失效，请重新获取验证码',
  needTicket: '请先验证原手机号',
  samePhone: '新手机号不能与当前手机号相同',
  phoneInUse: '该手机号已被其他账号使用',
  phoneNeeded: '请输入新手机号',
  phoneChangedTitle: '手机号已更换',
  phoneChangedBody: (masked: string) =>
    `您的账号已换绑手机号 ${masked}。如非本人操作，请立即联系客服。`,
  passwordChangedTitle: '登录密码已修改',
  passwordChangedBody: '您的登录密码已修改，其他设备上的登录已失效。如非本人操作，请立即联系客服。',
  // deletion
  confirmNeeded: '请输入登录密码或短信验证码以确认注销',
  balancePending: (yuan: string) =>
    `账户中还有 ${yuan} 的余额或待结算收益，请先提现或用完后再申请注销`,
  withdrawalPending: '还有提现正在处理中，请到账后再申请注销',
  alreadyPending: '注销申请已提交，正在冷静期内',
  nothingToCancel: '没有待撤销的注销申请',
  deletedUserName: (id: number) => `已注销用户${id}`,
  deletionRequestedTitle: '已收到注销申请',
  deletionRequestedBody: (day: string) =>
    `您的账号将于 ${day} 注销。在此之前登录即可撤销；注销后个人资料将被清除，订单、发票与资金流水按法律要求匿名保存。`,
  deletionCancelledTitle: '注销申请已撤销',
  deletionCancelledBody: '您已撤销注销申请，账号可照常使用。',
  // export
  exportNote:
    '这是纹样平台保存的与您本人有关的全部个人信息副本（《个人信息保护法》第四十五条）。密码、验证码与登录凭据仅以不可逆的摘要保存，不在导出之列。',
} as const;
