import {
  SERVICE_IMAGES_MAX,
  SERVICE_IMAGE_MAX_BYTES,
  SERVICE_MESSAGE_MAX,
} from '@shared/contract/customer-service';

// The checks the server makes too, said the same way, so a user learns before sending.

/** Why a message cannot be sent yet ('' when it can). */
export function messageProblem(content: string): string {
  const text = content.trim();
  if (text === '') return '请输入消息内容';
  if ([...text].length > SERVICE_MESSAGE_MAX) return `消息内容不能超过 ${SERVICE_MESSAGE_MAX} 个字`;
  return '';
}

const ACCEPTED_TYPES = ['image/png', 'image/jpeg'];

/** Why a picked file cannot be attached ('' when it can); the server reads the real format. */
export function imageProblem(file: File, attached: number): string {
  if (attached >= SERVICE_IMAGES_MAX) return `一条消息最多附 ${SERVICE_IMAGES_MAX} 张图片`;
  if (!ACCEPTED_TYPES.includes(file.type)) return '图片只支持 png、jpg 格式';
  if (file.size > SERVICE_IMAGE_MAX_BYTES) return '图片大小不能超过 2MB';
  return '';
}

/** A new key for one message: a retry of the same message sends the same key. */
export function newClientKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** 2026-11-24 10:05 in China time, for message times. */
export function messageTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}
