import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { DEMO_RELATIVE_USERS, DEMO_USER, schema, testDatabaseTargets } from '@jiyin/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

const PASSWORD = 'jiyin-Strong-2026';

describe.each(testDatabaseTargets())('accounts API on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, cookie?: string) => {
    const res = await t.app.inject({ method, url, payload: body as object, headers: cookie ? { cookie } : {} });
    // biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
    return { res, json: res.json() as { code: number; data: any; msg: string } };
  };
  const sendCode = (phone: string, verifyType = 'signup', cookie?: string) =>
    call('POST', ACCOUNT_PATHS.sendSmsCode, { phone, nationCode: '86', verifyType, neCaptcha: 'dev-token' }, cookie);
  const tokenCookie = (res: { cookies: { name: string; value: string }[] }) => {
    const c = res.cookies.find((x) => x.name === '__token');
    return c ? `__token=${c.value}` : '';
  };
  // Users besides the seeded demo account.
  const seeded = new Set([DEMO_USER.id, ...DEMO_RELATIVE_USERS.map((u) => u.id)]);
  const userCount = async () => (await t.database.db.select().from(schema.users)).filter((u) => !seeded.has(u.id)).length;

  /** Signs a new user up through the real calls; returns their session cookie. */
  async function signUp(phone: string, password = PASSWORD, name = '测试用户'): Promise<string> {
    t.clock.advance(61_000);
    expect((await sendCode(phone)).json.code).toBe(0);
    const code = t.sms.lastCode(phone);
    const { res, json } = await call('POST', ACCOUNT_PATHS.signup, {
      phoneNumber: phone,
      nationCode: '86',
      authCode: code,
      password,
      name,
    });
    expect(json, JSON.stringify(json)).toMatchObject({ code: 0 });
    return tokenCookie(res);
  }

  it('rejects bad phones, a missing captcha and unknown purposes with Chinese messages', async () => {
    for (const body of [
      { phone: '123', nationCode: '86', verifyType: 'signup', neCaptcha: 'x' },
      { phone: '1380013800012345678', nationCode: '86', verifyType: 'signup', neCaptcha: 'x' },
      { phone: '13800138000', nationCode: '86', verifyType: 'signup' },
      { phone: '13800138000', nationCode: '86', verifyType: 'hack', neCaptcha: 'x' },
    ]) {
      const { json } = await call('POST', ACCOUNT_PATHS.sendSmsCode, body);
      expect(json.code).not.toBe(0);
      expect(json.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(t.sms.outbox).toHaveLength(0);
  });

  it('signs up with an SMS code: wrong, common and short inputs change nothing', async () => {
    const phone = '13800000001';
    expect((await call('GET', `${ACCOUNT_PATHS.isRegistered}?phoneNumber=${phone}&nationCode=86`)).json.data).toEqual({
      registered: false,
    });
    expect((await sendCode(phone)).json.code).toBe(0);
    const code = t.sms.lastCode(phone) as string;
    expect(code).toMatch(/^\d{6}$/);

    const attempt = (patch: object) =>
      call('POST', ACCOUNT_PATHS.signup, {
        phoneNumber: phone,
        nationCode: '86',
        authCode: code,
        password: PASSWORD,
        name: '张三',
        ...patch,
      });
    expect((await attempt({ password: '12345' })).json).toMatchObject({ code: CODES.PASSWORD_INVALID.code });
    expect((await attempt({ password: 'abc def ghi' })).json).toMatchObject({ code: CODES.PASSWORD_INVALID.code });
    expect((await attempt({ password: 'password1' })).json).toMatchObject({
      code: CODES.PASSWORD_TOO_COMMON.code,
      msg: expect.stringContaining('常见'),
    });
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await attempt({ authCode: wrong })).json).toMatchObject({
      code: CODES.SMS_CODE_WRONG.code,
      msg: expect.stringContaining('还可以再试'),
    });
    expect(await userCount()).toBe(0);

    const ok = await attempt({ name: '  😀张三' });
    expect(ok.json.code).toBe(0);
    const cookie = tokenCookie(ok.res);
    expect(cookie).toMatch(/^__token=/);
    const setCookie = String(ok.res.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Max-Age=604800');

    const info = await call('GET', API_PATHS.userInfo, undefined, cookie);
    expect(info.json.data).toMatchObject({ userName: '张三', hasProfile: true, phoneNumber: '138****0001', avatarUrl: { type: 'color' } });
    expect((await call('GET', `${ACCOUNT_PATHS.isRegistered}?phoneNumber=${phone}&nationCode=86`)).json.data).toEqual({ registered: true });

    // The code was used up, and the phone is taken.
    expect((await call('GET', `${ACCOUNT_PATHS.checkAuthCode}?phoneNumber=${phone}&nationCode=86&authCode=${code}`)).json.code).toBe(
      CODES.SMS_CODE_EXPIRED.code,
    );
    expect((await attempt({})).json.code).toBe(CODES.ALREADY_REGISTERED.code);
    expect((await sendCode(phone)).json.code).toBe(CODES.ALREADY_REGISTERED.code);
  });

  it('expires codes after 5 minutes and after 5 wrong tries', async () => {
    const phone = '13800000002';
    t.clock.advance(61_000);
    await sendCode(phone);
    const code = t.sms.lastCode(phone) as string;
    t.clock.advance(5 * 60_000 + 1);
    const late = await call('POST', ACCOUNT_PATHS.signup, { phoneNumber: phone, nationCode: '86', authCode: code, password: PASSWORD });
    expect(late.json.code).toBe(CODES.SMS_CODE_EXPIRED.code);

    await sendCode(phone);
    const fresh = t.sms.lastCode(phone) as string;
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await call('GET', `${ACCOUNT_PATHS.checkAuthCode}?phoneNumber=${phone}&nationCode=86&authCode=${wrong}`)).json.code).toBe(
        CODES.SMS_CODE_WRONG.code,
      );
    }
    const right = await call('POST', ACCOUNT_PATHS.signup, { phoneNumber: phone, nationCode: '86', authCode: fresh, password: PASSWORD });
    expect(right.json).toMatchObject({ code: CODES.SMS_CODE_EXPIRED.code, msg: expect.stringContaining('次数过多') });
  });

  it('limits sends: one per 60 s and ten per day per phone', async () => {
    const phone = '13800000003';
    t.clock.advance(61_000);
    expect((await sendCode(phone)).json.code).toBe(0);
    const again = await sendCode(phone);
    expect(again.json).toMatchObject({ code: CODES.SMS_TOO_FREQUENT.code, msg: expect.stringMatching(/\d+ 秒后再试/) });
    for (let i = 0; i < 9; i++) {
      t.clock.advance(61_000);
      expect((await sendCode(phone)).json.code).toBe(0);
    }
    t.clock.advance(61_000);
    expect((await sendCode(phone)).json.code).toBe(CODES.SMS_DAILY_LIMIT.code);
    t.clock.advance(24 * 3600_000);
    expect((await sendCode(phone)).json.code).toBe(0);
  });

  it('limits sends per client address: 30 an hour whatever the phones; forged forwarding headers change nothing', async () => {
    // `via` is the peer: the local proxy (loopback, whose X-Forwarded-For is believed) or a client reaching the server directly.
    const send = (phone: string, forwardedFor: string, via = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.sendSmsCode,
        payload: { phone, nationCode: '86', verifyType: 'signup', neCaptcha: 'dev-token' },
        headers: { 'x-forwarded-for': forwardedFor },
        remoteAddress: via,
      });
    const phone = (i: number) => `1380000${String(2000 + i)}`;
    t.clock.advance(3601_000);
    // One machine behind the proxy walking through many phones.
    for (let i = 0; i < 30; i++) expect((await send(phone(i), '203.0.113.7')).json().code).toBe(0);
    expect((await send(phone(30), '203.0.113.7')).json().code).toBe(CODES.SMS_TOO_FREQUENT.code);
    expect(t.sms.lastCode(phone(30))).toBeUndefined();
    expect((await send(phone(31), '203.0.113.8')).json().code).toBe(0);
    // A direct client inventing a new forwarded address for every send is still one address.
    for (let i = 40; i < 70; i++) expect((await send(phone(i), `198.51.100.${i}`, '192.0.2.50')).json().code).toBe(0);
    expect((await send(phone(70), '198.51.100.99', '192.0.2.50')).json().code).toBe(CODES.SMS_TOO_FREQUENT.code);
    t.clock.advance(3601_000);
    expect((await send(phone(30), '203.0.113.7')).json().code).toBe(0);
  });

  it('limits the is-registered lookup to 20 a minute per address, so phones cannot be enumerated fast', async () => {
    const ask = (phone: string, forwardedFor: string) =>
      t.app.inject({
        method: 'GET',
        url: `${ACCOUNT_PATHS.isRegistered}?phoneNumber=${phone}&nationCode=86`,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < 20; i++) expect((await ask(`1390000${String(2000 + i)}`, '203.0.113.20')).json().code).toBe(0);
    const refused = await ask(DEMO_USER.phone, '203.0.113.20');
    expect(refused.statusCode).toBe(429);
    // The refusal says nothing of the phone asked about, registered or not.
    expect(refused.json()).toMatchObject({
      code: CODES.RATE_LIMITED.code,
      data: null,
      msg: expect.stringMatching(/请求过于频繁，请 \d+ 秒后再试/),
    });
    expect((await ask(DEMO_USER.phone, '203.0.113.21')).json()).toMatchObject({ code: 0, data: { registered: true } });
  });

  it('signs in with a password, throttles wrong ones per account with a Chinese retry time', async () => {
    const phone = '13800000004';
    await signUp(phone);
    const signin = (password: string) => call('POST', ACCOUNT_PATHS.signin, { phoneNumber: phone, nationCode: '86', password });
    for (let i = 0; i < 3; i++) expect((await signin('wrong-pass')).json.code).toBe(CODES.SIGNIN_FAILED.code);
    expect((await signin('wrong-pass')).json.code).toBe(CODES.SIGNIN_FAILED.code);
    const locked = await signin(PASSWORD);
    expect(locked.json).toMatchObject({ code: CODES.ACCOUNT_LOCKED.code, msg: expect.stringMatching(/请 \d+ (秒|分钟)后再试/) });
    t.clock.advance(31_000);
    const ok = await signin(PASSWORD);
    expect(ok.json.code).toBe(0);
    expect(tokenCookie(ok.res)).toMatch(/^__token=/);
    // An unknown phone gets the same answer as a wrong password.
    const unknown = await call('POST', ACCOUNT_PATHS.signin, { phoneNumber: '13899999999', nationCode: '86', password: PASSWORD });
    expect(unknown.json).toMatchObject({ code: CODES.SIGNIN_FAILED.code, msg: CODES.SIGNIN_FAILED.msg });
  });

  it('signs in with an SMS code; apps on bare paths get a bearer token', async () => {
    const phone = '13800000005';
    await signUp(phone);
    t.clock.advance(61_000);
    expect((await sendCode(phone, 'signin')).json.code).toBe(0);
    const { json } = await call('POST', ACCOUNT_PATHS.signin, { phoneNumber: phone, nationCode: '86', authCode: t.sms.lastCode(phone) });
    expect(json.code).toBe(0);
    expect(typeof json.data.token).toBe('string');
    const info = await t.app.inject({ method: 'GET', url: API_PATHS.userInfo, headers: { authorization: `Bearer ${json.data.token}` } });
    expect(info.json().data.phoneNumber).toBe('138****0005');
    // No code goes to a phone that is not registered, but the answer looks the same.
    const before = t.sms.outbox.length;
    expect((await sendCode('13877777777', 'signin')).json.code).toBe(0);
    expect(t.sms.outbox.length).toBe(before);
  });

  it('resets the password by SMS and signs every session out', async () => {
    const phone = '13800000006';
    const cookie = await signUp(phone);
    t.clock.advance(61_000);
    await sendCode(phone, 'reset');
    const reset = await call('POST', ACCOUNT_PATHS.resetPassword, {
      phoneNumber: phone,
      nationCode: '86',
      authCode: t.sms.lastCode(phone),
      password: 'new-Secret-77',
    });
    expect(reset.json.code).toBe(0);
    expect((await call('GET', API_PATHS.userInfo, undefined, cookie)).json.code).toBe(CODES.SESSION_REVOKED.code);
    expect((await call('POST', ACCOUNT_PATHS.signin, { phoneNumber: phone, nationCode: '86', password: PASSWORD })).json.code).toBe(
      CODES.SIGNIN_FAILED.code,
    );
    expect((await call('POST', ACCOUNT_PATHS.signin, { phoneNumber: phone, nationCode: '86', password: 'new-Secret-77' })).json.code).toBe(
      0,
    );
  });

  it('changes the password with the old one, keeping this session and revoking the others', async () => {
    const phone = '13800000007';
    const first = await signUp(phone);
    const second = tokenCookie(
      (await call('POST', ACCOUNT_PATHS.signin, { phoneNumber: phone, nationCode: '86', password: PASSWORD })).res,
    );
    expect(
      (await call('PUT', ACCOUNT_PATHS.changePassword, { oldPassword: 'nope-nope', password: 'Another-pass-9' }, first)).json.code,
    ).toBe(CODES.OLD_PASSWORD_WRONG.code);
    expect((await call('PUT', ACCOUNT_PATHS.changePassword, { oldPassword: PASSWORD, password: '123456' }, first)).json.code).toBe(
      CODES.PASSWORD_TOO_COMMON.code,
    );
    expect((await call('PUT', ACCOUNT_PATHS.changePassword, { oldPassword: PASSWORD, password: 'Another-pass-9' }, first)).json.code).toBe(
      0,
    );
    expect((await call('GET', API_PATHS.userInfo, undefined, first)).json.code).toBe(0);
    expect((await call('GET', API_PATHS.userInfo, undefined, second)).json.code).toBe(CODES.SESSION_REVOKED.code);
    expect((await call('PUT', ACCOUNT_PATHS.changePassword, { password: 'Another-pass-9' })).json.code).toBe(CODES.NOT_LOGGED_IN.code);
  });

  it('updates the profile name with the §5 rules and checks names', async () => {
    const cookie = await signUp('13800000008', PASSWORD, '');
    expect((await call('GET', API_PATHS.userInfo, undefined, cookie)).json.data).toMatchObject({ hasProfile: false, userState: 1 });
    expect((await call('PUT', API_PATHS.userInfo, { name: '   ' }, cookie)).json.code).toBe(CODES.NAME_INVALID.code);
    const put = await call(
      'PUT',
      API_PATHS.userInfo,
      { name: '  李四🎉一二三四五六七八九十一二三四五六', avatar: { type: 'color', startColor: '#112233', endColor: '#445566' } },
      cookie,
    );
    expect(put.json.data).toMatchObject({ userName: '李四一二三四五六七八九十一二三四', hasProfile: true, userState: 4 });
    expect(
      (await call('PUT', API_PATHS.userInfo, { avatar: { type: 'img', url: 'https://evil.example/x.png' } }, cookie)).json.code,
    ).not.toBe(0);
    expect((await call('GET', `${ACCOUNT_PATHS.checkUserName}?name=${encodeURIComponent('123')}`)).json.data).toEqual({
      succeeded: false,
      errors: ['名字不能全是数字'],
    });
    expect((await call('GET', `${ACCOUNT_PATHS.checkUserName}?name=${encodeURIComponent('王五')}`)).json.data).toEqual({
      succeeded: true,
      errors: [],
    });
    const log = await call('GET', ACCOUNT_PATHS.auditLog, undefined, cookie);
    expect(log.json.data.list.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['signup', 'update-profile']));
  });

  it('logs out by navigation to a same-site path only, and expires sessions after 7 days', async () => {
    const cookie = await signUp('13800000009');
    const out = await t.app.inject({ method: 'GET', url: '/user/logout?redirect=%2Ftopics', headers: { cookie } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/topics');
    expect(String(out.headers['set-cookie'])).toMatch(/__token=;/);
    expect((await call('GET', API_PATHS.userInfo, undefined, cookie)).json.code).toBe(CODES.SESSION_REVOKED.code);
    const evil = await t.app.inject({ method: 'GET', url: '/wechat/logout?redirect=%2F%2Fevil.example' });
    expect(evil.headers.location).toBe('/');

    const again = tokenCookie(
      (await call('POST', ACCOUNT_PATHS.signin, { phoneNumber: '13800000009', nationCode: '86', password: PASSWORD })).res,
    );
    t.clock.advance(7 * 24 * 3600_000 + 1000);
    const expired = await call('GET', API_PATHS.userInfo, undefined, again);
    expect(expired.json.code).toBe(CODES.SESSION_EXPIRED.code);
    expect(String(expired.res.headers['set-cookie'])).toMatch(/__token=;/);
  });
});
