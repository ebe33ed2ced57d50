// The price of a licence order (docs/orders.md), the same on the checkout page and on the server,
// which alone decides what is charged. Integer fen throughout.

import { DESIGNER_SHARE_PERCENT } from './publishing';

/** Licence terms a buyer may choose, in years. */
export const LICENCE_TERMS = [1, 2, 3] as const;
/** At most this many categories of use in one order. */
export const MAX_ORDER_CATEGORIES = 10;
/** At most this many usage keywords in one order. */
export const MAX_ORDER_KEYWORDS = 8;

export type PriceInput = {
  /** The licence option's price for one year (and one category, for an exclusive licence). */
  unitPriceFen: number;
  kind: string;
  termYears: number;
  categoryCount: number;
};

/**
 * An exclusive licence is priced per category and year; a commercial or material licence per year,
 * whatever its categories.
 */
export function orderAmountFen(p: PriceInput): number {
  const perCategory = p.kind === 'category_exclusive' ? Math.max(1, p.categoryCount) : 1;
  return p.unitPriceFen * p.termYears * perCategory;
}

/** The designer's share of an amount (rounded down to the fen; the platform keeps the rest). */
export function designerShareFen(amountFen: number): number {
  return Math.floor((amountFen * DESIGNER_SHARE_PERCENT) / 100);
}

/** A custom key printed on the certificate (the buyer's brand or product line): 2–32 characters. */
export function checkCustomKey(key: string): string | null {
  const k = key.trim();
  if (k === '') return null;
  if (k.length < 2 || k.length > 32) return '自定义标识需为 2–32 个字符';
  if (!/^[\p{Script=Han}A-Za-z0-9_\- ]+$/u.test(k))
    return '自定义标识只能包含中文、字母、数字、空格、- 和 _';
  return null;
}
