import type { CallDef } from '@shared/contract/define';
import type { LoginPayload } from '@shared/contract/accounts';
import { login } from '@shared/contract/accounts';
import { DEMO_PASSWORD } from '../db/seed/demo-catalogue';
import { seedDemo } from '../db/seed/seed-demo';
import { seedDiscovery } from '../db/seed/seed-discovery';
import { seedSales } from '../db/seed/seed-sales';
import { buildTestApp, injectCall } from './test-app';
import type { TestApp, TestDatabase } from './test-app';

export type Envelope<T = unknown> = {
  code?: number;
  flag?: boolean;
  msg: string;
  data?: T;
  rs?: T;
};

/** Demo buyers and designers of the seed (password wenyang123). */
export const BUYER = '13700000001';
export const OTHER_BUYER = '13700000002';

export type CatalogueFixture = TestApp & {
  /** Calls a contract call as a guest or with a token; returns the HTTP status and the envelope. */
  call: <T = unknown>(
    c: CallDef,
    input: object,
    token?: string,
  ) => Promise<{ status: number; body: Envelope<T> }>;
  /** Like call, but expects success and returns the data (or rs). */
  ok: <T = unknown>(c: CallDef, input: object, token?: string) => Promise<T>;
  /** Signs a demo account in and returns its access token. */
  signIn: (phone: string) => Promise<string>;
  userId: (phone: string) => Promise<number>;
};

let ipCounter = 0;

/** The real app on a fresh database with the demo catalogue and the discovery layer. */
export async function buildCatalogueApp(
  database: TestDatabase,
  works = 16,
): Promise<CatalogueFixture> {
  const t = await buildTestApp(database);
  await seedDemo(t.deps, () => undefined, works);
  await seedDiscovery(t.deps);
  await seedSales({ ...t.deps, commerce: t.app.commerce, payments: t.app.payments });
  const call: CatalogueFixture['call'] = async <T>(c: CallDef, input: object, token?: string) => {
    const { status, body } = await injectCall<Envelope<T>>(t.app, c, input, {
      ...(token ? { token } : {}),
      // Loopback: the sandbox shows its codes to this machine only; each call its own address.
      ip: `127.9.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`,
    });
    return { status, body };
  };
  const ok: CatalogueFixture['ok'] = async <T>(c: CallDef, input: object, token?: string) => {
    const { body } = await call<T>(c, input, token);
    if (body.code !== 1 && body.flag !== true) {
      throw new Error(`${c.name} failed: ${body.code ?? ''} ${body.msg}`);
    }
    return (body.flag === true ? body.rs : body.data) as T;
  };
  return {
    ...t,
    call,
    ok,
    signIn: async (phone) =>
      (await ok<{ login: LoginPayload }>(login, { phone, password: DEMO_PASSWORD })).login.token,
    userId: async (phone) =>
      (
        await t.deps.db
          .selectFrom('users')
          .select('id')
          .where('phone', '=', phone)
          .executeTakeFirstOrThrow()
      ).id,
  };
}
