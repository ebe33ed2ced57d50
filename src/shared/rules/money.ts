/** Formats integer fen as yuan for display: 12345 → ¥123.45, 10000 → ¥100. */
export function formatYuan(fen: number): string {
  const yuan = Math.trunc(fen / 100);
  const cents = Math.abs(fen % 100);
  return `¥${yuan.toLocaleString('zh-CN')}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}

/** A price typed in yuan (up to two decimals) as integer fen: 19.9 → 1990. Rounds away float noise. */
export const yuanToFen = (yuan: number): number => Math.round(yuan * 100);

/** Integer fen as a yuan number for an input: 1990 → 19.9. */
export const fenToYuan = (fen: number): number => fen / 100;
