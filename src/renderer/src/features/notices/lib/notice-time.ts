const CHINA_TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** When a notice was sent, as a reader in China says it: 刚刚, 5 分钟前, 3 小时前, else the date. */
export function noticeTimeText(isoTime: string, nowMs: number = Date.now()): string {
  const sent = Date.parse(isoTime);
  if (Number.isNaN(sent)) return '';
  const minutes = Math.floor((nowMs - sent) / 60_000);
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes} 分钟前`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} 小时前`;
  return CHINA_TIME.format(new Date(sent)).replace(/\//g, '-');
}
