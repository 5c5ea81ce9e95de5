import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { SHARE_INVITE_PATHS, SHARE_INVITE_SENT, type ShareInvitationView } from '@jiyin/contracts/sharesApi';
import { REUNION_API_PATHS, TREE_API_PATHS } from '@jiyin/contracts/treesApi';
import { decodeTree, TREE_WIRE_FORMAT } from '@jiyin/contracts/treeWire';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEDCOM_JOB } from '../src/trees/import.ts';
import { drainQueue } from './drain.ts';
import { generatedGedcom } from './gedcomGen.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };
type Who = 'a' | 'b' | 'o';

const GUANGZHOU = { province: { code: '44', name: '广东省' }, city: { code: '4401', name: '广州市' } };

/**
 * Family trees and 寻亲 through the API: A owns trees, B is given one to browse, O is an outsider.
 * GEDCOM import runs as the real queue job on the worker pool.
 */
describe.each(testDatabaseTargets())('family trees and reunion on $name', (target) => {
  let t: TestApp;
  const cookie: Record<Who, string> = { a: '', b: '', o: '' };
  const userId: Record<Who, string> = { a: '', b: '', o: '' };
  let treeId = '';
  const ids: Record<string, string> = {};

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who | null, payload?: unknown) =>
    (await t.app.inject({ method, url, headers: who ? { cookie: cookie[who] } : {}, payload: payload as object })).json() as Answer;
  const path = (p: string, params: Record<string, string> = {}) => fillPattern(p, { treeId, ...params });
  const add = (who: Who, person: object, relation?: { kind: string; of: string }) =>
    call('POST', path(TREE_API_PATHS.persons), who, { person, relation });
  /** The tree page's call: the compact wire form, decoded; the full form beside it to compare. */
  const compact = async (who: Who, p: string = TREE_API_PATHS.tree) =>
    decodeTree((await call('GET', `${path(p)}?format=${TREE_WIRE_FORMAT}`, who)).data);
  const full = async (who: Who, p: string = TREE_API_PATHS.tree) => (await call('GET', path(p), who)).data;

  async function importFile(tree: string, content: string): Promise<Answer> {
    const queued = await call('POST', fillPattern(TREE_API_PATHS.gedcomImport, { treeId: tree }), 'a', { fileName: 'x.ged', content });
    expect(queued.code).toBe(0);
    await drainQueue(t, [GEDCOM_JOB]);
    return call('GET', fillPattern(TREE_API_PATHS.gedcomImportState, { treeId: tree, importId: queued.data.id }), 'a');
  }
  async function uploadPhoto(who: Who): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT_PATHS.uploadImage}?type=genealogy`,
      headers: { cookie: cookie[who], 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.concat([
        Buffer.from('--x\r\ncontent-disposition: form-data; name="file"; filename="p.png"\r\ncontent-type: image/png\r\n\r\n'),
        await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c00' } })
          .png()
          .toBuffer(),
        Buffer.from('\r\n--x--\r\n'),
      ]),
    });
    return res.json().data.uploadUrl;
  }
  async function newTree(name: string): Promise<string> {
    return (await call('POST', TREE_API_PATHS.trees, 'a', { name })).data.id;
  }

  beforeAll(async () => {
    t = await startTestApp(target);
    cookie.a = await signUpUser(t, '13900000401', undefined, '谱主');
    cookie.b = await signUpUser(t, '13900000402', undefined, '亲戚');
    cookie.o = await signUpUser(t, '13900000403', undefined, '外人');
    for (const k of ['a', 'b', 'o'] as const) userId[k] = (await call('GET', API_PATHS.userInfo, k)).data.userId;
  });
  afterAll(() => t.close());

  it('builds three generations with a lunar leap-month birthday, a reign date, 字 and 号; checks warn, cycles are refused', async () => {
    treeId = await newTree('王氏家谱');
    const grandpa = await add('a', {
      surname: '王',
      givenName: '德福',
      courtesyName: '子厚',
      artName: '松斋',
      sex: 'male',
      birth: { year: 1, dynasty: { reign: '光绪', year: 20 }, month: 3, day: 5, chooseLunarCalendar: true },
      death: { year: 1970, chooseLunarCalendar: false },
      birthPlace: GUANGZHOU,
    });
    expect(grandpa.code).toBe(0);
    ids.grandpa = grandpa.data.person.id;
    // 光绪二十年 is 1894.
    expect(grandpa.data.person.birth.year).toBe(1894);
    const father = await add(
      'a',
      { surname: '王', givenName: '建国', sex: 'male', birth: { year: 1950, month: 2, day: 1 } },
      { kind: 'child', of: ids.grandpa },
    );
    ids.father = father.data.person.id;
    const mother = await add('a', { surname: '李', givenName: '秀英', sex: 'female', living: true }, { kind: 'spouse', of: ids.father });
    ids.mother = mother.data.person.id;
    // 2023 has a leap second month; 2024 has none.
    const refused = await add(
      'a',
      { surname: '王', givenName: '小明', sex: 'male', living: true, birth: { year: 2024, month: -2, day: 1, chooseLunarCalendar: true } },
      { kind: 'child', of: ids.father },
    );
    expect(refused).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '出生日期：农历2024年没有闰2月' });
    const child = await add(
      'a',
      { surname: '王', givenName: '小明', sex: 'male', living: true, birth: { year: 2023, month: -2, day: 10, chooseLunarCalendar: true } },
      { kind: 'child', of: ids.father },
    );
    expect(child.code).toBe(0);
    ids.child = child.data.person.id;
    // One spouse: the new child has both parents.
    const tree = (await call('GET', path(TREE_API_PATHS.tree), 'a')).data;
    const parentsOfChild = tree.relations.filter((r: { kind: string; to: string }) => r.kind === 'parent' && r.to === ids.child);
    expect(parentsOfChild.map((r: { from: string }) => r.from).sort()).toEqual([ids.father, ids.mother].sort());
    expect(tree.familyNodes.find((p: { id: string }) => p.id === ids.child).birthText).toBe('2023-03-31');
    // The compact form is kept per tree revision: a person added after it was kept shows in the next read.
    expect(await compact('a')).toEqual(tree);

    // Dates out of order are a warning, not a silent fix: a child born before the father.
    const early = await add(
      'a',
      { surname: '王', givenName: '早生', sex: 'female', birth: { year: 1940 } },
      { kind: 'child', of: ids.father },
    );
    expect(early.data.warnings.map((w: { text: string }) => w.text)).toContain('王早生的出生日期早于父亲王建国');
    ids.early = early.data.person.id;
    // No one their own ancestor.
    const cycle = await call('POST', path(TREE_API_PATHS.relations), 'a', { kind: 'parent', from: ids.child, to: ids.grandpa });
    expect(cycle).toMatchObject({ code: CODES.TREE_RELATION_INVALID.code, msg: '不能把一个人设为自己的祖先' });
    const bad = await add('a', { surname: '王', sex: 'male', birth: { year: 1890, month: 2, day: 30 } });
    expect(bad).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '出生日期：日期不存在' });
    const now = await compact('a');
    expect(now.familyNodes.map((p) => p.id)).toContain(ids.early);
    expect(now.warnings.map((w) => w.text)).toContain('王早生的出生日期早于父亲王建国');
    expect(now).toEqual(await full('a'));
  });

  const invite = (who: Who, tree: string, phoneNumber: string, role: 'editor' | 'viewer' = 'viewer') =>
    t.app.inject({
      method: 'POST',
      url: fillPattern(TREE_API_PATHS.members, { treeId: tree }),
      headers: { cookie: cookie[who] },
      payload: { phoneNumber, nationCode: '86', role },
    });
  const mine = async (who: Who): Promise<ShareInvitationView[]> => (await call('GET', SHARE_INVITE_PATHS.mine, who)).data.list;
  const acceptPath = (id: string) => fillPattern(SHARE_INVITE_PATHS.accept, { id });

  /** A shares the tree with B (browse only) as an invitation B accepts; nothing is given away before. */
  async function shareWithB() {
    // (a) B's number and a number with no account get byte-identical answers.
    const registered = await invite('a', treeId, '13900000402');
    t.clock.advance(1000);
    const unknown = await invite('a', treeId, '13900000499');
    expect(registered.body).toBe(unknown.body);
    expect(registered.json()).toEqual({ code: 0, data: { notice: SHARE_INVITE_SENT }, msg: 'ok' });
    // (b) The owner's member list shows masked numbers without names until an invitation is accepted.
    const members = (await call('GET', path(TREE_API_PATHS.members), 'a')).data.list;
    expect(members).toEqual([
      expect.objectContaining({ userId: null, name: null, phone: '139****0402', role: 'viewer', status: 'pending' }),
      expect.objectContaining({ userId: null, name: null, phone: '139****0499', role: 'viewer', status: 'pending' }),
    ]);
    expect(JSON.stringify(members)).not.toContain('亲戚');
    // (c) B gets nothing before accepting.
    expect((await call('GET', TREE_API_PATHS.trees, 'b')).data.list).toEqual([]);
    expect((await call('GET', path(TREE_API_PATHS.browse), 'b')).code).toBe(CODES.NOT_FOUND.code);
    const [inv] = await mine('b');
    expect(inv).toMatchObject({ kind: 'tree', name: '王氏家谱', role: 'viewer', inviterName: '谱主', treeId });
    // (d) The outsider neither sees nor accepts it, nor revokes it; same answer as a made-up id.
    expect(await mine('o')).toEqual([]);
    const gone = { code: CODES.NOT_FOUND.code, data: null, msg: '邀请不存在或已失效' };
    for (const id of [inv.id, 'no-such-invitation']) {
      expect(await call('POST', acceptPath(id), 'o')).toEqual(gone);
      expect(await call('POST', fillPattern(SHARE_INVITE_PATHS.decline, { id }), 'o')).toEqual(gone);
      expect(await call('DELETE', fillPattern(SHARE_INVITE_PATHS.one, { id }), 'o')).toEqual(gone);
    }
    expect((await call('GET', TREE_API_PATHS.trees, 'o')).data.list).toEqual([]);
    // B accepts (twice is once); the owner now sees B's name beside the accepted membership.
    expect((await call('POST', acceptPath(inv.id), 'b')).data).toEqual({ kind: 'tree', treeId, personId: null });
    expect((await call('POST', acceptPath(inv.id), 'b')).code).toBe(0);
    expect((await call('GET', path(TREE_API_PATHS.members), 'a')).data.list).toEqual([
      expect.objectContaining({ userId: userId.b, name: '亲戚', phone: '139****0402', role: 'viewer', status: 'accepted' }),
      expect.objectContaining({ userId: null, name: null, phone: '139****0499', status: 'pending' }),
    ]);
  }

  it('keeps private trees private and lets a browse-only viewer see living persons as 在世 only', async () => {
    // Outsider and not-yet-shared user: nothing by id, nothing by listing.
    for (const who of ['b', 'o'] as const) {
      expect((await call('GET', TREE_API_PATHS.trees, who)).data.list).toEqual([]);
      expect((await call('GET', path(TREE_API_PATHS.tree), who)).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('GET', path(TREE_API_PATHS.browse), who)).code).toBe(CODES.NOT_FOUND.code);
      expect((await add(who, { surname: '黑', sex: 'male' })).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('PUT', path(TREE_API_PATHS.person, { personId: ids.father }), who, { surname: '黑', sex: 'male' })).code).toBe(
        CODES.NOT_FOUND.code,
      );
      expect((await call('DELETE', path(TREE_API_PATHS.tree), who)).code).toBe(CODES.NOT_FOUND.code);
      expect(
        (await t.app.inject({ method: 'GET', url: path(TREE_API_PATHS.gedcomExport), headers: { cookie: cookie[who] } })).json().code,
      ).toBe(CODES.NOT_FOUND.code);
    }
    expect((await call('GET', path(TREE_API_PATHS.browse), null)).code).toBe(CODES.NOT_LOGGED_IN.code);

    await shareWithB();
    // Only the owner shares.
    expect((await call('POST', path(TREE_API_PATHS.members), 'b', { phoneNumber: '13900000403', role: 'editor' })).code).toBe(
      CODES.NO_PERMISSION.code,
    );
    const list = (await call('GET', TREE_API_PATHS.trees, 'b')).data.list;
    expect(list).toMatchObject([{ id: treeId, share: true, role: 'viewer', isSelected: true, ownerName: '谱主' }]);
    // Browse mode reads it; the own-tree call and every change refuse a viewer.
    expect((await call('GET', path(TREE_API_PATHS.tree), 'b')).code).toBe(CODES.NO_PERMISSION.code);
    expect((await add('b', { surname: '黑', sex: 'male' })).code).toBe(CODES.NO_PERMISSION.code);
    expect((await call('DELETE', path(TREE_API_PATHS.person, { personId: ids.father }), 'b')).code).toBe(CODES.NO_PERMISSION.code);
    const seen = (await call('GET', path(TREE_API_PATHS.browse), 'b')).data;
    expect(seen.role).toBe('viewer');
    const child = seen.familyNodes.find((p: { id: string }) => p.id === ids.child);
    expect(child).toMatchObject({ hidden: true, surname: '王', givenName: '', birth: null, birthText: null, living: true });
    expect(seen.familyNodes.find((p: { id: string }) => p.id === ids.grandpa)).toMatchObject({
      hidden: false,
      courtesyName: '子厚',
      artName: '松斋',
    });
    expect(JSON.stringify(seen)).not.toContain('小明');
    // The compact wire form the page reads carries the same view, hidden details included.
    expect(await compact('b', TREE_API_PATHS.browse)).toEqual(seen);
    expect((await call('GET', `${path(TREE_API_PATHS.browse)}?format=xml`, 'b')).code).toBe(CODES.BAD_REQUEST.code);
    expect((await call('GET', path(TREE_API_PATHS.stories, { personId: ids.child }), 'b')).data.list).toEqual([]);
    // The outsider still sees nothing.
    expect((await call('GET', TREE_API_PATHS.trees, 'o')).data.list).toEqual([]);
  });

  it('pages life stories by 15 and links a tested person with haplogroups (owner only)', async () => {
    for (let i = 0; i < 16; i++) {
      t.clock.advance(1000);
      const s = await call('POST', path(TREE_API_PATHS.stories, { personId: ids.grandpa }), 'a', {
        title: `故事${i}`,
        content: '从广州迁来',
      });
      expect(s.code).toBe(0);
    }
    const page1 = (await call('GET', `${path(TREE_API_PATHS.stories, { personId: ids.grandpa })}?page=1`, 'b')).data.list;
    const page2 = (await call('GET', `${path(TREE_API_PATHS.stories, { personId: ids.grandpa })}?page=2`, 'b')).data.list;
    expect([page1.length, page2.length, page1[0].title]).toEqual([15, 1, '故事15']);

    // Albums: editors add pictures; the viewer sees those of persons shown in full, never of the living.
    const url = await uploadPhoto('a');
    const photos = (p: string) => path(TREE_API_PATHS.photos, { personId: p });
    expect((await call('POST', photos(ids.grandpa), 'a', { url, caption: '老宅门前' })).data).toMatchObject({ url, caption: '老宅门前' });
    expect((await call('POST', photos(ids.grandpa), 'a', { url: 'https://example.com/x.png' })).code).toBe(CODES.BAD_REQUEST.code);
    expect((await call('POST', photos(ids.child), 'a', { url })).code).toBe(0);
    expect((await call('POST', photos(ids.grandpa), 'b', { url })).code).toBe(CODES.NO_PERMISSION.code);
    expect((await call('GET', photos(ids.grandpa), 'o')).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', photos(ids.grandpa), 'b')).data.list).toMatchObject([{ url, caption: '老宅门前' }]);
    expect((await call('GET', photos(ids.child), 'b')).data.list).toEqual([]);

    const { db } = t.database;
    const persons = { father: 'p-tree-father', child: 'p-tree-child', other: 'p-tree-other' };
    const barcodes = { father: 'JY9100000001', child: 'JY9100000002', other: 'JY9100000003' };
    for (const k of ['father', 'child', 'other'] as const) {
      const owner = k === 'other' ? userId.o : userId.a;
      await db.insert(schema.persons).values({ id: persons[k], ownerUserId: owner, name: `检测人${k}`, gender: 'male' });
      await db
        .insert(schema.kits)
        .values({ barcode: barcodes[k], productId: 'STANDARD_ANCESTRY', personId: persons[k], boundAt: t.clock.now });
      await db.insert(schema.genomes).values({
        barcode: barcodes[k],
        personId: persons[k],
        packed: new Uint8Array([1]),
        vendor: '23andme',
        build: '37',
        callRate: 0.99,
        markerCount: 1,
        yHaplogroup: 'O2a2b1a1',
        mtHaplogroup: 'D4',
      });
      await db
        .insert(schema.relativeConsents)
        .values({ personId: persons[k], userId: owner, protocolVersion: 'v1', consentedAt: t.clock.now });
    }
    // The tree says father and son; the DNA says about 900 cM (a first cousin's range): contradicted.
    await db.insert(schema.relativeMatches).values(
      [
        ['father', 'child'],
        ['child', 'father'],
      ].map(([x, y]) => ({
        barcode: barcodes[x as 'father'],
        relativeBarcode: barcodes[y as 'father'],
        personId: persons[x as 'father'],
        relativePersonId: persons[y as 'father'],
        sharedCm: 900,
        longestCm: 100,
        segmentCount: 9,
        sharedPercent: 12,
        grade: '4-6',
        segments: [],
      })),
    );
    // Someone else's tested person cannot be linked; a viewer cannot link.
    expect((await call('PUT', path(TREE_API_PATHS.link, { personId: ids.father }), 'a', { personId: persons.other })).code).toBe(
      CODES.NOT_FOUND.code,
    );
    expect((await call('PUT', path(TREE_API_PATHS.link, { personId: ids.father }), 'b', { personId: persons.father })).code).toBe(
      CODES.NO_PERMISSION.code,
    );
    await call('PUT', path(TREE_API_PATHS.link, { personId: ids.father }), 'a', { personId: persons.father });
    const linked = (await call('PUT', path(TREE_API_PATHS.link, { personId: ids.child }), 'a', { personId: persons.child })).data;
    expect(linked.familyNodes.find((p: { id: string }) => p.id === ids.father).link).toMatchObject({
      yHaplogroup: 'O2a2b1a1',
      mtHaplogroup: 'D4',
    });
    // The pair comes in the tree's order; the relation is b's to a.
    const [pair] = linked.dna;
    expect(linked.dna).toHaveLength(1);
    expect([pair.a, pair.b].sort()).toEqual([ids.father, ids.child].sort());
    expect(pair).toMatchObject({
      sharedCm: 900,
      grade: '4-6',
      treeRelation: pair.a === ids.father ? '子女' : '父母',
      contradicts: true,
      expected: '2376–3720 cM',
    });
    // The viewer sees neither the links nor the DNA.
    const seen = (await call('GET', path(TREE_API_PATHS.browse), 'b')).data;
    expect(seen.dna).toEqual([]);
    expect(seen.familyNodes.every((p: { link: unknown }) => p.link === null)).toBe(true);
    // The compact form says the same to each: links and DNA read as they are now, a change to a person shown at once.
    expect(await compact('a')).toEqual(linked);
    expect(await compact('b', TREE_API_PATHS.browse)).toEqual(seen);
    // To a browser it is one gzip member (the cached start, the head after it): the same answer once inflated.
    for (const [who, p] of [
      ['a', TREE_API_PATHS.tree],
      ['b', TREE_API_PATHS.browse],
    ] as const) {
      const url = `${path(p)}?format=${TREE_WIRE_FORMAT}`;
      const zipped = await t.app.inject({ method: 'GET', url, headers: { cookie: cookie[who], 'accept-encoding': 'br;q=0, gzip' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      const plain = await t.app.inject({ method: 'GET', url, headers: { cookie: cookie[who], 'accept-encoding': 'gzip;q=0' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    const edited = (
      await call('PUT', path(TREE_API_PATHS.person, { personId: ids.mother }), 'a', {
        surname: '李',
        givenName: '秀英',
        sex: 'female',
        living: true,
        notes: '娘家在佛山',
      })
    ).data;
    expect(await compact('a')).toEqual(edited);
    expect(await compact('b', TREE_API_PATHS.browse)).toEqual(await full('b', TREE_API_PATHS.browse));
    await t.database.db.update(schema.genomes).set({ yHaplogroup: 'O2a2b1a1a' }).where(eq(schema.genomes.personId, persons.father));
    expect((await compact('a')).familyNodes.find((p) => p.id === ids.father)?.link?.yHaplogroup).toBe('O2a2b1a1a');
  });

  it('imports a generated GEDCOM and exports it to a file that re-imports to the same persons, events and relations', async () => {
    const first = await newTree('导入一');
    const state = await importFile(first, generatedGedcom(120));
    expect(state.data).toMatchObject({
      state: 'done',
      processed: state.data.total,
      report: { version: '5.5.1', persons: 120, skipped: [] },
    });
    const exported = await t.app.inject({
      method: 'GET',
      url: fillPattern(TREE_API_PATHS.gedcomExport, { treeId: first }),
      headers: { cookie: cookie.a },
    });
    expect(exported.headers['content-disposition']).toContain('attachment');
    const second = await newTree('导入二');
    const again = await importFile(second, exported.body);
    expect(again.data).toMatchObject({ state: 'done', report: { persons: 120, skipped: [] } });

    const snapshot = async (tree: string) => {
      const d = (await call('GET', fillPattern(TREE_API_PATHS.tree, { treeId: tree }), 'a')).data;
      const key = new Map<string, string>();
      const persons = d.familyNodes.map((p: Record<string, unknown>) => {
        const { id, link, ...rest } = p;
        key.set(id as string, JSON.stringify(rest));
        return JSON.stringify(rest);
      });
      const relations = d.relations.map((r: { kind: string; from: string; to: string }) =>
        r.kind === 'spouse'
          ? `spouse ${[key.get(r.from), key.get(r.to)].sort().join(' ~ ')}`
          : `parent ${key.get(r.from)} > ${key.get(r.to)}`,
      );
      return { persons: persons.sort(), relations: relations.sort() };
    };
    const a = await snapshot(first);
    const b = await snapshot(second);
    expect(a.persons.length).toBe(120);
    expect(a.persons.some((p: string) => p.includes('"chooseLunarCalendar":true') && p.includes('"month":'))).toBe(true);
    expect(a.persons.some((p: string) => p.includes('"reign":"乾隆"'))).toBe(true);
    expect(b).toEqual(a);
  });

  it('imports a file written by another program with a report of what was skipped, and rejects a broken file with its line', async () => {
    const tree = await newTree('外来文件');
    const state = await importFile(tree, readFileSync(new URL('./fixtures/gramps-sample.ged', import.meta.url), 'utf8'));
    expect(state.data).toMatchObject({ state: 'done', report: { version: '5.5', persons: 43, families: 15 } });
    const reasons = state.data.report.skipped.map((s: { line: number; reason: string }) => `${s.line} ${s.reason}`);
    expect(reasons).toContain('11 文件声明的字符集是 ANSEL，按 UTF-8 读取，非 ASCII 字符可能显示不正确');
    expect(reasons).toContain('78 职业 未导入');
    expect(reasons).toContain('131 日期“deceased”无法识别，未导入');
    expect(reasons.some((r: string) => r.endsWith('来源 记录未导入'))).toBe(true);
    const d = (await call('GET', fillPattern(TREE_API_PATHS.tree, { treeId: tree }), 'a')).data;
    expect(d.familyNodes).toHaveLength(43);
    expect(d.familyNodes.find((p: { givenName: string }) => p.givenName === 'Gustaf Sr.')).toMatchObject({
      surname: 'Smith',
      birthText: '1862-11-28',
    });

    const broken = await newTree('坏文件');
    const bad = await importFile(broken, '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @I1@ INDI\n1 NAME 张 /三/\nthis is not gedcom\n0 TRLR\n');
    expect(bad.data).toMatchObject({ state: 'failed', error: '第 6 行：无法识别“this is not gedcom”，应为“层级 [@编号@] 标签 [值]”' });
    expect((await call('GET', fillPattern(TREE_API_PATHS.tree, { treeId: broken }), 'a')).data.familyNodes).toEqual([]);
  });

  it('registers 寻亲 entries only their owner reads, edits, lists or deletes; contact follows the messaging rules', async () => {
    const entry = {
      soughtSurname: '陈',
      soughtName: '小红',
      soughtSex: 'female',
      relation: '妹妹',
      lostDate: { year: 1988, month: 6, chooseLunarCalendar: false },
      lostPlace: GUANGZHOU,
      story: '1988 年夏天在广州火车站走失，当时六岁，穿红色外套。',
      photos: [],
    };
    const mine = await call('POST', REUNION_API_PATHS.list, 'a', { ...entry, personId: 'p-tree-father' });
    expect(mine.code).toBe(0);
    const id = mine.data.id;
    expect((await call('POST', REUNION_API_PATHS.list, 'a', { ...entry, story: '太短' })).code).toBe(CODES.BAD_REQUEST.code);
    // Someone else's tested person cannot be linked.
    expect((await call('POST', REUNION_API_PATHS.list, 'a', { ...entry, personId: 'p-tree-other' })).code).toBe(CODES.NOT_FOUND.code);
    for (const who of ['b', 'o'] as const) {
      expect((await call('GET', REUNION_API_PATHS.list, who)).data.list).toEqual([]);
      expect((await call('GET', fillPattern(REUNION_API_PATHS.entry, { id }), who)).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('PUT', fillPattern(REUNION_API_PATHS.entry, { id }), who, entry)).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('DELETE', fillPattern(REUNION_API_PATHS.entry, { id }), who)).code).toBe(CODES.NOT_FOUND.code);
      expect((await call('GET', fillPattern(REUNION_API_PATHS.clues, { id }), who)).code).toBe(CODES.NOT_FOUND.code);
    }
    // O seeks the same surname in the same province with a tested person who is not A's relative: a clue, no contact.
    const theirs = await call('POST', REUNION_API_PATHS.list, 'o', { ...entry, relation: '女儿', personId: 'p-tree-other' });
    const clues = (await call('GET', fillPattern(REUNION_API_PATHS.clues, { id }), 'a')).data.list;
    expect(clues).toContainEqual({
      id: theirs.data.id,
      kind: 'surname-place',
      title: '另一位用户也在寻找陈姓女儿',
      detail: '广东省广州市，约 1988 年',
      canContact: false,
    });
    expect(clues.find((c: { kind: string }) => c.kind === 'relative')).toMatchObject({ title: '关联的检测人有 1 位基因亲人' });
    expect(JSON.stringify(clues)).not.toContain('外人');
    const contact = await call('POST', fillPattern(REUNION_API_PATHS.contact, { id }), 'a', { clueId: theirs.data.id });
    expect(contact.code).toBe(CODES.REUNION_CONTACT_CLOSED.code);
    const edited = await call('PUT', fillPattern(REUNION_API_PATHS.entry, { id }), 'a', { ...entry, soughtName: '红红' });
    expect(edited.data.soughtName).toBe('红红');
    expect((await call('DELETE', fillPattern(REUNION_API_PATHS.entry, { id }), 'a')).code).toBe(0);
    expect((await call('GET', REUNION_API_PATHS.list, 'a')).data.list).toEqual([]);
  });

  it('keeps tree files (sourceType, fileResources) to the tree members, the files of living persons hidden from viewers', async () => {
    const files = path(TREE_API_PATHS.files);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    const upload = (who: Who, body: object) => call('POST', files, who, body);
    const res = (fileName: string, bytes: Buffer) => ({ fileName, content: bytes.toString('base64') });
    const treeFile = await upload('a', {
      sourceType: 'genealogy',
      title: '王氏族谱卷一',
      fileResources: [res('卷一.pdf', pdf), res('卷一封面.png', png)],
    });
    expect(treeFile.code).toBe(0);
    expect(treeFile.data.list).toMatchObject([
      { personId: null, sourceType: 'genealogy', fileName: '卷一.pdf', contentType: 'application/pdf', size: pdf.length },
      { fileName: '卷一封面.png', contentType: 'image/png' },
    ]);
    const grandpaFile = (
      await upload('a', { sourceType: 'certificate', title: '地契', personId: ids.grandpa, fileResources: [res('地契.png', png)] })
    ).data.list[0];
    const childFile = (
      await upload('a', { sourceType: 'certificate', title: '出生证', personId: ids.child, fileResources: [res('出生证.pdf', pdf)] })
    ).data.list[0];
    // Refused whole, nothing stored: a file that is not a PDF or picture, a person of no tree of theirs, bad fields.
    const before = (await call('GET', files, 'a')).data.list.length;
    expect(
      await upload('a', { sourceType: 'document', title: '信', fileResources: [res('a.pdf', pdf), res('b.pdf', Buffer.from('<html>'))] }),
    ).toMatchObject({ code: CODES.UPLOAD_FAILED.code, msg: '文件「b.pdf」不是 PDF、PNG 或 JPG' });
    expect((await upload('a', { sourceType: 'document', title: '信', personId: 'nobody', fileResources: [res('a.pdf', pdf)] })).code).toBe(
      CODES.NOT_FOUND.code,
    );
    expect((await upload('a', { sourceType: 'secret', title: '信', fileResources: [res('a.pdf', pdf)] })).msg).toBe('请选择资料类型');
    expect((await upload('a', { sourceType: 'document', title: '信', fileResources: [] })).msg).toBe('请选择文件');
    expect((await call('GET', files, 'a')).data.list).toHaveLength(before);
    // The owner reads the bytes back as a download.
    const got = await t.app.inject({
      method: 'GET',
      url: path(TREE_API_PATHS.fileContent, { fileId: treeFile.data.list[0].id }),
      headers: { cookie: cookie.a },
    });
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain('attachment');
    // The browse-only viewer: the tree's files and the late grandfather's, not the living grandson's; no changes.
    const seen = (await call('GET', files, 'b')).data.list.map((f: { id: string }) => f.id);
    expect(seen).toContain(grandpaFile.id);
    expect(seen).not.toContain(childFile.id);
    expect((await call('GET', `${files}?personId=${ids.child}`, 'b')).data.list).toEqual([]);
    const content = (who: Who, fileId: string) =>
      t.app.inject({ method: 'GET', url: path(TREE_API_PATHS.fileContent, { fileId }), headers: { cookie: cookie[who] } });
    expect((await content('b', childFile.id)).json().code).toBe(CODES.NOT_FOUND.code);
    expect((await content('b', grandpaFile.id)).statusCode).toBe(200);
    expect((await upload('b', { sourceType: 'document', title: '信', fileResources: [res('a.pdf', pdf)] })).code).toBe(
      CODES.NO_PERMISSION.code,
    );
    expect((await call('DELETE', path(TREE_API_PATHS.file, { fileId: grandpaFile.id }), 'b')).code).toBe(CODES.NO_PERMISSION.code);
    // The outsider: nothing by id or by listing.
    expect((await call('GET', files, 'o')).code).toBe(CODES.NOT_FOUND.code);
    expect((await content('o', grandpaFile.id)).json().code).toBe(CODES.NOT_FOUND.code);
    expect((await upload('o', { sourceType: 'document', title: '信', fileResources: [res('a.pdf', pdf)] })).code).toBe(
      CODES.NOT_FOUND.code,
    );
    expect((await call('DELETE', path(TREE_API_PATHS.file, { fileId: grandpaFile.id }), 'o')).code).toBe(CODES.NOT_FOUND.code);
    // A file id of this tree asked through another tree of the owner's is not found there.
    const other = await newTree('另一份家谱');
    expect((await call('DELETE', fillPattern(TREE_API_PATHS.file, { treeId: other, fileId: grandpaFile.id }), 'a')).code).toBe(
      CODES.NOT_FOUND.code,
    );
    // Deleting removes the row and the stored bytes.
    const [row] = await t.database.db.select().from(schema.treeFiles).where(eq(schema.treeFiles.id, childFile.id));
    expect(await t.app.deps.storage.stat(row.storageKey)).not.toBeNull();
    expect((await call('DELETE', path(TREE_API_PATHS.file, { fileId: childFile.id }), 'a')).code).toBe(0);
    expect(await t.app.deps.storage.stat(row.storageKey)).toBeNull();
  });

  it('keeps 字辈 per branch, edited by owners and editors only, shown to viewers', async () => {
    const names = [
      { branch: '长房', firstGeneration: 1, chars: '德建明' },
      { branch: '二房', firstGeneration: 2, chars: '文章华国' },
    ];
    const put = (who: Who, generationNames: unknown) => call('PUT', path(TREE_API_PATHS.tree), who, { generationNames });
    expect((await put('a', names)).data.generationNames).toEqual(names);
    expect((await put('a', [{ branch: '长房', firstGeneration: 1, chars: '德 建' }])).msg).toBe('字辈只能填写汉字，不要加空格或标点');
    expect((await put('a', [names[0], { ...names[1], branch: '长房' }])).msg).toBe('支系名称不能重复');
    expect((await put('b', [])).code).toBe(CODES.NO_PERMISSION.code);
    expect((await put('o', [])).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', path(TREE_API_PATHS.browse), 'b')).data.generationNames).toEqual(names);
  });

  it('puts trees, stories and 寻亲 entries in the data export', async () => {
    const res = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.dataExport, headers: { cookie: cookie.a } });
    const zip = unzipSync(res.rawPayload);
    const data = JSON.parse(strFromU8(zip['my-data.json']));
    const own = data.familyTrees.find((tr: { id: string }) => tr.id === treeId);
    expect(own.persons.map((p: { givenName: string }) => p.givenName)).toContain('小明');
    expect(own.stories).toHaveLength(16);
    expect(own.members).toEqual([{ userId: userId.b, role: 'viewer' }]);
    // The uploaded GEDCOM files come along; B's export holds no tree of A's.
    // 4 GEDCOM files and the album picture.
    expect(Object.keys(zip).filter((n) => n.startsWith('genealogy/') && !n.startsWith('genealogy/files/'))).toHaveLength(5);
    // The tree files (three left after one was deleted), with their bytes.
    expect(data.familyTreeFiles.map((f: { fileName: string }) => f.fileName).sort()).toEqual(['卷一.pdf', '卷一封面.png', '地契.png']);
    expect(Object.keys(zip).filter((n) => n.startsWith('genealogy/files/'))).toHaveLength(3);
    expect(own.generationNames).toHaveLength(2);
    const bData = JSON.parse(
      strFromU8(
        unzipSync((await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.dataExport, headers: { cookie: cookie.b } })).rawPayload)[
          'my-data.json'
        ],
      ),
    );
    expect(bData.familyTrees).toEqual([]);
    // The invitations A sent, with the numbers A typed; B sent none.
    expect(data.shareInvitationsSent).toMatchObject([
      { kind: 'tree', treeId, phone: '13900000402', status: 'accepted' },
      { kind: 'tree', treeId, phone: '13900000499', status: 'pending' },
    ]);
    expect(bData.shareInvitationsSent).toEqual([]);
  });

  it('limits tree invitations: 10 open a tree, 20 an account a day, the refusal the same for any number', async () => {
    const trees: string[] = [];
    for (const name of ['甲谱', '乙谱', '丙谱']) trees.push((await call('POST', TREE_API_PATHS.trees, 'o', { name })).data.id);
    const number = (i: number) => `1360000${String(i).padStart(4, '0')}`;
    for (let i = 0; i < 10; i++) expect((await invite('o', trees[0], number(i))).json().code).toBe(0);
    expect((await invite('o', trees[0], number(10))).json()).toMatchObject({ code: CODES.SHARE_INVITE_OPEN_LIMIT.code });
    for (let i = 10; i < 20; i++) expect((await invite('o', trees[1], number(i))).json().code).toBe(0);
    const refused = await invite('o', trees[2], number(20));
    expect(refused.json()).toEqual({ code: CODES.SHARE_INVITE_DAILY_LIMIT.code, data: null, msg: CODES.SHARE_INVITE_DAILY_LIMIT.msg });
    expect((await invite('o', trees[2], '13900000402')).body).toBe(refused.body);
    expect((await call('GET', fillPattern(TREE_API_PATHS.members, { treeId: trees[2] }), 'o')).data.list).toEqual([]);
    expect(await mine('b')).toEqual([]);
    for (const id of trees) expect((await call('DELETE', fillPattern(TREE_API_PATHS.tree, { treeId: id }), 'o')).code).toBe(0);
  });

  it('expires and revokes tree invitations; accepting again as editor changes the role; a removed member stays removed', async () => {
    const side = await newTree('王氏支谱');
    const members = () => call('GET', fillPattern(TREE_API_PATHS.members, { treeId: side }), 'a');
    const browse = (who: Who) => call('GET', fillPattern(TREE_API_PATHS.browse, { treeId: side }), who);
    await invite('a', side, '13900000402');
    const [inv] = (await mine('b')).filter((i) => i.treeId === side);
    await t.database.db
      .update(schema.shareInvitations)
      .set({ expiresAt: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(schema.shareInvitations.id, inv.id));
    expect((await mine('b')).filter((i) => i.treeId === side)).toEqual([]);
    expect((await call('POST', acceptPath(inv.id), 'b')).code).toBe(CODES.SHARE_INVITE_EXPIRED.code);
    expect((await browse('b')).code).toBe(CODES.NOT_FOUND.code);
    expect((await members()).data.list).toMatchObject([{ name: null, phone: '139****0402', status: 'expired' }]);
    // Inviting again reopens the same invitation, now as editor.
    await invite('a', side, '13900000402', 'editor');
    expect((await mine('b')).filter((i) => i.treeId === side)).toMatchObject([{ id: inv.id, role: 'editor' }]);
    expect((await call('POST', acceptPath(inv.id), 'b')).code).toBe(0);
    expect((await call('GET', fillPattern(TREE_API_PATHS.tree, { treeId: side }), 'b')).data.role).toBe('editor');
    // A revoked invitation is gone for B and changes nothing of the membership.
    await invite('a', side, '13900000402', 'viewer');
    const [again] = (await mine('b')).filter((i) => i.treeId === side);
    expect((await call('DELETE', fillPattern(SHARE_INVITE_PATHS.one, { id: again.id }), 'a')).code).toBe(0);
    expect((await mine('b')).filter((i) => i.treeId === side)).toEqual([]);
    expect((await call('POST', acceptPath(again.id), 'b')).code).toBe(CODES.NOT_FOUND.code);
    expect((await members()).data.list).toMatchObject([{ userId: userId.b, role: 'editor', status: 'accepted' }]);
    // The owner removes B: replaying the accepted invitation does not bring B back.
    expect((await call('DELETE', fillPattern(TREE_API_PATHS.member, { treeId: side, userId: userId.b }), 'a')).code).toBe(0);
    expect((await call('POST', acceptPath(inv.id), 'b')).code).toBe(0);
    expect((await browse('b')).code).toBe(CODES.NOT_FOUND.code);
    // Deleting the tree takes its open invitations along.
    await invite('a', side, '13900000402');
    expect((await mine('b')).filter((i) => i.treeId === side)).toHaveLength(1);
    expect((await call('DELETE', fillPattern(TREE_API_PATHS.tree, { treeId: side }), 'a')).code).toBe(0);
    expect((await mine('b')).filter((i) => i.treeId === side)).toEqual([]);
  });

  it('deletes trees, stories, 寻亲 entries, tree files, uploaded GEDCOM files and photos with the account', async () => {
    const { db } = t.database;
    const url = await uploadPhoto('a');
    const albumUrl = await uploadPhoto('a');
    expect((await call('POST', path(TREE_API_PATHS.photos, { personId: ids.grandpa }), 'a', { url: albumUrl })).code).toBe(0);
    const albumFile = join(t.config.dataDir, albumUrl.slice(1));
    expect(url).toMatch(/^\/uploads\/genealogy\//);
    const file = join(t.config.dataDir, url.slice(1));
    expect(existsSync(file)).toBe(true);
    // With their §5 share variants.
    const variants = [file, albumFile].flatMap((f) => ['.webp', '.jpg'].map((ext) => f.replace(/\.\w+$/, ext)));
    for (const v of variants) expect(existsSync(v), v).toBe(true);
    await call('POST', REUNION_API_PATHS.list, 'a', {
      soughtSurname: '周',
      relation: '哥哥',
      story: '小时候在福建分开，只记得他左手有一道疤。',
      photos: [url],
    });
    const keys = (
      await db.select({ key: schema.gedcomImports.storageKey }).from(schema.gedcomImports).where(eq(schema.gedcomImports.userId, userId.a))
    ).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    const fileKeys = (await db.select({ key: schema.treeFiles.storageKey }).from(schema.treeFiles)).map((r) => r.key);
    expect(fileKeys).toHaveLength(3);
    t.clock.advance(61_000);
    await call('POST', ACCOUNT_PATHS.sendSmsCode, 'a', { nationCode: '86', verifyType: 'cancel', neCaptcha: 'dev-token' });
    await call('POST', ACCOUNT_PATHS.accountCancelApplication, 'a', { type: 'privacy', barcodes: [] });
    expect((await call('DELETE', ACCOUNT_PATHS.accountCancel, 'a', { authCode: t.sms.lastCode('13900000401') })).code).toBe(0);
    expect(await db.select().from(schema.familyTrees).where(eq(schema.familyTrees.ownerUserId, userId.a))).toEqual([]);
    expect(await db.select().from(schema.treeStories).where(eq(schema.treeStories.treeId, treeId))).toEqual([]);
    expect(await db.select().from(schema.reunionEntries).where(eq(schema.reunionEntries.ownerUserId, userId.a))).toEqual([]);
    for (const key of [...keys, ...fileKeys]) expect(await t.app.deps.storage.stat(key)).toBeNull();
    expect(await db.select().from(schema.treeFiles)).toEqual([]);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(albumFile)).toBe(false);
    for (const v of variants) expect(existsSync(v), v).toBe(false);
    // The viewer's list no longer holds the tree.
    expect((await call('GET', TREE_API_PATHS.trees, 'b')).data.list).toEqual([]);
  });
});
