import type { Kysely, Transaction } from 'kysely';
import type { DeletionState } from '@shared/contract/profile';
import { DELETION_COOLING_OFF_DAYS } from '@shared/rules/profile';
import { formatYuan } from '@shared/rules/money';
import type { Database } from '../../db/schema';
import type { AppDeps, WorkIndexes } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../../http/session-auth';
import { chinaDay } from '../../platform/china-time';
import { iso } from '../accounts/clock';
import { consumeSmsCode } from '../accounts/sms-codes';
import { loadUser } from '../accounts/users';
import { deleteNewProductFiles } from '../new-products/new-product-service';
import { sendNotice } from '../notices/notice-service';
import { removeHalls } from '../showrooms/showroom-service';
import { offlineOwnWorks } from '../publishing/publish-flow';
import { PROFILE_MSG } from './messages';
import { confirmPassword } from './profile-service';

// Account deletion, 注销账号 (issue 13 "Agreements and privacy"; PIPL art. 47; docs/profile.md).
// Asked with the password or an SMS code, refused while money is held for the user; then a
// cooling-off period during which signing in offers to cancel; then the sweep anonymises the
// account: personal data erased, sessions revoked, works unpublished, while orders, invoices,
// withdrawals and ledger lines stay (the law keeps trade records) pointing at the anonymised user.

export const COOLING_OFF_MS = DELETION_COOLING_OFF_DAYS * 24 * 3600_000;

type Db = Kysely<Database> | Transaction<Database>;

export const pendingDeletion = (db: Db, userId: number) =>
  db
    .selectFrom('account_deletions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .executeTakeFirst();

const toState = (row: { requested_at: string; due_at: string }): DeletionState => ({
  requestedAt: Date.parse(row.requested_at),
  dueAt: Date.parse(row.due_at),
});

/** Why money still ties the user to the platform, or null: balances (any of their ledger accounts) and withdrawals in flight. */
export async function moneyPending(db: Db, userId: number): Promise<string | null> {
  const held = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.sum<number | string | null>('balance').as('total'))
    .where('user_id', '=', userId)
    .where('balance', '!=', 0)
    .executeTakeFirst();
  const total = Number(held?.total ?? 0);
  if (total !== 0) return PROFILE_MSG.balancePending(formatYuan(total));
  const inFlight = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('state', 'in', ['applied', 'approved'])
    .executeTakeFirst();
  return inFlight ? PROFILE_MSG.withdrawalPending : null;
}

export async function requestDeletion(
  deps: AppDeps,
  user: SessionUser,
  input: { password?: string | undefined; smsCode?: string | undefined },
): Promise<DeletionState> {
  const existing = await pendingDeletion(deps.db, user.id);
  // A second click answers with the request already made.
  if (existing) return toState(existing);
  const password = input.password ?? '';
  if (password === '' && input.smsCode === undefined) {
    throw AppError.rule(PROFILE_MSG.confirmNeeded);
  }
  const money = await moneyPending(deps.db, user.id);
  if (money) throw AppError.rule(money);
  if (password !== '') {
    await confirmPassword(deps, user.id, password);
  } else {
    const owner = await loadUser(deps, user.id);
    if (!owner.phone) throw AppError.rule(PROFILE_MSG.noPhone);
    await consumeSmsCode(deps, owner.phone, 'deletion', input.smsCode ?? '');
  }
  const now = deps.now();
  const row = {
    user_id: user.id,
    state: 'pending',
    confirmed_by: password !== '' ? 'password' : 'sms',
    requested_at: iso(now),
    due_at: iso(now + COOLING_OFF_MS),
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('account_deletions').values(row).execute();
      // Every session ends: the way back during the cooling-off is to sign in and cancel.
      await trx
        .updateTable('sessions')
        .set({ revoked_at: iso(now) })
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute();
      await sendNotice(trx, {
        userId: user.id,
        kind: 'system',
        title: PROFILE_MSG.deletionRequestedTitle,
        body: PROFILE_MSG.deletionRequestedBody(chinaDay(now + COOLING_OFF_MS)),
        link: '/user/user',
      });
    });
  } catch (err) {
    // Two requests at once: the partial unique index let one through; answer with it.
    const raced = await pendingDeletion(deps.db, user.id);
    if (raced) return toState(raced);
    throw err;
  }
  return toState(row);
}

export async function cancelDeletion(
  deps: AppDeps,
  userId: number,
): Promise<{ cancelled: boolean }> {
  const now = iso(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('account_deletions')
      .set({ state: 'cancelled', cancelled_at: now })
      .where('user_id', '=', userId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw AppError.rule(PROFILE_MSG.nothingToCancel);
    await sendNotice(trx, {
      userId,
      kind: 'system',
      title: PROFILE_MSG.deletionCancelledTitle,
      body: PROFILE_MSG.deletionCancelledBody,
      link: '/user/user',
    });
  });
  return { cancelled: true };
}

/** The avatar every anonymised account shows. */
const DELETED_AVATAR_KEY = 'public/avatars/deleted-user.svg';
const DELETED_AVATAR_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="#bfbfbf"/>' +
    '<path d="M48 22l26 26-26 26-26-26z" fill="#fff" opacity=".9"/></svg>',
);

/** Tables of purely personal rows, removed whole: the user's own lists, traces and messages. */
const PERSONAL_TABLES = [
  'collections',
  'collection_groups',
  'follows',
  'browse_history',
  'user_fond_classifications',
  'user_events',
  'notices',
  'bank_cards',
  'bank_accounts',
  'folk_likes',
  // Memberships of others' 展厅; the halls the user owns go whole, below.
  'showroom_members',
] as const;

/** Anonymises one account whose cooling-off has ended; false when it was cancelled meanwhile or money is held. */
export async function anonymiseAccount(
  deps: AppDeps & WorkIndexes,
  deletion: { id: number; user_id: number },
): Promise<boolean> {
  const userId = deletion.user_id;
  // Money that arrived during the cooling-off (a share come due…) keeps the account until it is paid out.
  if (await moneyPending(deps.db, userId)) return false;
  // Works first (idempotent), so a failure below leaves nothing public of an account still pending.
  const published = await deps.db
    .selectFrom('works')
    .select('id')
    .where('designer_id', '=', userId)
    .where('status', '=', 'published')
    .execute();
  await offlineOwnWorks(
    deps,
    userId,
    published.map((w) => w.id),
  );
  if (!(await deps.storage.exists(DELETED_AVATAR_KEY))) {
    await deps.storage.put(DELETED_AVATAR_KEY, DELETED_AVATAR_SVG, 'image/svg+xml');
  }
  const now = iso(deps.now());
  // The user's 新品 pictures, deleted once the rows are gone.
  const newProducts = await deps.db
    .selectFrom('new_products')
    .select(['clean_key', 'watermarked_key'])
    .where('user_id', '=', userId)
    .execute();
  const done = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('account_deletions')
      .set({ state: 'done', completed_at: now })
      .where('id', '=', deletion.id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    const user = await trx
      .selectFrom('users')
      .select(['phone'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({
        phone: null,
        password_hash: null,
        user_name: PROFILE_MSG.deletedUserName(userId),
        head_img: DELETED_AVATAR_KEY,
        small_head_img: null,
        intro: '',
        user_keywords: null,
        register_role: null,
        deleted_at: now,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    for (const table of PERSONAL_TABLES) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    // Others' follows of this designer go too: there is nobody left to follow.
    await trx
      .deleteFrom('follows')
      .where('target_type', '=', 'designer')
      .where('target_id', '=', userId)
      .execute();
    if (user.phone) {
      await trx.deleteFrom('sms_codes').where('phone', '=', user.phone).execute();
      await trx.deleteFrom('sign_in_failures').where('phone', '=', user.phone).execute();
    }
    // Identity stays as a record that a check was made, without whom it named; the ID may verify again.
    const verifications = await trx
      .selectFrom('identity_verifications')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    for (const v of verifications) {
      await trx
        .updateTable('identity_verifications')
        .set({ name: '', number_masked: '', number_hash: `erased:${v.id}` })
        .where('id', '=', v.id)
        .execute();
    }
    await trx
      .updateTable('designer_applications')
      .set({ real_name: '', id_number_masked: '', contact_phone: '', contact_email: '' })
      .where('user_id', '=', userId)
      .execute();
    // The halls the user curated (and their share links) and the 新品 they made are theirs alone.
    const halls = await trx
      .selectFrom('showrooms')
      .select('id')
      .where('owner_id', '=', userId)
      .execute();
    await removeHalls(
      trx,
      halls.map((h) => h.id),
    );
    await trx.deleteFrom('new_products').where('user_id', '=', userId).execute();
    return true;
  });
  if (done) {
    for (const p of newProducts) await deleteNewProductFiles(deps.storage, p);
  }
  return done;
}

/** The sweep: every deletion whose cooling-off has ended. */
export async function sweepDueDeletions(deps: AppDeps & WorkIndexes): Promise<number> {
  const due = await deps.db
    .selectFrom('account_deletions')
    .select(['id', 'user_id'])
    .where('state', '=', 'pending')
    .where('due_at', '<=', iso(deps.now()))
    .orderBy('id')
    .execute();
  let done = 0;
  for (const deletion of due) {
    if (await anonymiseAccount(deps, deletion)) done += 1;
  }
  return done;
}
