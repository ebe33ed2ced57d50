// What the attachments module says beyond the shared upload check's sentences.

export const ATTACHMENT_MSG = {
  missing: '附件不存在或不属于你，请重新上传',
  dailyLimit: (limit: number) => `今天上传的附件已达 ${limit} 个，请明天再试`,
  defaultName: '图片',
} as const;
