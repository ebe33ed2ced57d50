import { formatYuan } from '@shared/rules/money';

/** A ledger line's amount with its sign: +¥100 in, -¥100 out. */
export const signedYuan = (fen: number): string =>
  fen >= 0 ? `+${formatYuan(fen)}` : `-${formatYuan(-fen)}`;

/** An ISO instant as people in China read it, or '' for none. */
export const dateTime = (iso: string): string =>
  iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '';
