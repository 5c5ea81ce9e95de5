import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { FISSION_PATHS } from '@jiyin/contracts/fission';
import { KIT_RESULT_PATHS } from '@jiyin/contracts/kitServices';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { SHOP_PATHS } from '@jiyin/contracts/shop';
import { STAFF_PATHS } from '@jiyin/contracts/staff';
import { WALLET_PATHS } from '@jiyin/contracts/wallet';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevPayProvider } from '../src/payments/providers.ts';
import { acceptShareInvitations, signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

const PASSWORD = 'jiyin-Strong-2026';
const STAFF_PHONE = '13700000031';
const ADDRESS = {
  receiver: '李四',
  nationCode: '86',
  phone: '13812345678',
  region: {
    province: { code: '11', name: '北京市' },
    city: { code: '1101', name: '市辖区' },
    district: { code: '110108', name: '海淀区' },
  },
  detail: '学院路 2 号',
};
const PICS = [1, 2, 3].map((n) => ({ url: `/static/products/fission-${n}.svg`, title: `图 ${n}` }));
const HPV_RESULT = (barcode: string) => ({
  barcode,
  testType: 'HPV',
  items: [
    { name: 'HPV 16', value: '未检出', unit: '', refRange: '未检出', flag: 'negative' },
    { name: 'HPV 52', value: '检出', unit: '', refRange: '未检出', flag: 'positive' },
  ],
  conclusion: '检出高危型 HPV 52，建议到妇科门诊进一步检查。',
  labName: '示例医学检验实验室',
  sampledAt: '2026-11-10',
  reportedAt: '2026-11-20',
});

describe.each(testDatabaseTargets())('kit services, staff back office and referrals on $name', (target) => {
  let t: TestApp;
  let staff: string;
  let alice: string;
  let bob: string;
  let aliceAddress: string;
  let bobAddress: string;
  let alicePerson: string;
  let n = 0;
  const key = () => `kit-key-${++n}-abcdef`;
  // Each database target gets its own phones (Postgres keeps users across runs of one file).
  const phone = (i: number) => `137${target.name === 'pglite' ? '1' : '2'}00000${String(i).padStart(2, '0')}`;

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, body?: unknown): Promise<Answer> => {
    const res = await t.app.inject({ method, url, payload: body as object, headers: cookie ? { cookie } : {} });
    return res.json();
  };
  const id = (path: string, orderId: string) => fillPattern(path, { id: orderId });
  const dev = () => new DevPayProvider(t.config.pay.devSecret);

  /** An order of `productId` by `cookie`, paid through a signed development notification. */
  async function paidOrder(cookie: string, addressId: string, productId: string, count = 1): Promise<string> {
    const o = await call('POST', SHOP_PATHS.createOrder, cookie, {
      productId,
      sku: `${productId}-1`,
      count,
      addressId,
      idempotencyKey: key(),
    });
    expect(o.code, o.msg).toBe(0);
    const start = await call('POST', id(SHOP_PATHS.pay, o.data.id), cookie, { payType: 'dev' });
    const signed = dev().notification({
      notifyId: `n-${start.data.paymentId}`,
      paymentId: start.data.paymentId,
      amount: o.data.total,
      result: 'ok',
      tradeNo: 'T1',
    });
    expect((await call('POST', fillPattern(SHOP_PATHS.payNotify, { provider: 'dev' }), null, signed)).data.outcome).toBe('paid');
    return o.data.id;
  }

  beforeAll(async () => {
    t = await startTestApp(target, {
      STAFF_PHONES: `${phone(1)},${STAFF_PHONE}`,
      STAFF_CONFIRM_MINUTES: '30',
      STAFF_SESSION_MAX_HOURS: '12',
    });
    staff = await signUpUser(t, phone(1), PASSWORD, '客服小王');
    alice = await signUpUser(t, phone(2), PASSWORD, '爱丽丝');
    bob = await signUpUser(t, phone(3), PASSWORD, '鲍勃');
    aliceAddress = (await call('POST', ACCOUNT_PATHS.deliveryAddresses, alice, ADDRESS)).data.id;
    bobAddress = (await call('POST', ACCOUNT_PATHS.deliveryAddresses, bob, ADDRESS)).data.id;
    alicePerson = (await call('POST', ACCOUNT_PATHS.persons, alice, { name: '爱丽丝', gender: 'female' })).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the back office to staff who re-entered their password recently, within the session age limit', async () => {
    expect((await call('GET', STAFF_PATHS.orders, null)).code).toBe(CODES.NOT_LOGGED_IN.code);
    expect((await call('GET', STAFF_PATHS.orders, alice)).code).toBe(CODES.NO_PERMISSION.code);
    expect((await call('GET', STAFF_PATHS.session, alice)).code).toBe(CODES.NO_PERMISSION.code);
    expect((await call('POST', STAFF_PATHS.confirm, alice, { password: PASSWORD })).code).toBe(CODES.NO_PERMISSION.code);
    expect((await call('GET', STAFF_PATHS.orders, staff)).code).toBe(CODES.STAFF_CONFIRM_REQUIRED.code);
    expect((await call('GET', STAFF_PATHS.session, staff)).data).toMatchObject({ name: '客服小王', confirmed: false });
    expect((await call('POST', STAFF_PATHS.confirm, staff, { password: 'wrong-password' })).msg).toBe('密码错误');
    expect((await call('POST', STAFF_PATHS.confirm, staff, { password: PASSWORD })).code).toBe(0);
    expect((await call('GET', STAFF_PATHS.orders, staff)).code).toBe(0);
    // The confirmation lapses after STAFF_CONFIRM_MINUTES; confirming again opens it again.
    t.clock.advance(31 * 60_000);
    expect((await call('GET', STAFF_PATHS.orders, staff)).code).toBe(CODES.STAFF_CONFIRM_REQUIRED.code);
    expect((await call('POST', STAFF_PATHS.confirm, staff, { password: PASSWORD })).code).toBe(0);
    // A session older than STAFF_SESSION_MAX_HOURS cannot be confirmed: sign in anew.
    const old = await signUpUser(t, STAFF_PHONE, PASSWORD, '客服老李');
    t.clock.advance(13 * 3600_000);
    expect((await call('POST', STAFF_PATHS.confirm, old, { password: PASSWORD })).code).toBe(CODES.STAFF_SIGNIN_REQUIRED.code);
    expect((await call('GET', STAFF_PATHS.orders, staff)).code).toBe(CODES.STAFF_SIGNIN_REQUIRED.code);
    // The staff member signs in again (a fresh session) and confirms.
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signin,
      payload: { phoneNumber: phone(1), nationCode: '86', password: PASSWORD },
    });
    staff = `__token=${res.cookies.find((c) => c.name === '__token')?.value}`;
    expect((await call('POST', STAFF_PATHS.confirm, staff, { password: PASSWORD })).code).toBe(0);
    expect((await call('GET', STAFF_PATHS.orders, staff)).code).toBe(0);
  });

  it('walks an order through ship, bind and done only along the state machine, refusing every other move', async () => {
    const created = await call('POST', SHOP_PATHS.createOrder, alice, {
      productId: 'HPV',
      sku: 'HPV-1',
      count: 1,
      addressId: aliceAddress,
      idempotencyKey: key(),
    });
    const ship = (orderId: string, barcodes: string[]) => call('POST', id(STAFF_PATHS.ship, orderId), staff, { barcodes });
    const move = (path: string, orderId: string) => call('POST', id(path, orderId), staff);
    const refused = '订单当前状态不允许此操作';
    // created: nothing of the back office applies.
    expect((await ship(created.data.id, ['HV0000000001'])).msg).toBe(refused);
    expect((await move(STAFF_PATHS.bind, created.data.id)).msg).toBe(refused);
    expect((await move(STAFF_PATHS.done, created.data.id)).msg).toBe(refused);
    expect((await move(STAFF_PATHS.refund, created.data.id)).msg).toBe('只有已支付、未发货的订单可以退款');

    const orderId = await paidOrder(alice, aliceAddress, 'HPV');
    expect((await move(STAFF_PATHS.bind, orderId)).msg).toBe(refused);
    expect((await move(STAFF_PATHS.done, orderId)).msg).toBe(refused);
    expect((await ship(orderId, ['HV0000000001', 'HV0000000002'])).msg).toBe('该订单有 1 件，请填写 1 个条码');
    // A kit of another product, or one already bound, is refused and changes nothing.
    expect((await ship(orderId, ['JY0000000100'])).msg).toBe('条码 JY0000000100 不是该订单商品的采样盒');
    expect((await call('GET', id(SHOP_PATHS.order, orderId), alice)).data.state).toBe('paid');
    const shipped = await ship(orderId, ['hv0000000001']);
    expect(shipped.data).toMatchObject({ state: 'shipped', barcodes: ['HV0000000001'] });
    expect((await ship(orderId, ['HV0000000003'])).msg).toBe(refused);
    expect((await move(STAFF_PATHS.refund, orderId)).msg).toBe('只有已支付、未发货的订单可以退款');
    expect((await move(STAFF_PATHS.done, orderId)).msg).toBe(refused);
    expect((await move(STAFF_PATHS.bind, orderId)).msg).toBe('该订单的采样盒还没有绑定检测人');

    // The customer binds the kit to a person: the order moves to bound by itself.
    const bind = await call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id: alicePerson }), alice, { barcode: 'HV0000000001' });
    expect(bind.code, bind.msg).toBe(0);
    expect((await call('GET', id(SHOP_PATHS.order, orderId), alice)).data.state).toBe('bound');
    expect((await move(STAFF_PATHS.bind, orderId)).msg).toBe(refused);
    expect((await move(STAFF_PATHS.done, orderId)).data.state).toBe('done');
    for (const path of [STAFF_PATHS.bind, STAFF_PATHS.done]) expect((await move(path, orderId)).msg).toBe(refused);
    expect((await move(STAFF_PATHS.refund, orderId)).msg).toBe('只有已支付、未发货的订单可以退款');

    // A paid order refunded by staff, through the provider, giving the stock back.
    const second = await paidOrder(bob, bobAddress, 'HP');
    const refund = await move(STAFF_PATHS.refund, second);
    expect(refund.data).toMatchObject({ state: 'refunded', payment: { refunded: true } });
    const actions = (await call('GET', STAFF_PATHS.audit, staff)).data.list.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['staff-order-ship', 'staff-order-done', 'staff-order-refund', 'staff-confirm']));
  });

  it('lets staff enter a lab result that only the person’s owner (and those it is shared with) can read', async () => {
    const orderId = await paidOrder(alice, aliceAddress, 'HPV');
    await call('POST', id(STAFF_PATHS.ship, orderId), staff, { barcodes: ['HV0000000010'] });
    const enter = (body: unknown) => call('POST', STAFF_PATHS.labResults, staff, body);
    expect((await enter(HPV_RESULT('HV0000000010'))).msg).toBe('该采样盒尚未绑定检测人，不能录入结果');
    await call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id: alicePerson }), alice, { barcode: 'HV0000000010' });
    expect((await enter({ ...HPV_RESULT('HV0000000010'), testType: 'AMH' })).msg).toBe('该采样盒的商品不是AMH（抗缪勒管激素）检测');
    expect((await enter({ ...HPV_RESULT('HV0000000010'), items: [] })).msg).toBe('至少填写一个检测项目');
    expect((await enter({ ...HPV_RESULT('HV0000000010'), sampledAt: '2026-11-21' })).msg).toBe('采样日期不能晚于报告日期');
    expect((await enter(HPV_RESULT('XX0000000000'))).code).toBe(CODES.BARCODE_UNKNOWN.code);
    expect((await call('POST', STAFF_PATHS.labResults, alice, HPV_RESULT('HV0000000010'))).code).toBe(CODES.NO_PERMISSION.code);
    const saved = await enter(HPV_RESULT('HV0000000010'));
    expect(saved.data).toMatchObject({ testType: 'HPV', personName: '爱丽丝', reportedAt: '2026-11-20' });
    // A correction replaces the result (one per kit).
    const fixed = await enter({ ...HPV_RESULT('HV0000000010'), conclusion: '检出高危型 HPV 52，建议到妇科门诊进一步检查（更正）。' });
    expect(fixed.data.id).toBe(saved.data.id);

    const list = (cookie: string, personId = alicePerson) =>
      call('GET', `${fillPattern(KIT_RESULT_PATHS.list, { type: 'hpv' })}?personId=${personId}`, cookie);
    const one = (cookie: string | null, type = 'hpv') =>
      call('GET', fillPattern(KIT_RESULT_PATHS.one, { type, id: saved.data.id }), cookie);
    expect((await list(alice)).data.list).toMatchObject([
      { id: saved.data.id, items: [{ name: 'HPV 16' }, { flag: 'positive', refRange: '未检出' }] },
    ]);
    expect((await one(alice)).data.conclusion).toContain('更正');
    expect((await one(alice, 'hp')).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', `${fillPattern(KIT_RESULT_PATHS.list, { type: 'hp' })}?personId=${alicePerson}`, alice)).data.list).toEqual(
      [],
    );
    // Another user: the person and the result answer like missing ones; unknown types are refused.
    const missing = await call('GET', fillPattern(KIT_RESULT_PATHS.one, { type: 'hpv', id: '00000000-0000-4000-8000-000000000000' }), bob);
    expect(await one(bob)).toEqual(missing);
    expect((await list(bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await one(null)).code).toBe(CODES.NOT_LOGGED_IN.code);
    expect((await call('GET', `${fillPattern(KIT_RESULT_PATHS.list, { type: 'covid' })}?personId=${alicePerson}`, alice)).code).toBe(
      CODES.BAD_REQUEST.code,
    );
    // Shared with Bob: he may read it.
    await call('POST', fillPattern(ACCOUNT_PATHS.personShares, { id: alicePerson }), alice, { nationCode: '86', phoneNumber: phone(3) });
    expect(await acceptShareInvitations(t, bob)).toBe(1);
    expect((await one(bob)).data.id).toBe(saved.data.id);
    // The owner was told.
    const [notice] = await t.database.db.select().from(schema.notifications).where(eq(schema.notifications.relatedId, 'HV0000000010'));
    expect(notice).toMatchObject({ title: 'HPV 检测（宫颈癌筛查）结果已出', webviewUrl: '/report/hpv/detail' });
    expect((await call('GET', fillPattern(STAFF_PATHS.kit, { barcode: 'HV0000000010' }), staff)).data).toMatchObject({
      orderId,
      person: { name: '爱丽丝' },
      result: { id: saved.data.id },
    });
    const log = (await call('GET', STAFF_PATHS.audit, staff)).data.list.map((e: { action: string }) => e.action);
    expect(log).toEqual(expect.arrayContaining(['staff-lab-result', 'staff-kit-view']));
  });

  it('rewards the inviter once when the invitee’s order is done, and shows referral data to its own users only', async () => {
    const activity = {
      topic: 'fission',
      title: '邀请好友得奖励',
      description: '邀请好友购买检测，好友订单完成后你得现金奖励。',
      rules: '每位好友每完成一笔订单，奖励 30 元。',
      rewardAmount: 3000,
      picInfos: PICS,
      startDate: new Date(t.clock.now.getTime() - 3600_000).toISOString(),
      endDate: new Date(t.clock.now.getTime() + 30 * 86400_000).toISOString(),
    };
    expect((await call('POST', STAFF_PATHS.activities, staff, { ...activity, picInfos: PICS.slice(0, 2) })).msg).toBe(
      '活动图片须正好 3 张',
    );
    expect((await call('POST', STAFF_PATHS.activities, staff, { ...activity, endDate: activity.startDate })).msg).toBe(
      '结束时间须晚于开始时间',
    );
    expect(
      (
        await call('POST', STAFF_PATHS.activities, staff, {
          ...activity,
          picInfos: [...PICS.slice(0, 2), { url: 'https://evil.example/x.png' }],
        })
      ).msg,
    ).toBe('图片地址须为本站上传的图片');
    const created = await call('POST', STAFF_PATHS.activities, staff, activity);
    expect(created.data).toMatchObject({ checkPass: true, picInfos: PICS });
    const current = await call('GET', FISSION_PATHS.current, null);
    expect(current.data.list.map((a: { id: string }) => a.id)).toEqual([created.data.id]);

    const carol = await signUpUser(t, phone(4), PASSWORD, '卡罗');
    const carolAddress = (await call('POST', ACCOUNT_PATHS.deliveryAddresses, carol, ADDRESS)).data.id;
    const inviter = (await call('GET', FISSION_PATHS.me, bob)).data;
    expect(inviter.code).toMatch(/^[A-Z0-9]{8}$/);
    expect((await call('GET', FISSION_PATHS.me, bob)).data.code).toBe(inviter.code);
    expect((await call('GET', `${FISSION_PATHS.invite}?code=${inviter.code}`, null)).data.inviterName).toBe('鲍**');
    expect((await call('POST', FISSION_PATHS.accept, bob, { code: inviter.code })).msg).toBe('不能接受自己的邀请');
    expect((await call('POST', FISSION_PATHS.accept, carol, { code: 'ZZZZZZZZ' })).code).toBe(CODES.INVITE_INVALID.code);
    // Alice has ordered before: not a new customer.
    expect((await call('POST', FISSION_PATHS.accept, alice, { code: inviter.code })).msg).toBe('邀请仅限尚未下过单的新用户');
    expect((await call('POST', FISSION_PATHS.accept, carol, { code: inviter.code })).code).toBe(0);
    expect((await call('POST', FISSION_PATHS.accept, carol, { code: inviter.code })).code).toBe(CODES.INVITE_TAKEN.code);

    const balance = async () => (await call('GET', WALLET_PATHS.balance, bob)).data.result as number;
    const before = await balance();
    const orderId = await paidOrder(carol, carolAddress, 'ANCESTRY');
    await call('POST', id(STAFF_PATHS.ship, orderId), staff, { barcodes: ['JY0000000201'] });
    expect(await balance()).toBe(before);
    await call('POST', id(STAFF_PATHS.bind, orderId), staff);
    const carolPerson = (await call('POST', ACCOUNT_PATHS.persons, carol, { name: '卡罗', gender: 'female' })).data.id;
    await call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id: carolPerson }), carol, { barcode: 'JY0000000201' });
    const done = await Promise.all([1, 2, 3].map(() => call('POST', id(STAFF_PATHS.done, orderId), staff)));
    expect(done.filter((d) => d.code === 0)).toHaveLength(1);
    expect(await balance()).toBe(before + 3000);
    expect((await call('POST', id(STAFF_PATHS.done, orderId), staff)).code).not.toBe(0);
    expect(await balance()).toBe(before + 3000);
    const rewards = await t.database.db.select().from(schema.referralRewards).where(eq(schema.referralRewards.orderId, orderId));
    expect(rewards).toHaveLength(1);

    const bobView = (await call('GET', FISSION_PATHS.me, bob)).data;
    expect(bobView).toMatchObject({ rewardTotal: 3000, invitees: [{ name: '卡**' }], rewards: [{ amount: 3000, inviteeName: '卡**' }] });
    const carolView = (await call('GET', FISSION_PATHS.me, carol)).data;
    expect(carolView).toMatchObject({ invitedBy: '鲍**', invitees: [], rewards: [], rewardTotal: 0 });
    expect((await call('GET', WALLET_PATHS.balance, carol)).data.result).toBe(0);
    expect((await call('GET', FISSION_PATHS.me, null)).code).toBe(CODES.NOT_LOGGED_IN.code);
  });

  it('retrieves the orders sent to a phone, or bought by its account, with that phone’s SMS code only', async () => {
    // Bob's earlier order went to ADDRESS.phone, a phone without an account.
    const code = async (phoneNumber: string) => {
      t.clock.advance(61_000);
      const sent = await call('POST', ACCOUNT_PATHS.sendSmsCode, null, {
        phone: phoneNumber,
        nationCode: '86',
        verifyType: 'orders',
        neCaptcha: 'dev',
      });
      expect(sent.code, sent.msg).toBe(0);
      return t.sms.lastCode(phoneNumber) as string;
    };
    const retrieve = (phoneNumber: string, authCode: string) =>
      call('POST', SHOP_PATHS.retrieveOrders, null, { nationCode: '86', phoneNumber, authCode });
    expect((await retrieve(ADDRESS.phone, '000000')).code).not.toBe(0);
    const first = await code(ADDRESS.phone);
    const sentTo = await retrieve(ADDRESS.phone, first);
    expect(sentTo.data.list.length).toBeGreaterThanOrEqual(3);
    expect(sentTo.data.list[0]).toMatchObject({ receiver: '李**', region: '北京市 海淀区' });
    expect(sentTo.data.list[0]).not.toHaveProperty('address');
    // The code is single use.
    expect((await retrieve(ADDRESS.phone, first)).code).toBe(CODES.SMS_CODE_EXPIRED.code);
    // Alice's own account phone: her orders (also sent to ADDRESS.phone); a stranger's phone sees none.
    const mine = await retrieve(phone(2), await code(phone(2)));
    expect(mine.data.list.length).toBeGreaterThan(0);
    expect((await retrieve('13900000077', await code('13900000077'))).data.list).toEqual([]);
  });

  it('lets staff list and edit products, every edit in the audit log', async () => {
    const list = (await call('GET', STAFF_PATHS.products, staff)).data.list;
    expect(list.find((p: { id: string }) => p.id === 'HPV')).toMatchObject({ name: '宫颈癌筛查（HPV）', price: 19900, online: true });
    const edit = (body: unknown) => call('PUT', fillPattern(STAFF_PATHS.product, { id: 'HP' }), staff, body);
    // The shop's list is served from memory: an edit must show in it at once.
    const listed = async () => (await call('GET', API_PATHS.commodityList, null)).data.list.map((p: { id: string }) => p.id);
    expect(await listed()).toContain('HP');
    expect((await edit({ online: true, stock: -1 })).msg).toBe('库存不能为负');
    expect((await edit({ online: false, stock: 50 })).code).toBe(0);
    expect((await call('POST', SHOP_PATHS.skuPrice, null, { productId: 'HP', sku: 'HP-1', count: 1 })).code).toBe(CODES.NOT_FOUND.code);
    expect(await listed()).not.toContain('HP');
    expect((await edit({ online: true, stock: null })).code).toBe(0);
    expect(await listed()).toContain('HP');
    expect((await call('PUT', fillPattern(STAFF_PATHS.product, { id: 'HP' }), alice, { online: false, stock: null })).code).toBe(
      CODES.NO_PERMISSION.code,
    );
    const entries = (await call('GET', STAFF_PATHS.audit, staff)).data.list.filter(
      (e: { action: string }) => e.action === 'staff-product-edit',
    );
    expect(entries.map((e: { detail: { online: boolean } }) => e.detail.online)).toEqual([true, false]);
    expect(entries[0]).toMatchObject({ staffName: '客服小王', actionLabel: '修改商品（工作人员）' });
  });
});
