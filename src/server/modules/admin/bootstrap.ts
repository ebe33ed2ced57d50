import { randomInt } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { iso } from '../accounts/clock';
import { hashPassword } from '../accounts/password';
import { revokeAllSessions } from '../accounts/sessions';
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

/** Letters and digits that cannot be mistaken for each other when read off a terminal. */
const ONE_TIME_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A one-time password of 16 characters (about 93 bits). */
export function oneTimePassword(): string {
  let text = '';
  for (let i = 0; i < 16; i += 1) text += ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)];
  return text;
}

/**
 * `npm run admin:create -- --phone …`: makes (or promotes) an admin whose password is a one-time
 * one, shown once to the operator and refused for anything but changing it at the first sign-in.
 * Every earlier session of that account ends.
 */
export async function createAdminWithOneTimePassword(
  deps: AppDeps,
  phone: string,
): Promise<{ created: boolean; password: string }> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const existing = await deps.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirst();
  const id = existing?.id ?? (await createUser(deps, phone, passwordHash)).id;
  await deps.db
    .updateTable('users')
    .set({
      role: 'admin',
      password_hash: passwordHash,
      must_change_password: 1,
      updated_at: iso(deps.now()),
    })
    .where('id', '=', id)
    .execute();
  await revokeAllSessions(deps, id);
  return { created: !existing, password };
}
