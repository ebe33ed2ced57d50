import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef, CallRequest } from '@shared/contract/define';
import {
  cancelOrder,
  confirmBankTransfer,
  empowerCategory,
  getMyOrders,
  getOrder,
  getContractLink,
  getOrderCodeByCreationId,
  getOrderCreationBySaas,
  getSignedContractLink,
  getTradeCertificate,
  updateContractSignStatus,
  getPayResult,
  getUserImgAuth,
  orderReturnQrCode,
  payOrder,
  submitOrder,
} from '@shared/contract/orders';
import { DEMO_ADMIN } from '../../db/seed/demo-catalogue';
import { BUYER, OTHER_BUYER, buildCatalogueApp } from '../../testing/catalogue-fixture';
import type { CatalogueFixture } from '../../testing/catalogue-fixture';
import { testDatabases } from '../../testing/test-app';
import { auditLedger, balanceOf } from '../finance/ledger';
import { settleDue } from './payment-service';

describe.each(testDatabases())('licence orders ($name)', (database) => {
  let f: CatalogueFixture;
  let buyer: string;
  let other: string;
  let admin: string;
  let exclusiveWork: number;
  let materialWork: number;
  let keySeq = 0;
  const idemKey = () => `test-key-${++keySeq}-${Date.now()}`;

  const fail = async <C extends CallDef>(c: C, input: CallRequest<C>, token?: string) => {
    const { status, body } = await f.call(c, input, token);
    expect(body.code).not.toBe(1);
    return { status, code: body.code, msg: body.msg };
  };
  const countRows = async (table: 'orders' | 'payments' | 'ledger_transfers' | 'sale_records') =>
    Number(
      (
        await f.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sandboxPay = async (payOrderNo: string) =>
    f.app.inject({ method: 'POST', url: `/pay/sandbox/${payOrderNo}` });

  beforeAll(async () => {
    f = await buildCatalogueApp(database);
    buyer = await f.signIn(BUYER);
    other = await f.signIn(OTHER_BUYER);
    admin = await f.signIn(DEMO_ADMIN.phone);
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

  const exclusiveChoice = async (kidIndex = 0) => {
    const info = await f.ok(empowerCategory, { creationId: exclusiveWork });
    const licence = info.options.find((o) => o.kind === 'category_exclusive')!;
    return { info, licence, kid: info.categories[kidIndex]!.kid };
  };

  it('refuses guests, a missing agreement, a missing category, and prices on the server', async () => {
    const { licence, kid } = await exclusiveChoice();
    const base = {
      creationId: exclusiveWork,
      licenceId: licence.licenceId,
      categoryKids: [kid],
      keywords: ['服装'],
      customKey: '',
      termYears: 2,
      idemKey: idemKey(),
      agreed: true,
    };
    expect((await f.call(submitOrder, base)).body.code).toBe(401);
    expect((await fail(submitOrder, { ...base, agreed: false }, buyer)).msg).toBe(
      '请先阅读并同意授权协议',
    );
    expect(
      (await fail(submitOrder, { ...base, categoryKids: [], idemKey: idemKey() }, buyer)).msg,
    ).toBe('请选择使用品类');
    expect(
      (await fail(submitOrder, { ...base, keywords: ['火箭'], idemKey: idemKey() }, buyer)).msg,
    ).toBe('所选授权用途不存在');
    const before = await countRows('orders');
    const order = await f.ok(submitOrder, base, buyer);
    expect(order.state).toBe('pending');
    expect(order.amountFen).toBe(licence.priceFen * 2);
    expect(order.termYears).toBe(2);
    expect(await countRows('orders')).toBe(before + 1);
  });

  it('returns the first order for a repeated idempotency key and refuses it with other choices', async () => {
    const { licence, kid } = await exclusiveChoice();
    const input = {
      creationId: exclusiveWork,
      licenceId: licence.licenceId,
      categoryKids: [kid],
      keywords: [],
      customKey: '',
      termYears: 1,
      idemKey: idemKey(),
      agreed: true,
    };
    const [a, b] = await Promise.all([
      f.ok(submitOrder, input, buyer),
      f.ok(submitOrder, input, buyer),
    ]);
    expect(b.orderNo).toBe(a.orderNo);
    const changed = await fail(submitOrder, { ...input, termYears: 3 }, buyer);
    expect(changed.msg).toBe('该请求已提交过内容不同的订单，请刷新页面后重新下单');
    // Another buyer never sees it.
    expect((await fail(getOrder, { orderNo: a.orderNo }, other)).msg).toBe('订单不存在');
  });

  it('pays once through the sandbox, refuses forged and replayed notifications, and keeps the ledger at zero', async () => {
    const { licence, kid } = await exclusiveChoice(1);
    const order = await f.ok(
      submitOrder,
      {
        creationId: exclusiveWork,
        licenceId: licence.licenceId,
        categoryKids: [kid],
        keywords: ['家纺'],
        customKey: '春季系列',
        termYears: 1,
        idemKey: idemKey(),
        agreed: true,
      },
      buyer,
    );
    const qr = await f.ok(orderReturnQrCode, { orderNo: order.orderNo, payMethod: 1 }, buyer);
    expect(qr.channel).toBe('sandbox');
    expect(qr.qrCode).toContain(`/pay/sandbox/${qr.payOrderNo}`);
    // A double click makes one QR.
    const again = await f.ok(orderReturnQrCode, { orderNo: order.orderNo, payMethod: 1 }, buyer);
    expect(again.payOrderNo).toBe(qr.payOrderNo);
    expect((await f.ok(getPayResult, { payOrderNo: qr.payOrderNo }, buyer)).paid).toBe(false);

    const sandbox = f.app.payments.sandbox!;
    const good = sandbox.buildNotification(qr.payOrderNo, qr.amountFen, 'nonce-1');
    // Forged: a signature of someone else's, a changed amount, a stale timestamp.
    const forged = [
      { ...good, headers: { ...good.headers, 'sandbox-signature': 'AAAA' } },
      { ...good, body: good.body.replace(String(qr.amountFen), '1') },
      sandbox.buildNotification(qr.payOrderNo, 1, 'nonce-2'),
    ];
    const salesBefore = await countRows('sale_records');
    for (const n of forged) {
      const res = await f.app.inject({
        method: 'POST',
        url: '/pay/notify/sandbox',
        headers: n.headers as Record<string, string>,
        payload: n.body,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await f.ok(getOrder, { orderNo: order.orderNo }, buyer)).state).toBe('pending');

    const soldBefore = (
      await f.deps.db
        .selectFrom('works')
        .select('sale_count')
        .where('id', '=', exclusiveWork)
        .executeTakeFirstOrThrow()
    ).sale_count;
    for (let i = 0; i < 3; i++) {
      const res = await f.app.inject({
        method: 'POST',
        url: '/pay/notify/sandbox',
        headers: good.headers as Record<string, string>,
        payload: good.body,
      });
      expect(res.statusCode).toBe(200);
    }
    const paid = await f.ok(getOrder, { orderNo: order.orderNo }, buyer);
    expect(paid.state).toBe('paid');
    expect(paid.licenceEnd).not.toBe('');
    expect(paid.canDownload).toBe(true);
    expect((await f.ok(getPayResult, { payOrderNo: qr.payOrderNo }, buyer)).paid).toBe(true);
    expect(await countRows('sale_records')).toBe(salesBefore + 1);
    const soldAfter = (
      await f.deps.db
        .selectFrom('works')
        .select('sale_count')
        .where('id', '=', exclusiveWork)
        .executeTakeFirstOrThrow()
    ).sale_count;
    expect(soldAfter).toBe(soldBefore + 1);
    const audit = await auditLedger(f.deps.db);
    expect(audit.sumFen).toBe(0);
    expect(audit.mismatched).toEqual([]);

    // Exclusivity is now taken for everyone else.
    const taken = await fail(
      submitOrder,
      {
        creationId: exclusiveWork,
        licenceId: licence.licenceId,
        categoryKids: [kid],
        keywords: [],
        customKey: '',
        termYears: 1,
        idemKey: idemKey(),
        agreed: true,
      },
      other,
    );
    expect(taken.msg).toMatch(/品类的独家授权已售出，授权期至 \d{4}-\d{2}-\d{2}$/);
  });

  it('lets one of two racing buyers have an exclusivity and refunds the other with the reason', async () => {
    const { licence, kid } = await exclusiveChoice(2);
    const submit = (token: string) =>
      f.ok(
        submitOrder,
        {
          creationId: exclusiveWork,
          licenceId: licence.licenceId,
          categoryKids: [kid],
          keywords: [],
          customKey: '',
          termYears: 1,
          idemKey: idemKey(),
          agreed: true,
        },
        token,
      );
    const [a, b] = [await submit(buyer), await submit(other)];
    const qa = await f.ok(orderReturnQrCode, { orderNo: a.orderNo, payMethod: 2 }, buyer);
    const qb = await f.ok(orderReturnQrCode, { orderNo: b.orderNo, payMethod: 2 }, other);
    await Promise.all([sandboxPay(qa.payOrderNo), sandboxPay(qb.payOrderNo)]);
    const states = [
      (await f.ok(getOrder, { orderNo: a.orderNo }, buyer)).state,
      (await f.ok(getOrder, { orderNo: b.orderNo }, other)).state,
    ].sort();
    expect(states).toEqual(['paid', 'refunded']);
    const refunded =
      (await f.ok(getOrder, { orderNo: a.orderNo }, buyer)).state === 'refunded'
        ? { no: qa.payOrderNo, token: buyer }
        : { no: qb.payOrderNo, token: other };
    const result = await f.ok(getPayResult, { payOrderNo: refunded.no }, refunded.token);
    expect(result.orderState).toBe('refunded');
    expect(result.message).toMatch(/独家授权已售出.*款项已原路退回/);
    const audit = await auditLedger(f.deps.db);
    expect(audit.sumFen).toBe(0);
    expect(audit.mismatched).toEqual([]);
    expect(await balanceOf(f.deps.db, `user:${await f.userId(OTHER_BUYER)}:balance`)).toBe(0);
    expect(await balanceOf(f.deps.db, `user:${await f.userId(BUYER)}:balance`)).toBe(0);
  });

  it('gives the original file to the licensee only', async () => {
    const auth = await f.ok(getUserImgAuth, { creationId: exclusiveWork }, buyer);
    const file = await f.app.inject({ method: 'GET', url: auth.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // The admin has bought nothing: refused (the other buyer may have won the race above).
    const refused = await fail(getUserImgAuth, { creationId: exclusiveWork }, admin);
    expect(refused.msg).toBe('您尚未获得该作品的授权，授权后可下载无水印原图');
    const code = await f.ok(getOrderCodeByCreationId, { creationId: exclusiveWork }, buyer);
    expect(code.canDownload).toBe(true);
    const saas = await f.ok(getOrderCreationBySaas, { creationId: exclusiveWork }, buyer);
    expect(saas.canDownload).toBe(true);
    expect(saas.options.length).toBeGreaterThan(0);
    const guest = await f.ok(getOrderCreationBySaas, { creationId: exclusiveWork });
    expect(guest.orderNo).toBe('');
  });

  it('issues the contract and certificates as PDFs with a verification page, and signs the contract', async () => {
    const { list } = await f.ok(
      getMyOrders,
      { state: 'paid', keyword: '', pageIndex: 1, pageSize: 20 },
      buyer,
    );
    const paid = list[0]!;
    const contract = await f.ok(getContractLink, { orderNo: paid.orderNo }, buyer);
    expect(contract.signed).toBe(false);
    expect((await fail(getSignedContractLink, { orderNo: paid.orderNo }, buyer)).msg).toBe(
      '合同尚未签署，请先签署合同',
    );
    const pdf = await f.app.inject({ method: 'GET', url: contract.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { extractText } = await import('unpdf');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('授 权 许 可 合 同');
    expect(text).toContain(paid.title);
    expect(text).toContain(contract.code);
    // A tampered or expired link opens nothing.
    expect(
      (await f.app.inject({ method: 'GET', url: contract.url.replace(/sig=./, 'sig=x') }))
        .statusCode,
    ).toBe(404);

    const verify = await f.app.inject({ method: 'GET', url: new URL(contract.verifyUrl).pathname });
    expect(verify.body).toContain('真实有效');
    expect(verify.body).toContain(paid.title);
    const unknown = await f.app.inject({ method: 'GET', url: '/verify/ABCDEF123456' });
    expect(unknown.body).toContain('未找到该核验码对应的文件');

    const trade = await f.ok(getTradeCertificate, { orderNo: paid.orderNo }, buyer);
    expect(trade.code).not.toBe(contract.code);
    expect((await fail(getTradeCertificate, { orderNo: paid.orderNo }, admin)).msg).toBe(
      '订单不存在',
    );

    expect(
      (await fail(updateContractSignStatus, { orderNo: paid.orderNo, agreed: false }, buyer)).msg,
    ).toBe('请先阅读合同并确认签署');
    const signed = await f.ok(
      updateContractSignStatus,
      { orderNo: paid.orderNo, agreed: true },
      buyer,
    );
    expect(signed.state).toBe('authorised');
    expect(signed.contractSigned).toBe(true);
    expect(signed.contractSigner).not.toBe('');
    const signedLink = await f.ok(getSignedContractLink, { orderNo: paid.orderNo }, buyer);
    expect(signedLink.code).toBe(contract.code);
  });

  it('closes unpaid orders after 30 minutes, cancels on request, and refuses paying a closed order', async () => {
    const info = await f.ok(empowerCategory, { creationId: materialWork });
    const licence = info.options[0]!;
    const submit = () =>
      f.ok(
        submitOrder,
        {
          creationId: materialWork,
          licenceId: licence.licenceId,
          categoryKids: [],
          keywords: [],
          customKey: '',
          termYears: 1,
          idemKey: idemKey(),
          agreed: true,
        },
        buyer,
      );
    const late = await submit();
    const cancelled = await submit();
    await f.ok(cancelOrder, { orderNo: cancelled.orderNo }, buyer);
    expect((await fail(cancelOrder, { orderNo: cancelled.orderNo }, buyer)).msg).toBe(
      '订单已支付或已关闭，无法取消',
    );
    f.advance(31 * 60_000);
    const closed = await f.ok(getOrder, { orderNo: late.orderNo }, buyer);
    expect(closed.state).toBe('cancelled');
    expect(closed.cancelReason).toBe('超时未支付，订单已关闭');
    expect(
      (await fail(orderReturnQrCode, { orderNo: late.orderNo, payMethod: 1 }, buyer)).msg,
    ).toBe('订单已超时关闭，请重新下单');
    const tabs = await f.ok(
      getMyOrders,
      { state: 'cancelled', keyword: '', pageIndex: 1, pageSize: 20 },
      buyer,
    );
    expect(tabs.list.map((o) => o.orderNo)).toEqual(
      expect.arrayContaining([late.orderNo, cancelled.orderNo]),
    );
    expect(tabs.counts.cancelled).toBeGreaterThanOrEqual(2);
  });

  it('refuses a balance payment without balance and pays a bank transfer an admin confirms', async () => {
    const info = await f.ok(empowerCategory, { creationId: materialWork });
    const order = await f.ok(
      submitOrder,
      {
        creationId: materialWork,
        licenceId: info.options[1]!.licenceId,
        categoryKids: [],
        keywords: [],
        customKey: '',
        termYears: 1,
        idemKey: idemKey(),
        agreed: true,
      },
      other,
    );
    const transfers = await countRows('ledger_transfers');
    expect((await fail(payOrder, { orderNo: order.orderNo }, other)).msg).toBe('余额不足');
    expect(await countRows('ledger_transfers')).toBe(transfers);
    expect((await f.ok(getOrder, { orderNo: order.orderNo }, other)).state).toBe('pending');

    const bank = await f.ok(orderReturnQrCode, { orderNo: order.orderNo, payMethod: 3 }, other);
    expect(bank.bank?.reference).toBe(order.orderNo);
    expect(bank.qrCode).toBe('');
    const input = {
      payOrderNo: bank.payOrderNo,
      bankSerial: 'ICBC0001',
      amountFen: order.amountFen,
    };
    expect((await f.call(confirmBankTransfer, input, other)).body.code).toBe(1003);
    expect(
      (await fail(confirmBankTransfer, { ...input, amountFen: order.amountFen - 1 }, admin)).msg,
    ).toBe('到账金额与订单金额不一致，请核对后再确认');
    expect((await f.ok(confirmBankTransfer, input, admin)).orderState).toBe('paid');
    expect((await fail(confirmBankTransfer, input, admin)).msg).toBe('该转账已确认或已关闭');
  });

  it('settles designer shares after the settlement period, each order once', async () => {
    f.advance(8 * 86_400_000);
    const deps = {
      db: f.deps.db,
      now: f.deps.now,
      commerce: f.app.commerce,
      payments: f.app.payments,
    };
    const settled = await settleDue(deps);
    expect(settled).toBeGreaterThan(0);
    expect(await settleDue(deps)).toBe(0);
    const available = await f.deps.db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.sum<number>('balance').as('total'))
      .where('kind', '=', 'designer_available')
      .executeTakeFirstOrThrow();
    const shares = await f.deps.db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('share_fen').as('total'))
      .where('state', 'in', ['paid', 'authorised'])
      .executeTakeFirstOrThrow();
    expect(Number(available.total)).toBe(Number(shares.total));
    expect((await auditLedger(f.deps.db)).sumFen).toBe(0);
  });
});
