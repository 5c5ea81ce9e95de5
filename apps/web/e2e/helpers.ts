import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { REPORT_API_PATHS, UPLOAD_CHUNK_BYTES } from '@jiyin/contracts/reportApi';
import { SHOP_PATHS } from '@jiyin/contracts/shop';
import type { Locator, Page, Request } from 'playwright-core';
import { baseUrl, gotoReady } from './browser.ts';

/** The development SMS provider's last code for a phone (the dev outbox call exists only in local/test). */
export async function lastCode(phone: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/web/api/new/dev/sms-outbox?phoneNumber=${phone}&nationCode=86`);
  const body = (await res.json()) as { code: number; data: { code: string } };
  if (body.code !== 0) throw new Error(`no code for ${phone}`);
  return body.data.code;
}

/** Sends a code from a form's 获取验证码 within `scope` and types the code the development provider got. */
export async function sendAndFillCode(page: Page, phone: string, scope: Page | Locator = page) {
  await clickUntilRequest(
    page,
    scope.getByTestId('verify-code-button'),
    (r) => r.method() === 'POST' && r.url().includes(ACCOUNT_PATHS.sendSmsCode),
  );
  await scope.getByText('秒后重新发送').waitFor();
  await scope.getByLabel('验证码', { exact: true }).fill(await lastCode(phone));
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

/**
 * A user driven through the bare API (the paths native apps call, which need no request signature),
 * for test setup the pages need not show: sign-up with the development SMS code, then calls with the
 * session cookie. `token` is the session, to hand to a browser context as the __token cookie.
 */
export async function apiUser(phone: string, name: string, password = 'Gene-e2e-2026') {
  let token = '';
  async function call<T = unknown>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const binary = body instanceof Uint8Array;
    const res = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: {
        ...(token ? { cookie: `__token=${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': binary ? 'application/octet-stream' : 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : binary ? body : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set?.startsWith('__token=')) token = set.slice('__token='.length).split(';')[0];
    const answer = (await res.json()) as { code: number; data: T; msg: string };
    if (answer.code !== 0) throw new Error(`${method} ${url}: ${answer.code} ${answer.msg}`);
    return answer.data;
  }
  await call('POST', ACCOUNT_PATHS.sendSmsCode, { phone, nationCode: '86', verifyType: 'signup', neCaptcha: 'dev-token' });
  await call('POST', ACCOUNT_PATHS.signup, { phoneNumber: phone, nationCode: '86', authCode: await lastCode(phone), password, name });
  return {
    call,
    get token() {
      return token;
    },
  };
}
export type ApiUser = Awaited<ReturnType<typeof apiUser>>;

/** Uploads a raw-data file for a person chunk by chunk and imports it; answers the detection's barcode once done. */
export async function importThroughApi(user: ApiUser, personId: string, fileName: string, bytes: Uint8Array): Promise<string> {
  const up = await user.call<{ id: string }>('POST', REPORT_API_PATHS.uploads, { personId, fileName, size: bytes.length });
  const one = fillPattern(REPORT_API_PATHS.uploadOne, { id: up.id });
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES) {
    await user.call('PUT', one, bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES), { 'upload-offset': String(offset) });
  }
  const job = await user.call<{ id: string }>('POST', REPORT_API_PATHS.imports, { uploadId: up.id });
  for (let i = 0; i < 900; i++) {
    const now = await user.call<{ stage: string; barcode: string | null; errorMessage: string | null }>(
      'GET',
      fillPattern(REPORT_API_PATHS.importOne, { id: job.id }),
    );
    if (now.stage === 'done' && now.barcode) return now.barcode;
    if (now.stage === 'failed') throw new Error(`import failed: ${now.errorMessage}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('import did not finish');
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Simulated 23andMe raw files of one pedigree (600k markers each), written by the genome CLI into a
 * fresh temp dir: returns the dir; files are named after the pedigree's members (father.txt, …).
 */
export async function simulateRawFiles(pedigree: string, seed: number, prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await promisify(execFile)(process.execPath, [
    path.join(REPO_ROOT, 'packages/genome/bin/genome.mjs'),
    'simulate',
    '--pedigree',
    pedigree,
    '--format',
    '23andme',
    '--out',
    dir,
    '--seed',
    String(seed),
  ]);
  return dir;
}

/**
 * Clicks `target` until the page sends a request that `matches` (up to 3 clicks, 5 s apart). Under heavy load
 * the headless shell sometimes loses a click, most often on a button of a freshly opened modal or
 * confirmation: nothing is sent (CI: the share-link revoke, the development cashier, the staff's lab-result
 * save). A person clicks again. A click that sends nothing three times leaves the test's next wait to fail.
 */
export async function clickUntilRequest(page: Page, target: Locator, matches: (r: Request) => boolean) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const sent = page.waitForRequest(matches, { timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    await target.click();
    if (await sent) return;
  }
  throw new Error('three clicks sent no matching request');
}

/**
 * Picks a region in a dialog's region field (the person's birthplace, an address's district) by search
 * rather than by walking three columns: at 390 px the columns scroll sideways under the finger.
 */
export async function pickRegion(page: Page, dialog: Locator, label: string, search: string, option: string) {
  await dialog.getByLabel(label).fill(search);
  // On a busy machine a click can land while the search list re-renders: the choice is not taken and the
  // menu stays open over 保存. Click again until the menu closes.
  const menu = page.locator('.ant-cascader-menu:visible');
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.locator('.ant-cascader-menu-item:visible', { hasText: option }).first().click();
    const closed = await menu
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (closed) break;
  }
}

/** 福建省 / 泉州市 as the birthplace in the open person dialog. */
export const pickBirthplace = (page: Page, dialog: Locator) => pickRegion(page, dialog, '出生地', '泉州', '福建省 / 泉州市');

/**
 * The new-person dialog of the import page: name, gender, what `more` fills (e.g. the birthday) and a
 * birthplace (its region shows to relatives). A save that leaves the dialog open fails with what the
 * dialog shows (a field's message or the server's), not with a bare timeout.
 */
export async function createPerson(page: Page, name: string, gender: '男' | '女', more?: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: '新建检测人' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('姓名').fill(name);
  await dialog.getByText(gender, { exact: true }).click();
  await more?.(dialog);
  await pickBirthplace(page, dialog);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  const closed = await dialog.waitFor({ state: 'hidden', timeout: 15_000 }).then(
    () => true,
    () => false,
  );
  if (!closed) {
    const shown = await dialog.locator('.ant-form-item-explain-error, [role="alert"]').allInnerTexts();
    const birthplace = await dialog.locator('.ant-form-item', { has: page.getByLabel('出生地') }).textContent();
    throw new Error(
      `the person dialog stayed open after 保存: ${JSON.stringify({ shown, birthplace, name: await dialog.getByLabel('姓名').inputValue() })}`,
    );
  }
  await page
    .getByRole('radio', { name: new RegExp(name) })
    .and(page.locator('[aria-checked="true"]'))
    .waitFor();
}

/** The development cashier's answer goes to a path holding this (the API may sit behind a prefix). */
const DEV_PAY_PREFIX = SHOP_PATHS.devPaySimulate.slice(0, SHOP_PATHS.devPaySimulate.indexOf(':'));

/** Clicks the development cashier's 支付成功 until its answer is sent (see clickUntilRequest). */
export function payInDevCashier(page: Page) {
  return clickUntilRequest(page, page.getByRole('button', { name: '支付成功' }), (r) => r.url().includes(DEV_PAY_PREFIX));
}
