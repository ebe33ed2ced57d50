import type { CallDef, CallRequest, CallResponse } from '@shared/contract/define';
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
  /**
   * Calls a contract call as a guest or with a token; returns the HTTP status and the envelope
   * (its data typed as the call's response, present only on success).
   */
  call: <C extends CallDef>(
    call: C,
    input: CallRequest<C>,
    token?: string,
  ) => Promise<{ status: number; body: Envelope<CallResponse<C>> }>;
  /** Like call, but sends any input, for tests that send deliberately invalid requests. */
  callRaw: (
    call: CallDef,
    input: Record<string, unknown>,
    token?: string,
  ) => Promise<{ status: number; body: Envelope }>;
  /** Like call, but expects success and returns the data (or rs). */
  ok: <C extends CallDef>(
    call: C,
    input: CallRequest<C>,
    token?: string,
  ) => Promise<CallResponse<C>>;
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
  const callRaw: CatalogueFixture['callRaw'] = async (c, input, token) => {
    const { status, body } = await injectCall<Envelope>(t.app, c, input, {
      ...(token ? { token } : {}),
      // Loopback: the sandbox shows its codes to this machine only; each call its own address.
      ip: `127.9.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`,
    });
    return { status, body };
  };
  // The server answers with the call's response schema; the envelope's data is typed from it.
  const call: CatalogueFixture['call'] = <C extends CallDef>(
    c: C,
    input: CallRequest<C>,
    token?: string,
  ) => callRaw(c, input as Record<string, unknown>, token);
  const ok: CatalogueFixture['ok'] = async <C extends CallDef>(
    c: C,
    input: CallRequest<C>,
    token?: string,
  ) => {
    const { body } = await call(c, input, token);
    if (body.code !== 1 && body.flag !== true) {
      throw new Error(`${c.name} failed: ${body.code ?? ''} ${body.msg}`);
    }
    return body.flag === true ? body.rs : body.data;
  };
  return {
    ...t,
    call,
    callRaw,
    ok,
    signIn: async (phone) => (await ok(login, { phone, password: DEMO_PASSWORD })).login.token,
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
