// What the south-west folk base says (issue 14): entitlement, search, likes, intentions, the desk.

export const FOLK_MSG = {
  notEntitled: '西南民族文化基地仅对已开通权限的用户开放，如需使用请提交开通申请，平台审核后开通',
  workNotFound: '该作品不存在或已下架',
  unknownDictKey: '字典键不存在',
  alreadyEntitled: '您已开通西南民族文化基地，无需再次申请',
  requestPending: '您的开通申请正在审核中，请耐心等待',
  companyRequired: '请填写单位名称',
  reasonRequired: '请说明申请用途（例如非遗合作、产品开发）',
  intentionNotFound: '授权意向不存在',
  badMove: (from: string, to: string) => `当前状态为「${from}」，不能改为「${to}」`,
  raced: '该意向刚刚被其他管理员处理，请刷新后再试',
  requestNotFound: '开通申请不存在',
  requestAnswered: '该申请已答复，无需重复处理',
  userNotFound: '该手机号尚未注册纹样账号',
  phoneInvalid: '请输入正确的手机号（11 位，以 1 开头）',
  notEntitledUser: '该用户未开通基地权限',
  notice: {
    grantedTitle: '西南民族文化基地已为您开通',
    grantedBody: (reply: string) =>
      `您现在可以从页头的「西南民族文化基地」进入，浏览苗绣、侗锦、彝族漆器纹与布依族蜡染作品并提交授权意向。${reply ? `平台留言：${reply}` : ''}`,
    refusedTitle: '西南民族文化基地开通申请未通过',
    refusedBody: (reply: string) =>
      `很抱歉，您的开通申请未通过。${reply ? `原因：${reply}` : '如有疑问请联系客服。'}`,
    revokedTitle: '西南民族文化基地权限已收回',
    revokedBody: '您的基地权限已被平台收回，如有疑问请联系客服。',
    intentionTitle: (refNo: string, state: string) => `授权意向 ${refNo} ${state}`,
    intentionBody: (state: string, note: string) =>
      `您提交的授权意向状态已更新为「${state}」。${note ? `跟进说明：${note}` : ''}`,
  },
} as const;
