import { MEMBER_TIERS, PACKAGE_LIMITS } from '@shared/contract/membership';
import type { AdminDosingPackage, AdminMemberPackage } from '@shared/contract/membership';
import { AppError } from '../../http/app-error';
import type { PayDeps } from '../orders/payment-service';
import { readPackages } from './membership-service';
import { MEMBER_MSG, PACKAGE_ADMIN_MSG } from './messages';

// The back office's package desk (docs/membership.md): packages, their authority items' counts and
// the add-on packs are data an admin edits. What a member already bought is a copy (user_auths,
// the order's amount and years), so an edit changes only what is sold from now on.

type Db = Pick<PayDeps, 'db'>;

function checkText(title: string, description: string): { title: string; description: string } {
  const t = title.trim();
  if (t === '') throw AppError.rule(PACKAGE_ADMIN_MSG.titleRequired);
  if ([...t].length > PACKAGE_LIMITS.titleMax) {
    throw AppError.rule(PACKAGE_ADMIN_MSG.titleTooLong(PACKAGE_LIMITS.titleMax));
  }
  const d = description.trim();
  if ([...d].length > PACKAGE_LIMITS.descriptionMax) {
    throw AppError.rule(PACKAGE_ADMIN_MSG.descriptionTooLong(PACKAGE_LIMITS.descriptionMax));
  }
  return { title: t, description: d };
}

async function adminPackages(deps: Db, id?: number): Promise<AdminMemberPackage[]> {
  const packages = await readPackages(deps, id === undefined ? {} : { id });
  return packages.map((p) => ({
    id: p.id,
    title: p.title,
    price: p.tier_fen / 100,
    description: p.description,
    enabled: p.enabled === 1,
    sort: p.sort,
    authList: p.authList,
  }));
}

async function adminPacks(deps: Db, id?: number): Promise<AdminDosingPackage[]> {
  let q = deps.db.selectFrom('dosing_packages').selectAll();
  if (id !== undefined) q = q.where('id', '=', id);
  const rows = await q.orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    authCode: r.auth_code,
    authTitle: r.auth_title,
    count: r.count,
    unitName: r.unit_name,
    priceFen: r.price_fen,
    description: r.description,
    enabled: r.enabled === 1,
    sort: r.sort,
  }));
}

/** Every package (also disabled ones) with its authority items, and every pack. */
export async function packageDesk(deps: Db) {
  const [packages, packs] = await Promise.all([adminPackages(deps), adminPacks(deps)]);
  return { packages, packs };
}

/** Edits a package: title, tier price, description and its authority items' counts. */
export async function saveMemberPackage(
  deps: Db,
  input: {
    id: number;
    title: string;
    price: number;
    description: string;
    auths: { authorityId: number; count: number }[];
  },
): Promise<AdminMemberPackage> {
  const text = checkText(input.title, input.description);
  if (!(MEMBER_TIERS as readonly number[]).includes(input.price)) {
    throw AppError.rule(PACKAGE_ADMIN_MSG.tierInvalid(MEMBER_TIERS));
  }
  for (const a of input.auths) {
    if (!Number.isInteger(a.count) || a.count < 0 || a.count > PACKAGE_LIMITS.authCountMax) {
      throw AppError.rule(PACKAGE_ADMIN_MSG.authCountInvalid(PACKAGE_LIMITS.authCountMax));
    }
  }
  await deps.db.transaction().execute(async (trx) => {
    const pkg = await trx
      .selectFrom('member_packages')
      .select('id')
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!pkg) throw AppError.notFound(MEMBER_MSG.packageGone);
    const own = new Set(
      (
        await trx
          .selectFrom('member_package_auths')
          .select('id')
          .where('package_id', '=', input.id)
          .execute()
      ).map((a) => a.id),
    );
    if (input.auths.some((a) => !own.has(a.authorityId))) {
      throw AppError.rule(PACKAGE_ADMIN_MSG.authNotInPackage);
    }
    await trx
      .updateTable('member_packages')
      .set({ title: text.title, description: text.description, tier_fen: input.price * 100 })
      .where('id', '=', input.id)
      .execute();
    for (const a of input.auths) {
      await trx
        .updateTable('member_package_auths')
        .set({ count: a.count })
        .where('id', '=', a.authorityId)
        .where('package_id', '=', input.id)
        .execute();
    }
  });
  const [saved] = await adminPackages(deps, input.id);
  return saved!;
}

/** Edits a pack: title, price, count and description. */
export async function saveDosingPackage(
  deps: Db,
  input: { id: number; title: string; priceFen: number; count: number; description: string },
): Promise<AdminDosingPackage> {
  const text = checkText(input.title, input.description);
  if (input.priceFen < 1 || input.priceFen > PACKAGE_LIMITS.dosingPriceMaxYuan * 100) {
    throw AppError.rule(PACKAGE_ADMIN_MSG.dosingPriceInvalid(PACKAGE_LIMITS.dosingPriceMaxYuan));
  }
  if (input.count < 1 || input.count > PACKAGE_LIMITS.dosingCountMax) {
    throw AppError.rule(PACKAGE_ADMIN_MSG.dosingCountInvalid(PACKAGE_LIMITS.dosingCountMax));
  }
  const updated = await deps.db
    .updateTable('dosing_packages')
    .set({
      title: text.title,
      description: text.description,
      price_fen: input.priceFen,
      count: input.count,
    })
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw AppError.notFound(MEMBER_MSG.dosingGone);
  const [saved] = await adminPacks(deps, input.id);
  return saved!;
}

/** Enables or disables a package or a pack: a disabled one is neither listed nor sold. */
export async function setPackageEnabled(
  deps: Db,
  input: { kind: 'package' | 'dosing'; id: number; enabled: boolean },
): Promise<{ id: number; enabled: boolean }> {
  const updated =
    input.kind === 'package'
      ? await deps.db
          .updateTable('member_packages')
          .set({ enabled: input.enabled ? 1 : 0 })
          .where('id', '=', input.id)
          .executeTakeFirst()
      : await deps.db
          .updateTable('dosing_packages')
          .set({ enabled: input.enabled ? 1 : 0 })
          .where('id', '=', input.id)
          .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    throw AppError.notFound(
      input.kind === 'package' ? MEMBER_MSG.packageGone : MEMBER_MSG.dosingGone,
    );
  }
  return { id: input.id, enabled: input.enabled };
}
