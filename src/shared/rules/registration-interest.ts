import type { BUYER_KINDS, SELLER_KINDS } from '../contract/accounts';

// §5 Registration-interest form rules, checked by the dialog before 选好了 and again by the server.

export type SellerKind = (typeof SELLER_KINDS)[number];
export type BuyerKind = (typeof BUYER_KINDS)[number];
/** §3 registerRole: 0 buyer, 1 contributor. */
export type RegisterRole = 0 | 1;

export type InterestAnswers = {
  seller: SellerKind | null;
  buyers: readonly BuyerKind[];
  role: RegisterRole | null;
  isNewRegister: boolean;
};

/** §5 At least one seller or buyer type and, for a new registrant, a role. */
export const canSaveRegistrationInterest = (a: InterestAnswers): boolean =>
  (a.seller !== null || a.buyers.length > 0) && (!a.isNewRegister || a.role !== null);
