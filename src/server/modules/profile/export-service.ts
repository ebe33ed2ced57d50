import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { iso } from '../accounts/clock';
import { loadUser } from '../accounts/users';
import { PROFILE_MSG } from './messages';

// The personal-data export (PIPL art. 45; issue 13 "Agreements and privacy"; docs/profile.md):
// every row the platform holds about the user, by the column that names them, and nothing of
// anyone else: fields that name another person (a buyer on a designer's sale, the admin who
// handled a request) and secrets kept only as digests (password, tokens, ID-number hash) are left out.

type Section = {
  /** The key in the exported file. */
  key: string;
  table: keyof Database;
  /** The column that names the user. */
  column: string;
  /** Columns left out: another person's data, or a digest that only the server can use. */
  omit?: readonly string[];
};

export const EXPORT_SECTIONS: readonly Section[] = [
  { key: 'sessions', table: 'sessions', column: 'user_id', omit: ['token_hash', 'refresh_hash'] },
  { key: 'agreementAcceptances', table: 'agreement_acceptances', column: 'user_id' },
  { key: 'orders', table: 'orders', column: 'buyer_id', omit: ['idem_key', 'request_hash'] },
  { key: 'payments', table: 'payments', column: 'buyer_id', omit: ['qr_content'] },
  { key: 'refunds', table: 'refunds', column: 'buyer_id' },
  { key: 'invoices', table: 'invoice_requests', column: 'buyer_id', omit: ['handled_by'] },
  { key: 'membershipOrders', table: 'service_orders', column: 'user_id' },
  { key: 'memberRights', table: 'user_auths', column: 'user_id' },
  { key: 'collectionGroups', table: 'collection_groups', column: 'user_id' },
  { key: 'collections', table: 'collections', column: 'user_id' },
  { key: 'follows', table: 'follows', column: 'user_id' },
  { key: 'browseHistory', table: 'browse_history', column: 'user_id' },
  { key: 'interests', table: 'user_fond_classifications', column: 'user_id' },
  { key: 'activity', table: 'user_events', column: 'user_id' },
  { key: 'uploads', table: 'uploads', column: 'user_id' },
  { key: 'patternGroups', table: 'pattern_groups', column: 'user_id' },
  { key: 'works', table: 'works', column: 'designer_id' },
  { key: 'series', table: 'series', column: 'designer_id' },
  { key: 'customClassifications', table: 'custom_classifications', column: 'user_id' },
  {
    key: 'workReviews',
    table: 'work_reviews',
    column: 'designer_id',
    omit: ['reviewer_id', 'duplicate_hits'],
  },
  {
    key: 'sales',
    table: 'sale_records',
    column: 'designer_id',
    omit: ['buyer_user_id', 'buyer_company'],
  },
  {
    key: 'designerApplications',
    table: 'designer_applications',
    column: 'user_id',
    omit: ['reviewer_id'],
  },
  {
    key: 'identityVerifications',
    table: 'identity_verifications',
    column: 'user_id',
    omit: ['number_hash'],
  },
  { key: 'bankAccounts', table: 'bank_accounts', column: 'user_id' },
  { key: 'bankCards', table: 'bank_cards', column: 'user_id' },
  {
    key: 'withdrawals',
    table: 'withdrawals',
    column: 'user_id',
    omit: ['idem_key', 'handled_by'],
  },
  { key: 'enterpriseHalls', table: 'enterprise_halls', column: 'owner_id' },
  { key: 'ips', table: 'ips', column: 'owner_id' },
  { key: 'demands', table: 'demands', column: 'user_id', omit: ['request_id'] },
  { key: 'demandSignups', table: 'demand_signups', column: 'user_id' },
  { key: 'demandManuscripts', table: 'demand_manuscripts', column: 'designer_id' },
  { key: 'folkEntitlements', table: 'folk_entitlements', column: 'user_id', omit: ['granted_by'] },
  {
    key: 'folkAccessRequests',
    table: 'folk_access_requests',
    column: 'user_id',
    omit: ['answered_by'],
  },
  { key: 'folkLikes', table: 'folk_likes', column: 'user_id' },
  { key: 'folkIntentions', table: 'folk_intentions', column: 'user_id', omit: ['request_key'] },
  { key: 'notices', table: 'notices', column: 'user_id' },
  {
    key: 'newProducts',
    table: 'new_products',
    column: 'user_id',
    omit: ['idem_key', 'request_hash'],
  },
  { key: 'showrooms', table: 'showrooms', column: 'owner_id', omit: ['request_id'] },
  { key: 'showroomMemberships', table: 'showroom_members', column: 'user_id' },
  { key: 'accountDeletions', table: 'account_deletions', column: 'user_id' },
];

/** Account fields that are digests or internal flags, not information about the person. */
const ACCOUNT_OMIT = ['password_hash'] as const;

type Row = Record<string, unknown>;
type Loose = Record<string, Row>;

const without = (row: Row, omit: readonly string[] = []): Row =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !omit.includes(k)));

/** The user's ledger accounts and the lines that moved money in or out of them (counterparties left out). */
async function ledgerOf(deps: AppDeps, userId: number) {
  const accounts = await deps.db
    .selectFrom('ledger_accounts')
    .select(['id', 'code', 'kind', 'balance', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const ids = accounts.map((a) => a.id);
  const lines =
    ids.length === 0
      ? []
      : await deps.db
          .selectFrom('ledger_transfers')
          .selectAll()
          .where((eb) =>
            eb.or([eb('debit_account_id', 'in', ids), eb('credit_account_id', 'in', ids)]),
          )
          .orderBy('created_at')
          .execute();
  const codeOf = new Map(accounts.map((a) => [a.id, a.code]));
  return {
    accounts: accounts.map((a) => ({ code: a.code, kind: a.kind, balanceFen: a.balance })),
    lines: lines.map((l) => {
      const outOf = codeOf.get(l.debit_account_id);
      const into = codeOf.get(l.credit_account_id);
      return {
        id: l.id,
        kind: l.kind,
        amountFen: l.amount_fen,
        orderNo: l.order_no,
        // A line between two of the user's own accounts names both; otherwise only theirs.
        from: outOf ?? null,
        to: into ?? null,
        createdAt: l.created_at,
      };
    }),
  };
}

/** Everything about the user, as one JSON document. */
export async function exportMyData(
  deps: AppDeps,
  userId: number,
): Promise<Record<string, unknown>> {
  const user = await loadUser(deps, userId);
  const loose = deps.db as unknown as Kysely<Loose>;
  const sections: Record<string, Row[]> = {};
  for (const section of EXPORT_SECTIONS) {
    const rows = await loose
      .selectFrom(section.table)
      .selectAll()
      .where(section.column, '=', userId)
      .execute();
    sections[section.key] = rows.map((row) => without(row, section.omit));
  }
  return {
    exportedAt: iso(deps.now()),
    note: PROFILE_MSG.exportNote,
    account: without(user, ACCOUNT_OMIT),
    ledger: await ledgerOf(deps, userId),
    ...sections,
  };
}
