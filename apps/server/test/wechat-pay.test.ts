import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { SHOP_PATHS, wechatPayResult } from '@jiyin/contracts/shop';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WechatPayConfig, WechatPayProvider, wechatPaySignMessage, wechatRequestMessage } from '../src/payments/wechat.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
/** Keys made here: the merchant's pair (signs our calls and paySign) and a stand-in for WeChat Pay's (signs notifications and answers). */
const MERCHANT = pem();
const PLATFORM = pem();
const OTHER = pem();
const API_V3_KEY = 'a'.repeat(16) + 'B'.repeat(16);

const ADDRESS = {
  receiver: '王五',
  nationCode: '86',
  phone: '13812345678',
  region: {
    province: { code: '11', name: '北京市' },
    city: { code: '1101', name: '市辖区' },
    district: { code: '110108', name: '海淀区' },
  },
  detail: '中关村大街 3 号',
};

describe('messaging-app pay results (§4)', () => {
  it('reads WeixinJSBridge err_msg as ok, cancel or fail', () => {
    expect(wechatPayResult('get_brand_wcpay_request:ok')).toBe('ok');
    expect(wechatPayResult('get_brand_wcpay_request:cancel')).toBe('cancel');
    expect(wechatPayResult('get_brand_wcpay_request:fail')).toBe('fail');
    expect(wechatPayResult(undefined)).toBe('fail');
  });
});

describe.each(testDatabaseTargets())('WeChat Pay (API v3, JSAPI) on $name', (target) => {
  let t: TestApp;
  let user: string;
  let addressId: string;
  let n = 0;
  const nowS = () => Math.floor(t.clock.now.getTime() / 1000);
  const cfg: WechatPayConfig = {
    appId: 'wx0000000000000001',
    mchId: '1900000001',
    privateKey: MERCHANT.privateKey,
    serialNo: 'MERCHANT-SERIAL-1',
    platformPublicKey: PLATFORM.publicKey,
    platformSerial: 'PUB_KEY_ID_0001',
    apiV3Key: API_V3_KEY,
    notifyUrl: 'https://shop.example.com/api/pay/notify/wechat',
    gateway: 'https://api.mch.weixin.example',
  };
  /** Headers WeChat Pay sends with a body: its signature over timestamp, nonce and body. */
  const signed = (body: string, key = PLATFORM.privateKey, timestamp = String(nowS())) => {
    const nonce = randomBytes(8).toString('hex');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': cfg.platformSerial,
      'wechatpay-signature': createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(key, 'base64'),
    };
  };
  /** A notification as WeChat Pay posts it: the transaction encrypted AES-256-GCM under the APIv3 key. */
  const notification = (tx: Record<string, unknown>, id = `EV-${++n}`) => {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(tx)), cipher.final(), cipher.getAuthTag()]).toString('base64');
    return JSON.stringify({
      id,
      create_time: t.clock.now.toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
    });
  };
  const post = async (body: string, headers: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: fillPattern(SHOP_PATHS.payNotify, { provider: 'wechat' }),
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });
    return res.statusCode;
  };
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<Answer> =>
    (await t.app.inject({ method, url, payload: body as object, headers: { cookie: user } })).json();

  /** A stand-in gateway: checks our request signature with the merchant's key and answers signed. */
  const calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const gateway = (async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
    const u = new URL(url);
    const path = `${u.pathname}${u.search}`;
    const auth =
      /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)",serial_no="([^"]+)"$/.exec(
        init.headers.authorization,
      );
    const ok =
      auth !== null &&
      createVerify('RSA-SHA256')
        .update(wechatRequestMessage(init.method, path, auth[4], auth[2], init.body ?? ''))
        .verify(MERCHANT.publicKey, auth[3], 'base64');
    calls.push({ method: init.method, path, body: init.body ? JSON.parse(init.body) : {} });
    const answer = !ok
      ? { code: 'SIGN_ERROR' }
      : path.startsWith('/v3/pay/transactions/jsapi')
        ? { prepay_id: 'wx201410272009395522657a690389285100' }
        : path.startsWith('/v3/refund')
          ? { status: 'PROCESSING' }
          : { trade_state: 'SUCCESS' };
    const text = JSON.stringify(answer);
    return new Response(text, { status: ok ? 200 : 401, headers: signed(text) });
  }) as unknown as typeof fetch;

  beforeAll(async () => {
    t = await startTestApp(target);
    (t.app.deps.pay as Map<string, unknown>).set('wechat', new WechatPayProvider(cfg, gateway, nowS));
    user = await signUpUser(t, target.name === 'pglite' ? '13700000051' : '13700000052', undefined, '微信用户');
    addressId = (await call('POST', ACCOUNT_PATHS.deliveryAddresses, ADDRESS)).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens JSAPI pay with a signed prepay call and a paySign over appId, timeStamp, nonceStr and package', async () => {
    const o = (
      await call('POST', SHOP_PATHS.createOrder, { productId: 'HP', sku: 'HP-1', count: 1, addressId, idempotencyKey: 'wechat-key-0001' })
    ).data;
    const pay = fillPattern(SHOP_PATHS.pay, { id: o.id });
    // No messaging-app identity bound to the account: refused, whatever openid the page sends.
    expect((await call('POST', pay, { payType: 'wechat', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' })).msg).toBe(
      '请在微信中打开本页并授权后使用微信支付',
    );
    // The §6 sign-in on /login binds the payer's openid to the account; the payment uses that one.
    const phone = target.name === 'pglite' ? '13700000051' : '13700000052';
    const [me] = await t.app.deps.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.phone, phone));
    const now = new Date();
    await t.app.deps.database.db
      .insert(schema.wechatIdentities)
      .values({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', userId: me.id, createdAt: now, boundAt: now });
    const start = (await call('POST', pay, { payType: 'wechat', openid: 'someone-elses-openid' })).data;
    expect(start.jsapi).toMatchObject({ appId: cfg.appId, package: 'prepay_id=wx201410272009395522657a690389285100', signType: 'RSA' });
    const { appId, timeStamp, nonceStr, package: pkg, paySign } = start.jsapi;
    expect(
      createVerify('RSA-SHA256')
        .update(wechatPaySignMessage(appId, timeStamp, nonceStr, pkg))
        .verify(MERCHANT.publicKey, paySign, 'base64'),
    ).toBe(true);
    expect(calls.at(-1)?.body).toMatchObject({
      appid: cfg.appId,
      mchid: cfg.mchId,
      out_trade_no: start.paymentId.replaceAll('-', ''),
      amount: { total: 9900, currency: 'CNY' },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });

    const tx = {
      appid: cfg.appId,
      mchid: cfg.mchId,
      out_trade_no: start.paymentId.replaceAll('-', ''),
      transaction_id: '4200000000202611260000000001',
      trade_state: 'SUCCESS',
      amount: { total: 9900, payer_total: 9900, currency: 'CNY' },
    };
    const state = async () => (await call('GET', fillPattern(SHOP_PATHS.order, { id: o.id }))).data.state;

    // Forged: signed by another key, a body changed after signing, a wrong serial, an old capture, a cheaper amount, bad ciphertext.
    const body = notification(tx);
    expect(await post(body, signed(body, OTHER.privateKey))).toBe(401);
    expect(await post(body.replace('"id":"', '"id":"X'), signed(body))).toBe(401);
    expect(await post(body, { ...signed(body), 'wechatpay-serial': 'OTHER' })).toBe(401);
    expect(await post(body, signed(body, PLATFORM.privateKey, String(nowS() - 3600)))).toBe(401);
    expect(await post(body, {})).toBe(401);
    const cheap = notification({ ...tx, amount: { total: 1 } });
    expect(await post(cheap, signed(cheap))).toBe(204);
    // A character put before the ciphertext, whatever it starts with (a base64 '+' or '/' is no \w: a
    // pattern on its first letter left one notification in 32 unchanged, and it was paid).
    const garbled = body.replace('"ciphertext":"', '"ciphertext":"A');
    expect(garbled).not.toBe(body);
    expect(await post(garbled, signed(garbled))).toBe(401);
    expect(await state()).toBe('created');

    expect(await post(body, signed(body))).toBe(204);
    expect(await state()).toBe('paid');
    const payment = () => t.database.db.select().from(schema.payments).where(eq(schema.payments.id, start.paymentId));
    const before = await payment();
    // Replayed (same notification, freshly signed) and a second event for the same payment: nothing changes.
    expect(await post(body, signed(body))).toBe(204);
    const again = notification(tx);
    expect(await post(again, signed(again))).toBe(204);
    expect(await payment()).toEqual(before);
    expect(await state()).toBe('paid');

    // Cancelling a paid order refunds through a signed refund call.
    expect((await call('PUT', fillPattern(SHOP_PATHS.orderStatus, { id: o.id }), { status: 'cancelled' })).data.state).toBe('refunded');
    expect(calls.at(-1)).toMatchObject({ path: '/v3/refund/domestic/refunds', body: { amount: { refund: 9900, total: 9900 } } });
    expect((await call('GET', SHOP_PATHS.payTypes)).data.list).toContain('wechat');
    expect((await call('POST', fillPattern(SHOP_PATHS.pay, { id: o.id }), { payType: 'wechat' })).code).toBe(CODES.BAD_REQUEST.code);
  });
});
