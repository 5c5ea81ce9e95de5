import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { CODES } from '@jiyin/contracts/codes';
import { WALLET_PATHS } from '@jiyin/contracts/wallet';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  canHide,
  canTransition,
  DEFAULT_INVOICE_CONTENT,
  ORDER_PAY_WINDOW_MS,
  ORDER_STATES,
  type OrderState,
  SHOP_PATHS,
  yfullShopPath,
} from '@jiyin/contracts/shop';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogChanged } from '../src/catalog/cache.ts';
import { AlipayProvider, alipaySignContent } from '../src/payments/alipay.ts';
import { DevPayProvider } from '../src/payments/providers.ts';
import { closeUnpaidOrders } from '../src/payments/reconcile.ts';
import { PAYOUTS_ACCOUNT, post, REWARDS_ACCOUNT, userAccount } from '../src/wallet/ledger.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

/** The allowed moves, written out again by hand so a changed table in the code fails here. */
const ALLOWED = new Set(['created>paid', 'created>cancelled', 'paid>shipped', 'paid>refunded', 'paid>done', 'shipped>bound', 'bound>done']);

describe('order state machine', () => {
  it('allows exactly the listed transitions and refuses every other pair', () => {
    let allowed = 0;
    for (const from of ORDER_STATES)
      for (const to of ORDER_STATES) {
        expect(canTransition(from, to), `${from} > ${to}`).toBe(ALLOWED.has(`${from}>${to}`));
        if (canTransition(from, to)) allowed++;
      }
    expect(allowed).toBe(ALLOWED.size);
    expect(ORDER_STATES.filter(canHide)).toEqual<OrderState[]>(['done', 'cancelled', 'refunded']);
  });

  it('sends only a current person with a known sex and an SNP chip to /shop/yfull (§6)', () => {
    expect(yfullShopPath({ gender: 'male', productType: 'GENETIC' })).toBe('/shop/yfull');
    expect(yfullShopPath({ gender: 'female', productType: 'GENETIC' })).toBe('/shop/yfull');
    expect(yfullShopPath({ gender: null, productType: 'GENETIC' })).toBe('/shop/yfull-noreport');
    expect(yfullShopPath({ gender: 'male', productType: 'NGS' })).toBe('/shop/yfull-noreport');
    expect(yfullShopPath(null)).toBe('/shop/yfull-noreport');
  });
});

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
/** Keys made here: the merchant's pair (it signs requests) and a stand-in for Alipay's (it signs notifications). */
const ALIPAY = { appId: '2021000000000001', gateway: 'https://openapi.alipay.example/gateway.do', merchant: pem(), alipay: pem() };
/** A notification as Alipay sends it: form fields signed RSA2 over the sorted fields without sign and sign_type. */
function alipayNotification(fields: Record<string, string>, key = ALIPAY.alipay.privateKey): Record<string, string> {
  const params = { app_id: ALIPAY.appId, sign_type: 'RSA2', charset: 'utf-8', notify_type: 'trade_status_sync', ...fields };
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k as keyof typeof params]}`)
    .join('&');
  return { ...params, sign: createSign('RSA-SHA256').update(content).sign(key, 'base64') };
}

const ADDRESS = {
  receiver: '张三',
  nationCode: '86',
  phone: '13812345678',
  region: {
    province: { code: '11', name: '北京市' },
    city: { code: '1101', name: '市辖区' },
    district: { code: '110108', name: '海淀区' },
  },
  detail: '中关村大街 1 号',
};

describe.each(testDatabaseTargets())('catalogue, orders and payments on $name', (target) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let aliceAddress: string;
  let bobAddress: string;
  let dev: DevPayProvider;
  let keyN = 0;
  const key = () => `test-key-${++keyN}-abcdef`;

  beforeAll(async () => {
    t = await startTestApp(target, {
      ALIPAY_APP_ID: ALIPAY.appId,
      ALIPAY_PRIVATE_KEY: ALIPAY.merchant.privateKey,
      ALIPAY_PUBLIC_KEY: ALIPAY.alipay.publicKey,
      ALIPAY_GATEWAY: ALIPAY.gateway,
      ALIPAY_NOTIFY_URL: 'https://shop.example.com/api/pay/notify/alipay',
    });
    alice = await signUpUser(t, '13700000011', undefined, '爱丽丝');
    bob = await signUpUser(t, '13700000012', undefined, '鲍勃');
    aliceAddress = (await call('POST', ACCOUNT_PATHS.deliveryAddresses, alice, ADDRESS)).data.id;
    bobAddress = (await call('POST', ACCOUNT_PATHS.deliveryAddresses, bob, ADDRESS)).data.id;
    dev = new DevPayProvider(t.config.pay.devSecret);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, body?: unknown): Promise<Answer> => {
    const res = await t.app.inject({ method, url, payload: body as object, headers: cookie ? { cookie } : {} });
    return res.json();
  };
  const order = (id: string) => fillPattern(SHOP_PATHS.order, { id });
  const status = (id: string) => fillPattern(SHOP_PATHS.orderStatus, { id });
  const pay = (id: string) => fillPattern(SHOP_PATHS.pay, { id });
  const notify = (body: unknown) => call('POST', fillPattern(SHOP_PATHS.payNotify, { provider: 'dev' }), null, body);
  const buy = (cookie: string, body: Record<string, unknown> = {}) =>
    call('POST', SHOP_PATHS.createOrder, cookie, {
      productId: 'ANCESTRY',
      sku: 'ANCESTRY-1',
      count: 1,
      addressId: cookie === alice ? aliceAddress : bobAddress,
      idempotencyKey: key(),
      ...body,
    });
  const startPay = async (id: string) => (await call('POST', pay(id), alice, { payType: 'dev' })).data.paymentId as string;
  const paid = (paymentId: string, amount: number, notifyId = `n-${paymentId}`) =>
    dev.notification({ notifyId, paymentId, amount, result: 'ok', tradeNo: `T-${notifyId}` });
  const stock = async (productId: string) =>
    (await t.database.db.select({ s: schema.products.stock }).from(schema.products).where(eq(schema.products.id, productId)))[0].s;

  it('prices SKUs on the server by package tier, and gives the standard price range', async () => {
    const price = async (count: number) =>
      (await call('POST', SHOP_PATHS.skuPrice, null, { productId: 'STANDARD_ANCESTRY', sku: 'STANDARD_ANCESTRY-1', count })).data;
    expect(await price(1)).toMatchObject({ unitPrice: 99900, packageDiscount: 0, total: 99900 });
    expect(await price(2)).toMatchObject({ packageDiscount: 10000, total: 189800 });
    expect(await price(4)).toMatchObject({ packageDiscount: 60000, total: 339600 });
    const bad = await call('POST', SHOP_PATHS.skuPrice, null, { productId: 'STANDARD_ANCESTRY', sku: 'NOPE', count: 1 });
    expect(bad).toMatchObject({ code: CODES.NOT_FOUND.code, msg: '商品不存在或已下架' });
    expect((await call('POST', SHOP_PATHS.skuPrice, null, { productId: 'X', sku: 'Y', count: 0.5 })).code).toBe(CODES.BAD_REQUEST.code);
    expect((await call('POST', SHOP_PATHS.skuPrice, null, { productId: 'RAW_DATA_IMPORT', sku: 'x', count: 1 })).code).toBe(
      CODES.NOT_FOUND.code,
    );
    expect((await call('GET', SHOP_PATHS.priceRange, null)).data).toEqual({ min: 39900, max: 99900 });
    const list = await call('GET', '/web/api/new/commodity/list?tags=y_full', null);
    expect(list.data.list.map((p: { id: string }) => p.id)).toEqual(['Y_FULL']);
    expect(list.data.list[0]).not.toHaveProperty('stock');
  });

  it('serves the product list from memory until a change is announced, by any process', async () => {
    const names = async () =>
      (await call('GET', '/web/api/new/commodity/list?tags=y_full', null)).data.list.map((p: { name: string }) => p.name);
    const [before] = await names();
    // Another process (or an operator in SQL) renames the product: this one still has its list in memory…
    await t.database.db.update(schema.products).set({ name: '改名的 Y 测序' }).where(eq(schema.products.id, 'Y_FULL'));
    expect(await names()).toEqual([before]);
    // …until the change is announced on the catalogue channel, as every product edit does.
    await catalogChanged(t.database.db);
    await vi.waitFor(async () => expect(await names()).toEqual(['改名的 Y 测序']), { timeout: 5000 });
    await t.database.db.update(schema.products).set({ name: before }).where(eq(schema.products.id, 'Y_FULL'));
    await catalogChanged(t.database.db);
    await vi.waitFor(async () => expect(await names()).toEqual([before]), { timeout: 5000 });
  });

  it('creates one order per idempotency key, at the server price, from the caller’s own address', async () => {
    const idempotencyKey = key();
    const body = { count: 2, idempotencyKey, total: 1, unitPrice: 1 };
    const [a, b] = await Promise.all([buy(alice, body), buy(alice, body)]);
    expect(a.code).toBe(0);
    expect(b.data.id).toBe(a.data.id);
    expect(a.data).toMatchObject({
      state: 'created',
      count: 2,
      unitPrice: 49900,
      packageDiscount: 5000,
      total: 94800,
      productName: '祖源检测',
    });
    expect(a.data.address).toEqual({ receiver: '张三', phone: '13812345678', region: '北京市 海淀区', detail: '中关村大街 1 号' });
    const rows = await t.database.db.select().from(schema.orders).where(eq(schema.orders.idempotencyKey, idempotencyKey));
    expect(rows).toHaveLength(1);
    expect((await buy(alice, { addressId: bobAddress })).msg).toBe('收货地址不存在');
    expect((await buy(alice, { count: 11 })).code).toBe(CODES.BAD_REQUEST.code);
    expect((await buy(alice, { productId: 'RAW_DATA_IMPORT', sku: 'x' })).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('POST', SHOP_PATHS.createOrder, null, {})).code).toBe(CODES.NOT_LOGGED_IN.code);
  });

  it('takes stock when ordering and refuses more than is left', async () => {
    await t.database.db.update(schema.products).set({ stock: 2 }).where(eq(schema.products.id, 'HP'));
    expect((await buy(alice, { productId: 'HP', sku: 'HP-1', count: 3 })).msg).toBe('库存不足，请减少数量或稍后再试');
    const o = await buy(alice, { productId: 'HP', sku: 'HP-1', count: 2 });
    expect(o.code).toBe(0);
    expect(await stock('HP')).toBe(0);
    // Refused orders leave nothing behind.
    expect((await t.database.db.select().from(schema.orders).where(eq(schema.orders.productId, 'HP'))).length).toBe(1);
    expect((await call('PUT', status(o.data.id), alice, { status: 'cancelled' })).data.state).toBe('cancelled');
    expect(await stock('HP')).toBe(2);
  });

  it('shows orders to their owner only: another user’s id answers like a missing one', async () => {
    const mine = await buy(alice);
    const missing = await call('GET', order('00000000-0000-4000-8000-000000000000'), bob);
    for (const [method, url, body] of [
      ['GET', order(mine.data.id), undefined],
      ['PUT', status(mine.data.id), { status: 'cancelled' }],
      ['POST', pay(mine.data.id), { payType: 'dev' }],
      ['GET', pay(mine.data.id), undefined],
      ['PUT', fillPattern(SHOP_PATHS.orderInvoice, { id: mine.data.id }), {}],
    ] as const) {
      const res = await call(method, url, bob, body);
      expect(res, `${method} ${url}`).toMatchObject({ code: missing.code, msg: missing.msg, data: null });
    }
    expect((await call('GET', order('not-a-uuid'), alice)).code).toBe(CODES.BAD_REQUEST.code);
    const list = await call('GET', `${SHOP_PATHS.orders}?page=1&size=50`, bob);
    expect(list.data.list.map((o: { id: string }) => o.id)).not.toContain(mine.data.id);
    expect((await call('GET', order(mine.data.id), alice)).data.id).toBe(mine.data.id);
  });

  it('pays only through a correctly signed notification, once; forged and replayed ones change nothing', async () => {
    const o = (await buy(alice)).data;
    const paymentId = await startPay(o.id);
    expect(await startPay(o.id)).toBe(paymentId);
    const forged = { ...paid(paymentId, o.total), sign: 'f'.repeat(64) };
    expect(await notify(forged)).toMatchObject({ code: CODES.BAD_SIGNATURE.code });
    const tampered = { ...paid(paymentId, o.total), amount: 1 };
    expect((await notify(tampered)).code).toBe(CODES.BAD_SIGNATURE.code);
    expect((await notify({ nonsense: true })).code).toBe(CODES.BAD_SIGNATURE.code);
    expect((await notify(paid(paymentId, 1, 'cheap'))).data.outcome).toBe('ignored');
    expect((await call('GET', order(o.id), alice)).data.state).toBe('created');

    const good = paid(paymentId, o.total);
    expect((await notify(good)).data.outcome).toBe('paid');
    const after = (await call('GET', order(o.id), alice)).data;
    expect(after).toMatchObject({ state: 'paid', payment: { payType: 'dev', state: 'paid' } });
    expect((await notify(good)).data.outcome).toBe('duplicate');
    // A later "fail" for the settled payment is ignored too.
    const late = dev.notification({ notifyId: 'late', paymentId, amount: o.total, result: 'fail', tradeNo: 'x' });
    expect((await notify(late)).data.outcome).toBe('ignored');
    expect((await call('GET', order(o.id), alice)).data).toEqual(after);
    expect((await call('GET', pay(o.id), alice)).data).toEqual({ orderState: 'paid', paymentState: 'paid' });
    expect((await call('POST', pay(o.id), alice, { payType: 'dev' })).msg).toBe('订单当前状态不能支付');
  });

  it('runs the development cashier: fail keeps the order payable, ok pays it, cancel refunds it', async () => {
    const o = (await buy(alice)).data;
    const simulate = (paymentId: string, result: string, cookie = alice) =>
      call('POST', fillPattern(SHOP_PATHS.devPaySimulate, { paymentId }), cookie, { result });
    const first = await startPay(o.id);
    expect((await simulate(first, 'fail')).data.outcome).toBe('failed');
    expect((await call('GET', order(o.id), alice)).data.state).toBe('created');
    const second = await startPay(o.id);
    expect(second).not.toBe(first);
    expect((await simulate(second, 'ok', bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await simulate(second, 'ok')).data.outcome).toBe('paid');

    expect((await call('PUT', status(o.id), alice, { status: 'hidden' })).msg).toBe('只能删除已完成、已取消或已退款的订单');
    const cancelled = await call('PUT', status(o.id), alice, { status: 'cancelled' });
    expect(cancelled.data).toMatchObject({ state: 'refunded', payment: { state: 'refunded', refunded: true } });
    expect((await call('PUT', status(o.id), alice, { status: 'cancelled' })).msg).toBe('订单已取消或已退款');
    expect((await call('PUT', status(o.id), alice, { status: 'hidden' })).code).toBe(0);
    const list = await call('GET', SHOP_PATHS.orders, alice);
    expect(list.data.list.map((x: { id: string }) => x.id)).not.toContain(o.id);
  });

  it('takes invoice info for a paid order once, with the default content', async () => {
    const o = (await buy(alice)).data;
    const invoice = (id: string, body: unknown) => call('PUT', fillPattern(SHOP_PATHS.orderInvoice, { id }), alice, body);
    const company = {
      type: 'company',
      email: 'finance@example.com',
      mobile: '13812345678',
      info: { companyName: '北京某某科技有限公司', taxpayerCode: '91110108MA01ABCD2X' },
    };
    expect((await invoice(o.id, company)).msg).toBe('订单支付后才能申请发票');
    await notify(paid(await startPay(o.id), o.total));
    expect((await invoice(o.id, { ...company, info: { companyName: '北京某某科技有限公司' } })).msg).toBe('企业发票请填写纳税人识别号');
    const done = await invoice(o.id, company);
    expect(done.data.invoice).toMatchObject({
      type: 'company',
      invoiceType: 'electronic',
      info: { invoiceContent: DEFAULT_INVOICE_CONTENT },
    });
    expect((await invoice(o.id, company)).msg).toBe('该订单已申请过发票');
  });

  it('redeems codes for coupons once per user, recommends the best usable one, applies it on the server', async () => {
    const redeem = (code: string, cookie = alice) => call('POST', SHOP_PATHS.couponRedeem, cookie, { code });
    expect((await redeem('xinke50')).data).toMatchObject({ title: '新客立减 50 元', amount: 5000, threshold: 29900, status: 'unused' });
    expect((await redeem('XINKE50')).msg).toBe('你已兑换过这个兑换码');
    expect((await redeem('NOSUCHCODE')).msg).toBe('兑换码不存在');
    expect((await redeem('!!')).code).toBe(CODES.BAD_REQUEST.code);
    const ances = (await redeem('XUNGEN100')).data;
    const recommend = async (productId: string, sku: string) =>
      (await call('POST', SHOP_PATHS.couponRecommend, alice, { productId, sku, count: 1 })).data.list.map(
        (c: { title: string; discount: number }) => [c.title, c.discount],
      );
    expect(await recommend('ANCESTRY', 'ANCESTRY-1')).toEqual([
      ['寻根季 祖源产品立减 100 元', 10000],
      ['新客立减 50 元', 5000],
    ]);
    expect(await recommend('TRAIT', 'TRAIT-1')).toEqual([['新客立减 50 元', 5000]]);
    expect(await recommend('HP', 'HP-1')).toEqual([]);

    expect((await buy(alice, { productId: 'TRAIT', sku: 'TRAIT-1', couponId: ances.id })).msg).toBe('优惠券不可用');
    expect((await buy(bob, { couponId: ances.id })).msg).toBe('优惠券不可用');
    const o = (await buy(alice, { couponId: ances.id, couponDiscount: 99_999 })).data;
    expect(o).toMatchObject({ couponDiscount: 10000, total: 39900 });
    expect((await buy(alice, { couponId: ances.id })).msg).toBe('优惠券不可用');
    const used = await call('GET', `${SHOP_PATHS.coupons}?status=used`, alice);
    expect(used.data.list.map((c: { id: string }) => c.id)).toEqual([ances.id]);
    await call('PUT', status(o.id), alice, { status: 'cancelled' });
    const back = await call('GET', `${SHOP_PATHS.coupons}?status=unused`, alice);
    expect(back.data.list.map((c: { id: string }) => c.id)).toContain(ances.id);
    expect((await call('GET', SHOP_PATHS.coupons, bob)).data.list).toEqual([]);
  });

  it('lets 100 concurrent orders use one coupon exactly once', async () => {
    const phone = target.name === 'pglite' ? '13700000013' : '13700000014';
    const carol = await signUpUser(t, phone, undefined, '卡罗');
    const addressId = (await call('POST', ACCOUNT_PATHS.deliveryAddresses, carol, ADDRESS)).data.id;
    const coupon = (await call('POST', SHOP_PATHS.couponRedeem, carol, { code: 'XINKE50' })).data;
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 100 }, () => buy(carol, { addressId, couponId: coupon.id })));
    const won = answers.filter((a) => a.code === 0);
    const refusals = new Set(answers.filter((a) => a.code !== 0).map((a) => a.msg));
    console.log(
      `[${target.name}] 100 concurrent orders on one coupon: ${won.length} used it, ${answers.length - won.length} refused (${[...refusals].join(' / ')}) in ${Math.round(performance.now() - started)} ms`,
    );
    expect(won).toHaveLength(1);
    expect([...refusals].every((m) => m === '优惠券不可用' || m === '优惠券已被使用')).toBe(true);
    const rows = await t.database.db.select().from(schema.orders).where(eq(schema.orders.couponId, coupon.id));
    expect(rows).toHaveLength(1);
  });

  it('keeps a double-entry balance: rewards in, withdrawals out with a single-use SMS code, never below zero', async () => {
    const dave = await signUpUser(t, target.name === 'pglite' ? '13700000015' : '13700000016', undefined, '大卫');
    const daveId = (await call('GET', '/web/api/new/user/info', dave)).data.userId as string;
    await t.database.db.transaction((tx) =>
      post(
        tx,
        {
          reason: 'reward',
          lines: [
            { accountId: REWARDS_ACCOUNT, amount: -1000 },
            { accountId: userAccount(daveId), amount: 1000 },
          ],
        },
        t.clock.now,
      ),
    );
    expect((await call('GET', WALLET_PATHS.balance, dave)).data).toEqual({ result: 1000 });
    expect((await call('GET', WALLET_PATHS.flows, dave)).data.list).toMatchObject([
      { amount: 1000, reason: 'reward', reasonLabel: '邀请奖励' },
    ]);
    const code = async () => {
      t.clock.advance(61_000);
      const sent = await call('POST', ACCOUNT_PATHS.sendSmsCode, dave, {
        nationCode: '86',
        verifyType: 'withdraw',
        neCaptcha: 'dev-token',
      });
      expect(sent.code).toBe(0);
      return t.sms.lastCode(target.name === 'pglite' ? '13700000015' : '13700000016') as string;
    };
    const withdraw = (authCode: string, amount: number) =>
      call('POST', WALLET_PATHS.withdrawals, dave, { authCode, payeeAccount: 'dave@example.com', payeeName: '大卫', amount });
    expect((await withdraw('000000', 600)).code).not.toBe(0);
    const first = await code();
    expect((await withdraw(first, 600)).data).toMatchObject({ amount: 600, state: 'pending', balance: 400 });
    expect((await withdraw(first, 100)).code).toBe(CODES.SMS_CODE_EXPIRED.code);
    expect((await withdraw(await code(), 500)).msg).toBe('余额不足');
    expect((await withdraw(await code(), 50)).code).toBe(CODES.BAD_REQUEST.code);
    expect((await call('GET', WALLET_PATHS.balanceAndLimit, dave)).data).toEqual({
      balance: 400,
      minWithdrawal: 100,
      maxWithdrawal: 500000,
    });
    expect((await call('GET', WALLET_PATHS.balance, bob)).data).toEqual({ result: 0 });
    expect((await call('GET', WALLET_PATHS.flows, bob)).data.list).toEqual([]);
  });

  it('lets 100 concurrent withdrawals never overdraw, and the ledger sums to zero', async () => {
    const account = userAccount(`concurrency-${target.name}`);
    const db = t.database.db;
    await db.transaction((tx) =>
      post(
        tx,
        {
          reason: 'reward',
          lines: [
            { accountId: REWARDS_ACCOUNT, amount: -2550 },
            { accountId: account, amount: 2550 },
          ],
        },
        t.clock.now,
      ),
    );
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        db.transaction((tx) =>
          post(
            tx,
            {
              reason: 'withdrawal',
              lines: [
                { accountId: account, amount: -100 },
                { accountId: PAYOUTS_ACCOUNT, amount: 100 },
              ],
            },
            t.clock.now,
          ),
        ),
      ),
    );
    const done = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected' && (r.reason as Error).message === '余额不足').length;
    const [{ balance }] = await db
      .select({ balance: schema.ledgerAccounts.balance })
      .from(schema.ledgerAccounts)
      .where(eq(schema.ledgerAccounts.id, account));
    const [{ total }] = await db
      .select({ total: sql<number>`coalesce(sum(${schema.ledgerEntries.amount}), 0)::int` })
      .from(schema.ledgerEntries);
    // Every account's balance is the sum of its entries.
    const sums = await db
      .select({ id: schema.ledgerEntries.accountId, sum: sql<number>`sum(${schema.ledgerEntries.amount})::int` })
      .from(schema.ledgerEntries)
      .groupBy(schema.ledgerEntries.accountId);
    const accounts = await db.select().from(schema.ledgerAccounts);
    const mismatched = accounts.filter((a) => a.balance !== (sums.find((x) => x.id === a.id)?.sum ?? 0));
    console.log(
      `[${target.name}] 100 concurrent withdrawals of ¥1 from ¥25.50: ${done} done, ${refused} refused as 余额不足, balance left ${balance} fen, ledger total ${total}, in ${Math.round(performance.now() - started)} ms`,
    );
    expect([done, refused, balance, total]).toEqual([25, 75, 50, 0]);
    expect(mismatched).toEqual([]);
    await expect(db.update(schema.ledgerAccounts).set({ balance: -1 }).where(eq(schema.ledgerAccounts.id, account))).rejects.toThrow();
  });

  it('closes orders left unpaid past the pay window, giving stock and coupon back', async () => {
    await t.database.db.update(schema.products).set({ stock: 5 }).where(eq(schema.products.id, 'TRAIT'));
    const code = (await call('POST', SHOP_PATHS.couponRedeem, bob, { code: 'XINKE50' })).data;
    const stale = (await buy(bob, { productId: 'TRAIT', sku: 'TRAIT-1', count: 2, couponId: code.id })).data;
    const stalePayment = (await call('POST', pay(stale.id), bob, { payType: 'dev' })).data.paymentId;
    expect(await stock('TRAIT')).toBe(3);
    t.clock.advance(ORDER_PAY_WINDOW_MS - 1000);
    const fresh = (await buy(bob, { productId: 'TRAIT', sku: 'TRAIT-1' })).data;
    t.clock.advance(2000);
    // Earlier tests' unpaid orders are past the window too.
    const first = await closeUnpaidOrders(t.app.deps);
    expect(first.paid).toBe(0);
    expect(first.closed).toBeGreaterThanOrEqual(1);
    expect((await call('GET', order(stale.id), bob)).data).toMatchObject({ state: 'cancelled', payment: { state: 'cancelled' } });
    expect((await call('GET', order(fresh.id), bob)).data.state).toBe('created');
    expect(await stock('TRAIT')).toBe(4);
    const unused = (await call('GET', `${SHOP_PATHS.coupons}?status=unused`, bob)).data.list;
    expect(unused.map((c: { id: string }) => c.id)).toContain(code.id);
    expect(await closeUnpaidOrders(t.app.deps)).toEqual({ paid: 0, closed: 0 });
    // The customer paid just as it closed: the late notification refunds rather than reopening it.
    expect((await notify(paid(stalePayment, stale.total))).data.outcome).toBe('refunded');
    expect((await call('GET', order(stale.id), bob)).data).toMatchObject({
      state: 'cancelled',
      payment: { state: 'refunded', refunded: true },
    });
  });

  it('pays through Alipay: a signed redirect out, RSA2-verified notifications in, signed refund calls', async () => {
    expect((await call('GET', SHOP_PATHS.payTypes, null)).data.list).toEqual(['dev', 'alipay']);
    const o = (await buy(alice)).data;
    const start = (await call('POST', pay(o.id), alice, { payType: 'alipay' })).data;
    const url = new URL(start.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(ALIPAY.gateway);
    const sent = Object.fromEntries(url.searchParams);
    expect(JSON.parse(sent.biz_content)).toMatchObject({ out_trade_no: start.paymentId, total_amount: '499.00' });
    // Our request verifies with the merchant's public key over Alipay's signed string.
    expect(createVerify('RSA-SHA256').update(alipaySignContent(sent, false)).verify(ALIPAY.merchant.publicKey, sent.sign, 'base64')).toBe(
      true,
    );

    const notifyAlipay = async (fields: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: fillPattern(SHOP_PATHS.payNotify, { provider: 'alipay' }),
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      return res.body;
    };
    const fields = {
      notify_id: 'ali-1',
      out_trade_no: start.paymentId,
      trade_no: '2026112522001',
      total_amount: '499.00',
      trade_status: 'TRADE_SUCCESS',
    };
    expect(await notifyAlipay(alipayNotification(fields, ALIPAY.merchant.privateKey))).toBe('fail');
    expect(await notifyAlipay({ ...alipayNotification(fields), total_amount: '0.01' })).toBe('fail');
    expect((await call('GET', order(o.id), alice)).data.state).toBe('created');
    const good = alipayNotification(fields);
    expect(await notifyAlipay(good)).toBe('success');
    const after = (await call('GET', order(o.id), alice)).data;
    expect(after).toMatchObject({ state: 'paid', payment: { payType: 'alipay', state: 'paid' } });
    expect(await notifyAlipay(good)).toBe('success');
    expect((await call('GET', order(o.id), alice)).data).toEqual(after);

    // Refund and query are signed gateway calls; a stand-in gateway checks the signature and answers.
    const calls: Record<string, string>[] = [];
    const gateway = (async (_url: string, init: { body: URLSearchParams }) => {
      const p = Object.fromEntries(init.body);
      calls.push(p);
      const signed = createVerify('RSA-SHA256').update(alipaySignContent(p, false)).verify(ALIPAY.merchant.publicKey, p.sign, 'base64');
      const key = `${p.method.replaceAll('.', '_')}_response`;
      return new Response(JSON.stringify({ [key]: signed ? { code: '10000', trade_status: 'TRADE_SUCCESS' } : { code: '40002' } }));
    }) as unknown as typeof fetch;
    const provider = new AlipayProvider(
      { ...ALIPAY, privateKey: ALIPAY.merchant.privateKey, alipayPublicKey: ALIPAY.alipay.publicKey, notifyUrl: 'x' },
      gateway,
    );
    const [row] = await t.database.db.select().from(schema.payments).where(eq(schema.payments.id, start.paymentId));
    await provider.refund(row);
    expect(await provider.query(row)).toBe('paid');
    expect(calls.map((c) => [c.method, JSON.parse(c.biz_content).refund_amount])).toEqual([
      ['alipay.trade.refund', '499.00'],
      ['alipay.trade.query', undefined],
    ]);
  });
});
