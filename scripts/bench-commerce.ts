// `npm run bench:commerce [-- --json] [-- --buyers N] [-- --no-postgres] [-- --seconds S] [-- --orders N]`
// The reliability benchmark of licence orders and payments (issue 11). On a fresh database with the demo
// seed (SQLite always; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL answers), it drives the real
// app through app.inject() with real concurrency: one order confirmed 200 times at once and another sent
// 200 notifications at once, forged and replayed notifications, N buyers racing for one category
// exclusivity, 200 submits with one idempotency key, then orders per second through submit → QR →
// sandbox confirm → GetPayResult against a bare route measured in the same run; last, issue 12's
// wallet and membership races (bench-commerce-wallet.ts). docs/benchmarks.md.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { benchDeps, benchWebRoot } from './bench-app';
import { AppError } from '../src/server/http/app-error';
import { runWalletRaces } from './bench-commerce-wallet';
import type { WalletRaceReport } from './bench-commerce-wallet';
import { openPostgres, openSqlite } from '../src/server/db/connection';
import type { DatabaseHandle } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrations';
import { DEMO_BUYERS, DEMO_PASSWORD } from '../src/server/db/seed/demo-catalogue';
import { seedDemo } from '../src/server/db/seed/seed-demo';
import { seedDiscovery } from '../src/server/db/seed/seed-discovery';
import { auditLedger } from '../src/server/modules/finance/ledger';
import type { RawNotification } from '../src/server/platform/payments/payment-provider';
import { login } from '../src/shared/contract/accounts';
import type { CallDef, CallRequest, CallResponse } from '../src/shared/contract/define';
import {
  PAY_METHOD,
  empowerCategory,
  getPayResult,
  orderReturnQrCode,
  refreshPaymentQrCode,
  submitOrder,
} from '../src/shared/contract/orders';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  const value = at === -1 ? undefined : Number(args[at + 1]);
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
};
const json = flag('json');
const buyerCount = Math.floor(option('buyers', 50));
const seconds = option('seconds', 10);
const maxOrders = option('orders', Number.POSITIVE_INFINITY);
const works = Math.floor(option('works', 16));
const CONFIRMS = 200;
const NOTIFICATIONS = 200;
const REPLAYS = 100;
const FORGERIES = 20;
const IDEM_SUBMITS = 200;
const CONCURRENCY = 8;
/** Requests in one order flow: submit, QR, sandbox confirm, GetPayResult. */
const FLOW_REQUESTS = 4;
const log = (line: string) => {
  if (!json) console.log(line);
  else console.error(line);
};

type Envelope<T = unknown> = { code?: number; flag?: boolean; msg: string; data?: T; rs?: T };
type Target = { name: 'sqlite' | 'postgres'; open: (dataDir: string) => Promise<DatabaseHandle> };

type Speed = { orders: number; seconds: number; perS: number; p50: number; p99: number };
type Throughput = {
  concurrency: number;
  ordersPerS: number;
  p50Ms: number;
  p99Ms: number;
  bareRps: number;
  /** orders/s ÷ (bare req/s ÷ 4): the order flow's requests against the bare route's. */
  ratio: number;
  orders: number;
};
type DbReport = {
  database: string;
  double_paid: number;
  exclusive_sold: number;
  refunded_losers: number;
  ledger_sum: number;
  ledger_mismatched: number;
  forged_accepted: number;
  replays_changed: number;
  idem_orders: number;
  idem_order_nos: number;
  idem_failed: number;
  lost_refunds: number;
  buyer_balance_fen: number;
  server_errors: number;
  flow_errors: number;
  /** Paid and refunded payments of the two orders paid many times at once (want 2 and 3). */
  multi_paid: number;
  multi_refunded: number;
  confirm_statuses: Record<string, number>;
  notify_statuses: Record<string, number>;
  exclusive_paid_ms: number;
  /** The size of the bare route's answer (a submit answer's). */
  bare_bytes: number;
  sequential: Throughput;
  concurrent: Throughput;
  orders_per_s: number;
  wallet: WalletRaceReport;
  errors: string[];
};

/** Runs `fn` over `items`, at most `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>) {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T);
      }
    }),
  );
  return out;
}

const countBy = (values: readonly (number | string)[]) => {
  const counts: Record<string, number> = {};
  for (const v of values) counts[String(v)] = (counts[String(v)] ?? 0) + 1;
  return counts;
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** Runs `op` from `concurrency` workers for `secs` seconds (or `limit` operations). */
async function measure(
  concurrency: number,
  secs: number,
  limit: number,
  op: () => Promise<void>,
): Promise<Speed> {
  const started = performance.now();
  const end = started + secs * 1000;
  const latencies: number[] = [];
  let begun = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end && begun < limit) {
        begun += 1;
        const t0 = performance.now();
        await op();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    orders: latencies.length,
    seconds: elapsed,
    perS: latencies.length / elapsed,
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
  };
}

function machine(): string {
  let cpu = cpus()[0]?.model ?? 'unknown CPU';
  try {
    cpu = execFileSync('sh', ['-c', "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"])
      .toString()
      .trim();
  } catch {
    // Keep os.cpus()'s model.
  }
  return `${cpus().length} × ${cpu}, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`;
}

/** The PostgreSQL to run on: TEST_DATABASE_URL or DATABASE_URL, when it answers. */
async function reachablePostgres(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) return null;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function postgresTarget(url: string): Target {
  return {
    name: 'postgres',
    open: async () => {
      const schema = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      const handle = await openPostgres(url, schema, 10);
      return {
        ...handle,
        close: async () => {
          await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
          await handle.close();
        },
      };
    },
  };
}

let ipCounter = 0;
/** Each call from its own loopback address, so the per-address sign-in throttle never applies. */
const nextIp = () => {
  ipCounter += 1;
  return `127.${Math.floor(ipCounter / 60000) % 250}.${Math.floor(ipCounter / 250) % 240}.${(ipCounter % 250) + 1}`;
};

async function runOn(target: Target): Promise<DbReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wenyang-bench-commerce-'));
  const webRoot = benchWebRoot(dataDir);
  const handle = await target.open(dataDir);
  let app: FastifyInstance | null = null;
  try {
    await migrateToLatest(handle.db, handle.dialect);
    // The sandbox stands in for WeChat Pay and Alipay, as PAYMENT_SANDBOX=1 makes it in production.
    const deps = benchDeps(handle, dataDir, { sandboxPayments: true });
    app = await buildApp({ deps, config: { webRoot, nodeEnv: 'production' } });
    const errors: string[] = [];
    let serverErrors = 0;
    app.addHook('onError', async (request, _reply, err) => {
      // A refusal the user reads (AppError: 余额不足, 额度不足 …) is an answer, not a server error.
      if (err instanceof AppError) return;
      serverErrors += 1;
      if (errors.length < 20) errors.push(`${request.method} ${request.url}: ${err.message}`);
    });
    // The baseline: a plain Fastify route answering a constant value of the submit answer's size.
    let bareValue: unknown = null;
    app.post('/bench/bare', { schema: { hide: true } }, async () => bareValue);
    await app.ready();
    const started = performance.now();
    // The demo accounts get the demo password (a production seed leaves them without one).
    await seedDemo({ ...deps, production: false }, () => undefined, works);
    await seedDiscovery(deps);
    log(
      `[${target.name}] 演示种子 ${works} 件作品：${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const a = app;
    const call = async <C extends CallDef>(c: C, input: CallRequest<C>, token?: string) => {
      const res = await a.inject({
        method: 'POST',
        url: c.path,
        payload: input as object,
        headers: token ? { token } : {},
        remoteAddress: nextIp(),
      });
      return { status: res.statusCode, body: res.json<Envelope<CallResponse<C>>>(), raw: res.body };
    };
    const ok = async <C extends CallDef>(c: C, input: CallRequest<C>, token?: string) => {
      const { body } = await call(c, input, token);
      if (body.code !== 1 && body.flag !== true) {
        throw new Error(`${c.name} failed: ${body.code ?? ''} ${body.msg}`);
      }
      return (body.flag === true ? body.rs : body.data) as CallResponse<C>;
    };
    const signIn = async (phone: string) =>
      (await ok(login, { phone, password: DEMO_PASSWORD })).login.token;
    const notify = (n: RawNotification) =>
      a.inject({
        method: 'POST',
        url: '/pay/notify/sandbox',
        headers: n.headers as Record<string, string>,
        payload: n.body,
      });
    const confirm = (payOrderNo: string) =>
      a.inject({ method: 'POST', url: `/pay/sandbox/${payOrderNo}` });
    const { db } = deps;
    const sandbox = a.payments.sandbox;
    if (!sandbox) throw new Error('the sandbox payment provider is not on');

    // Buyers: the demo buyer, and N more accounts with the demo password, each signed in by Login.
    const buyer = await signIn(DEMO_BUYERS[0]!.phone);
    const demo = await db
      .selectFrom('users')
      .select('password_hash')
      .where('phone', '=', DEMO_BUYERS[0]!.phone)
      .executeTakeFirstOrThrow();
    const nowIso = new Date().toISOString();
    const phones = Array.from({ length: buyerCount }, (_, i) => `136${String(i).padStart(8, '0')}`);
    await db
      .insertInto('users')
      .values(
        phones.map((phone, i) => ({
          cai_hong_id: String(30_000_000 + i),
          phone,
          password_hash: demo.password_hash,
          user_name: `压测买家${i + 1}`,
          created_at: nowIso,
          updated_at: nowIso,
        })),
      )
      .execute();
    const tokens = await pool(phones, 4, signIn);
    log(`[${target.name}] ${buyerCount} 位买家已登录`);

    const published = await db
      .selectFrom('works')
      .select(['id', 'header_type'])
      .where('status', '=', 'published')
      .orderBy('id')
      .execute();
    const exclusiveWork = published.find((w) => w.header_type === 3)?.id;
    const materialWork = published.find((w) => w.header_type === 4)?.id;
    if (exclusiveWork === undefined || materialWork === undefined) {
      throw new Error('the seed has no exclusive or no material work on sale');
    }
    const material = await ok(empowerCategory, { creationId: materialWork });
    const exclusive = await ok(empowerCategory, { creationId: exclusiveWork });
    const materialLicence = material.options[0]!.licenceId;
    const exclusiveLicence = exclusive.options.find((o) => o.kind === 'category_exclusive')!;
    const kid = exclusive.categories[0]!.kid;
    const idemKey = () => `bench-${randomBytes(9).toString('base64url')}`;
    const materialOrder = (token: string, key = idemKey()) =>
      ok(
        submitOrder,
        {
          creationId: materialWork,
          licenceId: materialLicence,
          categoryKids: [],
          keywords: [],
          customKey: '',
          termYears: 1,
          idemKey: key,
          agreed: true,
        },
        token,
      );

    // 1. One order confirmed 200 times at once on the sandbox page, split between its two pending
    // payments (a WeChat QR and an Alipay QR): one is applied, the other refunded.
    const once = await materialOrder(buyer);
    const onceQrs = [
      await ok(orderReturnQrCode, { orderNo: once.orderNo, payMethod: PAY_METHOD.wechat }, buyer),
      await ok(orderReturnQrCode, { orderNo: once.orderNo, payMethod: PAY_METHOD.alipay }, buyer),
    ];
    const confirmStatuses = await Promise.all(
      Array.from(
        { length: CONFIRMS },
        async (_, i) => (await confirm(onceQrs[i % 2]!.payOrderNo)).statusCode,
      ),
    );

    // 2. Another order sent 200 genuine notifications (distinct nonces) at once, spread over three
    // payments of it: a QR closed by a refresh, the fresh QR, and an Alipay QR.
    const twice = await materialOrder(buyer);
    const closedQr = await ok(
      orderReturnQrCode,
      { orderNo: twice.orderNo, payMethod: PAY_METHOD.wechat },
      buyer,
    );
    const twiceQrs = [
      closedQr,
      await ok(refreshPaymentQrCode, { payOrderNo: closedQr.payOrderNo }, buyer),
      await ok(orderReturnQrCode, { orderNo: twice.orderNo, payMethod: PAY_METHOD.alipay }, buyer),
    ];
    const notifyStatuses = await Promise.all(
      Array.from({ length: NOTIFICATIONS }, async (_, i) => {
        const qr = twiceQrs[i % 3]!;
        const n = sandbox.buildNotification(
          qr.payOrderNo,
          qr.amountFen,
          `n${i}-${randomBytes(6).toString('hex')}`,
        );
        return (await notify(n)).statusCode;
      }),
    );
    // Each order paid by exactly one payment; every other payment that went through refunded once.
    const multiPayments = await db
      .selectFrom('payments')
      .select(['order_no', 'state'])
      .where('order_no', 'in', [once.orderNo, twice.orderNo])
      .execute();
    const multiPaid = multiPayments.filter((p) => p.state === 'paid').length;
    const multiRefunded = multiPayments.filter((p) => p.state === 'refunded').length;

    // 3. Forgeries while the order is unpaid, then the genuine one, then 100 replays of it at once.
    const target3 = await materialOrder(buyer);
    const qr3 = await ok(
      orderReturnQrCode,
      { orderNo: target3.orderNo, payMethod: PAY_METHOD.wechat },
      buyer,
    );
    const good = sandbox.buildNotification(qr3.payOrderNo, qr3.amountFen, 'bench-genuine');
    // A notification signed as the sandbox signs (to make a stale one); checked against the real one.
    const sign = (timestamp: string, nonce: string, body: string) =>
      createHmac('sha256', `sandbox-pay:${deps.signingSecret}`)
        .update(`${timestamp}\n${nonce}\n${body}\n`)
        .digest('base64');
    if (
      sign(good.headers['sandbox-timestamp']!, 'bench-genuine', good.body) !==
      good.headers['sandbox-signature']
    ) {
      throw new Error('the stale-notification signer no longer matches the sandbox provider');
    }
    const stale = (nonce: string): RawNotification => {
      const at = Date.now() - 6 * 60_000;
      const body = JSON.stringify({
        payOrderNo: qr3.payOrderNo,
        tradeNo: `SBX${qr3.payOrderNo}`,
        amountFen: qr3.amountFen,
        paidAt: new Date(at).toISOString(),
      });
      const timestamp = String(Math.floor(at / 1000));
      return {
        headers: {
          ...good.headers,
          'sandbox-timestamp': timestamp,
          'sandbox-nonce': nonce,
          'sandbox-signature': sign(timestamp, nonce, body),
        },
        body,
      };
    };
    const forgeries: { kind: string; n: RawNotification }[] = Array.from(
      { length: FORGERIES },
      (_, i) => {
        const nonce = `forged-${i}`;
        switch (i % 5) {
          case 0:
            return {
              kind: 'bad signature',
              n: {
                ...good,
                headers: {
                  ...good.headers,
                  'sandbox-signature': createHmac('sha256', 'not-the-secret')
                    .update(good.body)
                    .digest('base64'),
                },
              },
            };
          case 1:
            return {
              kind: 'amount changed in the body',
              n: {
                ...good,
                body: good.body.replace(`"amountFen":${qr3.amountFen}`, '"amountFen":1'),
              },
            };
          case 2:
            return {
              kind: 'amount changed, signed',
              n: sandbox.buildNotification(qr3.payOrderNo, 1, nonce),
            };
          case 3:
            return {
              kind: 'unknown payOrderNo',
              n: sandbox.buildNotification(
                `PQ2099${String(i).padStart(14, '0')}`,
                qr3.amountFen,
                nonce,
              ),
            };
          default:
            return { kind: 'stale timestamp', n: stale(nonce) };
        }
      },
    );
    const fingerprint = async () => {
      const tables = [
        'orders',
        'payments',
        'refunds',
        'ledger_accounts',
        'ledger_transfers',
        'sale_records',
        'work_exclusives',
        'issued_documents',
        'works',
      ] as const;
      const hash = createHash('sha256');
      for (const table of tables) {
        const rows = await db.selectFrom(table).selectAll().execute();
        const lines = rows.map((r) => JSON.stringify(r)).sort();
        hash.update(`${table}\n${lines.join('\n')}\n`);
      }
      return hash.digest('hex');
    };
    let forgedAccepted = 0;
    for (const f of forgeries) {
      const before = await fingerprint();
      const res = await notify(f.n);
      const changed = (await fingerprint()) !== before;
      if (res.statusCode === 200 || changed) {
        forgedAccepted += 1;
        errors.push(`forgery accepted (${f.kind}): ${res.statusCode}, rows changed: ${changed}`);
      }
    }
    const first = await notify(good);
    if (first.statusCode !== 200) errors.push(`genuine notification answered ${first.statusCode}`);
    const beforeReplays = await fingerprint();
    const replayStatuses = await Promise.all(
      Array.from({ length: REPLAYS }, async () => (await notify(good)).statusCode),
    );
    const replaysChanged = (await fingerprint()) !== beforeReplays ? 1 : 0;
    if (replayStatuses.some((s) => s !== 200)) {
      errors.push(`replays answered ${JSON.stringify(countBy(replayStatuses))}`);
    }

    // 4. N buyers race for one category's exclusivity: all submit, get a QR, then confirm at once.
    const racers = await Promise.all(
      tokens.map(async (token) => {
        const order = await ok(
          submitOrder,
          {
            creationId: exclusiveWork,
            licenceId: exclusiveLicence.licenceId,
            categoryKids: [kid],
            keywords: [],
            customKey: '',
            termYears: 1,
            idemKey: idemKey(),
            agreed: true,
          },
          token,
        );
        const qr = await ok(
          orderReturnQrCode,
          { orderNo: order.orderNo, payMethod: PAY_METHOD.wechat },
          token,
        );
        return { token, orderNo: order.orderNo, payOrderNo: qr.payOrderNo };
      }),
    );
    const raceStarted = performance.now();
    await Promise.all(racers.map((r) => confirm(r.payOrderNo)));
    const exclusivePaidMs = performance.now() - raceStarted;
    const racerNos = racers.map((r) => r.orderNo);
    const raceOrders = await db
      .selectFrom('orders')
      .select(['order_no', 'state'])
      .where('order_no', 'in', racerNos)
      .execute();
    const raceRefunds = await db
      .selectFrom('refunds')
      .select(['order_no', 'state'])
      .where('order_no', 'in', racerNos)
      .execute();
    const refundedNos = new Set(raceRefunds.map((r) => r.order_no));
    const exclusiveSold = raceOrders.filter((o) => o.state === 'paid').length;
    const refundedLosers = raceOrders.filter(
      (o) => o.state === 'refunded' && refundedNos.has(o.order_no),
    ).length;
    // What the losers see when their page asks.
    const loserResults = await Promise.all(
      racers.map((r) => ok(getPayResult, { payOrderNo: r.payOrderNo }, r.token)),
    );
    const loserMessagesMissing = loserResults.filter(
      (r) => r.orderState === 'refunded' && !/款项已原路退回/.test(r.message),
    ).length;
    if (loserMessagesMissing > 0) {
      errors.push(`${loserMessagesMissing} refunded buyers were not told why`);
    }

    // 5. 200 submits with one idempotency key at once (one buyer, identical input).
    const key = idemKey();
    const idemAnswers = await Promise.all(
      Array.from({ length: IDEM_SUBMITS }, () =>
        call(
          submitOrder,
          {
            creationId: materialWork,
            licenceId: materialLicence,
            categoryKids: [],
            keywords: ['服装'],
            customKey: '',
            termYears: 2,
            idemKey: key,
            agreed: true,
          },
          buyer,
        ),
      ),
    );
    const idemOk = idemAnswers.filter((r) => r.body.code === 1);
    const idemOrderNos = new Set(idemOk.map((r) => r.body.data?.orderNo)).size;
    const idemFailed = idemAnswers.length - idemOk.length;
    if (idemFailed > 0) {
      errors.push(
        `idempotent submits failed: ${JSON.stringify(countBy(idemAnswers.filter((r) => r.body.code !== 1).map((r) => `${r.status} ${r.body.msg}`)))}`,
      );
    }
    const idemRows = Number(
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('idem_key', '=', key)
          .executeTakeFirstOrThrow()
      ).n,
    );

    // 6. Orders per second: submit → QR → sandbox confirm → GetPayResult paid, against the bare route.
    const bareBytes = Buffer.byteLength(idemOk[0]?.raw ?? '{}');
    bareValue = JSON.parse(idemOk[0]?.raw ?? '{}');
    const bareBody = { pageIndex: 1, pageSize: 20 };
    const bare = async () => {
      const res = await a.inject({
        method: 'POST',
        url: '/bench/bare',
        payload: bareBody,
        remoteAddress: nextIp(),
      });
      if (res.statusCode !== 200) throw new Error(`bare answered ${res.statusCode}`);
    };
    let flowErrors = 0;
    let turn = 0;
    const flow = async () => {
      const token = tokens[turn++ % tokens.length] ?? buyer;
      try {
        const order = await materialOrder(token);
        const qr = await ok(
          orderReturnQrCode,
          { orderNo: order.orderNo, payMethod: PAY_METHOD.wechat },
          token,
        );
        const page = await confirm(qr.payOrderNo);
        if (page.statusCode !== 303) throw new Error(`confirm answered ${page.statusCode}`);
        const result = await ok(getPayResult, { payOrderNo: qr.payOrderNo }, token);
        if (!result.paid || result.orderState !== 'paid') {
          throw new Error(`not paid after confirm: ${JSON.stringify(result)}`);
        }
      } catch (err) {
        flowErrors += 1;
        if (errors.length < 20) errors.push(`flow: ${(err as Error).message}`);
      }
    };
    const speed = async (concurrency: number): Promise<Throughput> => {
      await measure(concurrency, Math.min(1, seconds / 5), Number.POSITIVE_INFINITY, bare);
      const bareBefore = await measure(concurrency, seconds / 2, Number.POSITIVE_INFINITY, bare);
      await measure(concurrency, Math.min(1, seconds / 5), 20, flow);
      const orders = await measure(concurrency, seconds, maxOrders, flow);
      const bareAfter = await measure(concurrency, seconds / 2, Number.POSITIVE_INFINITY, bare);
      const bareRps = (bareBefore.perS + bareAfter.perS) / 2;
      return {
        concurrency,
        ordersPerS: Number(orders.perS.toFixed(1)),
        p50Ms: orders.p50,
        p99Ms: orders.p99,
        bareRps: Math.round(bareRps),
        ratio: Number((orders.perS / (bareRps / FLOW_REQUESTS)).toFixed(3)),
        orders: orders.orders,
      };
    };
    log(`[${target.name}] 吞吐：顺序与并发 ${CONCURRENCY}，每项 ${seconds} s`);
    const sequential = await speed(1);
    const concurrent = await speed(CONCURRENCY);

    // The invariants, over every order the run made.
    const sales = await db
      .selectFrom('sale_records')
      .select(['order_no', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('order_no')
      .execute();
    const shares = await db
      .selectFrom('ledger_transfers')
      .select(['order_no', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', '=', 'sale_share')
      .groupBy('order_no')
      .execute();
    const paidPayments = await db
      .selectFrom('payments')
      .select(['order_no', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', '=', 'paid')
      .groupBy('order_no')
      .execute();
    const doublePaid = new Set(
      [...sales, ...shares, ...paidPayments].filter((r) => Number(r.n) > 1).map((r) => r.order_no),
    ).size;
    // A payment marked refunded must have its refund row (sent) and its ledger transfer back.
    const refundedPayments = await db
      .selectFrom('payments as p')
      .leftJoin('refunds as r', 'r.pay_order_no', 'p.pay_order_no')
      .leftJoin('ledger_transfers as t', (join) =>
        join.on('t.id', '=', sql<string>`${sql.lit('refund:')} || p.pay_order_no`),
      )
      .select(['p.pay_order_no', 'r.state as refund_state', 't.id as transfer'])
      .where('p.state', '=', 'refunded')
      .execute();
    const refundedOrdersWithoutRefund = await db
      .selectFrom('orders as o')
      .leftJoin('refunds as r', 'r.order_no', 'o.order_no')
      .select('o.order_no')
      .where('o.state', '=', 'refunded')
      .where('r.refund_no', 'is', null)
      .execute();
    const lostRefunds =
      refundedPayments.filter((p) => p.refund_state !== 'done' || p.transfer === null).length +
      refundedOrdersWithoutRefund.length;
    const buyerBalances = await db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.sum<number>('balance').as('total'))
      .where('kind', '=', 'user_balance')
      .executeTakeFirstOrThrow();
    // Issue 12's races run last: their recharges leave money in a buyer's balance on purpose.
    log(`[${target.name}] 钱包与会员并发`);
    const wallet = await runWalletRaces({
      app: a,
      deps,
      call,
      ok,
      signIn,
      buyers: tokens.slice(0, 3),
      materialWork,
      log,
    });
    const audit = await auditLedger(db);
    for (const m of audit.mismatched.slice(0, 5)) {
      errors.push(`ledger account ${m.code}: balance ${m.balance}, rebuilt ${m.rebuilt}`);
    }

    return {
      database: target.name,
      double_paid: doublePaid,
      exclusive_sold: exclusiveSold,
      refunded_losers: refundedLosers,
      ledger_sum: audit.sumFen,
      ledger_mismatched: audit.mismatched.length,
      forged_accepted: forgedAccepted,
      replays_changed: replaysChanged,
      idem_orders: idemRows,
      idem_order_nos: idemOrderNos,
      idem_failed: idemFailed,
      lost_refunds: lostRefunds,
      buyer_balance_fen: Number(buyerBalances.total ?? 0),
      server_errors: serverErrors,
      flow_errors: flowErrors,
      multi_paid: multiPaid,
      multi_refunded: multiRefunded,
      confirm_statuses: countBy(confirmStatuses),
      notify_statuses: countBy(notifyStatuses),
      exclusive_paid_ms: Math.round(exclusivePaidMs),
      bare_bytes: bareBytes,
      sequential,
      concurrent,
      orders_per_s: concurrent.ordersPerS,
      wallet,
      errors: [...errors, ...wallet.errors],
    };
  } finally {
    await app?.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The invariants a report breaks (none when all hold). */
function broken(r: DbReport): string[] {
  const out: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) out.push(what);
  };
  expect(r.double_paid === 0, `double_paid ${r.double_paid}`);
  expect(r.exclusive_sold === 1, `exclusive_sold ${r.exclusive_sold}`);
  expect(r.refunded_losers === buyerCount - 1, `refunded_losers ${r.refunded_losers}`);
  expect(r.ledger_sum === 0, `ledger_sum ${r.ledger_sum}`);
  expect(r.ledger_mismatched === 0, `ledger_mismatched ${r.ledger_mismatched}`);
  expect(r.forged_accepted === 0, `forged_accepted ${r.forged_accepted}`);
  expect(r.replays_changed === 0, 'replays changed rows');
  expect(
    r.idem_orders === 1 && r.idem_order_nos === 1 && r.idem_failed === 0,
    `idempotent submits: ${r.idem_orders} rows, ${r.idem_order_nos} order numbers, ${r.idem_failed} failed`,
  );
  expect(
    r.multi_paid === 2 && r.multi_refunded === 3,
    `payments of the orders paid at once: ${r.multi_paid} paid, ${r.multi_refunded} refunded`,
  );
  expect(r.lost_refunds === 0, `lost_refunds ${r.lost_refunds}`);
  expect(r.wallet.overdrafts === 0, `overdrafts ${r.wallet.overdrafts}`);
  expect(r.wallet.quota_overspent === 0, `quota_overspent ${r.wallet.quota_overspent}`);
  expect(
    r.wallet.membership_double_extended === 0,
    `membership_double_extended ${r.wallet.membership_double_extended}`,
  );
  expect(
    r.wallet.withdrawals_accepted === r.wallet.withdrawals_expected &&
      r.wallet.balance_paid === r.wallet.balance_affordable &&
      r.wallet.quota_paid === 10,
    `races let through too few: withdrawals ${r.wallet.withdrawals_accepted}/${r.wallet.withdrawals_expected}, balance ${r.wallet.balance_paid}/${r.wallet.balance_affordable}, quota ${r.wallet.quota_paid}/10`,
  );
  expect(r.wallet.unexpected_answers === 0, `unexpected answers ${r.wallet.unexpected_answers}`);
  expect(r.buyer_balance_fen === 0, `buyers' balances hold ${r.buyer_balance_fen} fen`);
  expect(r.server_errors === 0, `server_errors ${r.server_errors}`);
  expect(r.flow_errors === 0, `flow_errors ${r.flow_errors}`);
  expect(
    Object.keys(r.confirm_statuses).every((s) => s === '303'),
    `confirm answers ${JSON.stringify(r.confirm_statuses)}`,
  );
  expect(
    Object.keys(r.notify_statuses).every((s) => s === '200'),
    `notification answers ${JSON.stringify(r.notify_statuses)}`,
  );
  return out;
}

function printTable(r: DbReport, problems: string[]): void {
  const row = (name: string, value: string | number, expected: string, ok: boolean) =>
    log(`| ${name} | ${value} | ${expected} | ${ok ? '✓' : '✗'} |`);
  log('');
  log(`### ${r.database}`);
  log('');
  log('| 检查 | 结果 | 应为 | |');
  log('| --- | ---: | ---: | --- |');
  row(
    `double_paid（一单并发确认 ${CONFIRMS} 次 + 一单并发通知 ${NOTIFICATIONS} 次，及全部订单）`,
    r.double_paid,
    '0',
    r.double_paid === 0,
  );
  row(
    `exclusive_sold（${buyerCount} 位买家同时确认同一品类独家）`,
    r.exclusive_sold,
    '1',
    r.exclusive_sold === 1,
  );
  row(
    'refunded_losers（订单已退款且有退款单）',
    r.refunded_losers,
    String(buyerCount - 1),
    r.refunded_losers === buyerCount - 1,
  );
  row(
    `forged_accepted（${FORGERIES} 条伪造通知）`,
    r.forged_accepted,
    '0',
    r.forged_accepted === 0,
  );
  row(`replays_changed（${REPLAYS} 次并发重放）`, r.replays_changed, '0', r.replays_changed === 0);
  row(
    `幂等提交 ${IDEM_SUBMITS} 次：订单行 / 订单号 / 失败`,
    `${r.idem_orders} / ${r.idem_order_nos} / ${r.idem_failed}`,
    '1 / 1 / 0',
    r.idem_orders === 1 && r.idem_order_nos === 1 && r.idem_failed === 0,
  );
  row(
    '这两单的支付单：已支付 / 已退款',
    `${r.multi_paid} / ${r.multi_refunded}`,
    '2 / 3',
    r.multi_paid === 2 && r.multi_refunded === 3,
  );
  const w = r.wallet;
  row(
    `overdrafts（${w.withdrawals_expected} 笔可提中并发 200 笔提现 / 余额够 ${w.balance_affordable} 单时并发 200 单余额支付）`,
    w.overdrafts,
    '0',
    w.overdrafts === 0,
  );
  row(
    `quota_overspent（10 次额度并发 200 单，成功 ${w.quota_paid}）`,
    w.quota_overspent,
    '0',
    w.quota_overspent === 0,
  );
  row(
    'membership_double_extended（一笔会员支付通知并发重放 100 次）',
    w.membership_double_extended,
    '0',
    w.membership_double_extended === 0,
  );
  row('ledger_sum（分）', r.ledger_sum, '0', r.ledger_sum === 0);
  row('账户与流水不符', r.ledger_mismatched, '0', r.ledger_mismatched === 0);
  row('丢失的退款', r.lost_refunds, '0', r.lost_refunds === 0);
  row('买家余额合计（分）', r.buyer_balance_fen, '0', r.buyer_balance_fen === 0);
  row('服务端错误（5xx）', r.server_errors, '0', r.server_errors === 0);
  log('');
  log('| 下单流程 | 并发 | 单/s | p50 (ms) | p99 (ms) | 空路由 req/s | 与空路由之比 |');
  log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, t] of [
    ['顺序', r.sequential],
    ['并发', r.concurrent],
  ] as const) {
    log(
      `| ${name} | ${t.concurrency} | ${t.ordersPerS} | ${t.p50Ms} | ${t.p99Ms} | ${t.bareRps} | ${t.ratio} |`,
    );
  }
  log(
    `（空路由返回与下单响应同样大小的常量 ${r.bare_bytes} B；比值 = 单/s ÷ (空路由 req/s ÷ ${FLOW_REQUESTS})：每单 ${FLOW_REQUESTS} 次请求；${buyerCount} 单同时确认用时 ${r.exclusive_paid_ms} ms）`,
  );
  for (const p of problems) log(`不变量不成立：${p}`);
  for (const e of r.errors) log(`  ${e}`);
}

async function main(): Promise<void> {
  const targets: Target[] = [
    { name: 'sqlite', open: async (dataDir) => openSqlite(join(dataDir, 'bench.sqlite')) },
  ];
  if (!flag('no-postgres')) {
    const url = await reachablePostgres();
    if (url) targets.push(postgresTarget(url));
    else log('PostgreSQL：未设置 TEST_DATABASE_URL / DATABASE_URL 或连接不上，只测 SQLite');
  }
  log(`机器：${machine()}`);
  const reports: DbReport[] = [];
  let failed = false;
  for (const target of targets) {
    const report = await runOn(target);
    const problems = broken(report);
    if (problems.length > 0) failed = true;
    printTable(report, problems);
    reports.push(report);
  }
  // The worst of each figure across the databases run.
  const farthest = (pick: (r: DbReport) => number, want: number) =>
    reports.map(pick).reduce((w, v) => (Math.abs(v - want) > Math.abs(w - want) ? v : w));
  const summary = {
    double_paid: Math.max(...reports.map((r) => r.double_paid)),
    exclusive_sold: farthest((r) => r.exclusive_sold, 1),
    refunded_losers: farthest((r) => r.refunded_losers, buyerCount - 1),
    ledger_sum: farthest((r) => r.ledger_sum, 0),
    forged_accepted: Math.max(...reports.map((r) => r.forged_accepted)),
    overdrafts: Math.max(...reports.map((r) => r.wallet.overdrafts)),
    quota_overspent: Math.max(...reports.map((r) => r.wallet.quota_overspent)),
    membership_double_extended: Math.max(
      ...reports.map((r) => r.wallet.membership_double_extended),
    ),
    orders_per_s: Math.min(...reports.map((r) => r.orders_per_s)),
  };
  log('');
  log(failed ? '结果：有不变量不成立' : '结果：全部不变量成立');
  if (json) {
    console.log(
      JSON.stringify({
        buyers: buyerCount,
        seconds,
        databases: Object.fromEntries(
          reports.map((r) => [r.database, { ...r, ok: broken(r).length === 0 }]),
        ),
      }),
    );
    // The last line, spaced as issue 11 writes it.
    console.log(
      `{${Object.entries(summary)
        .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
        .join(', ')}}`,
    );
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
