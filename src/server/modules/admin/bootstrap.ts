import type { AppDeps } from '../../deps';
import { iso } from '../accounts/clock';
import { hashPassword } from '../accounts/password';
import { createUser } from '../accounts/users';

export type AdminAccount = { phone: string; password: string };

/**
 * The first reviewer, from ADMIN_PHONE / ADMIN_PASSWORD: the account is created, or an existing one
 * is promoted to admin; either way its password becomes the given one, so the operator can sign in.
 */
export async function ensureAdminAccount(
  deps: AppDeps,
  admin: AdminAccount,
): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(admin.password);
  const existing = await deps.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', admin.phone)
    .executeTakeFirst();
  const id = existing?.id ?? (await createUser(deps, admin.phone, passwordHash)).id;
  await deps.db
    .updateTable('users')
    .set({ role: 'admin', password_hash: passwordHash, updated_at: iso(deps.now()) })
    .where('id', '=', id)
    .execute();
  return existing ? 'updated' : 'created';
}
