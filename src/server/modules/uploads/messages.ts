// What the uploads module says. What the desktop uploader says alike is in @shared/messages (MSG).

export const UPLOAD_MSG = {
  tooManyPixels: '图片尺寸过大（超过 1.2 亿像素），无法安全处理',
  fileTooLarge: '文件过大，单个文件不能超过 40MB',
  dailyLimit: (files: number, megabytes: number) => `每天 ${files} 个文件、${megabytes} MB`,
  quotaReached: (limit: string) => `今日上传已达上限（${limit}），请明天再试`,
  quotaReachedBeforeSettlingIn: (limit: string) =>
    `今日上传已达上限（入驻前${limit}，用于入驻样例和营业执照），请明天再试`,
} as const;
