// What the settle-in module says (a missing application is MSG.missing.application).

export const SETTLE_IN_MSG = {
  alreadySettled: '您已入驻，无需重复申请',
  underReview: '您的入驻申请正在审核中，请耐心等待',
  nickNameTaken: '该昵称已被使用，请换一个',
  identityNotVerified: (reason: string) => `实名认证未通过：${reason}`,
  enterpriseNotVerified: (reason: string) => `企业认证未通过：${reason}`,
  handled: '该申请已处理',
  rejectReasonMissing: '请填写驳回原因，申请人会看到它',
  nickNameTakenByDesigner: '该昵称已被其他设计师使用，请驳回并请申请人更换昵称',
} as const;
