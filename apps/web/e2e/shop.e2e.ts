import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { SHOP_PATHS } from '@jiyin/contracts/shop';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS } from './browser.ts';
import { apiUser, clickUntilRequest, payInDevCashier } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe.each(VIEWPORTS)('shop at $name ($width×$height)', (vp) => {
  it('redeems a coupon, chooses a product, pays with the development cashier, sees the order, cancels and is refunded', async () => {
    const user = await apiUser(vp.name === 'pc' ? '13600000091' : '13600000092', '购物测试');
    await user.call('POST', ACCOUNT_PATHS.deliveryAddresses, {
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
    });
    const page = await openPage(browser, vp);
    await page.context().addCookies([{ name: '__token', value: user.token, url: baseUrl() }]);

    // §6: without a person with an SNP chip, /shop/yfull is the no-report page.
    await gotoReady(page, `${baseUrl()}/shop/yfull`);
    expect(new URL(page.url()).pathname).toBe('/shop/yfull-noreport');
    await page.getByText('你当前还没有芯片检测报告').waitFor();
    await screenshot(page, vp, 'shop-yfull');
    await gotoReady(page, `${baseUrl()}/shop/ngs?commodityTag=HPV`);
    expect(await page.getByTestId('product-card').count()).toBe(1);
    await screenshot(page, vp, 'shop-ngs');
    await gotoReady(page, `${baseUrl()}/shop/group`);
    await page.getByRole('cell', { name: '¥849' }).waitFor();
    await screenshot(page, vp, 'shop-group');

    await gotoReady(page, `${baseUrl()}/user/coupon`);
    await page.getByLabel('兑换码').fill('XUNGEN100');
    await page.getByRole('button', { name: '兑换' }).click();
    await page.getByTestId('coupon-card').getByText('寻根季 祖源产品立减 100 元').waitFor();
    await screenshot(page, vp, 'shop-coupon');

    // §9: the standard order page offers its versions, priced from the trait version to the standard one.
    await gotoReady(page, `${baseUrl()}/buy/standard/order`);
    await page.getByText('全能版系列 ¥399 – ¥999，按所选版本计价').waitFor();
    await page.getByRole('radio', { name: '个人特质版 ¥399' }).check();
    await page.getByTestId('order-total').getByText('¥399').waitFor();
    await screenshot(page, vp, 'shop-standard');

    await gotoReady(page, `${baseUrl()}/shop/gene/product-select`);
    await page.locator('[data-product-id="ANCESTRY"]').getByRole('link', { name: '立即购买' }).click();
    await page.waitForURL('**/buy/ANCESTRY/order');
    await page.getByTestId('buy-order').getByText('王芳').waitFor();
    await page.getByLabel('数量').fill('2');
    await page.getByLabel('数量').blur();
    // ¥499 × 2, less the two-kit cut of ¥25 a kit and the ¥100 coupon (preselected as the best one).
    await page.getByTestId('order-total').getByText('¥848').waitFor();
    await screenshot(page, vp, 'shop-order');
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/user\/orders\/[0-9a-f-]{36}$/);
    await page.getByTestId('order-state').getByText('待支付').waitFor();

    await page.getByRole('button', { name: '立即支付' }).click();
    await page.getByTestId('dev-cashier').waitFor();
    await screenshot(page, vp, 'shop-cashier');
    await payInDevCashier(page);
    await page.getByTestId('order-state').getByText('已支付，待发货').waitFor();
    await screenshot(page, vp, 'shop-paid');

    await page.getByRole('link', { name: '申请发票' }).click();
    await page.waitForURL('**/buy/invoice?orderId=*');
    await page.getByText('企业', { exact: true }).click();
    await page.getByLabel('企业名称').fill('上海某某信息科技有限公司');
    await page.getByLabel('纳税人识别号').fill('91310104MA1FL0AB2C');
    expect(await page.getByLabel('发票内容').inputValue()).toBe('基因解读服务费');
    await page.getByLabel('接收邮箱').fill('finance@example.com');
    await page.getByLabel('手机号').fill('13812345678');
    await screenshot(page, vp, 'shop-invoice');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.waitForURL(/\/user\/orders\/[0-9a-f-]{36}$/);
    await page.getByText('上海某某信息科技有限公司（基因解读服务费）').waitFor();

    await page.getByRole('button', { name: '取消订单并退款' }).click();
    const statusPath = fillPattern(SHOP_PATHS.orderStatus, { id: new URL(page.url()).pathname.split('/').pop() as string });
    await clickUntilRequest(
      page,
      page.getByRole('button', { name: '确定取消' }),
      (r) => r.method() === 'PUT' && r.url().includes(statusPath),
    );
    await page.getByTestId('order-state').getByText('已退款').waitFor();
    await page.getByText('已原路退回 ¥848').waitFor();
    await screenshot(page, vp, 'shop-refunded');

    await page.getByRole('link', { name: '返回订单列表' }).click();
    await page.waitForURL('**/user/orders');
    const row = page.getByTestId('order-row');
    await row.getByText('已退款').waitFor();
    expect(await row.count()).toBe(1);
    await screenshot(page, vp, 'shop-orders');
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 150_000); // the longest walk of the suite: 21–32 s alone, past 60 s beside the other files on a 2-core CI machine
});
