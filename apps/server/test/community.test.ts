import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { COMMUNITY_API_PATHS, COMMUNITY_IMAGE_MAX_SIDE } from '@jiyin/contracts/community';
import { NOTIFICATION_TYPES } from '@jiyin/contracts/constants';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import type { LiveEvent } from '@jiyin/contracts/social';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTexts, HttpModerator, WordListModerator } from '../src/community/antispam.ts';
import { cleanArticleHtml, renderArticle } from '../src/geneClub/markdown.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };
type Who = 'a' | 'b' | 'o' | 's';

/** Community and gene club through the API: B posts, A comments, O is an outsider, S is staff. */
describe.each(testDatabaseTargets())('community and gene club on $name', (target) => {
  let t: TestApp;
  const cookie: Record<Who, string> = { a: '', b: '', o: '', s: '' };
  const userId: Record<Who, string> = { a: '', b: '', o: '', s: '' };
  const events: LiveEvent[] = [];
  let postId = '';
  let questionId = '';
  let commentId = '';

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who | null, payload?: unknown) =>
    (await t.app.inject({ method, url, headers: who ? { cookie: cookie[who] } : {}, payload: payload as object })).json() as Answer;
  const post = (id: string) => fillPattern(COMMUNITY_API_PATHS.post, { id });
  const comments = (id: string) => fillPattern(COMMUNITY_API_PATHS.postComments, { id });
  const notices = async (who: Who) =>
    (await call('GET', `${REPORT_API_PATHS.notifications}?module=notification`, who)).data.list as {
      id: string;
      type: number;
      title: string;
      content: string;
      webviewInfo: { url: string } | null;
    }[];
  /** NOTIFY is delivered asynchronously after commit. */

  beforeAll(async () => {
    t = await startTestApp(target, { COMMUNITY_COMMENTS_PER_MINUTE: '6', COMMUNITY_REPORTS_PER_HOUR: '3' });
    cookie.a = await signUpUser(t, '13900000401', undefined, '评论者甲');
    cookie.b = await signUpUser(t, '13900000402', undefined, '作者乙');
    cookie.o = await signUpUser(t, '13900000403', undefined, '路人丙');
    cookie.s = await signUpUser(t, '13900000404', undefined, '管理员');
    for (const k of ['a', 'b', 'o', 's'] as const) userId[k] = (await call('GET', API_PATHS.userInfo, k)).data.userId;
    await t.database.db.update(schema.users).set({ staff: true }).where(eq(schema.users.id, userId.s));
    t.app.deps.live.subscribe(userId.b, (e) => events.push(e));
  });
  afterAll(() => t.close());

  describe('posts', () => {
    it('publishes a signed-in user’s post (text kept as typed, never markup) and lists it for anonymous readers', async () => {
      expect((await call('POST', COMMUNITY_API_PATHS.posts, null, { module: 'health', content: '你好' })).code).toBe(
        CODES.NOT_LOGGED_IN.code,
      );
      const text = '<script>alert(1)</script>我家祖籍福建泉州，有同乡吗？';
      const created = await call('POST', COMMUNITY_API_PATHS.posts, 'b', { module: 'ancestry', content: text });
      expect(created.code).toBe(0);
      expect(created.data).toMatchObject({ content: text, mine: true, author: { name: '作者乙' }, likeCount: 0, kind: 'post' });
      postId = created.data.id;
      const q = await call('POST', COMMUNITY_API_PATHS.posts, 'b', {
        module: 'health',
        kind: 'question',
        content: '乳糖不耐受和基因有关吗？',
      });
      questionId = q.data.id;
      const anon = await call('GET', `${COMMUNITY_API_PATHS.posts}?module=ancestry`, null);
      expect(anon.data.list.map((p: { id: string }) => p.id)).toContain(postId);
      expect(anon.data.list.map((p: { id: string }) => p.id)).not.toContain(questionId);
      expect(anon.data.list.find((p: { id: string }) => p.id === postId).mine).toBe(false);
      expect((await call('GET', post(postId), null)).data).toMatchObject({
        post: { id: postId },
        viewer: { signedIn: false, staff: false },
      });
    });

    it('publishes uploaded pictures only, scaled to at most 800 px and stripped of metadata (location included)', async () => {
      const big = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3a7' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'home address' } } })
        .toBuffer();
      const boundary = 'x-community-boundary';
      const up = await t.app.inject({
        method: 'POST',
        url: `${ACCOUNT_PATHS.uploadImage}?type=community`,
        headers: { cookie: cookie.b, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="<img src=x onerror=alert(1)>.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          big,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      const url = up.json().data.uploadUrl as string;
      expect(url).toMatch(/^\/uploads\/community\/[0-9a-f-]{36}\.jpg$/);
      const meta = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([COMMUNITY_IMAGE_MAX_SIDE, 400]);
      expect(meta.exif).toBeUndefined();
      const created = await call('POST', COMMUNITY_API_PATHS.posts, 'b', { module: 'life', content: '老家的照片', images: [url] });
      expect(created.data.images).toEqual([url]);
      expect((await call('DELETE', post(created.data.id), 'b')).code).toBe(0);
    });

    it('refuses bad input with a Chinese message and stores nothing', async () => {
      const before = (await call('GET', COMMUNITY_API_PATHS.posts, 'b')).data.list.length;
      for (const [body, msg] of [
        [{ module: 'ancestry', content: '   ' }, '请输入内容'],
        [{ module: 'nope', content: '你好' }, '请选择版块'],
        [{ module: 'ancestry', content: '你好', images: ['javascript:alert(1)'] }, '图片地址不正确'],
        [{ module: 'ancestry', content: '你好', images: ['https://evil.example/x.png'] }, '图片地址不正确'],
      ] as const) {
        expect(await call('POST', COMMUNITY_API_PATHS.posts, 'b', body)).toMatchObject({ code: CODES.BAD_REQUEST.code, msg });
      }
      expect((await call('GET', COMMUNITY_API_PATHS.posts, 'b')).data.list.length).toBe(before);
    });

    it('lets nobody but the author edit or delete a post: another user’s id answers like a missing one', async () => {
      const missing = await call('PUT', post('00000000-0000-4000-8000-000000000000'), 'o', { content: '改' });
      expect(missing).toMatchObject({ code: CODES.NOT_FOUND.code });
      expect(await call('PUT', post(postId), 'o', { content: '被人改了' })).toEqual(missing);
      expect(await call('DELETE', post(postId), 'o')).toEqual(await call('DELETE', post('00000000-0000-4000-8000-000000000000'), 'o'));
      expect((await call('GET', post(postId), null)).data.post.content).toContain('泉州');
      const edited = await call('PUT', post(postId), 'b', { content: '我家祖籍福建泉州，有同乡一起寻根吗？' });
      expect(edited.data.content).toBe('我家祖籍福建泉州，有同乡一起寻根吗？');
    });
  });

  describe('comments, answers, replies and their notices', () => {
    it('A comments on B’s post: B is notified (type 1) live, with a link to the post; nobody is notified of their own words', async () => {
      events.length = 0;
      const c = await call('POST', comments(postId), 'a', { content: '我也是泉州的！' });
      expect(c.code).toBe(0);
      expect(c.data).toMatchObject({ kind: 'comment', content: '我也是泉州的！', mine: true, author: { name: '评论者甲' } });
      commentId = c.data.id;
      // Delivered through the database's NOTIFY once the comment commits: wait for it, however busy the machine.
      await expect.poll(() => events.some((e) => e.type === 'counts'), { timeout: 10_000 }).toBe(true);
      const live = events.find((e) => e.type === 'notice');
      expect(live?.type === 'notice' && live.notice).toMatchObject({
        type: NOTIFICATION_TYPES.commentPost,
        title: '评论了你的帖子',
        content: '评论者甲：我也是泉州的！',
        fromUser: { name: '评论者甲' },
        webviewInfo: { url: `/community/comment-detail?id=${postId}` },
      });
      expect(events.at(-1)).toEqual({ type: 'counts', counts: { info: 1, msg: 0 } });
      // B's own comment on B's own post notifies nobody.
      await call('POST', comments(postId), 'b', { content: '欢迎欢迎' });
      expect((await notices('b')).length).toBe(1);
    });

    it('answers a question (type 2) and replies to a comment (type 3), to the comment’s author and the post’s', async () => {
      const ans = await call('POST', comments(questionId), 'a', { content: '有关系，LCT 基因附近的变异与成年后乳糖酶是否持续表达相关。' });
      expect(ans.data.kind).toBe('answer');
      const reply = await call('POST', comments(postId), 'o', { content: '同乡你好', parentId: commentId });
      expect(reply.data).toMatchObject({ kind: 'reply', replyTo: '评论者甲' });
      const b = await notices('b');
      expect(b.map((n) => n.type).sort()).toEqual([1, 2, 3]);
      expect((await notices('a')).map((n) => [n.type, n.title])).toEqual([[3, '回复了你的评论']]);
      const detail = (await call('GET', post(postId), null)).data;
      expect(detail.post.commentCount).toBe(3);
      expect(detail.comments.find((c: { id: string }) => c.id === commentId).replies.map((r: { content: string }) => r.content)).toEqual([
        '同乡你好',
      ]);
      // A reply to another post's comment is refused.
      expect((await call('POST', comments(questionId), 'o', { content: '串楼', parentId: commentId })).code).toBe(CODES.NOT_FOUND.code);
    });

    it('lets only the author delete a comment; its replies go with it', async () => {
      const url = fillPattern(COMMUNITY_API_PATHS.comment, { id: commentId });
      expect((await call('DELETE', url, 'o')).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('DELETE', url, 'b')).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('DELETE', url, 'a')).code).toBe(0);
      const detail = (await call('GET', post(postId), null)).data;
      expect(detail.post.commentCount).toBe(1);
      expect(detail.comments.map((c: { content: string }) => c.content)).toEqual(['欢迎欢迎']);
    });

    it('lets nobody read or delete B’s comment notices by id but B, who deletes them', async () => {
      const [n] = await notices('b');
      const url = fillPattern('/api/community/messages/:id', { id: n.id });
      expect((await call('GET', url, 'a')).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('DELETE', url, 'a')).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('DELETE', url, 'b')).code).toBe(0);
      expect((await notices('b')).some((x) => x.id === n.id)).toBe(false);
    });

    it('limits comments per account per minute', async () => {
      let last: Answer | undefined;
      for (let i = 0; i < 7; i++) last = await call('POST', comments(questionId), 'o', { content: `第 ${i} 条` });
      expect(last).toMatchObject({ code: CODES.RATE_LIMITED.code, msg: '评论过于频繁，请稍后再试' });
      t.clock.advance(61_000);
    });
  });

  describe('likes', () => {
    it('counts one like per user, idempotently, and unlikes', async () => {
      const url = fillPattern(COMMUNITY_API_PATHS.postLike, { id: postId });
      expect((await call('PUT', url, null)).code).toBe(CODES.NOT_LOGGED_IN.code);
      expect((await call('PUT', url, 'a')).data).toEqual({ liked: true, likeCount: 1 });
      expect((await call('PUT', url, 'a')).data).toEqual({ liked: true, likeCount: 1 });
      expect((await call('PUT', url, 'o')).data).toEqual({ liked: true, likeCount: 2 });
      expect((await call('DELETE', url, 'o')).data).toEqual({ liked: false, likeCount: 1 });
      expect((await call('DELETE', url, 'o')).data).toEqual({ liked: false, likeCount: 1 });
      expect((await call('GET', post(postId), 'a')).data.post).toMatchObject({ liked: true, likeCount: 1 });
      expect((await call('GET', post(postId), 'o')).data.post).toMatchObject({ liked: false });
    });
  });

  describe('reports', () => {
    let welcomeId = '';
    it('takes one report per user and target, not of one’s own words, and keeps what was reported for staff', async () => {
      const report = (who: Who, targetKind: string, targetId: string, reason = 'ad') =>
        call('POST', COMMUNITY_API_PATHS.reports, who, { targetKind, targetId, reason });
      expect((await report('a', 'post', questionId)).code).toBe(0);
      expect((await report('a', 'post', questionId)).code).toBe(0);
      expect(await report('b', 'post', questionId)).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '不能举报自己发布的内容' });
      expect(await report('a', 'post', questionId, 'nope')).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '请选择举报原因' });
      welcomeId = (await call('GET', post(postId), null)).data.comments.find((c: { content: string }) => c.content === '欢迎欢迎').id;
      expect((await report('a', 'comment', welcomeId, 'abuse')).code).toBe(0);
      // The reported comment is deleted by its author: the report keeps its words.
      expect((await call('DELETE', fillPattern(COMMUNITY_API_PATHS.comment, { id: welcomeId }), 'b')).code).toBe(0);
      const others = (await call('GET', post(questionId), 'a')).data.comments.filter((c: { mine: boolean }) => !c.mine);
      expect((await report('a', 'comment', others[0].id)).code).toBe(0);
      expect(await report('a', 'comment', others[1].id)).toMatchObject({ code: CODES.RATE_LIMITED.code, msg: '举报过于频繁，请稍后再试' });

      expect((await call('GET', COMMUNITY_API_PATHS.reports, 'a')).code).toBe(CODES.NO_PERMISSION.code);
      const open = (await call('GET', COMMUNITY_API_PATHS.reports, 's')).data.list;
      expect(open.map((r: { targetId: string; reportCount: number }) => [r.targetId, r.reportCount]).sort()).toEqual(
        [
          [questionId, 1],
          [welcomeId, 1],
          [others[0].id, 1],
        ].sort(),
      );
      const welcome = open.find((r: { targetId: string }) => r.targetId === welcomeId);
      expect(welcome).toMatchObject({ content: '欢迎欢迎', reason: 'abuse', postId });
      const resolve = fillPattern(COMMUNITY_API_PATHS.reportResolve, { id: welcome.id });
      expect((await call('POST', resolve, 'a')).code).toBe(CODES.NO_PERMISSION.code);
      expect((await call('POST', resolve, 's')).code).toBe(0);
      expect(
        (await call('GET', COMMUNITY_API_PATHS.reports, 's')).data.list.some((r: { targetId: string }) => r.targetId === welcomeId),
      ).toBe(false);
      t.clock.advance(3_601_000);
    });
  });

  describe('staff hide', () => {
    it('refuses hiding to everyone but staff; staff hide with a reason (audited); the post leaves the lists but its author sees why', async () => {
      const url = fillPattern(COMMUNITY_API_PATHS.postHide, { id: questionId });
      for (const who of ['a', 'b', 'o'] as const)
        expect((await call('POST', url, who, { reason: '广告' })).code).toBe(CODES.NO_PERMISSION.code);
      expect((await call('POST', url, null, { reason: '广告' })).code).toBe(CODES.NOT_LOGGED_IN.code);
      expect(await call('POST', url, 's', { reason: '' })).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '请填写隐藏原因' });
      const hidden = await call('POST', url, 's', { reason: '内容与版块无关' });
      expect(hidden.data.hidden.reason).toBe('内容与版块无关');
      const [log] = await t.database.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.userId, userId.s), eq(schema.auditLog.action, 'community-hide')));
      expect(log.detail).toEqual({ postId: questionId, reason: '内容与版块无关' });
      expect((await call('GET', COMMUNITY_API_PATHS.posts, null)).data.list.some((p: { id: string }) => p.id === questionId)).toBe(false);
      expect((await call('GET', post(questionId), 'o')).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('GET', post(questionId), 'b')).data.post.hidden.reason).toBe('内容与版块无关');
      expect(
        (await call('GET', COMMUNITY_API_PATHS.posts, 'b')).data.list.find((p: { id: string }) => p.id === questionId).hidden,
      ).toBeTruthy();
      expect((await call('POST', comments(questionId), 'a', { content: '还能评论吗' })).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('DELETE', url, 'a')).code).toBe(CODES.NO_PERMISSION.code);
      // Hiding handles the post's open reports.
      expect((await call('GET', COMMUNITY_API_PATHS.reports, 's')).data.list.some((r: { postId: string }) => r.postId === questionId)).toBe(
        false,
      );
      expect((await call('DELETE', url, 's')).data.hidden).toBeNull();
    });

    it('deletes the author’s own post with its comments and the notices pointing to it', async () => {
      expect((await call('DELETE', post(questionId), 'b')).code).toBe(0);
      expect((await call('GET', post(questionId), 'b')).code).toBe(CODES.NOT_FOUND.code);
      expect((await notices('b')).some((n) => n.webviewInfo?.url.endsWith(questionId))).toBe(false);
    });
  });

  describe('antispam', () => {
    it('answers per text on POST /v1/common/antispam/texts, folding the tricks that dodge a word list', async () => {
      expect((await call('POST', COMMUNITY_API_PATHS.antispam, null, { texts: ['你好'] })).code).toBe(CODES.NOT_LOGGED_IN.code);
      const res = await call('POST', COMMUNITY_API_PATHS.antispam, 'a', { texts: ['今天天气不错', '专业代 开 发 票', '加我ＱＱ买冰-毒'] });
      expect(res.data).toEqual({
        pass: false,
        list: [
          { pass: true, labels: [], words: [] },
          { pass: false, labels: ['ad'], words: ['代开发票'] },
          { pass: false, labels: ['illegal'], words: ['冰毒'] },
        ],
      });
      expect((await call('POST', COMMUNITY_API_PATHS.antispam, 'a', { texts: [] })).msg).toBe('请提供待检测的文本');
    });

    it('refuses a post or comment that does not pass, in Chinese, storing nothing', async () => {
      const before = (await call('GET', COMMUNITY_API_PATHS.posts, null)).data.list.length;
      const res = await call('POST', COMMUNITY_API_PATHS.posts, 'a', { module: 'life', content: '低价代开发票，联系我' });
      expect(res).toMatchObject({ code: CODES.ANTISPAM_REJECTED.code, msg: '内容包含不允许发布的词语「代开发票」，请修改后再发布' });
      expect((await call('POST', comments(postId), 'a', { content: '傻逼' })).code).toBe(CODES.ANTISPAM_REJECTED.code);
      expect((await call('GET', COMMUNITY_API_PATHS.posts, null)).data.list.length).toBe(before);
    });

    it('keeps the word list as data only staff edit (audited)', async () => {
      expect((await call('POST', COMMUNITY_API_PATHS.antispamWords, 'a', { word: '刷单返利', category: 'ad' })).code).toBe(
        CODES.NO_PERMISSION.code,
      );
      expect((await call('GET', COMMUNITY_API_PATHS.antispamWords, 'a')).code).toBe(CODES.NO_PERMISSION.code);
      expect((await call('POST', COMMUNITY_API_PATHS.antispamWords, 's', { word: '刷单返利', category: 'ad' })).code).toBe(0);
      expect((await call('POST', COMMUNITY_API_PATHS.posts, 'a', { module: 'life', content: '刷单返利日结' })).code).toBe(
        CODES.ANTISPAM_REJECTED.code,
      );
      const list = (await call('GET', COMMUNITY_API_PATHS.antispamWords, 's')).data.list;
      expect(list.find((w: { word: string }) => w.word === '刷单返利').source).toContain(userId.s);
      const del = fillPattern(COMMUNITY_API_PATHS.antispamWord, { word: encodeURIComponent('刷单返利') });
      expect((await call('DELETE', del, 'a')).code).toBe(CODES.NO_PERMISSION.code);
      expect((await call('DELETE', del, 's')).code).toBe(0);
      expect((await call('POST', COMMUNITY_API_PATHS.posts, 'a', { module: 'life', content: '刷单返利日结' })).code).toBe(0);
    });

    it('adds a moderation service over HTTP (a local fake here): both must pass, and a failing service refuses rather than passes', async () => {
      let mode: 'ok' | 'down' | 'garbage' = 'ok';
      const seen: { auth?: string; texts?: string[] }[] = [];
      const fake: Server = createServer((req, res) => {
        let raw = '';
        req.on('data', (c) => {
          raw += c;
        });
        req.on('end', () => {
          const { texts } = JSON.parse(raw) as { texts: string[] };
          seen.push({ auth: req.headers.authorization, texts });
          if (mode === 'down') return void res.writeHead(503).end();
          res.writeHead(200, { 'content-type': 'application/json' });
          if (mode === 'garbage') return void res.end('{"results":[]}');
          res.end(
            JSON.stringify({
              results: texts.map((x) => (x.includes('政治谣言') ? { pass: false, labels: ['rumor'], words: [] } : { pass: true })),
            }),
          );
        });
      });
      await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
      try {
        const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/moderate`;
        const list = [new WordListModerator(t.app.deps), new HttpModerator(url, 'k-123')];
        expect(await checkTexts(list, ['一段政治谣言', '冰毒', '寻根问祖'])).toEqual({
          pass: false,
          list: [
            { pass: false, labels: ['rumor'], words: [] },
            { pass: false, labels: ['illegal'], words: ['冰毒'] },
            { pass: true, labels: [], words: [] },
          ],
        });
        expect(seen[0]).toEqual({ auth: 'Bearer k-123', texts: ['一段政治谣言', '冰毒', '寻根问祖'] });
        for (mode of ['down', 'garbage'] as const) {
          await expect(checkTexts(list, ['寻根问祖'])).rejects.toMatchObject({ codeName: 'ANTISPAM_UNAVAILABLE' });
        }
      } finally {
        await new Promise((r) => fake.close(r));
      }
    });
  });

  describe('the user’s own data', () => {
    it('exports the user’s posts, comments and likes; account deletion removes them and the posts count again', async () => {
      const postUrl = post(postId);
      await call('POST', comments(postId), 'o', { content: '路人留言' });
      await call('PUT', fillPattern(COMMUNITY_API_PATHS.postLike, { id: postId }), 'o');
      const before = (await call('GET', postUrl, null)).data.post;
      const res = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.dataExport, headers: { cookie: cookie.o } });
      const archive = JSON.parse(strFromU8(unzipSync(res.rawPayload)['my-data.json']));
      expect(archive.communityComments.map((c: { content: string }) => c.content)).toContain('路人留言');
      expect(archive.communityLikes.map((l: { postId: string }) => l.postId)).toEqual([postId]);
      expect(archive.communityPosts).toEqual([]);

      t.clock.advance(61_000);
      await call('POST', ACCOUNT_PATHS.sendSmsCode, 'o', { nationCode: '86', verifyType: 'cancel', neCaptcha: 'dev-token' });
      expect((await call('POST', ACCOUNT_PATHS.accountCancelApplication, 'o', { type: 'privacy', barcodes: [] })).code).toBe(0);
      expect((await call('DELETE', ACCOUNT_PATHS.accountCancel, 'o', { authCode: t.sms.lastCode('13900000403') })).code).toBe(0);
      const after = (await call('GET', postUrl, null)).data;
      expect(after.post).toMatchObject({ likeCount: before.likeCount - 1, commentCount: before.commentCount - 1 });
      expect(after.comments.some((c: { content: string }) => c.content === '路人留言')).toBe(false);
    });
  });

  describe('gene club', () => {
    const article = {
      title: '测试文章',
      summary: '摘要',
      category: 'basics',
      tags: ['测试'],
      markdown: [
        '# 标题',
        '<script>window.__xss = 1</script>',
        '[点我](javascript:alert(1)) [外链](https://example.org/a) <a href="javascript:alert(2)">原始链接</a>',
        '<img src=x onerror="alert(3)">',
        '![图](javascript:alert(4))',
      ].join('\n\n'),
    };

    /** Markup that could run: a script element, an event handler attribute, a javascript: address in a tag. */
    const LIVE_MARKUP = /<script|<[^>]+\son\w+=|<[^>]+(href|src)="\s*javascript:/i;

    it('renders Markdown with scripts, handlers and javascript: links removed (raw HTML shows as text)', () => {
      const html = renderArticle(article.markdown);
      expect(html).toContain('<h1>标题</h1>');
      expect(html).not.toMatch(LIVE_MARKUP);
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;script&gt;window.__xss = 1&lt;/script&gt;');
      expect(html).toContain('<a href="https://example.org/a" rel="noopener noreferrer nofollow" target="_blank">外链</a>');
    });

    it('cleans HTML that reaches the sanitiser: scripts, handlers, javascript: and data: addresses go', () => {
      const html = cleanArticleHtml(
        '<p onclick="x()">段落<script>alert(1)</script></p><a href="javascript:alert(2)">链</a><a href="JaVaScRiPt&colon;alert(3)">链</a>' +
          '<img src="https://cdn.example.org/a.png" onerror="alert(4)"><img src="data:image/png;base64,AAAA"><iframe src="https://x"></iframe>',
      );
      expect(html).not.toMatch(LIVE_MARKUP);
      expect(html).not.toMatch(/iframe|data:|alert\(/);
      expect(html).toContain('<p>段落</p>');
      expect(html).toContain('<img src="https://cdn.example.org/a.png" />');
    });

    it('lets only staff write articles (audited); everyone reads the published list and detail, filtered by category and tag', async () => {
      expect((await call('POST', COMMUNITY_API_PATHS.articles, 'a', article)).code).toBe(CODES.NO_PERMISSION.code);
      expect((await call('POST', COMMUNITY_API_PATHS.articles, 's', { ...article, title: '' })).msg).toBe('请输入标题');
      const created = await call('POST', COMMUNITY_API_PATHS.articles, 's', article);
      expect(created.data).toMatchObject({ title: '测试文章', author: '知源基因编辑部' });
      const one = fillPattern(COMMUNITY_API_PATHS.article, { id: created.data.id });
      const read = await call('GET', one, null);
      expect(read.data.html).not.toMatch(LIVE_MARKUP);
      expect((await call('PUT', one, 'a', article)).code).toBe(CODES.NO_PERMISSION.code);
      expect((await call('PUT', one, 's', { ...article, published: false })).code).toBe(0);
      expect((await call('GET', one, null)).code).toBe(CODES.NOT_FOUND.code);
      // Staff still open it, with its Markdown to edit; readers never get the source.
      expect((await call('GET', one, 's')).data).toMatchObject({ published: false, markdown: article.markdown, viewer: { staff: true } });
      expect((await call('GET', fillPattern(COMMUNITY_API_PATHS.article, { id: read.data.id }), 'a')).code).toBe(CODES.NOT_FOUND.code);
      expect(read.data.markdown).toBeUndefined();
      const preview = COMMUNITY_API_PATHS.articlePreview;
      expect((await call('POST', preview, 'a', { markdown: '# 你好' })).code).toBe(CODES.NO_PERMISSION.code);
      expect((await call('POST', preview, 's', { markdown: '# 你好\n\n<script>x()</script>' })).data.html).toBe(
        '<h1>你好</h1>\n<p>&lt;script&gt;x()&lt;/script&gt;</p>\n',
      );
      const seeded = (await call('GET', `${COMMUNITY_API_PATHS.articles}?category=ancestry`, null)).data.list;
      expect(seeded.map((a: { title: string }) => a.title)).toEqual(['父系与母系：Y 染色体和线粒体 DNA 如何追溯祖先']);
      const tagged = (await call('GET', `${COMMUNITY_API_PATHS.articles}?tag=SNP`, null)).data.list;
      expect(tagged.map((a: { category: string }) => a.category)).toEqual(['basics']);
    });
  });
});
