/** Formats integer fen as yuan for display: 12345 → ¥123.45, 10000 → ¥100. */
export function formatYuan(fen: number): string {
  const yuan = Math.trunc(fen / 100);
  const cents = Math.abs(fen % 100);
  return `¥${yuan.toLocaleString('zh-CN')}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}
