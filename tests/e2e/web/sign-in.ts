import type { BrowserContext } from '@playwright/test';

export type DemoAccount = { phone: string; password: string };

/** The demo buyer (杭州织造厂); demo accounts share the demo password. */
export const BUYER: DemoAccount = { phone: '13700000001', password: 'wenyang123' };

/**
 * Signs a demo account in the way the login dialog does (POST /account/api/Login, then the three
 * cookies), and answers the one-time agreement and interest questions so no dialog covers the page.
 * Returns the session token for calls a test makes itself.
 */
export async function signIn(
  context: BrowserContext,
  baseURL: string,
  account: DemoAccount = BUYER,
): Promise<string> {
  const res = await context.request.post('/account/api/Login', { data: account });
  const { login } = (await res.json()).data as {
    login: { token: string; expiration: number; refreshToken: string };
  };
  const headers = { token: login.token };
  await context.request.post('/api/1.0.0/User/UserReadAndAgree', { data: { type: 2 }, headers });
  await context.request.post('/api/1.0.0/User/SaveUserKeyword', {
    data: { UserKeyword: ['工厂'], isNewRegister: false },
    headers,
  });
  await context.addCookies(
    (
      [
        ['token', login.token],
        ['expiration', String(login.expiration)],
        ['refreshToken', login.refreshToken],
      ] as const
    ).map(([name, value]) => ({ name, value, url: baseURL })),
  );
  return login.token;
}
