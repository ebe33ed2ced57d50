// How a step of the upload pipeline failed decides what the queue does next.
import { MSG } from '../../shared/messages';

/**
 * - `retry`: network or server trouble; tried again later with back-off.
 * - `rejected`: the file itself was refused (locally or by the server); the message says why, no retry.
 * - `signed-out`: the session is gone; the queue waits for the next login.
 * - `unstable`: the file changed while it was read (still being written); read again shortly.
 * - `gone`: the file no longer exists; it leaves the queue.
 * - `account`: the file belongs to an account that is not signed in now; it waits for that account.
 */
export type UploadFailureKind =
  'retry' | 'rejected' | 'signed-out' | 'unstable' | 'gone' | 'account';

export class UploadFailure extends Error {
  override name = 'UploadFailure';
  constructor(
    readonly kind: UploadFailureKind,
    /** Chinese, shown to the user. */
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Messages the pipeline shows for failures of its own (the server's messages are shown as they come). */
export const UPLOAD_MSG = {
  notImage: MSG.imageNotRecognised,
  unsupportedFormat: MSG.imageFormatsAccepted,
  truncated: MSG.imageTruncated,
  tooManyPixels: '图片尺寸过大，无法安全处理',
  tooLargeAfterResize: '图片缩小后仍超过 40MB，请降低分辨率后再上传',
  tooLargeToRead: '文件过大（超过 512MB），无法处理',
  unreadable: '无法读取文件（没有权限或磁盘错误）',
  network: '网络连接失败，稍后自动重试',
  server: '服务器暂时不可用，稍后自动重试',
  signedOut: '登录已失效，请重新登录后继续上传',
  otherAccount: '文件属于另一个账号，等待该账号登录',
  accountUnknown: '正在确认登录账号，请稍后再试',
  signInFirst: '请先登录后再添加文件夹',
  policy: '无法获取上传许可，稍后自动重试',
  unexpected: '上传出错，稍后自动重试',
} as const;
