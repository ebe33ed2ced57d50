import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyInvoice,
  getBillList,
  getInvoiceList,
  getInvoiceRequests,
  getReceiptLink,
  handleInvoiceRequest,
} from '@shared/contract/billing';
import type { CallDef, CallRequest } from '@shared/contract/define';
import { empowerCategory, getOrder, orderReturnQrCode, submitOrder } from '@shared/contract/orders';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { receiptKey } from './receipt-service';

describe.each(testDatabases())('bills, receipts and invoices ($name)', (database) => {
  let f: CatalogueFixture;
  let buyer: string;
  let other: string;
  let admin: string;
  let exclusiveWork: number;
  let keySeq = 0;
  const idemKey = () => `bill-key-${++keySeq}-${Date.now()}`;
  /** The buyer's paid order, and the other buyer's order refunded because the buyer won it. */
  let paidOrderNo: string;
  let paidPayNo: string;
  let refundedOrderNo: string;
  let refundedPayNo: string;

  const fail = async <C extends CallDef>(c: C, input: CallRequest<C>, token?: string) => {
    const { status, body } = await f.call(c, input, token);
    expect(body.code).not.toBe(1);
    return { status, code: body.code, msg: body.msg };
  };
  const bills = (token: string, range: { startDate?: string; endDate?: string } = {}) =>
    f.ok(getBillList, { startDate: '', endDate: '', pageIndex: 1, pageSize: 20, ...range }, token);

  beforeAll(async () => {
    f = await buildCatalogueApp(database);
    buyer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
    admin = await f.signIn(DEMO_ADMIN.phone);
    const work = await f.deps.db
      .selectFrom('works')
      .select('id')
      .where('status', '=', 'published')
      .where('header_type', '=', 3)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    exclusiveWork = work.id;
    const info = await f.ok(empowerCategory, { creationId: exclusiveWork });
    const licence = info.options.find((o) => o.kind === 'category_exclusive')!;
    const submit = (token: string) =>
      f.ok(
        submitOrder,
        {
          creationId: exclusiveWork,
          licenceId: licence.licenceId,
          categoryKids: [info.categories.find((c) => !c.taken)!.kid],
          keywords: [],
          customKey: '',
          termYears: 1,
          idemKey: idemKey(),
          agreed: true,
        },
        token,
      );
    // Both order the same exclusivity; the buyer pays first, so the other buyer is refunded.
    const [mine, theirs] = [await submit(buyer), await submit(other)];
    const qa = await f.ok(orderReturnQrCode, { orderNo: mine.orderNo, payMethod: 1 }, buyer);
    const qb = await f.ok(orderReturnQrCode, { orderNo: theirs.orderNo, payMethod: 2 }, other);
    await f.app.inject({ method: 'POST', url: `/pay/sandbox/${qa.payOrderNo}` });
    await f.app.inject({ method: 'POST', url: `/pay/sandbox/${qb.payOrderNo}` });
    expect((await f.ok(getOrder, { orderNo: mine.orderNo }, buyer)).state).toBe('paid');
    expect((await f.ok(getOrder, { orderNo: theirs.orderNo }, other)).state).toBe('refunded');
    [paidOrderNo, paidPayNo, refundedOrderNo, refundedPayNo] = [
      mine.orderNo,
      qa.payOrderNo,
      theirs.orderNo,
      qb.payOrderNo,
    ];
  });
  afterAll(async () => {
    await f?.close();
  });

  it('lists a payment and a refund, newest first, and never another user’s', async () => {
    const theirs = await bills(other);
    // The newest two: the refund, then the payment it returned.
    expect(theirs.list.slice(0, 2).map((b) => [b.kind, b.kindTitle, b.billNo])).toEqual([
      ['refund', '退款', `R${refundedPayNo}`],
      ['payment', '支付', refundedPayNo],
    ]);
    expect(theirs.list[0]).toMatchObject({
      orderNo: refundedOrderNo,
      channelTitle: '沙箱支付',
      workTitle: expect.any(String),
      note: expect.stringContaining('款项已原路退回'),
    });
    expect(theirs.refundedFen).toBeGreaterThanOrEqual(theirs.list[0]!.amountFen);
    expect(theirs.list.map((b) => b.billNo)).not.toContain(paidPayNo);
    const mine = await bills(buyer);
    expect(mine.list[0]!.billNo).toBe(paidPayNo);
    expect(mine.list[0]!.workTitle).not.toBe('');
    const mineAll = mine.list.map((b) => b.billNo);
    expect(mineAll).not.toContain(refundedPayNo);
    expect(mineAll).not.toContain(`R${refundedPayNo}`);
    // A date range ending before today is empty; a bad range is refused.
    expect((await bills(buyer, { endDate: '2020-01-01' })).list).toEqual([]);
    expect(
      (
        await fail(
          getBillList,
          { startDate: '2026-02-01', endDate: '2026-01-01', pageIndex: 1, pageSize: 20 },
          buyer,
        )
      ).msg,
    ).toBe('开始日期不能晚于结束日期');
    expect(
      (await f.call(getBillList, { endDate: '', startDate: '', pageIndex: 1, pageSize: 20 })).body
        .code,
    ).toBe(401);
  });

  it('gives a receipt to the payer only, renders it once and keeps it', async () => {
    expect((await fail(getReceiptLink, { billNo: refundedPayNo }, buyer)).msg).toBe('票据不存在');
    const link = await f.ok(getReceiptLink, { billNo: `R${refundedPayNo}` }, other);
    const first = await f.app.inject({ method: 'GET', url: link.url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/pdf');
    expect(first.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(await f.deps.storage.exists(receiptKey(`R${refundedPayNo}`))).toBe(true);
    const again = await f.app.inject({ method: 'GET', url: link.url });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // A forged signature, or another bill's number under this signature, opens nothing.
    const forged = link.url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await f.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const swapped = link.url.replace(`R${refundedPayNo}`, paidPayNo);
    expect((await f.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(404);
    const payment = await f.ok(getReceiptLink, { billNo: paidPayNo }, buyer);
    const pdf = await f.app.inject({ method: 'GET', url: payment.url });
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('checks invoice requests, keeps one live request per order, and lets an admin issue or reject', async () => {
    const company = {
      orderNo: paidOrderNo,
      buyerType: 'company' as const,
      title: '杭州纹样科技有限公司',
      taxNo: '91330100MA2H1234X5',
      email: 'finance@example.cn',
    };
    expect((await fail(applyInvoice, { ...company, title: '' }, buyer)).msg).toBe(
      '请填写发票抬头（单位名称）',
    );
    expect((await fail(applyInvoice, { ...company, taxNo: '1234' }, buyer)).msg).toBe(
      '纳税人识别号应为 15–20 位字母或数字',
    );
    expect((await fail(applyInvoice, { ...company, email: 'finance' }, buyer)).msg).toBe(
      '请填写正确的邮箱地址',
    );
    expect((await fail(applyInvoice, company, other)).msg).toBe('订单不存在');
    expect((await fail(applyInvoice, { ...company, orderNo: refundedOrderNo }, other)).msg).toBe(
      '订单已退款，无法申请发票',
    );
    const before = await f.ok(getInvoiceList, { pageIndex: 1, pageSize: 20 }, buyer);
    expect(before.invoiceable.map((o) => o.orderNo)).toContain(paidOrderNo);

    const applied = await f.ok(applyInvoice, { ...company, taxNo: '91330100ma2h1234x5' }, buyer);
    expect(applied).toMatchObject({
      state: 'applied',
      stateTitle: '已申请',
      taxNo: '91330100MA2H1234X5',
    });
    expect((await fail(applyInvoice, company, buyer)).msg).toBe('该订单已申请过发票，请勿重复申请');
    const listed = await f.ok(getInvoiceList, { pageIndex: 1, pageSize: 20 }, buyer);
    expect(listed.list.map((r) => r.id)).toEqual([applied.id]);
    expect(listed.invoiceable.map((o) => o.orderNo)).not.toContain(paidOrderNo);

    // The buyer may not handle requests.
    const input = { id: applied.id, action: 'issue' as const, invoiceNo: '04412345', reason: '' };
    expect((await f.call(handleInvoiceRequest, input, buyer)).body.code).toBe(1003);
    expect(
      (await f.call(getInvoiceRequests, { state: '', pageIndex: 1, pageSize: 20 }, buyer)).body
        .code,
    ).toBe(1003);

    const waiting = await f.ok(
      getInvoiceRequests,
      { state: 'applied', pageIndex: 1, pageSize: 20 },
      admin,
    );
    expect(waiting.list.find((r) => r.id === applied.id)?.buyerName).not.toBe('');
    // Rejected with a reason: the buyer may ask again.
    expect((await fail(handleInvoiceRequest, { ...input, action: 'reject' }, admin)).msg).toBe(
      '请填写驳回原因',
    );
    const rejected = await f.ok(
      handleInvoiceRequest,
      { ...input, action: 'reject', reason: '抬头与税号不符' },
      admin,
    );
    expect(rejected).toMatchObject({
      state: 'rejected',
      stateTitle: '已驳回',
      rejectReason: '抬头与税号不符',
    });
    expect((await fail(handleInvoiceRequest, input, admin)).msg).toBe('该申请已处理');
    const again = await f.ok(applyInvoice, company, buyer);
    expect(
      (await fail(handleInvoiceRequest, { ...input, id: again.id, invoiceNo: '12' }, admin)).msg,
    ).toBe('请填写正确的发票号码（8–20 位数字或字母）');
    const issued = await f.ok(handleInvoiceRequest, { ...input, id: again.id }, admin);
    expect(issued).toMatchObject({ state: 'issued', stateTitle: '已开具', invoiceNo: '04412345' });
    expect((await fail(applyInvoice, company, buyer)).msg).toBe('该订单已申请过发票，请勿重复申请');
    const mine = await f.ok(getInvoiceList, { pageIndex: 1, pageSize: 20 }, buyer);
    expect(mine.list.map((r) => r.state)).toEqual(['issued', 'rejected']);
  });

  it('lets only one of two simultaneous requests on an order through', async () => {
    const material = await f.deps.db
      .selectFrom('works')
      .select('id')
      .where('status', '=', 'published')
      .where('header_type', '=', 4)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const info = await f.ok(empowerCategory, { creationId: material.id });
    const order = await f.ok(
      submitOrder,
      {
        creationId: material.id,
        licenceId: info.options[0]!.licenceId,
        categoryKids: [],
        keywords: [],
        customKey: '',
        termYears: 1,
        idemKey: idemKey(),
        agreed: true,
      },
      buyer,
    );
    const person = { buyerType: 'personal' as const, title: '', taxNo: '', email: 'me@qq.com' };
    expect((await fail(applyInvoice, { ...person, orderNo: order.orderNo }, buyer)).msg).toBe(
      '订单支付后才可申请发票',
    );
    const qr = await f.ok(orderReturnQrCode, { orderNo: order.orderNo, payMethod: 1 }, buyer);
    await f.app.inject({ method: 'POST', url: `/pay/sandbox/${qr.payOrderNo}` });
    const answers = await Promise.all(
      [1, 2].map(() => f.call(applyInvoice, { ...person, orderNo: order.orderNo }, buyer)),
    );
    expect(answers.map((a) => a.body.code === 1).sort()).toEqual([false, true]);
    expect(answers.find((a) => a.body.code !== 1)!.body.msg).toBe(
      '该订单已申请过发票，请勿重复申请',
    );
    const live = await f.deps.db
      .selectFrom('invoice_requests')
      .select('title')
      .where('order_no', '=', order.orderNo)
      .execute();
    expect(live).toEqual([{ title: '个人' }]);
  });
});
