import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { SHOP_PATHS } from '@jiyin/contracts/shop';
import { STAFF_PATHS } from '@jiyin/contracts/staff';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevPayProvider } from '../src/payments/providers.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';
import { RAW_DATA_PRODUCT_ID } from '../src/imports/pipeline.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };
const PASSWORD = 'jiyin-Strong-2026';
/** Seeded kits (packages/db seed/kits.ts): JY00000001xx standard, JY00000002xx ancestry only. */
const ANCESTRY_KIT = 'JY0000000205';
const ANCESTRY_KIT_2 = 'JY0000000206';
const BOBS_KIT = 'JY0000000207';
const STANDARD_KIT = 'JY0000000115';

describe.each(testDatabaseTargets())('upgrades, speed packages and no-return Y-full on $name', (target) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let staff: string;
  let dev: DevPayProvider;
  let keyN = 0;
  const key = () => `svc-key-${++keyN}-abcdef`;
  const phone = (n: number) => `1370000${target.name === 'pglite' ? '05' : '06'}${n}`.slice(0, 11);

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, body?: unknown): Promise<Answer> => {
    const res = await t.app.inject({ method, url, payload: body as object, headers: cookie ? { cookie } : {} });
    return res.json();
  };
  const offers = (kind: string, cookie: string) => call('GET', fillPattern(SHOP_PATHS.serviceOffers, { kind }), cookie);
  const order = (kind: string, cookie: string, barcode: string, idempotencyKey = key()) =>
    call('POST', fillPattern(SHOP_PATHS.serviceOrder, { kind }), cookie, { barcode, idempotencyKey });
  /** Pays an order through the development provider's signed notification. */
  const payOrder = async (cookie: string, id: string, amount: number) => {
    const paymentId = (await call('POST', fillPattern(SHOP_PATHS.pay, { id }), cookie, { payType: 'dev' })).data.paymentId;
    const n = dev.notification({ notifyId: `n-${paymentId}`, paymentId, amount, result: 'ok', tradeNo: `T-${paymentId}` });
    return call('POST', fillPattern(SHOP_PATHS.payNotify, { provider: 'dev' }), null, n);
  };
  const person = async (cookie: string, name: string, gender: 'male' | 'female', barcode: string) => {
    const id = (await call('POST', ACCOUNT_PATHS.persons, cookie, { name, gender })).data.id;
    expect((await call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id }), cookie, { barcode })).code).toBe(0);
    return id as string;
  };
  const kit = async (barcode: string) => (await t.database.db.select().from(schema.kits).where(eq(schema.kits.barcode, barcode)))[0];

  beforeAll(async () => {
    t = await startTestApp(target, { STAFF_PHONES: phone(1) });
    staff = await signUpUser(t, phone(1), PASSWORD, '客服小王');
    alice = await signUpUser(t, phone(2), PASSWORD, '爱丽丝');
    bob = await signUpUser(t, phone(3), PASSWORD, '鲍勃');
    dev = new DevPayProvider(t.config.pay.devSecret);
    await person(alice, '爱丽丝', 'female', ANCESTRY_KIT);
    await person(alice, '阿强', 'male', ANCESTRY_KIT_2);
    await person(alice, '阿明', 'male', STANDARD_KIT);
    await person(bob, '鲍勃', 'male', BOBS_KIT);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers an upgrade per own kit at the catalogue price, and keeps service products out of the shop lists', async () => {
    const list = (await offers('upgrade', alice)).data.list;
    expect(list.map((k: { barcode: string }) => k.barcode).sort()).toEqual([ANCESTRY_KIT, ANCESTRY_KIT_2, STANDARD_KIT].sort());
    const anc = list.find((k: { barcode: string }) => k.barcode === ANCESTRY_KIT);
    expect(anc.offer).toMatchObject({ productId: 'UPGRADE_ANCESTRY_STANDARD', sku: 'UPGRADE_ANCESTRY_STANDARD-1', price: 39900 });
    const std = list.find((k: { barcode: string }) => k.barcode === STANDARD_KIT);
    expect(std).toMatchObject({ offer: null, refusal: '该检测人已是全能版，报告已包含全部模块，无需升级' });
    // Bob's kit is not in Alice's list; anonymous callers must sign in.
    expect(list.some((k: { barcode: string }) => k.barcode === BOBS_KIT)).toBe(false);
    expect((await offers('upgrade', null as unknown as string)).code).toBe(CODES.NOT_LOGGED_IN.code);
    expect((await offers('refill', alice)).msg).toBe('不支持的服务');

    const shop = (await call('GET', '/v1/commodity/list', null)).data?.list ?? [];
    expect(shop.some((p: { id: string }) => p.id.startsWith('UPGRADE_') || p.id === 'SPEED_PACKAGE')).toBe(false);
    // Nor can a service be bought as goods through the ordinary order call.
    const asGoods = await call('POST', SHOP_PATHS.skuPrice, alice, { productId: 'SPEED_PACKAGE', sku: 'SPEED_PACKAGE-1', count: 1 });
    expect(asGoods.code).toBe(CODES.NOT_FOUND.code);
  });

  it('upgrades an ancestry kit through the order state machine: paid unlocks the standard modules and finishes the order', async () => {
    const category = (name: string) =>
      call('GET', `${fillPattern(REPORT_API_PATHS.category, { category: name })}?barcode=${ANCESTRY_KIT}`, alice);
    // The ancestry kit's chip data was reported (stored results; the upgrade reuses them, no new sample).
    await t.database.db.insert(schema.reportResults).values({ barcode: ANCESTRY_KIT, kbVersion: 'test', items: [] });
    const before = await category('disease');
    expect(before.code).toBe(CODES.SHOULD_UPGRADE.code);

    const k = key();
    const created = await order('upgrade', alice, ANCESTRY_KIT, k);
    expect(created.data).toMatchObject({ state: 'created', total: 39900, address: null, targetBarcode: ANCESTRY_KIT });
    // A double click answers the same order; a second visit goes on paying the open order.
    expect((await order('upgrade', alice, ANCESTRY_KIT, k)).data.id).toBe(created.data.id);
    expect((await order('upgrade', alice, ANCESTRY_KIT)).data.id).toBe(created.data.id);
    expect((await offers('upgrade', alice)).data.list.find((x: { barcode: string }) => x.barcode === ANCESTRY_KIT).openOrderId).toBe(
      created.data.id,
    );

    // A forged amount changes nothing; the real notification pays and fulfils at once.
    const paymentId = (await call('POST', fillPattern(SHOP_PATHS.pay, { id: created.data.id }), alice, { payType: 'dev' })).data.paymentId;
    const forged = dev.notification({ notifyId: 'forged', paymentId, amount: 1, result: 'ok', tradeNo: 'T-forged' });
    await call('POST', fillPattern(SHOP_PATHS.payNotify, { provider: 'dev' }), null, forged);
    expect((await kit(ANCESTRY_KIT)).productId).toBe('ANCESTRY');
    expect((await payOrder(alice, created.data.id, 39900)).code).toBe(0);

    const done = (await call('GET', fillPattern(SHOP_PATHS.order, { id: created.data.id }), alice)).data;
    expect(done).toMatchObject({ state: 'done', payment: { state: 'paid' } });
    expect((await kit(ANCESTRY_KIT)).productId).toBe('STANDARD_ANCESTRY');
    const after = await category('disease');
    expect(after.code).toBe(0);
    // Open now (productStatus 0, not the lock 1); its results come from the same stored chip data.
    expect(after.data.items.length).toBeGreaterThan(0);
    expect(after.data.items.every((i: { productStatus: number }) => i.productStatus === 0)).toBe(true);
    // Delivered at once: the customer cannot cancel it for a refund, and the kit is now standard.
    expect((await call('PUT', fillPattern(SHOP_PATHS.orderStatus, { id: created.data.id }), alice, { status: 'cancelled' })).msg).toBe(
      '服务已生效，不能取消；如需退款请联系客服',
    );
    expect((await order('upgrade', alice, ANCESTRY_KIT)).msg).toBe('该检测人已是全能版，报告已包含全部模块，无需升级');
  });

  it('lets nobody buy a service for another user’s kit, nor pay or read their service order', async () => {
    for (const kind of ['upgrade', 'speed', 'noReturn']) {
      const answer = await order(kind, alice, BOBS_KIT);
      expect(answer).toMatchObject({ code: CODES.NOT_FOUND.code, msg: '采样盒不存在或不属于你的检测人' });
    }
    expect((await order('upgrade', alice, 'JY9999999999')).code).toBe(CODES.NOT_FOUND.code);
    expect((await order('upgrade', alice, '')).msg).toBe('请选择采样盒');
    const bobs = (await order('upgrade', bob, BOBS_KIT)).data;
    expect((await call('GET', fillPattern(SHOP_PATHS.order, { id: bobs.id }), alice)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('POST', fillPattern(SHOP_PATHS.pay, { id: bobs.id }), alice, { payType: 'dev' })).code).toBe(CODES.NOT_FOUND.code);
    expect((await kit(BOBS_KIT)).productId).toBe('ANCESTRY');
  });

  it('expedites a kit without a report, shows it to staff, and refuses kits already reported', async () => {
    const o = (await order('speed', alice, ANCESTRY_KIT_2)).data;
    expect(o).toMatchObject({ productId: 'SPEED_PACKAGE', total: 9900 });
    await payOrder(alice, o.id, 9900);
    expect((await call('GET', fillPattern(SHOP_PATHS.order, { id: o.id }), alice)).data.state).toBe('done');
    expect((await kit(ANCESTRY_KIT_2)).expeditedAt).not.toBeNull();
    expect((await order('speed', alice, ANCESTRY_KIT_2)).msg).toBe('该采样盒已加急，实验室会优先检测');

    expect((await call('POST', STAFF_PATHS.confirm, staff, { password: PASSWORD })).code).toBe(0);
    const seen = (await call('GET', fillPattern(STAFF_PATHS.kit, { barcode: ANCESTRY_KIT_2 }), staff)).data;
    expect(seen.expeditedAt).toBe(t.clock.now.toISOString());
    expect((await call('GET', fillPattern(STAFF_PATHS.kit, { barcode: ANCESTRY_KIT_2 }), alice)).code).not.toBe(0);
    const queue = (await call('GET', STAFF_PATHS.expeditedKits, staff)).data.list;
    expect(queue).toEqual([{ barcode: ANCESTRY_KIT_2, productName: '祖源检测', expeditedAt: t.clock.now.toISOString() }]);
    expect((await call('GET', STAFF_PATHS.expeditedKits, alice)).code).not.toBe(0);

    // A reported kit: the lab is done, there is nothing to expedite.
    await t.database.db.insert(schema.reportResults).values({ barcode: STANDARD_KIT, kbVersion: 'test', items: [] });
    const before = await t.database.db.select().from(schema.orders);
    expect((await order('speed', alice, STANDARD_KIT)).msg).toBe('该采样盒的报告已出，无需加急');
    // An uploaded raw-data file (a man's, not yet reported) has no sample at the lab: no service at all.
    const uploader = (await call('POST', ACCOUNT_PATHS.persons, alice, { name: '阿伟', gender: 'male' })).data.id;
    const raw = target.name === 'pglite' ? 'IM0000000051' : 'IM0000000052';
    await t.database.db
      .insert(schema.kits)
      .values({ barcode: raw, productId: RAW_DATA_PRODUCT_ID, personId: uploader, boundAt: t.clock.now });
    for (const kind of ['speed', 'noReturn', 'upgrade']) {
      expect((await order(kind, alice, raw)).msg).toBe('导入的原始数据没有实验室样本，不支持此服务');
    }
    expect(await t.database.db.select().from(schema.orders)).toHaveLength(before.length);
  });

  it('sells Y-full without a new sample for a man’s chip kit only, held as paid for the lab; Y-full owners go to /buy/y-full', async () => {
    const list = (await offers('noReturn', alice)).data;
    expect(list.yfullOwner).toBe(false);
    const mine = (b: string) => list.list.find((k: { barcode: string }) => k.barcode === b);
    expect(mine(ANCESTRY_KIT).refusal).toBe('Y 染色体只有男性携带，全 Y 测序只适用于男性检测人');
    expect(mine(STANDARD_KIT).offer).toMatchObject({ productId: 'Y_FULL_NO_RETURN', price: 269900 });

    const o = (await order('noReturn', alice, STANDARD_KIT)).data;
    await payOrder(alice, o.id, 269900);
    expect((await call('GET', fillPattern(SHOP_PATHS.order, { id: o.id }), alice)).data.state).toBe('paid');
    expect((await offers('noReturn', alice)).data.list.find((k: { barcode: string }) => k.barcode === STANDARD_KIT).refusal).toBe(
      '已购买此服务，实验室正在处理',
    );
    // Staff ship nothing for it, and finish it when the lab is done.
    expect((await call('POST', fillPattern(STAFF_PATHS.ship, { id: o.id }), staff, { barcodes: ['JY0000000119'] })).msg).toBe(
      '服务订单无需发货：实验室处理完成后标记为已完成',
    );
    expect((await call('POST', fillPattern(STAFF_PATHS.done, { id: o.id }), staff)).data.state).toBe('done');

    // An owner of a Y full-sequencing kit is sent to the ordinary Y-full purchase.
    await t.database.db.insert(schema.kits).values({ barcode: 'JY0000009901', productId: 'Y_FULL' });
    await person(bob, '鲍勃父亲', 'male', 'JY0000009901');
    expect((await offers('noReturn', bob)).data.yfullOwner).toBe(true);
    expect((await order('noReturn', bob, BOBS_KIT)).msg).toBe('你已拥有全 Y 测序，请在全 Y 测序页面购买');
  });

  it('keeps goods orders on their path: staff cannot finish a paid kit order that was never shipped', async () => {
    const address = (
      await call('POST', ACCOUNT_PATHS.deliveryAddresses, alice, {
        receiver: '王芳',
        nationCode: '86',
        phone: '13812345678',
        region: {
          province: { code: '31', name: '上海市' },
          city: { code: '3101', name: '市辖区' },
          district: { code: '310104', name: '徐汇区' },
        },
        detail: '漕溪北路 88 号',
        isDefault: true,
      })
    ).data.id;
    const goods = (
      await call('POST', SHOP_PATHS.createOrder, alice, {
        productId: 'TRAIT',
        sku: 'TRAIT-1',
        count: 1,
        addressId: address,
        idempotencyKey: key(),
      })
    ).data;
    await payOrder(alice, goods.id, goods.total);
    expect((await call('POST', fillPattern(STAFF_PATHS.done, { id: goods.id }), staff)).msg).toBe('订单当前状态不允许此操作');
  });
});
