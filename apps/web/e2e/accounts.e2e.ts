import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS } from './browser.ts';
import { pickOption, pickRegion, sendAndFillCode } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe.each(VIEWPORTS)('accounts at $name ($width×$height)', (vp) => {
  const phone = vp.name === 'pc' ? '13600000001' : '13600000002';
  const barcode = vp.name === 'pc' ? 'JY0000000110' : 'JY0000000111';
  const password = 'Gene-tree-2026';

  it('signs up from a guarded page through both profile steps and lands on from', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/user/persons`);
    expect(new URL(page.url()).searchParams.get('from')).toBe('/user/persons');
    await page.getByRole('link', { name: '立即注册' }).click();
    await page.waitForURL('**/auth/signup?from=*');
    await page.getByRole('heading', { name: '注册' }).waitFor();
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    expect(await page.getByLabel('手机号', { exact: true }).inputValue()).toBe(phone);
    await sendAndFillCode(page, phone);
    await page.getByLabel('设置密码').fill(password);
    await page.getByRole('checkbox').check();
    await screenshot(page, vp, 'signup-account');
    await page.getByRole('button', { name: '下一步' }).click();

    await page.getByTestId('profile-steps').waitFor();
    await page.getByLabel('名字').fill('  😀测试家人');
    expect(await page.getByLabel('名字').inputValue()).toBe('测试家人');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.locator('.avatar-swatch').nth(2).click();
    expect(
      await page
        .getByRole('radio', { name: /头像颜色/ })
        .nth(2)
        .isChecked(),
    ).toBe(true);
    await screenshot(page, vp, 'signup-avatar');
    await page.getByRole('button', { name: '完成注册' }).click();
    await page.getByText('注册成功').waitFor();
    await page.waitForURL('**/user/persons');
    await page.getByRole('heading', { name: '检测人管理' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('adds a person with a lunar leap-month birthday and binds a kit', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/auth/signin?from=%2Fuser%2Fpersons`);
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.locator('form').getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/user/persons');

    await page.getByRole('button', { name: '添加检测人' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('姓名').fill('外婆');
    await dialog.getByText('女', { exact: true }).click();
    await dialog.getByText('农历', { exact: true }).click();
    await dialog.getByLabel('出生年份').fill('2023');
    await pickOption(page, '出生月份', '2月');
    await dialog.getByText('闰月').click();
    await pickOption(page, '出生日', '15日');
    await screenshot(page, vp, 'person-form');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    const card = page.getByTestId('person-card').filter({ hasText: '外婆' });
    await card.getByText('农历2023年闰二月十五（公历 2023-04-05）').waitFor();

    await card.getByRole('button', { name: '绑定条码' }).click();
    await page.getByLabel('条码', { exact: true }).fill('JY9999999999');
    await page.getByRole('button', { name: '绑定', exact: true }).click();
    await page.getByText('条码不存在，请核对后重新输入').waitFor();
    await page.getByLabel('条码', { exact: true }).fill(barcode.toLowerCase());
    await page.getByRole('button', { name: '绑定', exact: true }).click();
    await card.getByText(barcode).waitFor();
    // Tested once: no second binding offered; each privacy switch says what it does; deleting names what goes.
    expect(await card.getByRole('button', { name: '绑定条码' }).count()).toBe(0);
    expect(await card.getByTestId('privacy-effect').count()).toBe(3);
    await card.getByRole('button', { name: '删除检测人' }).click();
    const confirm = page.locator('.ant-popover:visible');
    await confirm.getByText('删除检测人「外婆」？').waitFor();
    await confirm.getByText('全部报告、原始数据、基因亲人匹配和分享链接将一并永久删除').waitFor();
    await screenshot(page, vp, 'persons-delete-confirm');
    await confirm.getByRole('button', { name: '取消' }).click();
    await screenshot(page, vp, 'persons');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('uploads an avatar through the crop tool', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/auth/signin?from=%2Fuser%2Finfo`);
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.locator('form').getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/user/info');
    await page.getByRole('heading', { name: '账户信息' }).waitFor();

    // A text file named .png is refused on the page before any upload.
    await page.getByTestId('avatar-file').setInputFiles({ name: 'fake.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await page.getByText('仅支持 png、jpg、jpeg 格式的图片').waitFor();

    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7bd5' } })
      .composite([
        {
          input: Buffer.from('<svg width="300" height="300"><circle cx="150" cy="150" r="140" fill="#ffd166"/></svg>'),
          left: 300,
          top: 150,
        },
      ])
      .jpeg()
      .toBuffer();
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByTestId('crop-canvas').waitFor();
    await page.getByRole('slider', { name: '缩放' }).focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    await screenshot(page, vp, 'avatar-crop');
    await page.getByRole('button', { name: '上传', exact: true }).click();
    await page.getByText('更新成功').waitFor();
    const info = (await page.evaluate(async () => (await fetch('/web/api/new/user/info')).json())) as {
      data: { avatarUrl: { type: string; url: string } };
    };
    expect(info.data.avatarUrl.type).toBe('img');
    const stored = await (await fetch(`${baseUrl()}${info.data.avatarUrl.url}`)).arrayBuffer();
    const meta = await sharp(Buffer.from(stored)).metadata();
    expect(meta.width).toBeLessThanOrEqual(240);
    expect(meta.height).toBe(meta.width);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('keeps a delivery address and downloads all my data', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/auth/signin?from=%2Fuser`);
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.locator('form').getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/user');
    await page.getByRole('button', { name: '新增地址' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('收货人').fill('张三');
    await dialog.getByLabel('手机号').fill('13712345678');
    await pickRegion(page, dialog, '所在地区', '海淀', '北京市 / 市辖区 / 海淀区');
    await dialog.getByLabel('详细地址').fill('中关村大街 1 号');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByTestId('address-book').getByText('中关村大街 1 号').waitFor();
    await screenshot(page, vp, 'user-home-address');

    await gotoReady(page, `${baseUrl()}/user/settings`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载我的数据' }).click();
    const file = await (await download).path();
    // One zip: my-data.json plus the raw files (none for this account).
    const zip = unzipSync(await readFile(file));
    expect(Object.keys(zip)).toEqual(['my-data.json']);
    const exported = JSON.parse(strFromU8(zip['my-data.json']));
    expect(JSON.stringify(exported)).toContain('中关村大街 1 号');
    expect(JSON.stringify(exported)).not.toContain(password);
    await screenshot(page, vp, 'settings');
    expect(page.errors, page.errors.join('\n')).toEqual([]);
    await page.context().close();
  });

  it('signs out, signs in with the password, resets it and signs in with the new one', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/auth/signin?from=%2Fuser`);
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('密码', { exact: true }).fill('wrong-password-1');
    await page.locator('form').getByRole('button', { name: '登录' }).click();
    await page.getByText('手机号或密码错误').waitFor();
    // Not an exact name: antd's loading icon (aria-label "loading") can linger in the button until its
    // leave animation ends, which a busy headless browser may never signal.
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.locator('form').getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/user');
    await page.getByText('测试家人').first().waitFor();

    await gotoReady(page, `${baseUrl()}/user/logout?redirect=%2F`);
    expect(new URL(page.url()).pathname).toBe('/');
    await gotoReady(page, `${baseUrl()}/user`);
    expect(new URL(page.url()).pathname).toBe('/auth/signin');

    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL('**/auth/reset*');
    await page.getByRole('heading', { name: '找回密码' }).waitFor();
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await sendAndFillCode(page, phone);
    await page.getByLabel('新密码').fill('Gene-tree-2027');
    await page.getByRole('button', { name: '重置密码' }).click();
    await page.waitForURL('**/auth/signin*');
    await page.getByRole('heading', { name: '登录' }).waitFor();
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('密码', { exact: true }).fill('Gene-tree-2027');
    await page.locator('form').getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/user');
    await screenshot(page, vp, 'user-home');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
