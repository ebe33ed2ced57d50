import { Value } from '@sinclair/typebox/value';
import { LoginPayload } from '@shared/contract/accounts';

/** What the framed account site may tell its parent (§4): a login, or its close button. */
export type AccountSiteMessage =
  { type: 'login'; login: LoginPayload; isNewRegister: boolean } | { type: 'close' };

/** Reads a posted message; anything not exactly one of the two shapes is ignored (null). */
export function parseAccountSiteMessage(data: unknown): AccountSiteMessage | null {
  if (!data || typeof data !== 'object') return null;
  const { type, token, expiration, refreshToken, isNewRegister } = data as Record<string, unknown>;
  if (type === 'wenyang:close') return { type: 'close' };
  if (type !== 'wenyang:login') return null;
  const login = { token, expiration, refreshToken };
  if (!Value.Check(LoginPayload, login) || !login.token || !login.refreshToken) return null;
  return { type: 'login', login, isNewRegister: isNewRegister === true };
}
