// What invitation codes say: each reason a code cannot be used, and the back office's checks.

export const INVITATION_MSG = {
  empty: '请输入邀请码',
  invalid: '邀请码无效，请核对后重新输入',
  used: '该邀请码已被使用，每个邀请码只能使用一次',
  expired: (day: string) => `该邀请码已于 ${day} 过期，请联系平台重新获取`,
  revoked: '该邀请码已作废，请联系平台重新获取',
  otherPhone: (masked: string) => `该邀请码仅限手机号 ${masked} 的账号使用`,
  badPhone: '请填写正确的 11 位手机号',
  badDay: '请选择有效的到期日期',
  pastDay: '到期日期不能早于今天',
  nameTooLong: '受邀人姓名不能超过 20 个字',
  notFound: '邀请码不存在',
  notRevocable: '只能作废未使用的邀请码',
  /** The settle-in states (GLOSSARY) of the application that used a code. */
  applicationStates: { submitted: '审核中', approved: '已入驻', rejected: '未通过' } as Record<
    string,
    string
  >,
} as const;
