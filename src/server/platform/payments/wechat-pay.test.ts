import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
} from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PaymentVerificationError } from './payment-provider';
import type { HttpTransport, PaymentProvider } from './payment-provider';
import {
  WechatPayApiError,
  createWechatPayProvider,
  decryptWechatPayCiphertext,
  toChinaRfc3339,
} from './wechat-pay';

// The test plays both sides: the merchant (its key pair signs requests, the adapter holds the
// private half) and WeChat Pay (its platform key pair signs answers and notifications).
const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const merchant = pem();
const platform = pem();
const stranger = pem();

const APP_ID = 'wxd678efh567hg6787';
const MCH_ID = '1230000109';
const MCH_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0112300001092025041500123456000001';
const API_V3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';
const NOW = new Date('2026-11-24T05:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

type Sent = Parameters<HttpTransport>[0];

/** WeChat Pay's signature headers over an answer or a notification body. */
function signedHeaders(
  body: string,
  opts: { key?: string; serial?: string; timestamp?: number; nonce?: string } = {},
): Record<string, string> {
  const timestamp = String(opts.timestamp ?? nowSeconds);
  const nonce = opts.nonce ?? randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .sign(opts.key ?? platform.privateKey, 'base64');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': opts.serial ?? PLATFORM_SERIAL,
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    'request-id': '08F78BB5AF0610D302839A5EC8B11B0D',
  };
}

/** A transport answering each request with `answer(request)`, signed by WeChat Pay. */
function fakeWechatPay(
  answer: (request: Sent) => { status?: number; body: unknown; signedBy?: string },
) {
  const sent: Sent[] = [];
  const transport: HttpTransport = async (request) => {
    sent.push(request);
    const { status = 200, body, signedBy } = answer(request);
    const text = JSON.stringify(body);
    return {
      status,
      headers: signedHeaders(text, signedBy ? { key: signedBy } : {}),
      body: text,
    };
  };
  return { sent, transport };
}

const provider = (transport: HttpTransport): PaymentProvider =>
  createWechatPayProvider(
    {
      appId: APP_ID,
      mchId: MCH_ID,
      merchantSerialNo: MCH_SERIAL,
      merchantPrivateKey: merchant.privateKey,
      apiV3Key: API_V3_KEY,
      platformPublicKey: platform.publicKey,
      platformSerial: PLATFORM_SERIAL,
      now: () => NOW,
    },
    transport,
  );

/** Parses `WECHATPAY2-SHA256-RSA2048 k="v",…` and checks it against the merchant public key. */
function checkAuthorization(request: Sent): Record<string, string> {
  const authorization = request.headers.Authorization ?? '';
  expect(authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
  const fields = Object.fromEntries(
    [...authorization.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  ) as Record<string, string>;
  expect(Object.keys(fields).sort()).toEqual([
    'mchid',
    'nonce_str',
    'serial_no',
    'signature',
    'timestamp',
  ]);
  expect(fields.mchid).toBe(MCH_ID);
  expect(fields.serial_no).toBe(MCH_SERIAL);
  expect(fields.timestamp).toBe(String(nowSeconds));
  expect(fields.nonce_str).toMatch(/^[0-9A-F]{32}$/);
  const url = new URL(request.url);
  const message = `${request.method}\n${url.pathname}${url.search}\n${fields.timestamp}\n${fields.nonce_str}\n${request.body ?? ''}\n`;
  const ok = createVerify('RSA-SHA256')
    .update(message)
    .verify(merchant.publicKey, fields.signature ?? '', 'base64');
  expect(ok).toBe(true);
  return fields;
}

/** A transaction as WeChat Pay's published notification example decrypts to (Native). */
const transaction = (overrides: Record<string, unknown> = {}) => ({
  transaction_id: '4200002890202611241234567890',
  amount: { payer_total: 289000, total: 289000, currency: 'CNY', payer_currency: 'CNY' },
  mchid: MCH_ID,
  trade_state: 'SUCCESS',
  bank_type: 'CMC',
  promotion_detail: [],
  success_time: '2026-11-24T12:58:01+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  out_trade_no: 'P20261124125500123',
  appid: APP_ID,
  trade_state_desc: '支付成功',
  trade_type: 'NATIVE',
  attach: '',
  scene_info: { device_id: '' },
  ...overrides,
});

/** AEAD_AES_256_GCM as WeChat Pay encrypts: ciphertext ‖ 16-byte tag, base64. */
function encrypt(plaintext: string, nonce: string, associatedData: string, key = API_V3_KEY) {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([data, cipher.getAuthTag()]).toString('base64');
}

/** A notification in the shape of WeChat Pay's published example, signed by the platform key. */
function notification(
  opts: {
    transaction?: Record<string, unknown>;
    eventType?: string;
    encryptWith?: string;
    sign?: Parameters<typeof signedHeaders>[1];
  } = {},
) {
  const nonce = 'fdasflkja484';
  const associatedData = 'transaction';
  const body = JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-24T12:58:02+08:00',
    resource_type: 'encrypt-resource',
    event_type: opts.eventType ?? 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encrypt(
        JSON.stringify(opts.transaction ?? transaction()),
        nonce,
        associatedData,
        opts.encryptWith,
      ),
      associated_data: associatedData,
      nonce,
    },
  });
  return { headers: signedHeaders(body, opts.sign), body };
}

const noNetwork: HttpTransport = async () => {
  throw new Error('no request expected');
};

describe('WeChat Pay requests', () => {
  it('creates a Native order with the documented body, signed with the merchant key', async () => {
    const { sent, transport } = fakeWechatPay(() => ({
      body: { code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' },
    }));
    const result = await provider(transport).createQr({
      payOrderNo: 'P20261124125500123',
      amountFen: 289000,
      subject: '纹样授权-青花缠枝莲',
      expiresAt: new Date('2026-11-24T05:15:00Z'),
      notifyUrl: 'https://wenyang.example.cn/api/payments/notify/wechat',
    });
    expect(result).toEqual({ qrContent: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    expect(request.headers['Content-Type']).toBe('application/json');
    expect(request.headers.Accept).toBe('application/json');
    expect(request.headers['User-Agent']).toBeTruthy();
    expect(JSON.parse(request.body ?? '')).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: '纹样授权-青花缠枝莲',
      out_trade_no: 'P20261124125500123',
      time_expire: '2026-11-24T13:15:00+08:00',
      notify_url: 'https://wenyang.example.cn/api/payments/notify/wechat',
      amount: { total: 289000, currency: 'CNY' },
    });
    checkAuthorization(request);
  });

  it('signs a GET with the path and query and an empty body line', async () => {
    const { sent, transport } = fakeWechatPay(() => ({ body: transaction() }));
    const result = await provider(transport).query('P20261124125500123');
    const request = sent[0]!;
    expect(request.method).toBe('GET');
    expect(request.url).toBe(
      `https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/P20261124125500123?mchid=${MCH_ID}`,
    );
    expect(request.body).toBeUndefined();
    checkAuthorization(request);
    expect(result).toEqual({
      state: 'paid',
      notice: {
        payOrderNo: 'P20261124125500123',
        providerTradeNo: '4200002890202611241234567890',
        amountFen: 289000,
        paidAt: new Date('2026-11-24T04:58:01Z'),
      },
    });
  });

  it('maps the other trade states and a never-created order', async () => {
    const states: [string, string][] = [
      ['NOTPAY', 'unpaid'],
      ['USERPAYING', 'unpaid'],
      ['CLOSED', 'closed'],
      ['REVOKED', 'closed'],
      ['PAYERROR', 'closed'],
    ];
    for (const [tradeState, state] of states) {
      const { transport } = fakeWechatPay(() => ({
        body: {
          appid: APP_ID,
          mchid: MCH_ID,
          out_trade_no: 'P20261124125500123',
          trade_state: tradeState,
          trade_state_desc: '…',
          amount: { total: 289000, currency: 'CNY' },
        },
      }));
      expect(await provider(transport).query('P20261124125500123')).toEqual({ state });
    }
    const { transport } = fakeWechatPay(() => ({
      status: 404,
      body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' },
    }));
    expect(await provider(transport).query('P20261124125500123')).toEqual({ state: 'unpaid' });
  });

  it('refuses a paid answer about another merchant or order', async () => {
    for (const body of [
      transaction({ mchid: '1900000000' }),
      transaction({ appid: 'wx0000000000000000' }),
      transaction({ out_trade_no: 'P20261124000000000' }),
    ]) {
      const { transport } = fakeWechatPay(() => ({ body }));
      await expect(provider(transport).query('P20261124125500123')).rejects.toBeInstanceOf(
        PaymentVerificationError,
      );
    }
  });

  it('refunds with the documented body and returns refund_id', async () => {
    const { sent, transport } = fakeWechatPay(() => ({
      body: {
        refund_id: '50000000382019052709732678859',
        out_refund_no: 'R20261124000001',
        transaction_id: '4200002890202611241234567890',
        out_trade_no: 'P20261124125500123',
        channel: 'ORIGINAL',
        user_received_account: '招商银行信用卡0403',
        create_time: '2026-11-24T13:10:00+08:00',
        status: 'PROCESSING',
        amount: { total: 289000, refund: 100000, payer_total: 289000, payer_refund: 100000 },
      },
    }));
    const result = await provider(transport).refund({
      payOrderNo: 'P20261124125500123',
      refundNo: 'R20261124000001',
      refundFen: 100000,
      totalFen: 289000,
      reason: '授权取消',
    });
    expect(result).toEqual({ providerRefundNo: '50000000382019052709732678859' });
    const request = sent[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds');
    expect(JSON.parse(request.body ?? '')).toEqual({
      out_trade_no: 'P20261124125500123',
      out_refund_no: 'R20261124000001',
      reason: '授权取消',
      amount: { refund: 100000, total: 289000, currency: 'CNY' },
    });
    checkAuthorization(request);
  });

  it('refuses a refund larger than the payment before calling', async () => {
    await expect(
      provider(noNetwork).refund({
        payOrderNo: 'P20261124125500123',
        refundNo: 'R1',
        refundFen: 289001,
        totalFen: 289000,
        reason: '',
      }),
    ).rejects.toThrow(/not a valid refund/);
  });

  it('refuses an answer that does not verify, and reports API errors', async () => {
    const forged = fakeWechatPay(() => ({
      body: { code_url: 'weixin://wxpay/bizpayurl?pr=evil' },
      signedBy: stranger.privateKey,
    }));
    const input = {
      payOrderNo: 'P20261124125500123',
      amountFen: 1,
      subject: 's',
      expiresAt: NOW,
      notifyUrl: 'https://x.example/n',
    };
    await expect(provider(forged.transport).createQr(input)).rejects.toBeInstanceOf(
      PaymentVerificationError,
    );
    const failing = fakeWechatPay(() => ({
      status: 400,
      body: { code: 'PARAM_ERROR', message: '参数错误' },
    }));
    const error: unknown = await provider(failing.transport)
      .createQr(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WechatPayApiError);
    expect((error as WechatPayApiError).code).toBe('PARAM_ERROR');
    expect((error as WechatPayApiError).status).toBe(400);
  });
});

describe('WeChat Pay notifications', () => {
  const wechat = provider(noNetwork);

  it('verifies, decrypts and states the payment in fen', async () => {
    await expect(wechat.verifyNotification(notification())).resolves.toEqual({
      payOrderNo: 'P20261124125500123',
      providerTradeNo: '4200002890202611241234567890',
      amountFen: 289000,
      paidAt: new Date('2026-11-24T04:58:01Z'),
    });
    const penny = notification({
      transaction: transaction({ amount: { total: 1, payer_total: 1, currency: 'CNY' } }),
    });
    expect((await wechat.verifyNotification(penny)).amountFen).toBe(1);
  });

  it('accepts header names in any case', async () => {
    const { headers, body } = notification();
    const upper = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k.replace(/(^|-)\w/g, (c) => c.toUpperCase()), v]),
    );
    await expect(wechat.verifyNotification({ headers: upper, body })).resolves.toMatchObject({
      amountFen: 289000,
    });
  });

  const refused: [string, () => { headers: Record<string, string | undefined>; body: string }][] = [
    [
      'a tampered body',
      () => {
        const n = notification();
        return { ...n, body: n.body.replace('支付成功', '支付成功 ') };
      },
    ],
    ['a signature by another key', () => notification({ sign: { key: stranger.privateKey } })],
    ['an unknown Wechatpay-Serial', () => notification({ sign: { serial: 'PUB_KEY_ID_OTHER' } })],
    ['a timestamp 6 minutes old', () => notification({ sign: { timestamp: nowSeconds - 360 } })],
    ['a timestamp 6 minutes ahead', () => notification({ sign: { timestamp: nowSeconds + 360 } })],
    [
      "WeChat Pay's signature probe",
      () => {
        const n = notification();
        return {
          ...n,
          headers: { ...n.headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' },
        };
      },
    ],
    [
      'missing signature headers',
      () => {
        const n = notification();
        return { ...n, headers: { ...n.headers, 'wechatpay-signature': undefined } };
      },
    ],
    ['another mchid', () => notification({ transaction: transaction({ mchid: '1900000000' }) })],
    [
      'another appid',
      () => notification({ transaction: transaction({ appid: 'wx0000000000000000' }) }),
    ],
    [
      'a trade_state other than SUCCESS',
      () => notification({ transaction: transaction({ trade_state: 'NOTPAY' }) }),
    ],
    ['a refund event', () => notification({ eventType: 'REFUND.SUCCESS' })],
    [
      'a ciphertext under another key',
      () => notification({ encryptWith: 'b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb' }),
    ],
    [
      'a fractional amount',
      () => notification({ transaction: transaction({ amount: { total: 1.5, currency: 'CNY' } }) }),
    ],
    ['a non-JSON body', () => ({ headers: signedHeaders('success'), body: 'success' })],
  ];
  for (const [name, make] of refused) {
    it(`refuses ${name}`, async () => {
      await expect(wechat.verifyNotification(make())).rejects.toBeInstanceOf(
        PaymentVerificationError,
      );
    });
  }

  it('refuses a resource whose ciphertext was altered after encryption (GCM tag)', async () => {
    // Re-sign the altered body so only the AEAD tag can catch it.
    const n = JSON.parse(notification().body) as { resource: { ciphertext: string } };
    const data = Buffer.from(n.resource.ciphertext, 'base64');
    data[0] = (data[0] ?? 0) ^ 1;
    n.resource.ciphertext = data.toString('base64');
    const body = JSON.stringify(n);
    await expect(wechat.verifyNotification({ headers: signedHeaders(body), body })).rejects.toThrow(
      /does not decrypt/,
    );
  });

  it('answers the documented acknowledgements', () => {
    expect(wechat.notificationAck(true)).toEqual({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: '{"code":"SUCCESS","message":"成功"}',
    });
    const fail = wechat.notificationAck(false);
    expect(fail.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(fail.body)).toEqual({ code: 'FAIL', message: '失败' });
  });
});

describe('WeChat Pay helpers', () => {
  it('decrypts the published AES-GCM sample of the official wechatpay-go SDK', () => {
    // utils/aes_test.go in github.com/wechatpay-apiv3/wechatpay-go (a 16-byte test key, so AES-128).
    const sample = {
      key: Buffer.from('testAPIv3Key0000'),
      nonce: 'wCq51qZv4Yfg',
      associatedData: 'Dl56FrqWQJF1t9LtC3vEUsniZKvbqdR8',
      ciphertext: 'FsdXzxryWfKwvLJKf8LG/ToRPTRh8RN9wROC',
    };
    expect(decryptWechatPayCiphertext(sample)).toBe('Hello World');
    expect(() =>
      decryptWechatPayCiphertext({ ...sample, key: Buffer.from('testAPIv3Key1111') }),
    ).toThrow();
    expect(() => decryptWechatPayCiphertext({ ...sample, associatedData: 'x' })).toThrow();
    expect(() =>
      decryptWechatPayCiphertext({ ...sample, ciphertext: 'SGVsbG8gV29ybGQK' }),
    ).toThrow();
    expect(() => decryptWechatPayCiphertext({ ...sample, ciphertext: 'invalid cipher' })).toThrow();
  });

  it('writes time_expire as RFC 3339 in China time', () => {
    expect(toChinaRfc3339(new Date('2026-11-24T16:30:45.900Z'))).toBe('2026-11-25T00:30:45+08:00');
  });

  it('refuses a malformed configuration', () => {
    const base = {
      appId: APP_ID,
      mchId: MCH_ID,
      merchantSerialNo: MCH_SERIAL,
      merchantPrivateKey: merchant.privateKey,
      apiV3Key: API_V3_KEY,
      platformPublicKey: platform.publicKey,
      platformSerial: PLATFORM_SERIAL,
    };
    expect(() => createWechatPayProvider({ ...base, apiV3Key: 'short' }, noNetwork)).toThrow(
      /32 bytes/,
    );
    expect(() =>
      createWechatPayProvider({ ...base, platformPublicKey: merchant.privateKey }, noNetwork),
    ).toThrow(/public key/);
    expect(() =>
      createWechatPayProvider({ ...base, merchantPrivateKey: 'not a key' }, noNetwork),
    ).toThrow();
  });
});
