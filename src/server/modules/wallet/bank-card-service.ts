import type { Bank, BankCardInfo } from '@shared/contract/wallet';
import {
  checkBankAccountNumber,
  maskBankAccountNumber,
  normaliseBankAccountNumber,
} from '@shared/rules/bank-account';
import { WITHDRAWAL_MSG, checkCardHolder } from '@shared/rules/withdrawal';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { BANKS } from './bank-vocabulary';

// The personal bank card a settled designer withdraws to (/user/mybalance/accWithdraw): held in
// the name of the designer's verified real-name record (modules/identity), one per user; binding
// again replaces it. A company's account for contracts is another thing (modules/certification).

type Deps = Pick<AppDeps, 'db' | 'now'>;

export const bankList = (): Bank[] => BANKS.map((b) => ({ code: b.code, name: b.name }));

/** The caller's verified personal record (实名认证): the contract signer's first, then the newest. */
export async function verifiedPerson(db: Deps['db'], userId: number) {
  return db
    .selectFrom('identity_verifications')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'personal')
    .where('status', '=', 'verified')
    .orderBy('is_signer', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export type CardRow = {
  holder_name: string;
  bank_code: string;
  bank_name: string;
  card_number: string;
  updated_at: string;
};

/** The card and whether its holder still is the verified real name. */
export async function currentCard(
  db: Deps['db'],
  userId: number,
): Promise<{ realName: string; card: CardRow | null; verified: boolean }> {
  const [person, card] = await Promise.all([
    verifiedPerson(db, userId),
    db
      .selectFrom('bank_cards')
      .select(['holder_name', 'bank_code', 'bank_name', 'card_number', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  const realName = person?.name ?? '';
  const verified = card ? checkCardHolder(card.holder_name, person?.name ?? null).ok : false;
  return { realName, card: card ?? null, verified };
}

export async function bankCardInfo(deps: Deps, userId: number): Promise<BankCardInfo> {
  const { realName, card, verified } = await currentCard(deps.db, userId);
  return {
    realName,
    card: card
      ? {
          holderName: card.holder_name,
          bankCode: card.bank_code,
          bankName: card.bank_name,
          cardNumberMasked: maskBankAccountNumber(card.card_number),
          verified,
          boundAt: card.updated_at,
        }
      : null,
  };
}

/** User/SubBankCertify: binds (or replaces) the card after every check the form makes. */
export async function bindBankCard(
  deps: Deps,
  userId: number,
  input: { holderName: string; bankCode: string; cardNumber: string },
): Promise<BankCardInfo> {
  const person = await verifiedPerson(deps.db, userId);
  const bank = BANKS.find((b) => b.code === input.bankCode);
  for (const check of [
    checkCardHolder(input.holderName, person?.name ?? null),
    bank ? { ok: true as const } : { ok: false as const, reason: WITHDRAWAL_MSG.unknownBank },
    checkBankAccountNumber(input.cardNumber),
  ]) {
    if (!check.ok) throw AppError.rule(check.reason);
  }
  if (!person || !bank) throw AppError.rule(WITHDRAWAL_MSG.needsRealName);
  const now = iso(deps.now());
  const fields = {
    verification_id: person.id,
    holder_name: person.name,
    bank_code: bank.code,
    bank_name: bank.name,
    card_number: normaliseBankAccountNumber(input.cardNumber),
    updated_at: now,
  };
  await deps.db
    .insertInto('bank_cards')
    .values({ user_id: userId, ...fields, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(fields))
    .execute();
  return bankCardInfo(deps, userId);
}
