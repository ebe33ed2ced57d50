import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AlipayApiError,
  createAlipayProvider,
  fenFromYuan,
  fromAlipayTime,
  toAlipayTime,
  yuanFromFen,
} from './alipay';
import { PaymentVerificationError } from './payment-provider';
import type { HttpTransport, PaymentProvider } from './payment-provider';

// The test plays the application (its key pair; the adapter holds the private half) and Alipay
// (its key pair signs answers and notifications).
const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const app = keyPair();
const alipay = keyPair();
const stranger = keyPair();

const APP_ID = '2021004112345678';
const NOW = new Date('2026-11-24T05:00:00Z');
const GATEWAY = 'https://openapi.alipay.com/gateway.do';

type Sent = Parameters<HttpTransport>[0];

const rsa2 = (content: string, key: string) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

/** Alipay's string to sign: sorted k=v&…, without the excluded keys and empty values. */
const signContent = (params: Record<string, string>, exclude: string[]) =>
  Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

/** All parameters of a gateway request (URL query and form body). */
function paramsOf(request: Sent): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of new URL(request.url).searchParams) params[k] = v;
  for (const [k, v] of new URLSearchParams(request.body ?? '')) params[k] = v;
  return params;
}

/** A gateway answering `answer(method, biz)`, signed like Alipay (slashes escaped as it writes them). */
function fakeAlipay(
  answer: (method: string, biz: Record<string, unknown>) => Record<string, unknown>,
  opts: { signedBy?: string; unsigned?: boolean } = {},
) {
  const sent: Sent[] = [];
  const transport: HttpTransport = async (request) => {
    sent.push(request);
    const params = paramsOf(request);
    const method = params.method ?? '';
    const inner = JSON.stringify(
      answer(method, JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>),
    ).replaceAll('/', '\\/');
    const key = `${method.replaceAll('.', '_')}_response`;
    const sign = rsa2(inner, opts.signedBy ?? alipay.privateKey);
    const body = opts.unsigned ? `{"${key}":${inner}}` : `{"${key}":${inner},"sign":"${sign}"}`;
    return { status: 200, headers: { 'content-type': 'text/html;charset=utf-8' }, body };
  };
  return { sent, transport };
}

const provider = (transport: HttpTransport, keys = { app, alipay }): PaymentProvider =>
  createAlipayProvider(
    {
      appId: APP_ID,
      privateKey: keys.app.privateKey,
      alipayPublicKey: keys.alipay.publicKey,
      now: () => NOW,
    },
    transport,
  );

/** Checks a request's RSA2 signature (everything but sign) with the application public key. */
function checkSigned(request: Sent): Record<string, string> {
  const params = paramsOf(request);
  expect(params.sign).toBeTruthy();
  const ok = createVerify('RSA-SHA256')
    .update(signContent(params, ['sign']), 'utf8')
    .verify(app.publicKey, params.sign ?? '', 'base64');
  expect(ok).toBe(true);
  return params;
}

/** An async notification in the shape of Alipay's published example, signed by Alipay. */
function notification(
  overrides: Record<string, string> = {},
  opts: { key?: string; after?: (p: Record<string, string>) => void } = {},
) {
  const params: Record<string, string> = {
    gmt_create: '2026-11-24 12:57:40',
    charset: 'utf-8',
    seller_email: 'shop@wenyang.example.cn',
    subject: '纹样授权-青花缠枝莲',
    buyer_id: '2088102122524333',
    invoice_amount: '2890.00',
    notify_id: '2026112400222125801093311459306548',
    fund_bill_list: '[{"amount":"2890.00","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '2890.00',
    app_id: APP_ID,
    buyer_pay_amount: '2890.00',
    sign_type: 'RSA2',
    seller_id: '2088102119685838',
    gmt_payment: '2026-11-24 12:58:01',
    notify_time: '2026-11-24 12:58:02',
    version: '1.0',
    out_trade_no: 'P20261124125500123',
    total_amount: '2890.00',
    trade_no: '2026112422001433331234567890',
    auth_app_id: APP_ID,
    buyer_logon_id: 'lhb***@163.com',
    point_amount: '0.00',
    ...overrides,
  };
  params.sign = rsa2(signContent(params, ['sign', 'sign_type']), opts.key ?? alipay.privateKey);
  opts.after?.(params);
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(params).toString(),
  };
}

const noNetwork: HttpTransport = async () => {
  throw new Error('no request expected');
};

describe('Alipay amounts and times', () => {
  it('turns yuan text into fen without floating point', () => {
    expect(fenFromYuan('2890.00')).toBe(289000);
    expect(fenFromYuan('0.01')).toBe(1);
    expect(fenFromYuan('0.1')).toBe(10);
    expect(fenFromYuan('19.99')).toBe(1999); // 19.99 * 100 is 1998.9999999999998 in floating point
    expect(fenFromYuan('1.15')).toBe(115); // and 1.15 * 100 is 114.99999999999999
    expect(fenFromYuan('7')).toBe(700);
    for (const bad of [
      '',
      '-1.00',
      '1.001',
      '01.00',
      '1e3',
      ' 1.00',
      '1.',
      '.5',
      'NaN',
      '1,000.00',
    ]) {
      expect(() => fenFromYuan(bad), bad).toThrow(RangeError);
    }
  });

  it('round-trips every amount of fen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (fen) => {
        expect(fenFromYuan(yuanFromFen(fen))).toBe(fen);
      }),
    );
    expect(yuanFromFen(289000)).toBe('2890.00');
    expect(yuanFromFen(1)).toBe('0.01');
  });

  it('writes and reads China time', () => {
    expect(toAlipayTime(new Date('2026-11-24T16:30:45.900Z'))).toBe('2026-11-25 00:30:45');
    expect(fromAlipayTime('2026-11-25 00:30:45')).toEqual(new Date('2026-11-24T16:30:45Z'));
    expect(fromAlipayTime('2026-02-30 00:00:00')).toBeNull();
    expect(fromAlipayTime('2026-11-25T00:30:45')).toBeNull();
  });
});

describe('Alipay requests', () => {
  it('precreates with the documented parameters, RSA2-signed, and returns qr_code', async () => {
    const { sent, transport } = fakeAlipay(() => ({
      code: '10000',
      msg: 'Success',
      out_trade_no: 'P20261124125500123',
      qr_code: 'https://qr.alipay.com/bax03431ljhokirwl38f00a7',
    }));
    const result = await provider(transport).createQr({
      payOrderNo: 'P20261124125500123',
      amountFen: 289000,
      subject: '纹样授权-青花缠枝莲',
      expiresAt: new Date('2026-11-24T05:15:00Z'),
      notifyUrl: 'https://wenyang.example.cn/api/payments/notify/alipay',
    });
    expect(result).toEqual({ qrContent: 'https://qr.alipay.com/bax03431ljhokirwl38f00a7' });
    const request = sent[0]!;
    expect(request.method).toBe('POST');
    expect(request.url.startsWith(`${GATEWAY}?`)).toBe(true);
    expect(request.headers['Content-Type']).toBe('application/x-www-form-urlencoded;charset=utf-8');
    // The business content travels in the form body, the system parameters in the URL.
    expect([...new URLSearchParams(request.body).keys()]).toEqual(['biz_content']);
    const params = checkSigned(request);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.precreate',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2026-11-24 13:00:00',
      notify_url: 'https://wenyang.example.cn/api/payments/notify/alipay',
    });
    expect(JSON.parse(params.biz_content ?? '')).toEqual({
      out_trade_no: 'P20261124125500123',
      total_amount: '2890.00',
      subject: '纹样授权-青花缠枝莲',
      product_code: 'FACE_TO_FACE_PAYMENT',
      time_expire: '2026-11-24 13:15:00',
    });
  });

  it('refuses a forged or unsigned success, and reports a business error', async () => {
    const input = {
      payOrderNo: 'P20261124125500123',
      amountFen: 1,
      subject: 's',
      expiresAt: NOW,
      notifyUrl: 'https://x.example/n',
    };
    const success = () => ({
      code: '10000',
      msg: 'Success',
      qr_code: 'https://qr.alipay.com/evil',
    });
    const forged = fakeAlipay(success, { signedBy: stranger.privateKey });
    await expect(provider(forged.transport).createQr(input)).rejects.toBeInstanceOf(
      PaymentVerificationError,
    );
    const unsigned = fakeAlipay(success, { unsigned: true });
    await expect(provider(unsigned.transport).createQr(input)).rejects.toBeInstanceOf(
      PaymentVerificationError,
    );
    const failing = fakeAlipay(() => ({
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'ACQ.TOTAL_FEE_EXCEED',
      sub_msg: '订单金额超过限额',
    }));
    const error: unknown = await provider(failing.transport)
      .createQr(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlipayApiError);
    expect((error as AlipayApiError).subCode).toBe('ACQ.TOTAL_FEE_EXCEED');
  });

  it('queries and maps the trade states', async () => {
    const { sent, transport } = fakeAlipay(() => ({
      code: '10000',
      msg: 'Success',
      trade_no: '2026112422001433331234567890',
      out_trade_no: 'P20261124125500123',
      buyer_logon_id: 'lhb***@163.com',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '2890.00',
      buyer_pay_amount: '2890.00',
      send_pay_date: '2026-11-24 12:58:01',
    }));
    expect(await provider(transport).query('P20261124125500123')).toEqual({
      state: 'paid',
      notice: {
        payOrderNo: 'P20261124125500123',
        providerTradeNo: '2026112422001433331234567890',
        amountFen: 289000,
        paidAt: new Date('2026-11-24T04:58:01Z'),
      },
    });
    const params = checkSigned(sent[0]!);
    expect(params.method).toBe('alipay.trade.query');
    expect(JSON.parse(params.biz_content ?? '')).toEqual({ out_trade_no: 'P20261124125500123' });

    for (const [status, state] of [
      ['WAIT_BUYER_PAY', 'unpaid'],
      ['TRADE_CLOSED', 'closed'],
    ]) {
      const fake = fakeAlipay(() => ({
        code: '10000',
        msg: 'Success',
        out_trade_no: 'P20261124125500123',
        trade_status: status,
        total_amount: '2890.00',
      }));
      expect(await provider(fake.transport).query('P20261124125500123')).toEqual({ state });
    }
    const notScanned = fakeAlipay(() => ({
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'ACQ.TRADE_NOT_EXIST',
      sub_msg: '交易不存在',
    }));
    expect(await provider(notScanned.transport).query('P20261124125500123')).toEqual({
      state: 'unpaid',
    });
  });

  it('refunds with the documented parameters', async () => {
    const { sent, transport } = fakeAlipay(() => ({
      code: '10000',
      msg: 'Success',
      trade_no: '2026112422001433331234567890',
      out_trade_no: 'P20261124125500123',
      buyer_logon_id: 'lhb***@163.com',
      fund_change: 'Y',
      refund_fee: '1000.00',
    }));
    const result = await provider(transport).refund({
      payOrderNo: 'P20261124125500123',
      refundNo: 'R20261124000001',
      refundFen: 100000,
      totalFen: 289000,
      reason: '授权取消',
    });
    expect(result).toEqual({ providerRefundNo: '2026112422001433331234567890:R20261124000001' });
    const params = checkSigned(sent[0]!);
    expect(params.method).toBe('alipay.trade.refund');
    expect(JSON.parse(params.biz_content ?? '')).toEqual({
      out_trade_no: 'P20261124125500123',
      refund_amount: '1000.00',
      out_request_no: 'R20261124000001',
      refund_reason: '授权取消',
    });
  });
});

describe('Alipay notifications', () => {
  const ali = provider(noNetwork);

  it('verifies a notification and states the payment in fen', async () => {
    await expect(ali.verifyNotification(notification())).resolves.toEqual({
      payOrderNo: 'P20261124125500123',
      providerTradeNo: '2026112422001433331234567890',
      amountFen: 289000,
      paidAt: new Date('2026-11-24T04:58:01Z'),
    });
    const penny = notification({
      total_amount: '0.01',
      invoice_amount: '0.01',
      receipt_amount: '0.01',
      buyer_pay_amount: '0.01',
    });
    expect((await ali.verifyNotification(penny)).amountFen).toBe(1);
    const finished = notification({ trade_status: 'TRADE_FINISHED' });
    expect((await ali.verifyNotification(finished)).amountFen).toBe(289000);
  });

  it('leaves empty values out of the signed string, as Alipay does', async () => {
    await expect(ali.verifyNotification(notification({ body: '' }))).resolves.toMatchObject({
      amountFen: 289000,
    });
  });

  const refused: [string, () => { headers: Record<string, string>; body: string }][] = [
    ['a tampered amount', () => notification({}, { after: (p) => (p.total_amount = '28900.00') })],
    ['a signature by another key', () => notification({}, { key: stranger.privateKey })],
    ['another app_id', () => notification({ app_id: '2021000000000000' })],
    ['a trade still waiting', () => notification({ trade_status: 'WAIT_BUYER_PAY' })],
    ['a closed trade', () => notification({ trade_status: 'TRADE_CLOSED' })],
    ['sign_type RSA (SHA-1)', () => notification({}, { after: (p) => (p.sign_type = 'RSA') })],
    ['no sign', () => notification({}, { after: (p) => delete p.sign })],
    ['an amount with three decimals', () => notification({ total_amount: '2890.001' })],
    ['a zero amount', () => notification({ total_amount: '0.00' })],
    ['a GBK charset', () => notification({ charset: 'GBK' })],
    [
      'a repeated parameter',
      () => {
        const n = notification();
        return { ...n, body: `${n.body}&total_amount=0.01` };
      },
    ],
    ['an empty body', () => ({ headers: {}, body: '' })],
  ];
  for (const [name, make] of refused) {
    it(`refuses ${name}`, async () => {
      await expect(ali.verifyNotification(make())).rejects.toBeInstanceOf(PaymentVerificationError);
    });
  }

  it('answers success / fail as text', () => {
    expect(ali.notificationAck(true)).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(ali.notificationAck(false).body).toBe('fail');
  });
});

describe('Alipay keys', () => {
  it('accepts PKCS#8 PEM and the bare base64 the Alipay key tool writes', async () => {
    const bare = (pem: string) =>
      pem
        .split('\n')
        .filter((line) => !line.startsWith('-----'))
        .join('');
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const appKeys = {
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
    for (const privateText of [appKeys.privateKey, bare(appKeys.privateKey)]) {
      const { sent, transport } = fakeAlipay(() => ({
        code: '10000',
        msg: 'Success',
        qr_code: 'q',
      }));
      const p = createAlipayProvider(
        { appId: APP_ID, privateKey: privateText, alipayPublicKey: bare(alipay.publicKey) },
        transport,
      );
      await p.createQr({
        payOrderNo: 'P1',
        amountFen: 1,
        subject: 's',
        expiresAt: NOW,
        notifyUrl: 'https://x.example/n',
      });
      const params = paramsOf(sent[0]!);
      const ok = createVerify('RSA-SHA256')
        .update(signContent(params, ['sign']), 'utf8')
        .verify(appKeys.publicKey, params.sign ?? '', 'base64');
      expect(ok).toBe(true);
    }
  });

  it('refuses a private key given as the Alipay public key', () => {
    expect(() =>
      createAlipayProvider(
        { appId: APP_ID, privateKey: app.privateKey, alipayPublicKey: alipay.privateKey },
        noNetwork,
      ),
    ).toThrow(/public key/);
  });
});
