import { ACCOUNT_PATHS, type PersonView } from '@jiyin/contracts/accounts';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  SHARE_INVITE_NOTICE_TYPE,
  SHARE_INVITE_PATHS,
  SHARE_INVITE_SENT,
  SHARE_INVITE_TTL_DAYS,
  type ShareInvitationView,
} from '@jiyin/contracts/sharesApi';
import { DEMO_KITS, schema, testDatabaseTargets } from '@jiyin/db';
import { eq } from 'drizzle-orm';
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

  const shares = (id: string) => fillPattern(ACCOUNT_PATHS.personShares, { id });
  const acceptPath = (id: string) => fillPattern(SHARE_INVITE_PATHS.accept, { id });
  const declinePath = (id: string) => fillPattern(SHARE_INVITE_PATHS.decline, { id });
  const revokePath = (id: string) => fillPattern(SHARE_INVITE_PATHS.one, { id });
  const invite = (cookie: string, personId: string, phoneNumber: string) =>
    t.app.inject({ method: 'POST', url: shares(personId), headers: { cookie }, payload: { phoneNumber, nationCode: '86' } });
  const mine = async (cookie: string): Promise<ShareInvitationView[]> => (await call('GET', SHARE_INVITE_PATHS.mine, cookie)).data.list;

  it('shares by invitation: one answer for any number, no name before acceptance, no access until accepted', async () => {
    const p = await create(alice, { name: '外婆', gender: 'female' });
    // (a) A registered and an unregistered number get byte-identical answers.
    const registered = await invite(alice, p.id, '13900000002');
    t.clock.advance(1000);
    const unknown = await invite(alice, p.id, '13900000099');
    expect(registered.statusCode).toBe(unknown.statusCode);
    expect(registered.body).toBe(unknown.body);
    expect(registered.json()).toEqual({ code: 0, data: { notice: SHARE_INVITE_SENT }, msg: 'ok' });
    // Malformed numbers are refused the same way whoever they might belong to; one's own number too.
    expect((await invite(alice, p.id, '12')).json().code).toBe(CODES.BAD_REQUEST.code);
    expect((await invite(alice, p.id, '13900000001')).json()).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '不能分享给自己' });

    // (b) The owner's list: masked numbers, no names, pending.
    const listed = (await call('GET', shares(p.id), alice)).data.list;
    expect(listed).toEqual([
      expect.objectContaining({ userId: null, userName: null, phoneNumber: '139****0002', status: 'pending' }),
      expect.objectContaining({ userId: null, userName: null, phoneNumber: '139****0099', status: 'pending' }),
    ]);
    expect(JSON.stringify(listed)).not.toContain('鲍勃');

    // (c) Bob has nothing until he accepts; he does see the invitation, and a notice.
    expect((await call('GET', person(p.id), bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', ACCOUNT_PATHS.persons, bob)).data.list.map((x: PersonView) => x.id)).not.toContain(p.id);
    const [inv] = await mine(bob);
    expect(inv).toMatchObject({ kind: 'person', name: '外婆', role: null, inviterName: '爱丽丝', personId: p.id });
    const notices = await t.database.db.select().from(schema.notifications).where(eq(schema.notifications.relatedId, inv.id));
    expect(notices).toMatchObject([{ type: SHARE_INVITE_NOTICE_TYPE, webviewUrl: '/user/persons' }]);

    // Inviting the same number again refreshes the invitation: no second row, no second notice.
    t.clock.advance(3600_000);
    expect((await invite(alice, p.id, '13900000002')).body).toBe(unknown.body);
    expect(await mine(bob)).toEqual([
      { ...inv, expiresAt: new Date(t.clock.now.getTime() + SHARE_INVITE_TTL_DAYS * 86_400_000).toISOString() },
    ]);
    expect((await call('GET', shares(p.id), alice)).data.list).toHaveLength(2);

    // Accepting (twice is once): read-only access, and the owner now sees the name.
    expect((await call('POST', acceptPath(inv.id), bob)).data).toEqual({ kind: 'person', treeId: null, personId: p.id });
    expect((await call('POST', acceptPath(inv.id), bob)).code).toBe(0);
    const seen = (await call('GET', ACCOUNT_PATHS.persons, bob)).data.list.find((x: PersonView) => x.id === p.id);
    expect(seen).toMatchObject({ isOwner: false, share: { isShare: true } });
    expect((await call('PUT', person(p.id), bob, { name: '改名', gender: 'female' })).code).toBe(CODES.NOT_FOUND.code);
    expect(await mine(bob)).toEqual([]);
    expect((await call('GET', shares(p.id), alice)).data.list).toEqual([
      expect.objectContaining({ userName: '鲍勃', phoneNumber: '139****0002', status: 'accepted', invitationId: null }),
      expect.objectContaining({ userName: null, phoneNumber: '139****0099', status: 'pending' }),
    ]);
    // The receiver removes it from their own list only; replaying the accepted invitation does not bring it back.
    expect((await call('DELETE', person(p.id), bob)).code).toBe(0);
    expect((await call('GET', person(p.id), bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('POST', acceptPath(inv.id), bob)).code).toBe(0);
    expect((await call('GET', person(p.id), bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', person(p.id), alice)).data.name).toBe('外婆');
  });

  it("never lets a third user see, accept, decline or revoke someone else's invitation", async () => {
    const carol = await signUpUser(t, '13900000003', undefined, '卡罗尔');
    const p = await create(alice, { name: '外公', gender: 'male' });
    await invite(alice, p.id, '13900000002');
    const [inv] = (await mine(bob)).filter((i) => i.personId === p.id);
    expect(await mine(carol)).toEqual([]);
    const missing = '00000000-0000-4000-8000-000000000000';
    const gone = { code: CODES.NOT_FOUND.code, data: null, msg: '邀请不存在或已失效' };
    for (const id of [inv.id, missing]) {
      for (const who of [carol, alice]) {
        expect(await call('POST', acceptPath(id), who)).toEqual(gone);
        expect(await call('POST', declinePath(id), who)).toEqual(gone);
      }
      // Only the person's owner revokes.
      expect(await call('DELETE', revokePath(id), carol)).toEqual(gone);
      expect(await call('DELETE', revokePath(id), bob)).toEqual(gone);
    }
    expect((await call('GET', person(p.id), carol)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', shares(p.id), carol)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', shares(p.id), bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('POST', acceptPath(inv.id), null)).code).toBe(CODES.NOT_LOGGED_IN.code);
    // Bob declines: gone for him, and for good.
    expect((await call('POST', declinePath(inv.id), bob)).code).toBe(0);
    expect(await call('POST', acceptPath(inv.id), bob)).toEqual(gone);
    expect((await call('GET', person(p.id), bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', shares(p.id), alice)).data.list).toEqual([]);
  });

  it('expires invitations after 7 days and lets the owner revoke them; an account made later finds its invitation', async () => {
    const p = await create(alice, { name: '舅公', gender: 'male' });
    await invite(alice, p.id, '13900000002');
    const [inv] = (await mine(bob)).filter((i) => i.personId === p.id);
    // Seven days on (moved in the row: the clock would end the sessions too).
    const [row] = await t.database.db.select().from(schema.shareInvitations).where(eq(schema.shareInvitations.id, inv.id));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(SHARE_INVITE_TTL_DAYS * 86_400_000);
    await t.database.db
      .update(schema.shareInvitations)
      .set({ expiresAt: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(schema.shareInvitations.id, inv.id));
    expect((await mine(bob)).filter((i) => i.personId === p.id)).toEqual([]);
    expect(await call('POST', acceptPath(inv.id), bob)).toMatchObject({ code: CODES.SHARE_INVITE_EXPIRED.code });
    expect((await call('GET', person(p.id), bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', shares(p.id), alice)).data.list).toMatchObject([{ phoneNumber: '139****0002', status: 'expired' }]);
    // Inviting again reopens the same invitation.
    await invite(alice, p.id, '13900000002');
    expect((await mine(bob)).filter((i) => i.personId === p.id).map((i) => i.id)).toEqual([inv.id]);

    // Revoked: gone from Bob's list, accepting it answers like a missing one.
    expect((await call('DELETE', revokePath(inv.id), alice)).code).toBe(0);
    expect((await mine(bob)).filter((i) => i.personId === p.id)).toEqual([]);
    expect((await call('POST', acceptPath(inv.id), bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('DELETE', revokePath(inv.id), alice)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', person(p.id), bob)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', shares(p.id), alice)).data.list).toEqual([]);

    // A number with no account yet: the account made with it later finds the invitation and accepts it.
    await invite(alice, p.id, '13900000005');
    const eve = await signUpUser(t, '13900000005', undefined, '伊芙');
    const [later] = await mine(eve);
    expect(later).toMatchObject({ personId: p.id, name: '舅公' });
    expect((await call('POST', acceptPath(later.id), eve)).code).toBe(0);
    expect((await call('GET', person(p.id), eve)).data.name).toBe('舅公');
    // Deleting the person takes its invitations along.
    await invite(alice, p.id, '13900000002');
    const [open] = (await mine(bob)).filter((i) => i.personId === p.id);
    expect((await call('DELETE', person(p.id), alice)).code).toBe(0);
    expect(await mine(bob)).toEqual([]);
    expect((await call('POST', acceptPath(open.id), bob)).code).toBe(CODES.NOT_FOUND.code);
  });

  it('limits invitations: 10 open per person, 20 per account a day', async () => {
    const dave = await signUpUser(t, '13900000004', undefined, '戴夫');
    const ps = [await create(dave, { name: '一', gender: 'male' }), await create(dave, { name: '二', gender: 'male' })];
    const third = await create(dave, { name: '三', gender: 'male' });
    const number = (i: number) => `1370000${String(i).padStart(4, '0')}`;
    for (let i = 0; i < 10; i++) expect((await invite(dave, ps[0].id, number(i))).json().code).toBe(0);
    expect((await invite(dave, ps[0].id, number(10))).json()).toMatchObject({ code: CODES.SHARE_INVITE_OPEN_LIMIT.code });
    for (let i = 10; i < 20; i++) expect((await invite(dave, ps[1].id, number(i))).json().code).toBe(0);
    // The 21st of the day is refused, with the same answer whatever the number.
    const refused = await invite(dave, third.id, number(20));
    expect(refused.json()).toEqual({ code: CODES.SHARE_INVITE_DAILY_LIMIT.code, data: null, msg: CODES.SHARE_INVITE_DAILY_LIMIT.msg });
    expect((await invite(dave, third.id, '13900000002')).body).toBe(refused.body);
    expect((await call('GET', shares(third.id), dave)).data.list).toEqual([]);
    // Refreshing one already sent is not a new invitation; a day later there is room again.
    expect((await invite(dave, ps[0].id, number(3))).json().code).toBe(0);
    t.clock.advance(86_400_000 + 1000);
    expect((await invite(dave, third.id, number(20))).json().code).toBe(0);
    // Revoking does not give the day's invitations back.
    const open = (await call('GET', shares(ps[0].id), dave)).data.list;
    expect((await call('DELETE', revokePath(open[0].invitationId), dave)).code).toBe(0);
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
