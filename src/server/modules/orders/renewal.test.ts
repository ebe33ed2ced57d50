import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef, CallRequest } from '@shared/contract/define';
import {
  empowerCategory,
  getOrder,
  getRenewalEmpowerList,
  orderReturnQrCode,
  submitOrder,
  submitRenewal,
} from '@shared/contract/orders';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { auditLedger } from '../finance/ledger';

const DAY = 86_400_000;

describe.each(testDatabases())('licence renewal ($name)', (database) => {
  let f: CatalogueFixture;
  let buyer: string;
  let other: string;
  let exclusiveWork: number;
  let materialWork: number;
  let keySeq = 0;
  const idemKey = () => `renew-key-${++keySeq}-${Date.now()}`;

  const fail = async <C extends CallDef>(c: C, input: CallRequest<C>, token?: string) => {
    const { body } = await f.call(c, input, token);
    expect(body.code).not.toBe(1);
    return { code: body.code, msg: body.msg };
  };

  /** Submits and pays an order through the sandbox; returns it paid. */
  const buy = async (token: string, input: CallRequest<typeof submitOrder>) => {
    const order = await f.ok(submitOrder, input, token);
    const qr = await f.ok(orderReturnQrCode, { orderNo: order.orderNo, payMethod: 1 }, token);
    await f.app.inject({ method: 'POST', url: `/pay/sandbox/${qr.payOrderNo}` });
    return f.ok(getOrder, { orderNo: order.orderNo }, token);
  };
  /** The buyer's paid one-year licence of the material work, and the work's licence options. */
  const buyMaterial = async () => {
    const info = await f.ok(empowerCategory, { creationId: materialWork });
    const order = await buy(buyer, {
      creationId: materialWork,
      licenceId: info.options[0]!.licenceId,
      categoryKids: [],
      keywords: [],
      customKey: '',
      termYears: 1,
      idemKey: idemKey(),
      agreed: true,
    });
    return { order, info };
  };
  const exclusiveInput = async (kidIndex: number) => {
    const info = await f.ok(empowerCategory, { creationId: exclusiveWork });
    const licence = info.options.find((o) => o.kind === 'category_exclusive')!;
    return {
      creationId: exclusiveWork,
      licenceId: licence.licenceId,
      // Categories no seeded sale holds.
      categoryKids: [info.categories.filter((c) => !c.taken)[kidIndex]!.kid],
      keywords: ['服装'],
      customKey: '',
      termYears: 1,
      idemKey: idemKey(),
      agreed: true,
    };
  };
  /** Moves a paid licence's end (and its exclusivity) to `endMs`, as if time had passed. */
  const endLicenceAt = async (orderNo: string, endMs: number) => {
    const end = new Date(endMs).toISOString();
    await f.deps.db
      .updateTable('orders')
      .set({ licence_end: end })
      .where('order_no', '=', orderNo)
      .execute();
    await f.deps.db
      .updateTable('work_exclusives')
      .set({ until: end })
      .where('order_no', '=', orderNo)
      .execute();
  };
  const exclusivityOf = (orderNo: string) =>
    f.deps.db.selectFrom('work_exclusives').selectAll().where('order_no', '=', orderNo).execute();

  beforeAll(async () => {
    f = await buildCatalogueApp(database);
    buyer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
    const works = await f.deps.db
      .selectFrom('works')
      .select(['id', 'header_type'])
      .where('status', '=', 'published')
      .orderBy('id')
      .execute();
    exclusiveWork = works.find((w) => w.header_type === 3)!.id;
    materialWork = works.find((w) => w.header_type === 4)!.id;
  });
  afterAll(async () => {
    await f?.close();
  });

  it('renews an exclusive licence at the current price, continuing its period and its exclusivity', async () => {
    const old = await buy(buyer, await exclusiveInput(0));
    expect(old.state).toBe('paid');
    const endMs = f.deps.now() + 10 * DAY;
    await endLicenceAt(old.orderNo, endMs);
    // The designer raised the price since.
    await f.deps.db
      .updateTable('work_licences')
      .set({ price_fen: 123_400 })
      .where('id', '=', (await exclusiveInput(0)).licenceId)
      .execute();

    const { list } = await f.ok(getRenewalEmpowerList, { orderNo: '' }, buyer);
    const item = list.find((l) => l.orderNo === old.orderNo)!;
    expect(item).toMatchObject({
      renewable: true,
      reason: '',
      yearPriceFen: 123_400,
      daysLeft: 10,
    });
    expect(item.categories).toHaveLength(1);
    const theirs = await f.ok(getRenewalEmpowerList, { orderNo: '' }, other);
    expect(theirs.list.map((l) => l.orderNo)).not.toContain(old.orderNo);

    const key = idemKey();
    const renewal = await f.ok(
      submitRenewal,
      { orderNo: old.orderNo, termYears: 2, idemKey: key },
      buyer,
    );
    expect(renewal).toMatchObject({ state: 'pending', amountFen: 246_800, termYears: 2 });
    expect(renewal.categories).toEqual(old.categories);
    expect(renewal.keywords).toEqual(['服装']);
    // A retry returns the same renewal; a second one while it waits is refused.
    expect(
      (await f.ok(submitRenewal, { orderNo: old.orderNo, termYears: 2, idemKey: key }, buyer))
        .orderNo,
    ).toBe(renewal.orderNo);
    expect(
      (await fail(submitRenewal, { orderNo: old.orderNo, termYears: 1, idemKey: idemKey() }, buyer))
        .msg,
    ).toBe('该授权已有待支付的续费订单，请先支付或取消');

    const qr = await f.ok(orderReturnQrCode, { orderNo: renewal.orderNo, payMethod: 2 }, buyer);
    await f.app.inject({ method: 'POST', url: `/pay/sandbox/${qr.payOrderNo}` });
    const paid = await f.ok(getOrder, { orderNo: renewal.orderNo }, buyer);
    expect(paid.state).toBe('paid');
    const row = await f.deps.db
      .selectFrom('orders')
      .select(['licence_start', 'licence_end', 'renewal_of'])
      .where('order_no', '=', renewal.orderNo)
      .executeTakeFirstOrThrow();
    expect(row.renewal_of).toBe(old.orderNo);
    expect(row.licence_start).toBe(new Date(endMs).toISOString());
    const twoYears = new Date(endMs);
    twoYears.setUTCFullYear(twoYears.getUTCFullYear() + 2);
    expect(row.licence_end).toBe(twoYears.toISOString());
    // The exclusivity passed to the renewal, until its end.
    expect(await exclusivityOf(old.orderNo)).toEqual([]);
    const held = await exclusivityOf(renewal.orderNo);
    expect(held).toHaveLength(1);
    expect(held[0]!.until).toBe(twoYears.toISOString());
    // Renewed: no longer offered.
    const after = await f.ok(getRenewalEmpowerList, { orderNo: '' }, buyer);
    expect(after.list.map((l) => l.orderNo)).not.toContain(old.orderNo);
    const audit = await auditLedger(f.deps.db);
    expect(audit.sumFen).toBe(0);
    expect(audit.mismatched).toEqual([]);
  });

  it('makes one renewal when two are submitted at once with different keys', async () => {
    const { order: old } = await buyMaterial();
    await endLicenceAt(old.orderNo, f.deps.now() + 10 * DAY);
    const both = await Promise.all(
      [1, 2].map((termYears) =>
        f.call(submitRenewal, { orderNo: old.orderNo, termYears, idemKey: idemKey() }, buyer),
      ),
    );
    const made = both.filter((r) => r.body.code === 1);
    const refused = both.filter((r) => r.body.code !== 1);
    expect(made).toHaveLength(1);
    expect(refused.map((r) => r.body.msg)).toEqual(['该授权已有待支付的续费订单，请先支付或取消']);
    const renewals = await f.deps.db
      .selectFrom('orders')
      .select('order_no')
      .where('renewal_of', '=', old.orderNo)
      .execute();
    expect(renewals).toHaveLength(1);
    // However the checks interleave, the database keeps a second live renewal out.
    const first = await f.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', renewals[0]!.order_no)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = first;
    await expect(
      f.deps.db
        .insertInto('orders')
        .values({ ...copy, order_no: `${copy.order_no}X`, idem_key: idemKey() })
        .execute(),
    ).rejects.toThrow();
    // Closing it frees the place for another.
    await f.deps.db
      .updateTable('orders')
      .set({ state: 'cancelled' })
      .where('renewal_of', '=', old.orderNo)
      .execute();
    const again = await f.ok(
      submitRenewal,
      { orderNo: old.orderNo, termYears: 1, idemKey: idemKey() },
      buyer,
    );
    expect(again.state).toBe('pending');
  });

  it("refuses someone else's order and a licence that is not near its end", async () => {
    const { order: material, info } = await buyMaterial();
    const input = { orderNo: material.orderNo, termYears: 1, idemKey: idemKey() };
    expect((await fail(submitRenewal, input, buyer)).msg).toBe(
      '该订单不在可续费范围内（授权到期前 60 天至到期后 30 天可续费）',
    );
    await endLicenceAt(material.orderNo, f.deps.now() + 20 * DAY);
    expect((await fail(submitRenewal, { ...input, idemKey: idemKey() }, other)).msg).toBe(
      '订单不存在',
    );
    // Ended more than 30 days ago: too late.
    await endLicenceAt(material.orderNo, f.deps.now() - 31 * DAY);
    expect((await fail(submitRenewal, { ...input, idemKey: idemKey() }, buyer)).msg).toBe(
      '该订单不在可续费范围内（授权到期前 60 天至到期后 30 天可续费）',
    );
    // Ended 5 days ago: it starts now.
    await endLicenceAt(material.orderNo, f.deps.now() - 5 * DAY);
    const renewal = await f.ok(submitRenewal, { ...input, idemKey: idemKey() }, buyer);
    expect(renewal.amountFen).toBe(info.options[0]!.priceFen);
  });

  it('refuses to renew an exclusivity another buyer took after it ended', async () => {
    const input = await exclusiveInput(1);
    const old = await buy(buyer, input);
    await endLicenceAt(old.orderNo, f.deps.now() - 5 * DAY);
    const taken = await buy(other, { ...input, idemKey: idemKey() });
    expect(taken.state).toBe('paid');
    const { list } = await f.ok(getRenewalEmpowerList, { orderNo: old.orderNo }, buyer);
    expect(list[0]).toMatchObject({
      renewable: false,
      reason: '该品类的独家授权已由他人持有，无法续费',
    });
    expect(
      (await fail(submitRenewal, { orderNo: old.orderNo, termYears: 1, idemKey: idemKey() }, buyer))
        .msg,
    ).toBe('该品类的独家授权已由他人持有，无法续费');
  });
});
