import type { MEMBER_DURATIONS_YEARS, MEMBER_TIERS_YUAN } from '@shared/constants';

/** §9 A tier (yuan per year) and a duration in years. */
export type MemberTier = (typeof MEMBER_TIERS_YUAN)[number];
export type MemberYears = (typeof MEMBER_DURATIONS_YEARS)[number];

/** §9 Price shown = tier × years, in fen (the server computes what is charged the same way). */
export const memberPriceFen = (tierYuan: number, years: number): number => tierYuan * 100 * years;

/** A quota over a purchase: per_year items are count × years, fixed ones count once. */
export const grantedCount = (
  auth: { count: number; computeMode: string },
  years: number,
): number => (auth.computeMode === 'fixed' ? auth.count : auth.count * years);
