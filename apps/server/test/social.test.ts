import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { RELATIVES_API_PATHS } from '@jiyin/contracts/relativesApi';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { CHAT_IMAGE_MAX_SIDE, type LiveEvent, SOCIAL_API_PATHS } from '@jiyin/contracts/social';
import { openDatabase, schema, testDatabaseTargets } from '@jiyin/db';
import { eq, inArray } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CHANNEL, LiveHub, livePayload } from '../src/live/hub.ts';
import { insertMessage, SEQ_PLACEHOLDER } from '../src/messages/queries.ts';
import { notify, PERSON_SLOT } from '../src/notifications/service.ts';
import { matchId } from '../src/relatives/queries.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

/**
 * Notifications, private messages and the live stream, through the API: A and B are consenting gene
 * relatives, A also manages C (a relative bound to A's own account), O is an outsider.
 */
describe.each(testDatabaseTargets())('notifications, messages and live on $name', (target) => {
  let t: TestApp;
  const cookie: Record<'a' | 'b' | 'o', string> = { a: '', b: '', o: '' };
  const userId: Record<'a' | 'b' | 'o', string> = { a: '', b: '', o: '' };
  const BARCODE = { a: 'JY9000000001', b: 'JY9000000002', c: 'JY9000000003', o: 'JY9000000004' };
  const PERSON = { a: 'p-social-a', b: 'p-social-b', c: 'p-social-c', o: 'p-social-o' };
  let thread = '';
  const events: Record<'a' | 'b', LiveEvent[]> = { a: [], b: [] };

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: 'a' | 'b' | 'o' | null, payload?: unknown) =>
    (await t.app.inject({ method, url, headers: who ? { cookie: cookie[who] } : {}, payload: payload as object })).json() as Answer;
  const chat = (who: 'a' | 'b' | 'o', query = '') =>
    call('GET', `${fillPattern(SOCIAL_API_PATHS.chat, { relatedId: thread })}${query}`, who);
  const post = (who: 'a' | 'b' | 'o', content: string, type = 'text') =>
    call('POST', fillPattern(SOCIAL_API_PATHS.postChat, { relatedId: thread }), who, { type, content });
  /** NOTIFY is delivered asynchronously after commit. */
  /** Live events come through the database's NOTIFY after commit: wait for the one expected, however busy the machine. */
  const until = (seen: () => boolean) => expect.poll(seen, { timeout: 10_000 }).toBe(true);

  beforeAll(async () => {
    t = await startTestApp(target, { CHAT_MESSAGES_PER_MINUTE: '12' });
    cookie.a = await signUpUser(t, '13900000301', undefined, '甲');
    cookie.b = await signUpUser(t, '13900000302', undefined, '乙');
    cookie.o = await signUpUser(t, '13900000303', undefined, '丙');
    for (const k of ['a', 'b', 'o'] as const) userId[k] = (await call('GET', API_PATHS.userInfo, k)).data.userId;
    const { db } = t.database;
    const owner = { a: userId.a, b: userId.b, c: userId.a, o: userId.o };
    for (const k of ['a', 'b', 'c', 'o'] as const) {
      await db.insert(schema.persons).values({ id: PERSON[k], ownerUserId: owner[k], name: `${k.toUpperCase()}某某`, gender: 'female' });
      await db
        .insert(schema.kits)
        .values({ barcode: BARCODE[k], productId: 'STANDARD_ANCESTRY', personId: PERSON[k], boundAt: t.clock.now });
      await db.insert(schema.genomes).values({
        barcode: BARCODE[k],
        personId: PERSON[k],
        packed: new Uint8Array([1]),
        vendor: '23andme',
        build: '37',
        callRate: 0.99,
        markerCount: 1,
      });
      await db
        .insert(schema.relativeConsents)
        .values({ personId: PERSON[k], userId: owner[k], protocolVersion: 'v1', consentedAt: t.clock.now });
    }
    const both = (x: 'a' | 'b' | 'c', y: 'a' | 'b' | 'c') =>
      [
        [x, y],
        [y, x],
      ].map(([p, q]) => ({
        barcode: BARCODE[p as 'a'],
        relativeBarcode: BARCODE[q as 'a'],
        personId: PERSON[p as 'a'],
        relativePersonId: PERSON[q as 'a'],
        sharedCm: 900,
        longestCm: 100,
        segmentCount: 9,
        sharedPercent: 12,
        grade: '4-6',
        segments: [],
      }));
    await db.insert(schema.relativeMatches).values([...both('a', 'b'), ...both('a', 'c')]);
    for (const k of ['a', 'b'] as const) t.app.deps.live.subscribe(userId[k], (e) => events[k].push(e));
  });
  afterAll(() => t.close());

  describe('notifications', () => {
    it('notifies through the one service: stored, sent live, the person named now or [检测人已删除] once deleted', async () => {
      await notify(t.database.db, [
        {
          userId: userId.a,
          type: 30,
          title: '报告已生成',
          content: `${PERSON_SLOT}的报告已生成`,
          personId: PERSON.c,
          createdAt: t.clock.now,
        },
      ]);
      await until(() => events.a.some((e) => e.type === 'counts'));
      const live = events.a.filter((e) => e.type === 'notice');
      expect(live.map((e) => e.type === 'notice' && e.notice.content)).toEqual(['C某某的报告已生成']);
      expect(events.a.at(-1)).toEqual({ type: 'counts', counts: { info: 1, msg: 0 } });
      const id = live[0].type === 'notice' ? live[0].notice.id : '';
      expect((await call('GET', fillPattern(SOCIAL_API_PATHS.notification, { id }), 'a')).data.content).toBe('C某某的报告已生成');
      // Renamed, then (in a copy) deleted: the notice follows.
      await t.database.db.update(schema.persons).set({ name: 'C新名' }).where(eq(schema.persons.id, PERSON.c));
      expect((await call('GET', `${REPORT_API_PATHS.notifications}?module=notification`, 'a')).data.list[0].content).toBe(
        'C新名的报告已生成',
      );
      await t.database.db.update(schema.notifications).set({ personId: null }).where(eq(schema.notifications.id, id));
      expect((await call('GET', fillPattern(SOCIAL_API_PATHS.notification, { id }), 'a')).data.content).toBe('[检测人已删除]的报告已生成');
    });

    it('tells of a sign-in from a new device in Chinese words, not the raw user agent', async () => {
      const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.signin,
        headers: { 'user-agent': ua },
        payload: { phoneNumber: '13900000303', nationCode: '86', password: 'jiyin-Strong-2026' },
      });
      expect(res.json().code).toBe(0);
      const [notice] = (await call('GET', `${REPORT_API_PATHS.notifications}?module=notification`, 'o')).data.list;
      expect(notice.content).toContain('在新设备上登录（iPhone 或 iPad 上的浏览器，IP ');
      expect(notice.content).not.toMatch(/Mozilla|AppleWebKit/);
    });

    it('deletes only the own notices; someone else’s answers like a missing one', async () => {
      const [n] = (await call('GET', `${REPORT_API_PATHS.notifications}?module=notification`, 'a')).data.list;
      const url = fillPattern(SOCIAL_API_PATHS.notificationDelete, { id: n.id });
      const missing = await call(
        'DELETE',
        fillPattern(SOCIAL_API_PATHS.notificationDelete, { id: '00000000-0000-4000-8000-000000000000' }),
        'o',
      );
      expect(await call('DELETE', url, 'o')).toEqual(missing);
      expect(await call('GET', url, 'o')).toEqual(missing);
      expect(missing).toMatchObject({ code: CODES.NOT_FOUND.code, msg: '消息不存在' });
      events.a.length = 0;
      expect((await call('DELETE', url, 'a')).code).toBe(0);
      await until(() => events.a.length > 0);
      expect(events.a).toEqual([{ type: 'counts', counts: { info: 0, msg: 0 } }]);
      expect((await call('GET', url, 'a')).code).toBe(CODES.NOT_FOUND.code);
    });
  });

  describe('private messages', () => {
    it('opens a thread from a relative’s detail; not with a relative bound to the own account, nor for strangers', async () => {
      const self = await call('POST', SOCIAL_API_PATHS.openWithRelative, 'a', { barcode: BARCODE.a, id: matchId(PERSON.a, PERSON.c) });
      expect(self).toMatchObject({ code: CODES.CHAT_SELF.code, msg: '该检测人已绑定在当前账户下，暂不支持私信' });
      const detail = await call(
        'GET',
        `${fillPattern(RELATIVES_API_PATHS.detail, { id: matchId(PERSON.a, PERSON.c) })}?barcode=${BARCODE.a}`,
        'a',
      );
      expect(detail.data.chat).toEqual({ available: false, note: CODES.CHAT_SELF.msg });
      const stranger = await call('POST', SOCIAL_API_PATHS.openWithRelative, 'o', { barcode: BARCODE.o, id: matchId(PERSON.o, PERSON.a) });
      expect(stranger.code).toBe(CODES.NOT_FOUND.code);
      // Someone else's barcode answers like a missing report.
      expect(
        (await call('POST', SOCIAL_API_PATHS.openWithRelative, 'o', { barcode: BARCODE.a, id: matchId(PERSON.a, PERSON.b) })).code,
      ).not.toBe(0);
      const opened = await call('POST', SOCIAL_API_PATHS.openWithRelative, 'a', { barcode: BARCODE.a, id: matchId(PERSON.a, PERSON.b) });
      expect(opened.code).toBe(0);
      thread = opened.data.relatedId;
      // Opening again (from B's side too) finds the same thread.
      expect(
        (await call('POST', SOCIAL_API_PATHS.openWithRelative, 'b', { barcode: BARCODE.b, id: matchId(PERSON.b, PERSON.a) })).data,
      ).toEqual({
        relatedId: thread,
      });
      // No message yet: the thread is not listed, and its chat is empty.
      expect((await call('GET', SOCIAL_API_PATHS.threads, 'a')).data.list).toEqual([]);
      expect((await chat('a')).data).toMatchObject({ list: [], shieldState: 0, toUser: { name: 'B**' } });
    });

    it('sends text live to both sides, keeps it as plain text, refuses empty ones, and counts it new for the other', async () => {
      events.a.length = 0;
      events.b.length = 0;
      expect(await post('a', ' \u200b\n ')).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '消息不能为空' });
      const xss = '<img src=x onerror=alert(1)><script>alert(2)</script>';
      const sent = await post('a', xss);
      expect(sent.data).toMatchObject({ content: xss, type: 'text', mine: true });
      await until(() => events.b.some((e) => e.type === 'counts') && events.a.some((e) => e.type === 'message'));
      const got = events.b.filter((e) => e.type === 'message');
      expect(got).toHaveLength(1);
      // The live copy carries the seq the write took (put into the payload by the statement itself).
      expect(got[0]).toMatchObject({ message: { id: sent.data.id, seq: sent.data.seq } });
      expect(sent.data.seq).toBeGreaterThan(0);
      expect(events.a.filter((e) => e.type === 'message')).toHaveLength(1);
      expect(events.b.at(-1)).toEqual({ type: 'counts', counts: { info: 0, msg: 1 } });
      // The sender's own count did not move: only the recipient's was read again.
      expect(events.a.filter((e) => e.type === 'counts')).toEqual([]);
      // The delivery delay is measured (publish → written to the streams here).
      expect((await t.app.inject('/metrics')).body).toMatch(/live_event_delay_seconds_count\{stage="written"\} [1-9]/);
      expect((await call('GET', API_PATHS.userInfo, 'b')).data.msgCount).toBe(1);
      const [listed] = (await call('GET', SOCIAL_API_PATHS.threads, 'b')).data.list;
      expect(listed).toMatchObject({ relatedId: thread, newMsgNum: 1, lastMessageContent: xss, shieldState: 0, toUser: { name: 'A**' } });
      // Opening clears the new count (live to B's other tabs).
      const opened = await chat('b');
      expect(opened.data.list).toMatchObject([{ content: xss, mine: false }]);
      expect((await call('GET', SOCIAL_API_PATHS.threads, 'b')).data.list[0].newMsgNum).toBe(0);
      expect((await call('GET', API_PATHS.userInfo, 'b')).data.msgCount).toBe(0);
    });

    it('loads the newest 10 first, older ones by seq, and what was missed after a seq', async () => {
      for (let i = 1; i <= 10; i++) {
        t.clock.advance(1000);
        expect((await post(i % 2 ? 'b' : 'a', `第 ${i} 条`)).code).toBe(0);
      }
      const first = (await chat('a')).data.list;
      expect(first.map((m: { content: string }) => m.content)).toEqual(Array.from({ length: 10 }, (_, k) => `第 ${k + 1} 条`));
      const older = (await chat('a', `?before_seq=${first[0].seq}`)).data.list;
      expect(older).toHaveLength(1);
      expect((await chat('a', `?after_seq=${first[7].seq}`)).data.list.map((m: { content: string }) => m.content)).toEqual([
        '第 9 条',
        '第 10 条',
      ]);
    });

    it('limits messages per account per minute', async () => {
      // 12 a minute in this test: A sent 6 above within the minute.
      let answer: Answer | null = null;
      for (let i = 0; i < 8 && !answer; i++) {
        const r = await post('a', `快 ${i}`);
        if (r.code !== 0) answer = r;
      }
      expect(answer).toMatchObject({ code: CODES.RATE_LIMITED.code });
      t.clock.advance(61_000);
      expect((await post('a', '一分钟后')).code).toBe(0);
    });

    it('sends only uploaded chat pictures, scaled to 250×250 and stripped of metadata', async () => {
      expect((await post('a', 'https://evil.example/x.png', 'image')).code).toBe(CODES.BAD_REQUEST.code);
      expect((await post('a', 'javascript:alert(1)', 'image')).code).toBe(CODES.BAD_REQUEST.code);
      const big = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c33' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
        .toBuffer();
      const boundary = 'x-social-boundary';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        big,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const up = await t.app.inject({
        method: 'POST',
        url: '/web/api/new/common/upload/image?type=community_chat',
        headers: { cookie: cookie.a, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      const url = up.json().data.uploadUrl as string;
      const stored = await t.app.inject({ method: 'GET', url });
      const meta = await sharp(stored.rawPayload).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(CHAT_IMAGE_MAX_SIDE);
      expect(meta.exif).toBeUndefined();
      expect((await post('a', url, 'image')).data).toMatchObject({ type: 'image', content: url });
    });

    it('blocks both ways with the §4 shield states, and refuses sending while blocked', async () => {
      const shield = (who: 'a' | 'b', blocked: boolean) =>
        call('PUT', fillPattern(SOCIAL_API_PATHS.shield, { relatedId: thread }), who, { blocked });
      events.a.length = 0;
      expect((await shield('b', true)).data.shieldState).toBe(1);
      await until(() => events.a.some((e) => e.type === 'thread' && e.relatedId === thread));
      expect((await chat('a')).data.shieldState).toBe(2);
      expect(await post('a', '在吗')).toMatchObject({ code: CODES.CHAT_THEY_BLOCKED.code, msg: '对方已停止接收私信' });
      expect(await post('b', '在吗')).toMatchObject({ code: CODES.CHAT_I_BLOCKED.code, msg: '你已屏蔽对方' });
      await shield('a', true);
      expect((await chat('a')).data.shieldState).toBe(3);
      await shield('a', false);
      await shield('b', false);
      expect((await chat('a')).data.shieldState).toBe(0);
      // A withdrawn consent ends the chat too.
      await t.database.db
        .update(schema.relativeConsents)
        .set({ withdrawnAt: t.clock.now })
        .where(eq(schema.relativeConsents.personId, PERSON.b));
      expect((await post('a', '还在吗')).code).toBe(CODES.CHAT_NOT_ALLOWED.code);
      await t.database.db.update(schema.relativeConsents).set({ withdrawnAt: null }).where(eq(schema.relativeConsents.personId, PERSON.b));
    });

    it('re-checks the blocks in the write itself: a block landing after a send’s reads refuses it and writes nothing', async () => {
      const { db } = t.database;
      const newCount = async () =>
        (await db.select({ n: schema.chatMembers.newCount }).from(schema.chatMembers).where(eq(schema.chatMembers.userId, userId.b)))[0].n;
      expect((await call('PUT', fillPattern(SOCIAL_API_PATHS.shield, { relatedId: thread }), 'b', { blocked: true })).code).toBe(0);
      const before = await newCount();
      events.b.length = 0;
      const raced = {
        id: 'raced-send',
        threadId: thread,
        senderUserId: userId.a,
        otherUserId: userId.b,
        kind: 'text',
        content: '抢在屏蔽前',
        createdAt: t.clock.now,
      };
      const message = {
        id: raced.id,
        seq: SEQ_PLACEHOLDER,
        relatedId: thread,
        user: { id: 'a', name: 'A**', avatar: null },
        type: 'text' as const,
        content: raced.content,
        date: raced.createdAt.toISOString(),
      };
      const written = await insertMessage(
        db,
        raced,
        LIVE_CHANNEL,
        livePayload([userId.a, userId.b], { type: 'message', message }, [userId.b]),
      );
      expect(written).toEqual({ seq: null, iBlocked: false, theyBlocked: true });
      expect(await db.select().from(schema.chatMessages).where(eq(schema.chatMessages.id, raced.id))).toEqual([]);
      expect(await newCount()).toBe(before);
      expect((await call('PUT', fillPattern(SOCIAL_API_PATHS.shield, { relatedId: thread }), 'b', { blocked: false })).code).toBe(0);
      // Nothing was published for the refused write: notifications come in commit order, and the unblock's came alone.
      await until(() => events.b.some((e) => e.type === 'thread'));
      expect(events.b.filter((e) => e.type === 'message')).toEqual([]);
    });

    it('never lets another user read, write, block or delete a thread by id', async () => {
      const missing = await call('GET', fillPattern(SOCIAL_API_PATHS.chat, { relatedId: '00000000-0000-4000-8000-000000000000' }), 'o');
      expect(missing).toMatchObject({ code: CODES.NOT_FOUND.code, msg: '会话不存在' });
      expect(await chat('o')).toEqual(missing);
      expect(await post('o', '你好')).toEqual(missing);
      expect(await call('PUT', fillPattern(SOCIAL_API_PATHS.shield, { relatedId: thread }), 'o', { blocked: true })).toEqual(missing);
      expect(await call('DELETE', fillPattern(SOCIAL_API_PATHS.deleteChat, { relatedId: thread }), 'o')).toEqual(missing);
      expect((await call('GET', SOCIAL_API_PATHS.threads, 'o')).data.list).toEqual([]);
      expect((await call('GET', SOCIAL_API_PATHS.threads, null)).code).toBe(CODES.NOT_LOGGED_IN.code);
    });

    /** Opens b's live stream after a seq and returns the message seqs it sends before the counts. */
    async function caughtUp(afterSeq: number): Promise<number[]> {
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const text = await new Promise<string>((resolve, reject) => {
        const req = request(
          { port, host: '127.0.0.1', path: `${SOCIAL_API_PATHS.live}?after_seq=${afterSeq}`, headers: { cookie: cookie.b } },
          (res) => {
            let body = '';
            res.on('data', (chunk) => {
              body += chunk;
              if (body.includes('event: counts')) {
                req.destroy();
                resolve(body);
              }
            });
          },
        );
        req.on('error', reject);
        req.end();
      });
      return text
        .split('\n\n')
        .filter((block) => block.startsWith('event: message'))
        .map((block) => JSON.parse(block.split('data: ')[1]).message.seq);
    }

    it('catches a reconnecting stream up from before the last seq, each message once, then counts', async () => {
      const first = (await chat('b')).data.list;
      const got = await caughtUp(first[first.length - 3].seq);
      // What came after the client's seq, each once and in order (with some before it: the client drops those it has).
      expect(got).toEqual([...new Set(got)].sort((x, y) => x - y));
      expect(got.slice(-2)).toEqual(first.slice(-2).map((m: { seq: number }) => m.seq));
    });

    it('catches up a message that committed after a much higher seq was seen', async () => {
      // Two sends in flight: the later seq commits first and is seen live; the earlier one, far below it, commits after.
      const last = (await chat('b')).data.list.at(-1) as { seq: number };
      const [{ threadId }] = await t.database.db
        .select({ threadId: schema.chatMessages.threadId })
        .from(schema.chatMessages)
        .where(eq(schema.chatMessages.seq, last.seq));
      const message = (seq: number, content: string, at: Date) => ({
        id: `late-${seq}`,
        seq,
        threadId,
        senderUserId: userId.a,
        kind: 'text' as const,
        content,
        createdAt: at,
      });
      const seen = last.seq + 1_000;
      await t.database.db.insert(schema.chatMessages).values(message(seen, '先提交', new Date(t.clock.now.getTime() + 1_000)));
      await t.database.db.insert(schema.chatMessages).values(message(last.seq + 500, '后提交', t.clock.now));
      try {
        expect(await caughtUp(seen)).toContain(last.seq + 500);
      } finally {
        await t.database.db.delete(schema.chatMessages).where(inArray(schema.chatMessages.id, [`late-${seen}`, `late-${last.seq + 500}`]));
      }
    });

    it('exports the messages the user wrote, not those written to them', async () => {
      const res = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.dataExport, headers: { cookie: cookie.b } });
      const archive = JSON.parse(strFromU8(unzipSync(res.rawPayload)['my-data.json']));
      const contents = archive.chatMessages.map((m: { content: string }) => m.content);
      expect(contents).toContain('第 1 条');
      expect(contents).not.toContain('第 2 条');
    });

    it.runIf(target.name === 'postgres')('fans out through LISTEN/NOTIFY to another process on the same database', async () => {
      // A second process's view: its own connections and its own hub.
      const other = await openDatabase({ url: t.database.url, dataDir: '' });
      const hub = new LiveHub(other, { counts: async () => new Map(), log: { warn: () => {} } });
      await hub.start();
      const got: LiveEvent[] = [];
      hub.subscribe(userId.b, (e) => got.push(e));
      try {
        const sent = await post('a', '另一个进程也收到');
        await until(() => got.some((e) => e.type === 'message'));
        expect(got.filter((e) => e.type === 'message').map((e) => e.type === 'message' && e.message.id)).toEqual([sent.data.id]);
      } finally {
        await hub.close();
        await other.close();
      }
    });

    it('deletes a thread for the caller only', async () => {
      expect((await call('DELETE', fillPattern(SOCIAL_API_PATHS.deleteChat, { relatedId: thread }), 'a')).code).toBe(0);
      expect((await call('GET', SOCIAL_API_PATHS.threads, 'a')).data.list).toEqual([]);
      expect((await chat('a')).data.list).toEqual([]);
      expect((await chat('b')).data.list.length).toBeGreaterThan(0);
      await post('b', '删了吗');
      expect((await chat('a')).data.list.map((m: { content: string }) => m.content)).toEqual(['删了吗']);
    });
  });
});
