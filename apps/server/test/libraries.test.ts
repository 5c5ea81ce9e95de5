import { API_PATHS } from '@jiyin/contracts/api';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { CODES } from '@jiyin/contracts/codes';
import { FAMILY_PAGE_SIZE, LIBRARY_API_PATHS } from '@jiyin/contracts/libraryApi';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { schema, seedDemoContent, testDatabaseTargets } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };
type Who = 'a' | 'b' | 'staff' | null;

/**
 * Surname and family libraries through the API: A and B are users with one tested person each, staff
 * reviews proposals. Y-haplogroup counts are built from persons written straight to the database.
 */
describe.each(testDatabaseTargets())('surname and family libraries on $name', (target) => {
  let t: TestApp;
  const cookie: Record<'a' | 'b' | 'staff', string> = { a: '', b: '', staff: '' };
  const BARCODE = { a: 'JY9100000001', b: 'JY9100000002' };

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: unknown) =>
    (await t.app.inject({ method, url, headers: who ? { cookie: cookie[who] } : {}, payload: payload as object })).json() as Answer;
  const search = (q: string) => call('GET', `${LIBRARY_API_PATHS.surnameSearch}?q=${encodeURIComponent(q)}`, null);
  const surname = (name: string) => call('GET', fillPattern(LIBRARY_API_PATHS.surname, { name }), null);
  const family = (id: string, who: Who = null, barcode?: string) =>
    call('GET', `${fillPattern(LIBRARY_API_PATHS.family, { id })}${barcode ? `?barcode=${barcode}` : ''}`, who);

  beforeAll(async () => {
    t = await startTestApp(target);
    cookie.a = await signUpUser(t, '13900000401', undefined, '甲');
    cookie.b = await signUpUser(t, '13900000402', undefined, '乙');
    cookie.staff = await signUpUser(t, '13900000403', undefined, '审核员');
    const { db } = t.database;
    for (const k of ['a', 'b'] as const) {
      const userId = (await call('GET', API_PATHS.userInfo, k)).data.userId;
      await db.insert(schema.persons).values({ id: `p-lib-${k}`, ownerUserId: userId, name: `王${k}某`, gender: 'male' });
      await db
        .insert(schema.kits)
        .values({ barcode: BARCODE[k], productId: 'STANDARD_ANCESTRY', personId: `p-lib-${k}`, boundAt: t.clock.now });
    }
    const staffId = (await call('GET', API_PATHS.userInfo, 'staff')).data.userId;
    await db.update(schema.users).set({ staff: true }).where(eq(schema.users.id, staffId));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds surnames by character, full pinyin and initials, polyphonic surnames by their surname reading', async () => {
    expect((await search('张')).data.list[0]).toMatchObject({ name: '张', pinyin: 'zhāng', rank: 3 });
    expect((await search('zhang')).data.list[0].name).toBe('张');
    expect((await search('Zhāng')).data.list[0].name).toBe('张');
    expect((await search('oy')).data.list.map((s: { name: string }) => s.name)).toContain('欧阳');
    expect((await search('ouyang')).data.list[0].name).toBe('欧阳');
    expect((await search('欧')).data.list.map((s: { name: string }) => s.name).slice(0, 2)).toEqual(['欧', '欧阳']);
    expect((await search('shan')).data.list.map((s: { name: string }) => s.name)).toContain('单');
    expect((await search('zeng')).data.list[0].name).toBe('曾');
    expect((await search('ou')).data.list.map((s: { name: string }) => s.name)).toContain('区');
    expect((await search('yuchi')).data.list[0].name).toBe('尉迟');
    expect((await search('xie')).data.list.map((s: { name: string }) => s.name)).toContain('解');
    expect((await search('zha')).data.list.map((s: { name: string }) => s.name)).toContain('查');
    const empty = await call('GET', LIBRARY_API_PATHS.surnameSearch, null);
    expect(empty.code).toBe(CODES.BAD_REQUEST.code);
    expect(empty.msg).toBe('请输入姓氏、拼音或拼音首字母');
    expect((await search('xyzq')).data.list).toEqual([]);
    const top = await call('GET', `${LIBRARY_API_PATHS.surnameTop}?limit=600`, null);
    expect(top.data.list.length).toBeGreaterThanOrEqual(500);
    expect(top.data.list.slice(0, 3).map((s: { name: string }) => s.name)).toEqual(['王', '李', '张']);
  });

  it('answers a surname with its sourced facts and leaves unsourced ones empty', async () => {
    const wang = await surname('王');
    expect(wang.data).toMatchObject({
      name: '王',
      rank: 1,
      population: 94_680_000,
      share: 7.1,
      junwang: ['太原'],
      founder: null,
      tanghao: [],
    });
    expect(wang.data.largestInProvinces).toContainEqual({ name: '山东', code: '37' });
    expect(wang.data.figures[0]).toMatchObject({ name: '王羲之', source: '《晋书·王羲之传》' });
    expect(wang.data.sameJunwang[0].surnames).toContain('郭');
    expect((await surname('龘')).code).toBe(CODES.NOT_FOUND.code);
    expect((await surname('abc')).code).toBe(CODES.BAD_REQUEST.code);
  });

  it('shows a Y haplogroup once 5 consenting users of the surname share it, never counting others', async () => {
    const { db } = t.database;
    const add = async (i: number, consent: 'yes' | 'withdrawn' | 'noClan' | 'no', name = `赵${i}`) => {
      const id = `u-hap-${i}`;
      await db.insert(schema.users).values({ id, nationCode: '86', phone: `1380000${String(i).padStart(4, '0')}` });
      await db.insert(schema.persons).values({ id: `p-hap-${i}`, ownerUserId: id, name, gender: 'male' });
      await db
        .insert(schema.kits)
        .values({ barcode: `JY92000000${String(i).padStart(2, '0')}`, productId: 'STANDARD_ANCESTRY', personId: `p-hap-${i}` });
      await db.insert(schema.genomes).values({
        barcode: `JY92000000${String(i).padStart(2, '0')}`,
        personId: `p-hap-${i}`,
        packed: new Uint8Array([1]),
        vendor: '23andme',
        build: '37',
        callRate: 0.99,
        markerCount: 1,
        yHaplogroup: 'O-M122',
      });
      if (consent !== 'no')
        await db.insert(schema.relativeConsents).values({
          personId: `p-hap-${i}`,
          userId: id,
          protocolVersion: 'v1',
          consentedAt: t.clock.now,
          withdrawnAt: consent === 'withdrawn' ? t.clock.now : null,
          openClanRelation: consent !== 'noClan',
        });
    };
    for (let i = 1; i <= 4; i++) await add(i, 'yes');
    // Not counted: no consent, withdrawn, clan relations off, and a name of another (two-character) surname.
    await add(5, 'no');
    await add(6, 'withdrawn');
    await add(7, 'noClan');
    for (let i = 9; i <= 13; i++) await add(i, 'yes', `欧阳${i}某`);
    expect((await surname('赵')).data.haplogroups).toEqual([]);
    await add(8, 'yes');
    expect((await surname('赵')).data.haplogroups).toEqual([{ haplogroup: 'O-M122', users: 5 }]);
    // Five users named 欧阳…: they count for 欧阳, never for 欧.
    expect((await surname('欧阳')).data.haplogroups).toEqual([{ haplogroup: 'O-M122', users: 5 }]);
    expect((await surname('欧')).data.haplogroups).toEqual([]);
  });

  it('takes edit proposals from users and lets only staff accept them, keeping the history', async () => {
    const bad = await call('POST', fillPattern(LIBRARY_API_PATHS.surnameProposals, { name: '王' }), 'a', {
      field: 'founder',
      value: '某人',
    });
    expect(bad.code).toBe(CODES.BAD_REQUEST.code);
    expect(bad.msg).toBe('请填写出处');
    const anon = await call('POST', fillPattern(LIBRARY_API_PATHS.surnameProposals, { name: '王' }), null, {
      field: 'tanghao',
      value: ['三槐堂'],
      source: '某书',
    });
    expect(anon.code).toBe(CODES.NOT_LOGGED_IN.code);
    const p = await call('POST', fillPattern(LIBRARY_API_PATHS.surnameProposals, { name: '王' }), 'a', {
      field: 'tanghao',
      value: ['三槐堂'],
      source: '测试用出处',
    });
    expect(p.code).toBe(0);
    expect((await call('GET', LIBRARY_API_PATHS.myProposals, 'a')).data.list.map((x: { id: string }) => x.id)).toEqual([p.data.id]);
    expect((await call('GET', LIBRARY_API_PATHS.myProposals, 'b')).data.list).toEqual([]);
    // Neither the proposer nor another user may review.
    expect((await call('GET', LIBRARY_API_PATHS.reviewQueue, 'a')).code).toBe(CODES.NO_PERMISSION.code);
    const review = fillPattern(LIBRARY_API_PATHS.reviewProposal, { id: p.data.id });
    expect((await call('POST', review, 'a', { accept: true })).code).toBe(CODES.NO_PERMISSION.code);
    expect((await call('POST', review, 'b', { accept: true })).code).toBe(CODES.NO_PERMISSION.code);
    expect((await surname('王')).data.tanghao).toEqual([]);
    expect((await call('GET', LIBRARY_API_PATHS.reviewQueue, 'staff')).data.list.map((x: { id: string }) => x.id)).toContain(p.data.id);
    expect((await call('POST', review, 'staff', { accept: true, note: '已核对' })).data.status).toBe('accepted');
    expect((await call('POST', review, 'staff', { accept: false })).msg).toBe('这条修改建议已经审核过了');
    const wang = (await surname('王')).data;
    expect(wang.tanghao).toEqual(['三槐堂']);
    expect(wang.fieldSources.tanghao).toBe('测试用出处');
    expect(wang.history[0]).toMatchObject({ field: 'tanghao', before: [], after: ['三槐堂'], source: '测试用出处' });
    // Seeding again (a new seed version on start-up) keeps accepted edits.
    await seedDemoContent(t.database.db);
    expect((await surname('王')).data.tanghao).toEqual(['三槐堂']);
  });

  it('lists families by the §3 filter, 20 a page, newest update first', async () => {
    for (let i = 0; i < 22; i++) {
      const res = await call('POST', LIBRARY_API_PATHS.families, 'b', { name: `测试家族${i}`, surname: '王', type: 'genealogy' });
      expect(res.code).toBe(0);
      t.clock.advance(1000);
    }
    const first = (await call('GET', LIBRARY_API_PATHS.families, null)).data;
    expect(first.size).toBe(FAMILY_PAGE_SIZE);
    expect(first.list).toHaveLength(20);
    expect(first.total).toBe(25);
    const dates = first.list.map((f: { updatedAt: string }) => f.updatedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const ours = (await call('GET', `${LIBRARY_API_PATHS.families}?keyword=${encodeURIComponent('测试家族')}`, null)).data;
    expect(ours.list[0].name).toBe('测试家族21');
    expect((await call('GET', `${LIBRARY_API_PATHS.families}?page=2`, null)).data.list).toHaveLength(5);
    const withNames = (await call('GET', `${LIBRARY_API_PATHS.families}?hasGenerationName=true`, null)).data.list;
    expect(withNames.map((f: { id: string }) => f.id)).toEqual(['demo-family-wang']);
    const gene = (await call('GET', `${LIBRARY_API_PATHS.families}?type=gene`, null)).data.list;
    expect(gene.map((f: { id: string }) => f.id)).toEqual(['demo-family-lin']);
    expect((await call('GET', `${LIBRARY_API_PATHS.families}?keyword=${encodeURIComponent('测试家族1')}`, null)).data.total).toBe(11);
    expect((await call('GET', `${LIBRARY_API_PATHS.families}?sortType=NEWEST`, null)).code).toBe(CODES.BAD_REQUEST.code);
    const bad = await call('POST', LIBRARY_API_PATHS.families, 'b', { name: '', surname: 'wang', type: 'genealogy' });
    expect(bad.msg).toBe('请填写家族名称');
  });

  it('claims and excludes families only for the caller’s own persons, and lists them only to the owner', async () => {
    const claim = fillPattern(LIBRARY_API_PATHS.familyClaim, { id: 'demo-family-chen' });
    expect((await call('PUT', claim, 'b', { barcode: BARCODE.a, status: 'CLAIMED' })).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('PUT', claim, 'a', { barcode: BARCODE.a, status: 'MAYBE' })).code).toBe(CODES.BAD_REQUEST.code);
    const done = await call('PUT', claim, 'a', { barcode: BARCODE.a, status: 'CLAIMED' });
    expect(done.data.myClaim).toEqual({ barcode: BARCODE.a, status: 'CLAIMED', reason: null });
    expect(done.data.claims).toBe(1);
    const mine = await call('GET', `${LIBRARY_API_PATHS.myClaims}?barcode=${BARCODE.a}`, 'a');
    expect(mine.data.list).toEqual([expect.objectContaining({ familyTraceId: 'demo-family-chen', barcode: BARCODE.a, status: 'CLAIMED' })]);
    expect((await call('GET', `${LIBRARY_API_PATHS.myClaims}?barcode=${BARCODE.a}`, 'b')).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', LIBRARY_API_PATHS.myClaims, 'b')).data.list).toEqual([]);
    expect((await family('demo-family-chen', 'b', BARCODE.a)).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('DELETE', `${claim}?barcode=${BARCODE.a}`, 'b')).code).toBe(CODES.NOT_FOUND.code);

    const lin = fillPattern(LIBRARY_API_PATHS.familyClaim, { id: 'demo-family-lin' });
    await call('PUT', lin, 'a', { barcode: BARCODE.a, status: 'EXCLUDED', reason: '父系单倍群不同' });
    const excluded = await call('GET', `${LIBRARY_API_PATHS.myClaims}?barcode=${BARCODE.a}&status=EXCLUDED`, 'a');
    expect(excluded.data.list).toEqual([expect.objectContaining({ familyTraceId: 'demo-family-lin', reason: '父系单倍群不同' })]);
    expect((await call('DELETE', `${lin}?barcode=${BARCODE.a}`, 'a')).code).toBe(0);
    expect((await call('GET', `${LIBRARY_API_PATHS.myClaims}?status=EXCLUDED`, 'a')).data.list).toEqual([]);
  });

  it('lets claimants add materials and history, and nobody change another’s material or a family they do not own', async () => {
    const id = 'demo-family-chen';
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a08060' } })
      .png()
      .toBuffer();
    const boundary = '----lib';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="page.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = (
      await t.app.inject({
        method: 'POST',
        url: `${ACCOUNT_PATHS.uploadImage}?type=family`,
        headers: { cookie: cookie.a, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      })
    ).json() as Answer;
    expect(up.data.uploadUrl).toMatch(/^\/uploads\/family\/[0-9a-f-]{36}\.png$/);

    const materials = fillPattern(LIBRARY_API_PATHS.familyMaterials, { id });
    const input = { kind: 'genealogy', title: '族谱第一卷', content: '扫描页', images: [up.data.uploadUrl] };
    expect((await call('POST', materials, 'b', input)).code).toBe(CODES.NO_PERMISSION.code);
    expect((await call('POST', materials, 'a', { ...input, images: ['https://evil.example/x.png'] })).msg).toBe('图片不正确，请重新上传');
    const m = await call('POST', materials, 'a', input);
    expect(m.code).toBe(0);
    const one = fillPattern(LIBRARY_API_PATHS.familyMaterial, { materialId: m.data.id });
    expect((await call('PUT', one, 'b', { ...input, title: '改' })).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('DELETE', one, 'b')).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('PUT', one, 'a', { ...input, title: '族谱卷一' })).code).toBe(0);

    const history = fillPattern(LIBRARY_API_PATHS.familyHistory, { id });
    expect((await call('POST', history, 'b', { year: 1850, content: '迁居' })).code).toBe(CODES.NO_PERMISSION.code);
    const line = await call('POST', history, 'a', { year: 1850, content: '示例：迁居' });
    expect((await call('DELETE', fillPattern(LIBRARY_API_PATHS.familyHistoryLine, { lineId: line.data.id }), 'b')).code).toBe(
      CODES.NOT_FOUND.code,
    );

    const viewA = (await family(id, 'a', BARCODE.a)).data;
    expect(viewA).toMatchObject({ canContribute: true, canEdit: false, hasGenealogies: true });
    expect(viewA.materials).toEqual([expect.objectContaining({ title: '族谱卷一', mine: true, images: [up.data.uploadUrl] })]);
    expect(viewA.history).toEqual([expect.objectContaining({ year: 1850, mine: true })]);
    expect((await family(id, 'b')).data.materials[0].mine).toBe(false);

    // The family itself: a demo family only staff edit; a user's family only its creator.
    const edit = { name: '改名', surname: '陈', type: 'genealogy' };
    expect((await call('PUT', fillPattern(LIBRARY_API_PATHS.family, { id }), 'a', edit)).code).toBe(CODES.NO_PERMISSION.code);
    const own = (await call('GET', `${LIBRARY_API_PATHS.families}?keyword=${encodeURIComponent('测试家族0')}`, null)).data.list[0];
    const ownUrl = fillPattern(LIBRARY_API_PATHS.family, { id: own.id });
    expect((await call('PUT', ownUrl, 'a', edit)).code).toBe(CODES.NO_PERMISSION.code);
    expect((await call('PUT', ownUrl, 'b', { ...edit, generationNames: '文 武 兴' })).data.generationNames).toBe('文 武 兴');

    // Research projects: members only comment.
    const project = await call('POST', fillPattern(LIBRARY_API_PATHS.familyProjects, { id }), 'a', { title: '寻找始迁祖' });
    const comments = fillPattern(LIBRARY_API_PATHS.projectComments, { projectId: project.data.id });
    expect((await call('POST', comments, 'b', { content: '你好' })).code).toBe(CODES.NO_PERMISSION.code);
    expect((await call('POST', fillPattern(LIBRARY_API_PATHS.projectMembers, { projectId: project.data.id }), 'b')).code).toBe(
      CODES.NO_PERMISSION.code,
    );
    expect((await call('POST', comments, 'a', { content: '先查县志' })).code).toBe(0);
    expect((await family(id, null)).data.projects[0]).toMatchObject({ title: '寻找始迁祖', members: 1, joined: false });
  });

  it('keeps leads per own person', async () => {
    expect((await call('GET', `${LIBRARY_API_PATHS.leads}?barcode=${BARCODE.a}`, 'a')).data.surname).toBe('王');
    const put = await call('PUT', LIBRARY_API_PATHS.leads, 'a', {
      barcode: BARCODE.a,
      surname: '王',
      residence: '示例市',
      birthPlace: '示例县',
    });
    expect(put.code).toBe(0);
    expect((await call('GET', `${LIBRARY_API_PATHS.leads}?barcode=${BARCODE.a}`, 'b')).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('PUT', LIBRARY_API_PATHS.leads, 'b', { barcode: BARCODE.a, surname: '李' })).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', `${LIBRARY_API_PATHS.leads}?barcode=${BARCODE.a}`, 'a')).data.residence).toBe('示例市');
  });

  it('puts the user’s own library rows, and only theirs, in the account data export', async () => {
    const archive = async (who: 'a' | 'b') => {
      const res = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.dataExport, headers: { cookie: cookie[who] } });
      return JSON.parse(strFromU8(unzipSync(res.rawPayload)['my-data.json'])).genealogyLibrary;
    };
    const a = await archive('a');
    expect(a.familyClaims.map((c: { barcode: string }) => c.barcode)).toEqual([BARCODE.a]);
    expect(a.familyMaterials).toHaveLength(1);
    expect(a.surnameProposals).toHaveLength(1);
    expect(a.familyLeads[0].residence).toBe('示例市');
    const b = await archive('b');
    expect(b.familyClaims).toEqual([]);
    expect(b.familiesCreated).toHaveLength(22);
  });
});
