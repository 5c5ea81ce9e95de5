import { ACCOUNT_PATHS, type PersonView } from '@jiyin/contracts/accounts';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { DEMO_KITS, schema, testDatabaseTargets } from '@jiyin/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

const BEIJING = {
  province: { code: '11', name: '北京市' },
  city: { code: '1101', name: '市辖区' },
  district: { code: '110108', name: '海淀区' },
};

describe.each(testDatabaseTargets())('tested persons on $name', (target) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    alice = await signUpUser(t, '13900000001', undefined, '爱丽丝');
    bob = await signUpUser(t, '13900000002', undefined, '鲍勃');
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, body?: unknown): Promise<Answer> => {
    const res = await t.app.inject({ method, url, payload: body as object, headers: cookie ? { cookie } : {} });
    return res.json();
  };
  const person = (id: string) => fillPattern(ACCOUNT_PATHS.person, { id });
  const create = async (cookie: string, body: object) => {
    t.clock.advance(1000); // the list is ordered by creation time
    return (await call('POST', ACCOUNT_PATHS.persons, cookie, body)).data as PersonView;
  };

  it('creates persons with solar and lunar (leap month) birthdays and a real birthplace', async () => {
    const solar = await create(alice, {
      name: '爱丽丝',
      gender: 'female',
      birthday: { year: 1990, month: 6, day: 12 },
      birthplace: BEIJING,
    });
    expect(solar).toMatchObject({
      name: '爱丽丝',
      birthdaySolar: '1990-06-12',
      isOwner: true,
      detections: [],
      privacy: { geneRelativesVisible: false, rawDataDownload: true },
    });
    const lunar = await create(alice, {
      name: '奶奶',
      gender: 'female',
      birthday: { year: 2023, month: -2, day: 15, chooseLunarCalendar: true },
    });
    expect(lunar.birthdaySolar).toBe('2023-04-05');
    const list = await call('GET', ACCOUNT_PATHS.persons, alice);
    expect(list.data.list.map((p: PersonView) => p.name)).toEqual(['爱丽丝', '奶奶']);
  });

  it.each([
    ['no name', { name: ' ', gender: 'male' }],
    ['no gender', { name: '张三' }],
    [
      'a leap month the year lacks',
      { name: '张三', gender: 'male', birthday: { year: 2024, month: -2, day: 1, chooseLunarCalendar: true } },
    ],
    [
      'a lunar day the month lacks',
      { name: '张三', gender: 'male', birthday: { year: 2023, month: -2, day: 30, chooseLunarCalendar: true } },
    ],
    ['a solar date that does not exist', { name: '张三', gender: 'male', birthday: { year: 2023, month: 2, day: 30 } }],
    ['a non-integer day', { name: '张三', gender: 'male', birthday: { year: 2023, month: 2, day: 1.5 } }],
    ['a made-up district', { name: '张三', gender: 'male', birthplace: { ...BEIJING, district: { code: '110199', name: '不存在区' } } }],
  ])('refuses %s with a Chinese message and stores nothing', async (_what, body) => {
    const before = (await t.database.db.select().from(schema.persons)).length;
    const res = await call('POST', ACCOUNT_PATHS.persons, alice, body);
    expect(res.code).not.toBe(0);
    expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await t.database.db.select().from(schema.persons)).length).toBe(before);
  });

  it('binds a kit once: bad format, unknown and already-bound barcodes get clear errors', async () => {
    const p = await create(alice, { name: '爸爸', gender: 'male' });
    const bind = (cookie: string, id: string, barcode: string) =>
      call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id }), cookie, { barcode });
    expect((await bind(alice, p.id, 'abc')).code).toBe(CODES.BAD_REQUEST.code);
    expect((await bind(alice, p.id, 'JY9999999999')).code).toBe(CODES.BARCODE_UNKNOWN.code);
    const ok = await bind(alice, p.id, DEMO_KITS[0].barcode.toLowerCase());
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({
      defaultBarcode: DEMO_KITS[0].barcode,
      detections: [{ barcode: DEMO_KITS[0].barcode, product: { id: 'STANDARD_ANCESTRY' } }],
    });
    const again = await bind(alice, p.id, DEMO_KITS[0].barcode);
    expect(again).toMatchObject({ code: CODES.BARCODE_BOUND.code, msg: expect.stringContaining('已被绑定') });
    const bobs = await create(bob, { name: '鲍勃', gender: 'male' });
    expect((await bind(bob, bobs.id, DEMO_KITS[0].barcode)).code).toBe(CODES.BARCODE_BOUND.code);
  });

  it('never lets another user read, edit, bind, share, switch or delete a person: same answer as missing', async () => {
    const p = await create(alice, { name: '秘密', gender: 'female' });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [p.id, missing]) {
      expect((await call('GET', person(id), bob)).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('PUT', person(id), bob, { name: '改名', gender: 'male' })).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id }), bob, { barcode: DEMO_KITS[1].barcode })).code).toBe(
        CODES.NOT_FOUND.code,
      );
      expect((await call('POST', `${person(id)}/shares`, bob, { phoneNumber: '13900000002', nationCode: '86' })).code).toBe(
        CODES.NOT_FOUND.code,
      );
      expect((await call('PUT', fillPattern(ACCOUNT_PATHS.personPrivacy, { id }), bob, { feature: 'showFullName', open: true })).code).toBe(
        CODES.NOT_FOUND.code,
      );
      expect((await call('DELETE', person(id), bob)).code).toBe(CODES.NOT_FOUND.code);
    }
    expect((await call('GET', person(p.id), alice)).data.name).toBe('秘密');
    expect((await call('GET', ACCOUNT_PATHS.persons, bob)).data.list.map((x: PersonView) => x.name)).not.toContain('秘密');
    expect((await call('GET', ACCOUNT_PATHS.persons, null)).code).toBe(CODES.NOT_LOGGED_IN.code);
  });

  it('shares a person read-only; the receiver can remove it from their list only', async () => {
    const p = await create(alice, { name: '外婆', gender: 'female' });
    expect((await call('POST', `${person(p.id)}/shares`, alice, { phoneNumber: '13900000002', nationCode: '86' })).code).toBe(0);
    const seen = (await call('GET', ACCOUNT_PATHS.persons, bob)).data.list.find((x: PersonView) => x.id === p.id);
    expect(seen).toMatchObject({ isOwner: false, share: { isShare: true } });
    expect((await call('PUT', person(p.id), bob, { name: '改名', gender: 'female' })).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('DELETE', person(p.id), bob)).code).toBe(0);
    expect((await call('GET', person(p.id), bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', person(p.id), alice)).data.name).toBe('外婆');
  });

  it('lists and revokes shares for the owner only', async () => {
    const p = await create(alice, { name: '外公', gender: 'male' });
    const shares = fillPattern(ACCOUNT_PATHS.personShares, { id: p.id });
    await call('POST', shares, alice, { phoneNumber: '13900000002', nationCode: '86' });
    const list = (await call('GET', shares, alice)).data.list;
    expect(list).toEqual([
      { userId: expect.any(String), userName: '鲍勃', phoneNumber: expect.stringContaining('****'), sharedAt: expect.any(String) },
    ]);
    const revoke = fillPattern(ACCOUNT_PATHS.personShare, { id: p.id, userId: list[0].userId });
    // Bob sees the person, but not who else it is shared with, and cannot revoke.
    expect((await call('GET', shares, bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('DELETE', revoke, bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', shares, alice)).data.list).toHaveLength(1);
    expect((await call('POST', shares, alice, { phoneNumber: '13900000099', nationCode: '86' })).code).toBe(CODES.NOT_REGISTERED.code);
    expect((await call('DELETE', revoke, alice)).code).toBe(0);
    expect((await call('GET', person(p.id), bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', shares, alice)).data.list).toEqual([]);
  });

  it('switches privacy per person and deletes a person, unbinding its kits', async () => {
    const p = await create(alice, { name: '舅舅', gender: 'male' });
    const sw = await call('PUT', fillPattern(ACCOUNT_PATHS.personPrivacy, { id: p.id }), alice, {
      feature: 'showFullName',
      open: true,
    });
    expect(sw.data.privacy.showFullName).toBe(true);
    // Gene relatives are joined through their protocol page only (relatives.test.ts).
    const relatives = await call('PUT', fillPattern(ACCOUNT_PATHS.personPrivacy, { id: p.id }), alice, {
      feature: 'geneRelativesVisible',
      open: true,
    });
    expect(relatives.code).toBe(CODES.RELATIVES_CONSENT_REQUIRED.code);
    expect(
      (await call('PUT', fillPattern(ACCOUNT_PATHS.personPrivacy, { id: p.id }), alice, { feature: 'nope', open: true })).code,
    ).not.toBe(0);
    await call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id: p.id }), alice, { barcode: DEMO_KITS[2].barcode });
    expect((await call('DELETE', person(p.id), alice)).code).toBe(0);
    expect((await call('GET', person(p.id), alice)).code).toBe(CODES.NOT_FOUND.code);
    const other = await create(alice, { name: '舅妈', gender: 'female' });
    expect(
      (await call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id: other.id }), alice, { barcode: DEMO_KITS[2].barcode })).code,
    ).toBe(0);
  });

  it('serves the region tree for the pickers', async () => {
    const res = await call('GET', ACCOUNT_PATHS.regions, null);
    expect(res.data.list.length).toBeGreaterThanOrEqual(31);
    expect(res.data.list[0]).toMatchObject({ code: '11', name: '北京市' });
  });
});
