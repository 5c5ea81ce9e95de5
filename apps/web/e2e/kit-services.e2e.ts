import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { FISSION_PATHS } from '@jiyin/contracts/fission';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { SHOP_PATHS } from '@jiyin/contracts/shop';
import { STAFF_PATHS } from '@jiyin/contracts/staff';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS } from './browser.ts';
import { apiUser, clickUntilRequest, pickOption, sendAndFillCode } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PASSWORD = 'Gene-e2e-2026';

describe.each(VIEWPORTS)('kit services and the back office at $name ($width×$height)', (vp) => {
  // One long walk through two roles: its own time limit beyond the default minute on a busy machine.
  it('staff ship an HPV kit and enter its result; the customer reads the report and the referral pages', { timeout: 120_000 }, async () => {
    const n = vp.name === 'pc' ? 0 : 1;
    const barcode = `HV00000009${n}1`;
    const deliveryPhone = `1390000018${n}`;
    const customer = await apiUser(`136000001${80 + n}`, '宫颈筛查');
    const staff = await apiUser(`136000001${90 + n}`, '客服小林');
    const address = await customer.call<{ id: string }>('POST', ACCOUNT_PATHS.deliveryAddresses, {
      receiver: '陈静',
      nationCode: '86',
      phone: deliveryPhone,
      region: {
        province: { code: '31', name: '上海市' },
        city: { code: '3101', name: '市辖区' },
        district: { code: '310104', name: '徐汇区' },
      },
      detail: '漕溪北路 88 号',
      isDefault: true,
    });
    const person = await customer.call<{ id: string }>('POST', ACCOUNT_PATHS.persons, { name: '陈静', gender: 'female' });
    const order = await customer.call<{ id: string }>('POST', SHOP_PATHS.createOrder, {
      productId: 'HPV',
      sku: 'HPV-1',
      count: 1,
      addressId: address.id,
      idempotencyKey: `kit-e2e-${vp.name}-order`,
    });
    const pay = await customer.call<{ paymentId: string }>('POST', fillPattern(SHOP_PATHS.pay, { id: order.id }), { payType: 'dev' });
    await customer.call('POST', fillPattern(SHOP_PATHS.devPaySimulate, { paymentId: pay.paymentId }), { result: 'ok' });

    // The back office asks for the password again before anything else.
    const page = await openPage(browser, vp);
    await page.context().addCookies([{ name: '__token', value: staff.token, url: baseUrl() }]);
    await gotoReady(page, `${baseUrl()}/staff/orders?state=paid`);
    await page.getByTestId('staff-confirm').waitFor();
    await screenshot(page, vp, 'staff-confirm');
    await page.getByLabel('登录密码').fill(PASSWORD);
    await page.getByRole('button', { name: '确认' }).click();
    const row = page.locator('tr', { hasText: `136****01${80 + n}` });
    await row.getByRole('button', { name: '发货' }).click();
    await page.getByLabel('采样盒条码').fill(barcode);
    await screenshot(page, vp, 'staff-ship');
    await page.getByRole('button', { name: '确认发货' }).click();
    // Shipped, it leaves the list of paid orders.
    await row.waitFor({ state: 'detached' });
    await gotoReady(page, `${baseUrl()}/staff/orders?state=shipped`);
    await page.locator('tr', { hasText: barcode }).getByText('已发货').waitFor();
    await screenshot(page, vp, 'staff-orders');

    // The customer binds the kit that came in the post; then staff enter the lab's result.
    await customer.call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id: person.id }), { barcode });
    await gotoReady(page, `${baseUrl()}/staff/kits`);
    await page.getByLabel('条码').fill(barcode);
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByTestId('staff-kit').getByText('陈静').waitFor();
    await pickOption(page, '检测类型', 'HPV 检测（宫颈癌筛查）');
    await page.getByLabel('项目 1 名称').fill('高危型 HPV（14 型）');
    await page.getByLabel('项目 1 结果').fill('未检出');
    await page.getByLabel('项目 1 参考范围').fill('未检出');
    await page.getByLabel('检测结论').fill('未检出高危型 HPV，请按医生建议定期筛查。');
    await page.getByLabel('检测机构').fill('示例医学检验实验室');
    await page.getByLabel('报告日期').fill('2026-11-20');
    await screenshot(page, vp, 'staff-lab-result');
    await clickUntilRequest(
      page,
      page.getByRole('button', { name: '保存检测结果' }),
      (r) => r.method() === 'POST' && r.url().includes(STAFF_PATHS.labResults),
    );
    await page.getByText('已录入（报告日期 2026-11-20）').waitFor();
    expect(page.errors).toEqual([]);

    // A campaign for the referral pages, made through the back office's API.
    const start = new Date(Date.now() - 60_000).toISOString();
    await staff.call('POST', STAFF_PATHS.confirm, { password: PASSWORD });
    await staff.call('POST', STAFF_PATHS.activities, {
      topic: 'fission',
      title: '邀请好友一起了解基因',
      description: '邀请还没有下过单的好友选购检测，好友订单完成后你得奖励。',
      rules: '活动期间，每位好友每完成一笔订单奖励 30 元，记入余额。',
      rewardAmount: 3000,
      picInfos: [1, 2, 3].map((i) => ({ url: `/static/activities/invite-${i}.svg`, title: ['邀请好友', '好友下单', '获得奖励'][i - 1] })),
      startDate: start,
      endDate: new Date(Date.now() + 30 * 86400_000).toISOString(),
    });
    await page.context().close();

    const mine = await openPage(browser, vp);
    await mine.context().addCookies([{ name: '__token', value: customer.token, url: baseUrl() }]);
    await gotoReady(mine, `${baseUrl()}/report/hpv/detail`);
    const report = mine.getByTestId('kit-result');
    await report.getByText('未检出高危型 HPV，请按医生建议定期筛查。').waitFor();
    await report.getByRole('cell', { name: '高危型 HPV（14 型）' }).waitFor();
    await report.getByText('阴性').waitFor();
    await mine.getByTestId('kit-notes').getByText('几乎所有宫颈癌病例（99%）都与高危型人乳头瘤病毒（HPV）感染有关。').waitFor();
    await screenshot(mine, vp, 'report-hpv');
    await gotoReady(mine, `${baseUrl()}/report/amh`);
    await mine.getByTestId('kit-empty').waitFor();
    await screenshot(mine, vp, 'report-amh-empty');

    // §7.8 retrieve orders by phone and code: the order sent to the delivery phone.
    await gotoReady(mine, `${baseUrl()}/user/orders`);
    await mine.getByText('凭手机号查询订单').click();
    const retrieve = mine.getByTestId('retrieve-orders');
    await retrieve.getByLabel('手机号').fill(deliveryPhone);
    await sendAndFillCode(mine, deliveryPhone, retrieve);
    await retrieve.getByRole('button', { name: '查询' }).click();
    // Binding the kit moved the order to bound by itself.
    await retrieve.getByTestId('retrieved-order').getByText('宫颈癌筛查（HPV） × 1 · 采样盒已绑定').waitFor();
    await screenshot(mine, vp, 'orders-retrieve');

    await gotoReady(mine, `${baseUrl()}/webview/fission`);
    await mine.getByTestId('fission-me').waitFor();
    expect(await mine.locator('.fission-pics img').count()).toBe(3);
    await screenshot(mine, vp, 'fission');
    await mine.getByRole('link', { name: '邀请好友' }).click();
    await mine.waitForURL('**/webview/fission/invitation-friend');
    const me = await customer.call<{ code: string }>('GET', FISSION_PATHS.me);
    expect(await mine.getByLabel('邀请链接').inputValue()).toBe(`${baseUrl()}/webview/fission/single-index?code=${me.code}`);
    await screenshot(mine, vp, 'fission-invite');
    await gotoReady(mine, `${baseUrl()}/webview/fission/single-index?code=${me.code}`);
    await mine.getByText('宫** 邀请你一起了解自己的基因').waitFor();
    await screenshot(mine, vp, 'fission-landing');
    await gotoReady(mine, `${baseUrl()}/webview/fission/invitation-rule`);
    await mine.getByText('每笔订单奖励 ¥30').waitFor();
    expect(mine.errors).toEqual([]);
    await mine.context().close();
  });
});
