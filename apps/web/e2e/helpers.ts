import type { Page } from 'playwright-core';
import { baseUrl, gotoReady } from './browser.ts';

/** The development SMS provider's last code for a phone (the dev outbox call exists only in local/test). */
export async function lastCode(phone: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/web/api/new/dev/sms-outbox?phoneNumber=${phone}&nationCode=86`);
  const body = (await res.json()) as { code: number; data: { code: string } };
  if (body.code !== 0) throw new Error(`no code for ${phone}`);
  return body.data.code;
}

export async function sendAndFillCode(page: Page, phone: string) {
  await page.getByTestId('verify-code-button').click();
  await page.getByText('秒后重新发送').waitFor();
  await page.getByLabel('验证码', { exact: true }).fill(await lastCode(phone));
}

/** Picks an antd Select option; a click that lands during the open animation is retried. */
export async function pickOption(page: Page, label: string, option: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByLabel(label).click();
    try {
      await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click({ timeout: 3000 });
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
      return;
    } catch {
      await page.keyboard.press('Escape');
    }
  }
  throw new Error(`could not pick ${option} in ${label}`);
}

/**
 * Signs a new account up through the pages (phone, SMS code, password, then name and avatar) and
 * waits until the sign-up lands on `from` and its toasts are gone.
 */
export async function signUpNewUser(page: Page, opts: { phone: string; password: string; name: string; from: string }) {
  await gotoReady(page, `${baseUrl()}/auth/signup?from=${encodeURIComponent(opts.from)}`);
  await page.getByLabel('手机号', { exact: true }).fill(opts.phone);
  await sendAndFillCode(page, opts.phone);
  await page.getByLabel('设置密码').fill(opts.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByTestId('profile-steps').waitFor();
  await page.getByLabel('名字').fill(opts.name);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.locator('.avatar-swatch').first().click();
  await page.getByRole('button', { name: '完成注册' }).click();
  const target = opts.from.split('?')[0];
  await page.waitForURL((u) => u.pathname === target, { timeout: 60_000 });
  await page.waitForFunction(() => !document.querySelector('.ant-message-notice'), null, { timeout: 10_000 });
}
