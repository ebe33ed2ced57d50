// Withdrawals of a settled designer's money to a personal bank card (spec §1 提现, §6 settled
// designers may withdraw; issue 12, docs/wallet.md). The limits live here, once: the form shows
// them and checks them, and the server checks them again.

import { formatYuan } from './money';
import type { IdentityCheck } from './identity';

/** The smallest withdrawal: ¥100 (integer fen). */
export const WITHDRAWAL_MIN_FEN = 10_000;
/** The most one designer may withdraw in one China calendar day, rejected withdrawals not counted: ¥50,000. */
export const WITHDRAWAL_DAILY_LIMIT_FEN = 5_000_000;

export const WITHDRAWAL_MSG = {
  belowMinimum: `单笔提现金额不能低于 ${formatYuan(WITHDRAWAL_MIN_FEN)}`,
  wholeFen: '提现金额最多保留两位小数',
  aboveAvailable: '可提现余额不足',
  overDailyLimit: (leftFen: number) =>
    `超出每日提现限额 ${formatYuan(WITHDRAWAL_DAILY_LIMIT_FEN)}，今日还可提现 ${formatYuan(Math.max(0, leftFen))}`,
  needsRealName: '请先完成实名认证，再绑定银行卡',
  holderMismatch: '持卡人姓名须与实名认证的姓名一致',
  needsCard: '请先绑定本人的银行卡',
  cardUnverified: '银行卡未通过实名核验（持卡人与实名认证不一致），请重新绑定',
  unknownBank: '请选择开户银行',
} as const;

/** The amount rules a withdrawal form checks before sending, and the server checks again. */
export function checkWithdrawalAmount(
  amountFen: number,
  account: { availableFen: number; withdrawnTodayFen: number },
): IdentityCheck {
  if (!Number.isSafeInteger(amountFen)) return { ok: false, reason: WITHDRAWAL_MSG.wholeFen };
  if (amountFen < WITHDRAWAL_MIN_FEN) return { ok: false, reason: WITHDRAWAL_MSG.belowMinimum };
  if (amountFen > account.availableFen) return { ok: false, reason: WITHDRAWAL_MSG.aboveAvailable };
  const left = WITHDRAWAL_DAILY_LIMIT_FEN - account.withdrawnTodayFen;
  if (amountFen > left) return { ok: false, reason: WITHDRAWAL_MSG.overDailyLimit(left) };
  return { ok: true };
}

/** A personal card is held in the name verified by 实名认证: the same name, spaces aside. */
export function checkCardHolder(holder: string, verifiedName: string | null): IdentityCheck {
  if (!verifiedName) return { ok: false, reason: WITHDRAWAL_MSG.needsRealName };
  const clean = (s: string) => s.replace(/\s+/g, '');
  return clean(holder) === clean(verifiedName)
    ? { ok: true }
    : { ok: false, reason: WITHDRAWAL_MSG.holderMismatch };
}
