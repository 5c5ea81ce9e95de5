import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { BRIDGE_MESSAGES, EMBED_PATHS } from '@jiyin/contracts/embed';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { SHOP_PATHS, type WechatJsapiParams } from '@jiyin/contracts/shop';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WX_SDK_URL } from '../app/lib/bridge/wechat.ts';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS } from './browser.ts';
import { apiUser, sendAndFillCode } from './helpers.ts';
import { PREPAYS_PATH } from './setup/wechat-pay-gateway.ts';

const [PC, PHONE] = VIEWPORTS;
const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** §1 device kinds as their user agents say them. */
const UA = {
  appAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36 jiyinapp/3.2.0',
  appIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 jiyinapp/3.2.0',
  wechatPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatPc:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13)',
  miniProgram:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN miniProgram',
  phone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  pc: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
} as const;
type Context = keyof typeof UA;

/**
 * Each context at its own size, with what §2.6 and §6 say for it: whether the site header and footer
 * show, and where an anonymous visitor of a guarded page goes (the server runs with APP_ENV=test, so
 * the messaging app's local exception does not apply).
 */
const CONTEXTS: { name: Context; vp: (typeof VIEWPORTS)[number]; chrome: boolean; guarded: string }[] = [
  { name: 'appAndroid', vp: PHONE, chrome: false, guarded: '/auth/signin' },
  { name: 'appIos', vp: PHONE, chrome: false, guarded: '/auth/signin' },
  { name: 'wechatPhone', vp: PHONE, chrome: false, guarded: '/login' },
  { name: 'wechatPc', vp: PC, chrome: false, guarded: '/auth/signin' },
  { name: 'miniProgram', vp: PHONE, chrome: false, guarded: '/login' },
  { name: 'phone', vp: PHONE, chrome: true, guarded: '/auth/signin' },
  { name: 'pc', vp: PC, chrome: true, guarded: '/auth/signin' },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A page of one context; the messaging-app contexts get the stand-in JS-SDK instead of the network one. */
async function contextPage(name: Context, vp = CONTEXTS.find((c) => c.name === name)?.vp ?? PHONE) {
  const page = await openPage(browser, vp, UA[name]);
  await page.route(WX_SDK_URL, (route) => route.fulfill({ path: path.join(FIXTURES, 'jweixin-stub.js'), contentType: 'text/javascript' }));
  return page;
}

/** The demo account's own app session (what the native app holds), then a one-time token for its web view. */
async function bridgeToken(ua: string): Promise<string> {
  const signin = await fetch(`${baseUrl()}${ACCOUNT_PATHS.signin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': ua },
    body: JSON.stringify({ phoneNumber: '19900000000', nationCode: '86', password: 'jiyin-demo-2026' }),
  });
  const session = /__token=([^;]+)/.exec(signin.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`demo sign-in failed: ${await signin.text()}`);
  const res = await fetch(`${baseUrl()}${EMBED_PATHS.bridgeTokens}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session}`, 'user-agent': ua },
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(0);
  return body.data.token;
}

type NativeMessage = { method: string; params: Record<string, unknown> };
const nativeLog = (page: Page) => page.evaluate(() => (window as unknown as { __native: NativeMessage[] }).__native);
const callWeb = (page: Page, method: string, params?: unknown) =>
  page.evaluate(
    ([m, p]) => (window as unknown as { JiyinWeb: Record<string, (p?: unknown) => Promise<unknown>> }).JiyinWeb[m as string](p),
    [method, params] as const,
  );

describe('web views in every context (§1, §2.6, §6)', () => {
  it.each(CONTEXTS)(
    '$name: shows or hides the site chrome, sends anonymous visitors of a guarded page where §6 says, renders web views bare',
    async (ctx) => {
      const page = await contextPage(ctx.name, ctx.vp);
      // The chrome is decided on the server from the user agent: every context reads the page as rendered
      // for it, and two are opened in full and looked at (the app and mini-program pages are opened below).
      const topic = await (await page.request.get(`${baseUrl()}/topics/ancestry`)).text();
      expect(topic.includes('data-testid="site-header"'), 'header').toBe(ctx.chrome);
      expect(topic.includes('class="site-footer"'), 'footer').toBe(ctx.chrome);
      if (ctx.name === 'wechatPhone' || ctx.name === 'pc') {
        await gotoReady(page, `${baseUrl()}/topics/ancestry`);
        expect(await page.locator('.site-header').count(), 'header').toBe(ctx.chrome ? 1 : 0);
        expect(await page.locator('.site-footer').count(), 'footer').toBe(ctx.chrome ? 1 : 0);
        await screenshot(page, ctx.vp, `webview-chrome-${ctx.name}`);
      }

      // The guard answers the document request itself, with this context's user agent.
      const where = async (url: string) => {
        const res = await page.request.get(`${baseUrl()}${url}`, { maxRedirects: 0 });
        expect(res.status()).toBe(302);
        return res.headers().location;
      };
      expect(await where('/user/orders?tab=1')).toBe(`${ctx.guarded}?from=%2Fuser%2Forders%3Ftab%3D1`);
      // §6: a shared link opened with authorize=0 is not sent to the bridge host's login.
      expect(await where('/user?authorize=0')).toBe('/auth/signin?from=%2Fuser%3Fauthorize%3D0');

      // Web views are bare in every context (their server-rendered page is what the context shows first).
      const webview = await (await page.request.get(`${baseUrl()}/webview/statement/hpv`)).text();
      expect(webview).toContain('<h1>HPV 检测声明</h1>');
      expect(webview).not.toMatch(/data-testid="site-header"|class="site-footer"/);
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
  );

  it('renders every statement, Q&A, rule and protocol from the seeded content, and the login page of the bridge host', async () => {
    const page = await contextPage('wechatPhone');
    const pages: [string, string][] = [
      ['/webview/statement/hp', '幽门螺杆菌检测声明'],
      ['/webview/statement/ngs', '测序检测声明'],
      ['/webview/interlocution/familystory', '家族故事问答'],
      ['/webview/interlocution/qualification', '资质问答'],
      ['/webview/topics/hpv', 'HPV 检测'],
      ['/webview/topics/skin', '皮肤特质'],
      ['/webview/balance/rule', '余额规则'],
      ['/webview/balance/protocol', '余额服务协议'],
      ['/webview/coupon/protocol', '优惠券使用说明'],
    ];
    // The server renders each one (its heading and first section in the HTML); one is opened to look at.
    for (const [url, title] of pages) {
      const html = await (await page.request.get(`${baseUrl()}${url}`)).text();
      expect(html, url).toContain(`<h1>${title}</h1>`);
      expect(html, url).toMatch(/<h2[^>]*>[^<]+<\/h2>/);
    }
    await gotoReady(page, `${baseUrl()}/webview/interlocution/qualification`);
    await page.getByText('暂无数据').waitFor();
    await screenshot(page, PHONE, 'webview-qualification');
    // Anonymous: the coupon page asks to sign in where §6 sends this context, the bridge host's /login,
    // which first asks the platform who this is: a new visitor signs in with a phone once, which binds them.
    const user = await apiUser('13600000161', '微信用户');
    await gotoReady(page, `${baseUrl()}/webview/coupon`);
    await page.getByTestId('webview-signin').getByRole('link', { name: '去登录' }).click();
    await page.waitForURL('**/login?from=%2Fwebview%2Fcoupon&bind=1');
    await page.getByText('首次使用微信登录').waitFor();
    expect(await page.locator('.site-header').count()).toBe(0);
    await screenshot(page, PHONE, 'webview-login');
    await page.getByLabel('手机号', { exact: true }).fill('13600000161');
    await page.getByLabel('密码', { exact: true }).fill('Gene-e2e-2026');
    await page.locator('form').getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/webview/coupon');
    await page.getByTestId('webview-coupons').getByText('暂无优惠券').waitFor();
    // Signed out, the same visitor is signed straight back in by the platform.
    const cookies = await page.context().cookies();
    await page.context().clearCookies();
    await page.context().addCookies(cookies.filter((c) => c.name !== '__token'));
    await gotoReady(page, `${baseUrl()}/webview/coupon`);
    await page.getByTestId('webview-signin').getByRole('link', { name: '去登录' }).click();
    await page.waitForURL('**/webview/coupon');
    await page.getByTestId('webview-coupons').waitFor();
    expect(user.token).not.toBe('');
    await page.context().close();
  });
});

describe('the messaging app (§7.5) and mini-programs (§9)', () => {
  it('signs every page it shows, configures the JS-SDK with it, sets the share card and offers the open tags', async () => {
    const page = await contextPage('wechatPhone');
    const signs: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === `/proxy${EMBED_PATHS.wechatSign}`) signs.push(u.searchParams.get('url') ?? '');
    });
    await gotoReady(page, `${baseUrl()}/webview/topics/hpv`);
    await page.locator('html[data-wechat-share="ready"]').waitFor({ state: 'attached' });
    await page.getByRole('link', { name: /HPV 检测声明/ }).click();
    await page.waitForURL('**/webview/statement/hpv');
    await page.waitForFunction(() => (window as unknown as { __wx: { configs: unknown[] } }).__wx.configs.length === 2);
    expect(signs).toEqual(['/webview/topics/hpv', '/webview/statement/hpv']);
    const wx = await page.evaluate(
      () => (window as unknown as { __wx: { configs: Record<string, unknown>[]; shares: Record<string, string>[] } }).__wx,
    );
    expect(wx.configs.map((c) => c.url)).toEqual([`${baseUrl()}/webview/topics/hpv`, `${baseUrl()}/webview/statement/hpv`]);
    expect(wx.configs[1]).toMatchObject({ debug: false, openTagList: ['wx-open-launch-weapp', 'wx-open-launch-app'] });
    expect(wx.shares.at(-1)).toMatchObject({ link: `${baseUrl()}/webview/statement/hpv`, imgUrl: `${baseUrl()}/static/share.webp` });
    // §5: the card's picture is this site's own file in the format it names (written at start, not per request).
    for (const ext of ['webp', 'jpg']) {
      const img = await page.request.get(`${baseUrl()}/static/share.${ext}`);
      expect(img.headers()['content-type'], ext).toBe(ext === 'webp' ? 'image/webp' : 'image/jpeg');
    }
    await page.locator('html[data-wechat-share="ready"]').waitFor({ state: 'attached' });
    const tags = page.getByTestId('open-tags');
    expect(await tags.locator('wx-open-launch-app').getAttribute('extinfo')).toBe('/webview/statement/hpv');
    expect(await tags.locator('wx-open-launch-weapp').getAttribute('env-version')).toBe('release');
    await screenshot(page, PHONE, 'webview-wechat-statement');

    await gotoReady(page, `${baseUrl()}/webview/topics/skin?env_version=trial`);
    await page.locator('html[data-wechat-share="ready"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('open-tags').locator('wx-open-launch-weapp').getAttribute('env-version')).toBe('trial');
    await page.context().close();

    // Inside a mini-program the page is signed too, but launching a mini-program or the app from it leads nowhere.
    const mini = await contextPage('miniProgram');
    await gotoReady(mini, `${baseUrl()}/webview/topics/hpv`);
    await mini.locator('html[data-wechat-share="ready"]').waitFor({ state: 'attached' });
    expect(await mini.getByTestId('open-tags').count()).toBe(0);
    await mini.context().close();
  });

  it('refuses to be framed by another origin', async () => {
    const page = await contextPage('pc');
    const target = `${baseUrl()}/webview/statement/hpv`;
    await page.route('http://framing.invalid/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<iframe src="${target}" width="400" height="400"></iframe>` }),
    );
    expect((await page.request.get(target)).headers()['content-security-policy']).toBe("frame-ancestors 'self'");
    // The main document's load waits for its frame, blocked or not.
    await page.goto('http://framing.invalid/', { waitUntil: 'load' });
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const text = await frame?.evaluate(() => document.body?.textContent ?? '').catch(() => '');
    expect(text ?? '').not.toContain('HPV 检测声明');
    await page.context().close();
  });
});

describe('the app bridge (§7.11, §8)', () => {
  it.each(['android', 'ios'] as const)('exchanges every handler with the %s shell and gets the §8 replies', async (platform) => {
    const ua = platform === 'android' ? UA.appAndroid : UA.appIos;
    const page = await contextPage(platform === 'android' ? 'appAndroid' : 'appIos');
    // Init scripts run in order before the page's own: the platform first, then the shell that reads it.
    await page.addInitScript((name) => {
      window.name = name;
    }, `shell:${platform}`);
    await page.addInitScript({ path: path.join(FIXTURES, 'native-shell.js') });
    await gotoReady(page, `${baseUrl()}/webview/balance`);
    await page.getByTestId('webview-signin').getByText('正在从 App 获取登录状态').waitFor();
    expect(await nativeLog(page)).toEqual(
      expect.arrayContaining([
        { method: 'setCanGoBack', params: { canGoBack: false } },
        expect.objectContaining({
          method: 'pageChange',
          params: expect.objectContaining({ path: '/webview/balance', isTopLevelPage: false }),
        }),
      ]),
    );

    expect(await callWeb(page, 'updateToken', { token: 'not-a-real-bridge-token-0000', callbackId: 't1' })).toEqual({
      code: -1,
      msg: BRIDGE_MESSAGES.tokenFailed,
    });
    expect(await callWeb(page, 'updateToken', JSON.stringify({ token: await bridgeToken(ua) }))).toEqual({
      code: 0,
      msg: BRIDGE_MESSAGES.tokenOk,
    });
    await page.getByTestId('balance-amount').waitFor();
    const share = (await callWeb(page, 'getShareInfo', { callbackId: 's1' })) as {
      code: number;
      msg: string;
      data: Record<string, string>;
    };
    expect(share).toMatchObject({ code: 0, msg: BRIDGE_MESSAGES.shareInfoOk });
    expect(share.data).toMatchObject({ link: `${baseUrl()}/webview/balance`, imgUrl: `${baseUrl()}/static/share.webp` });
    expect(share.data.title).toContain('我的余额');
    expect(await callWeb(page, 'gotoPage', { fullPath: 'https://framing.invalid/' })).toEqual({
      code: -1,
      msg: BRIDGE_MESSAGES.gotoFailed,
    });
    expect(await callWeb(page, 'gotoPage', { fullPath: '/report/ancestry/nation' })).toEqual({ code: 0, msg: BRIDGE_MESSAGES.gotoOk });
    await page.waitForURL('**/report/ancestry/nation');
    await page.waitForFunction(() =>
      (window as unknown as { __native: NativeMessage[] }).__native.some(
        (m) => m.method === 'pageChange' && m.params.path === '/report/ancestry/nation',
      ),
    );
    const log = await nativeLog(page);
    expect(
      log.filter((m) => m.method === 'bridgeReply').map((m) => [m.params.callbackId, (m.params.reply as { code: number }).code]),
    ).toEqual([
      ['t1', -1],
      ['s1', 0],
    ]);
    expect(log.at(-1)).toMatchObject({ method: 'pageChange', params: { path: '/report/ancestry/nation', isTopLevelPage: true } });
    expect(log.filter((m) => m.method === 'setCanGoBack').at(-1)?.params).toEqual({ canGoBack: true });
    await page.goBack();
    await page.waitForURL('**/webview/balance');
    await page.waitForFunction(
      () =>
        (window as unknown as { __native: NativeMessage[] }).__native.filter((m) => m.method === 'setCanGoBack').at(-1)?.params
          .canGoBack === false,
    );
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('withdraws from the balance end to end inside the app at phone size', async () => {
    const page = await contextPage('appAndroid');
    await page.addInitScript({ path: path.join(FIXTURES, 'native-shell.js') });
    await gotoReady(page, `${baseUrl()}/webview/balance`);
    await callWeb(page, 'updateToken', { token: await bridgeToken(UA.appAndroid) });
    const amount = page.getByTestId('balance-amount');
    await amount.waitFor();
    const before = Number(((await amount.textContent()) ?? '').replace(/[^\d.]/g, ''));
    expect(before).toBeGreaterThanOrEqual(10);
    await page.getByTestId('balance-flows').getByText('邀请奖励').first().waitFor();
    await screenshot(page, PHONE, 'webview-balance');

    await page.getByRole('button', { name: '提现' }).click();
    await page.waitForURL('**/webview/balance/withdraw');
    await page.getByLabel('提现金额（元）').fill(String(before + 1));
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('余额不足').waitFor();
    await page.getByLabel('提现金额（元）').fill('8.5');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL('**/webview/balance/form');
    await page.getByLabel('收款账号').fill('linxiaowen@example.com');
    await page.getByLabel('收款人姓名').fill('林晓雯');
    await screenshot(page, PHONE, 'webview-withdraw-form');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL('**/webview/balance/auth');
    await page.getByText('lin****com').waitFor();
    await sendAndFillCode(page, '19900000000');
    await page.getByRole('checkbox').check();
    await screenshot(page, PHONE, 'webview-withdraw-auth');
    await page.getByRole('button', { name: '确认提现' }).click();
    await page.waitForURL('**/webview/balance/success?*');
    await page.getByText('提现申请已提交').waitFor();
    await page.getByText(`提现 ¥8.50`).waitFor();
    await screenshot(page, PHONE, 'webview-withdraw-success');
    await page.getByRole('button', { name: '返回我的余额' }).click();
    await page.waitForURL('**/webview/balance');
    await page.getByTestId('balance-flows').getByText('提现').first().waitFor();
    expect(Number(((await amount.textContent()) ?? '').replace(/[^\d.]/g, ''))).toBeCloseTo(before - 8.5, 2);
    // The app's web view stays bare.
    expect(await page.locator('.site-header, .site-footer').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

/** What the stand-in WeixinJSBridge saw and will answer (set by the test before each pay click). */
type PayBridge = { answers: string[]; calls: { name: string; params: WechatJsapiParams }[] };

describe('WeChat Pay in the messaging app (§4 payment results, §8)', () => {
  it('shows ok, fail and cancel as the bridge answers them; only the signed notification marks the order paid', async () => {
    const wechatPay = inject('wechatPay');
    const phone = '13600000163';
    const user = await apiUser(phone, '微信支付用户');
    const { id: addressId } = await user.call<{ id: string }>('POST', ACCOUNT_PATHS.deliveryAddresses, {
      receiver: '王五',
      nationCode: '86',
      phone: '13812345678',
      region: {
        province: { code: '11', name: '北京市' },
        city: { code: '1101', name: '市辖区' },
        district: { code: '110108', name: '海淀区' },
      },
      detail: '中关村大街 3 号',
    });
    const order = await user.call<{ id: string; total: number }>('POST', SHOP_PATHS.createOrder, {
      productId: 'HP',
      sku: 'HP-1',
      count: 1,
      addressId,
      idempotencyKey: 'e2e-wechat-pay-0001',
    });
    const orderPath = `/user/orders/${order.id}`;
    const orderState = async () =>
      (await user.call<{ orderState: string }>('GET', fillPattern(SHOP_PATHS.pay, { id: order.id }))).orderState;

    const page = await contextPage('wechatPhone');
    // The messaging app injects WeixinJSBridge; this one answers what the test queued, as WeChat would.
    await page.addInitScript(() => {
      const pay: PayBridge = { answers: [], calls: [] };
      Object.assign(window, {
        __pay: pay,
        WeixinJSBridge: {
          invoke(name: string, params: WechatJsapiParams, cb: (r: { err_msg: string }) => void) {
            pay.calls.push({ name, params });
            setTimeout(() => cb({ err_msg: pay.answers.shift() ?? 'get_brand_wcpay_request:fail' }), 0);
          },
        },
      });
    });
    // §6: the messaging app signs in on /login, which binds this browser's openid (the payer) to the account.
    await gotoReady(page, `${baseUrl()}/login?from=${encodeURIComponent(orderPath)}`);
    await page.waitForURL('**&bind=1');
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('密码', { exact: true }).fill('Gene-e2e-2026');
    await page.locator('form').getByRole('button', { name: '登录' }).click();
    await page.waitForURL(`**${orderPath}`);
    await page.getByTestId('order-state').getByText('待支付').waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

    const payWith = async (answer: string, text: string) => {
      await page.evaluate((a) => (window as unknown as { __pay: PayBridge }).__pay.answers.push(a), answer);
      await page.getByRole('button', { name: '微信支付' }).click();
      await page.locator('.ant-message-notice').getByText(text).waitFor();
      await screenshot(page, PHONE, `webview-wechat-pay-${answer.split(':')[1]}`);
    };
    await payWith('get_brand_wcpay_request:cancel', '已取消支付');
    await payWith('get_brand_wcpay_request:fail', '支付失败，请重试');
    await payWith('get_brand_wcpay_request:ok', '支付成功');
    // The page's "ok" settles nothing: the order waits for WeChat Pay's own word.
    expect(await orderState()).toBe('created');
    await page.getByTestId('order-state').getByText('待支付').waitFor();

    // Each time the bridge got the prepay the server opened at the gateway, signed with the merchant key.
    const calls = await page.evaluate(() => (window as unknown as { __pay: PayBridge }).__pay.calls);
    expect(calls.map((c) => c.name)).toEqual(['getBrandWCPayRequest', 'getBrandWCPayRequest', 'getBrandWCPayRequest']);
    for (const { params } of calls) {
      expect(params).toMatchObject({ appId: wechatPay.appId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx\w+$/) });
      const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
      expect(createVerify('RSA-SHA256').update(message).verify(wechatPay.merchantPublicKey, params.paySign, 'base64')).toBe(true);
    }
    const prepays = (await (await fetch(`${wechatPay.gateway}${PREPAYS_PATH}`)).json()) as string[];
    const outTradeNo = prepays.at(-1) as string;
    expect(prepays.slice(-3)).toEqual([outTradeNo, outTradeNo, outTradeNo]);

    /** WeChat Pay's notification: the transaction encrypted under the APIv3 key, the body signed with its key. */
    const notify = async (tradeState: string, key = wechatPay.platformPrivateKey) => {
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(wechatPay.apiV3Key), Buffer.from(nonce));
      cipher.setAAD(Buffer.from('transaction'));
      const tx = {
        appid: wechatPay.appId,
        mchid: wechatPay.mchId,
        out_trade_no: outTradeNo,
        transaction_id: `42000000002026112600${randomBytes(4).toString('hex')}`,
        trade_state: tradeState,
        amount: { total: order.total, payer_total: order.total, currency: 'CNY' },
      };
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(tx)), cipher.final(), cipher.getAuthTag()]).toString('base64');
      const body = JSON.stringify({
        id: `EV-${randomBytes(8).toString('hex')}`,
        event_type: 'TRANSACTION.SUCCESS',
        resource_type: 'encrypt-resource',
        resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const headerNonce = randomBytes(8).toString('hex');
      const res = await fetch(`${baseUrl()}${fillPattern(SHOP_PATHS.payNotify, { provider: 'wechat' })}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': headerNonce,
          'wechatpay-serial': wechatPay.platformSerial,
          'wechatpay-signature': createSign('RSA-SHA256').update(`${timestamp}\n${headerNonce}\n${body}\n`).sign(key, 'base64'),
        },
        body,
      });
      return res.status;
    };
    // A notification signed by anyone else is refused and changes nothing.
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } }).privateKey;
    expect(await notify('SUCCESS', forger)).toBe(401);
    expect(await orderState()).toBe('created');
    expect(await notify('SUCCESS')).toBe(204);
    expect(await orderState()).toBe('paid');
    await gotoReady(page, `${baseUrl()}${orderPath}`);
    await page.getByTestId('order-state').getByText('已支付，待发货').waitFor();
    expect(await page.getByRole('button', { name: '微信支付' }).count()).toBe(0);
    await screenshot(page, PHONE, 'webview-wechat-pay-paid');
    expect(page.errors).toEqual([]);
    await page.context().close();

    // Outside the messaging app's browser WeChat Pay is not offered (a mini-program's web view cannot pay in place).
    const second = await user.call<{ id: string }>('POST', SHOP_PATHS.createOrder, {
      productId: 'HP',
      sku: 'HP-1',
      count: 1,
      addressId,
      idempotencyKey: 'e2e-wechat-pay-0002',
    });
    const mini = await contextPage('miniProgram');
    await mini.context().addCookies([{ name: '__token', value: user.token, url: baseUrl() }]);
    await gotoReady(mini, `${baseUrl()}/user/orders/${second.id}`);
    await mini.getByTestId('order-state').getByText('待支付').waitFor();
    expect(await mini.getByRole('button', { name: '微信支付' }).count()).toBe(0);
    await mini.context().close();
  });
});

describe('mini-program: the report person from the query (§4 Current person)', () => {
  it('selects the person whose barcode the mini-program passes, and nothing of another user’s kit', async () => {
    // The demo aunt's account (+86 19900000002) holds her own person and her son's; the demo account's kit is someone else's.
    const signin = await fetch(`${baseUrl()}${ACCOUNT_PATHS.signin}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': UA.miniProgram },
      body: JSON.stringify({ phoneNumber: '19900000002', nationCode: '86', password: 'jiyin-demo-2026' }),
    });
    const token = /__token=([^;]+)/.exec(signin.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    // The demo family's genomes are imported by queued jobs after start-up: wait for the two persons'.
    const deadline = Date.now() + 170_000;
    for (const barcode of ['JY0000000302', 'JY0000000303']) {
      for (;;) {
        const res = await fetch(`${baseUrl()}${REPORT_API_PATHS.overview}?barcode=${barcode}`, { headers: { cookie: `__token=${token}` } });
        const a = (await res.json()) as { code: number; data: { computedAt?: string } };
        if (a.code === 0 && a.data.computedAt) break;
        if (Date.now() > deadline) throw new Error(`${barcode}'s report did not arrive: ${JSON.stringify(a)}`);
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
    const page = await contextPage('miniProgram');
    await page.context().addCookies([{ name: '__token', value: token, url: baseUrl() }]);
    const hero = page.getByTestId('dashboard-hero');
    await gotoReady(page, `${baseUrl()}/report?barcode=JY0000000303`);
    await hero.getByRole('heading', { name: '陈子涵的基因报告' }).waitFor();
    expect(await page.locator('.site-header, .site-footer').count()).toBe(0);
    await screenshot(page, PHONE, 'webview-mini-report-query');
    await gotoReady(page, `${baseUrl()}/report?barcode=JY0000000302`);
    await hero.getByRole('heading', { name: '林秀英的基因报告' }).waitFor();
    // The demo account's kit: not found, and none of its person's report on the page.
    const foreign = await gotoReady(page, `${baseUrl()}/report?barcode=JY0000000300`);
    await page.locator('[data-status="notFound"]').getByText('报告不存在').waitFor();
    expect(await hero.count()).toBe(0);
    expect(await foreign?.text()).not.toContain('林晓雯');
    expect(await page.content()).not.toContain('林晓雯');
    await screenshot(page, PHONE, 'webview-mini-report-foreign');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
