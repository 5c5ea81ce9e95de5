import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { type NotificationView, REPORT_API_PATHS, REPORT_READY_NOTICE_TYPE } from '@jiyin/contracts/reportApi';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

describe.each(testDatabaseTargets())('notifications on $name', (target) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let aliceId: string;
  const ids: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(target);
    alice = await signUpUser(t, '13900000201', undefined, '爱丽丝');
    bob = await signUpUser(t, '13900000202', undefined, '鲍勃');
    aliceId = (await call('GET', API_PATHS.userInfo, alice)).data.userId;
    // 25 notices a minute apart: report-ready ones and gene-relative ones (§9 type 7).
    const base = t.clock.now.getTime();
    for (let i = 0; i < 25; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      ids.push(id);
      await t.database.db.insert(schema.notifications).values({
        id,
        userId: aliceId,
        type: i % 5 === 0 ? 7 : REPORT_READY_NOTICE_TYPE,
        title: `通知 ${i}`,
        content: `内容 ${i}`,
        relatedId: `JY${String(i).padStart(10, '0')}`,
        webviewUrl: i % 5 === 0 ? null : `/report?barcode=JY${String(i).padStart(10, '0')}`,
        createdAt: new Date(base + i * 60_000),
      });
    }
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'PUT', url: string, cookie: string | null): Promise<Answer> =>
    (await t.app.inject({ method, url, headers: cookie ? { cookie } : {} })).json();
  const list = (cookie: string, query = '') =>
    call('GET', `${REPORT_API_PATHS.notifications}?module=notification&count=10${query}`, cookie);

  it('pages the own notices newest first, 10 at a time, by the last item as baseline', async () => {
    const first = await list(alice, '&refresh_mode=-1');
    expect(first.data.list.map((n: NotificationView) => n.title)).toEqual(Array.from({ length: 10 }, (_, k) => `通知 ${24 - k}`));
    const last = first.data.list[9] as NotificationView;
    const second = await list(alice, `&refresh_mode=-1&baseline_id=${last.id}`);
    expect(second.data.list.map((n: NotificationView) => n.title)).toEqual(Array.from({ length: 10 }, (_, k) => `通知 ${14 - k}`));
    const third = await list(alice, `&refresh_mode=-1&baseline_id=${second.data.list[9].id}`);
    expect(third.data.list).toHaveLength(5);
    // Refresh: what is newer than the first item seen.
    expect((await list(alice, `&refresh_mode=1&baseline_id=${ids[20]}`)).data.list.map((n: NotificationView) => n.title)).toEqual([
      '通知 24',
      '通知 23',
      '通知 22',
      '通知 21',
    ]);
    expect(first.data.list[1]).toMatchObject({
      type: REPORT_READY_NOTICE_TYPE,
      content: '内容 23',
      relatedId: 'JY0000000023',
      module: 'notification',
      readDate: null,
      fromUser: null,
      webviewInfo: { url: '/report?barcode=JY0000000023' },
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(first.data.list[4].webviewInfo).toBeNull();
    const sevens = await list(alice, '&types=7');
    expect(sevens.data.list.map((n: NotificationView) => n.title)).toEqual(['通知 20', '通知 15', '通知 10', '通知 5', '通知 0']);
    expect((await list(alice, '&count=0')).code).toBe(CODES.BAD_REQUEST.code);
  });

  it('counts unread notices, marks one read, and shows the count in the user info', async () => {
    expect((await call('GET', REPORT_API_PATHS.notificationsUnread, alice)).data).toEqual({ result: 25 });
    expect((await call('GET', `${REPORT_API_PATHS.notificationsUnread}?types=7`, alice)).data).toEqual({ result: 5 });
    t.clock.advance(1000);
    const read = await call('PUT', fillPattern(REPORT_API_PATHS.notificationRead, { id: ids[3] }), alice);
    expect(read.data).toMatchObject({ id: ids[3], readDate: t.clock.now.toISOString() });
    // Marking again keeps the first reading time.
    t.clock.advance(1000);
    expect((await call('PUT', fillPattern(REPORT_API_PATHS.notificationRead, { id: ids[3] }), alice)).data.readDate).toBe(
      read.data.readDate,
    );
    expect((await call('GET', REPORT_API_PATHS.notificationsUnread, alice)).data).toEqual({ result: 24 });
    expect((await call('GET', API_PATHS.userInfo, alice)).data.infoCount).toBe(24);
  });

  it("never lets another user list, count or mark someone's notices", async () => {
    expect((await list(bob)).data.list).toEqual([]);
    expect((await call('GET', REPORT_API_PATHS.notificationsUnread, bob)).data).toEqual({ result: 0 });
    expect((await call('GET', API_PATHS.userInfo, bob)).data.infoCount).toBe(0);
    const foreign = await call('PUT', fillPattern(REPORT_API_PATHS.notificationRead, { id: ids[5] }), bob);
    const missing = await call('PUT', fillPattern(REPORT_API_PATHS.notificationRead, { id: '00000000-0000-4000-8000-999999999999' }), bob);
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ code: CODES.NOT_FOUND.code, msg: '消息不存在' });
    // Alice's notice as Bob's paging baseline answers the same.
    expect(await list(bob, `&baseline_id=${ids[5]}`)).toEqual(missing);
    expect((await call('GET', REPORT_API_PATHS.notificationsUnread, alice)).data).toEqual({ result: 24 });
    expect((await call('GET', REPORT_API_PATHS.notifications, null)).code).toBe(CODES.NOT_LOGGED_IN.code);
  });
});
