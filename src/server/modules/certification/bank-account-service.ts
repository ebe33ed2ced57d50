import type { BankAccountInfo } from '@shared/contract/certification';
import {
  BANK_ACCOUNT_MSG,
  checkAccountName,
  checkBankAccountNumber,
  checkBankName,
  checkBranchName,
  maskBankAccountNumber,
  normaliseBankAccountNumber,
} from '@shared/rules/bank-account';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';

// The company bank account (/user/certification/BAbind): bound only after the company is verified
// (publishing/certification.ts) and only in a verified company's name; one per user.

type Deps = Pick<AppDeps, 'db' | 'now'>;

export type BankAccountInput = {
  accountName: string;
  bankName: string;
  branchName: string;
  accountNumber: string;
};

/** The caller's verified companies, the contract signer's first, then the newest. */
async function verifiedEnterprises(db: Deps['db'], userId: number) {
  return db
    .selectFrom('identity_verifications')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'enterprise')
    .where('status', '=', 'verified')
    .orderBy('is_signer', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function bankAccountInfo(deps: Deps, userId: number): Promise<BankAccountInfo> {
  const [enterprises, row] = await Promise.all([
    verifiedEnterprises(deps.db, userId),
    deps.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  const names = [...new Set(enterprises.map((e) => e.name))];
  return {
    enterprises: names,
    account: row
      ? {
          accountName: row.account_name,
          bankName: row.bank_name,
          branchName: row.branch_name,
          accountNumberMasked: maskBankAccountNumber(row.account_number),
          matchesEnterprise: names.includes(row.account_name),
          boundAt: row.updated_at,
        }
      : null,
  };
}

/** Binds (or replaces) the caller's company account after checking every rule the form checks. */
export async function bindBankAccount(
  deps: Deps,
  userId: number,
  input: BankAccountInput,
): Promise<BankAccountInfo> {
  const enterprises = await verifiedEnterprises(deps.db, userId);
  if (enterprises.length === 0) throw AppError.rule(BANK_ACCOUNT_MSG.needsEnterprise);
  for (const check of [
    checkAccountName(
      input.accountName,
      enterprises.map((e) => e.name),
    ),
    checkBankName(input.bankName),
    checkBranchName(input.branchName),
    checkBankAccountNumber(input.accountNumber),
  ]) {
    if (!check.ok) throw AppError.rule(check.reason);
  }
  const accountName = input.accountName.trim();
  const verification = enterprises.find((e) => e.name === accountName);
  if (!verification) throw AppError.rule(BANK_ACCOUNT_MSG.nameMismatch);
  const now = iso(deps.now());
  const fields = {
    verification_id: verification.id,
    account_name: accountName,
    bank_name: input.bankName.trim(),
    branch_name: input.branchName.trim(),
    account_number: normaliseBankAccountNumber(input.accountNumber),
    updated_at: now,
  };
  await deps.db
    .insertInto('bank_accounts')
    .values({ user_id: userId, ...fields, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(fields))
    .execute();
  return bankAccountInfo(deps, userId);
}
