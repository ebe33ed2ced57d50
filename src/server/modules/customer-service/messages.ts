// What 在线客服 says (docs/customer-service.md): refusals the user or staff read, and the notice.

export const SERVICE_MSG = {
  contentRequired: '请输入消息内容',
  contentTooLong: (max: number) => `消息内容不能超过 ${max} 个字`,
  tooManyImages: (max: number) => `一条消息最多附 ${max} 张图片`,
  imageMissing: '图片不存在或不是你上传的，请重新上传',
  imageFormat: '图片只支持 png、jpg 格式',
  imageTooLarge: '图片大小不能超过 2MB',
  workMissing: '咨询的作品不存在',
  orderMissing: '咨询的订单不存在',
  threadMissing: '客服会话不存在',
  alreadyClosed: '该会话已关闭',
  alreadyOpen: '该会话已在进行中',
  userHasOpenThread: '该用户已有进行中的会话，请在那个会话中回复',
  throttled: '发送太频繁，请稍后再试',
  noticeTitle: '客服已回复您的咨询',
} as const;
