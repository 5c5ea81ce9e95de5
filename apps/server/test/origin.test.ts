import { SAMPLE_HEADER, SHARE_TOKEN_HEADER } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { CLAN_MAX_YEAR_DEFAULT } from '@jiyin/contracts/constants';
import { ORIGIN_API_PATHS } from '@jiyin/contracts/originApi';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { type PersonBirthplace, schema, testDatabaseTargets } from '@jiyin/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonYAncestor } from '../src/origin/clan.ts';
import { matchId } from '../src/relatives/queries.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';
import type { Answer } from './reportFixtures.ts';

const GUANGZHOU: PersonBirthplace = {
  province: { code: '44', name: '广东省' },
  city: { code: '4401', name: '广州市' },
  district: { code: '440106', name: '天河区' },
};
const SHENZHEN: PersonBirthplace = { province: { code: '44', name: '广东省' }, city: { code: '4403', name: '深圳市' } };
const FUZHOU: PersonBirthplace = { province: { code: '35', name: '福建省' }, city: { code: '3501', name: '福州市' } };
const BEIJING: PersonBirthplace = { province: { code: '11', name: '北京市' }, city: { code: '1101', name: '市辖区' } };

const ME_Y = 'O2a1b1a1a1a';

interface Someone {
  key: string;
  name: string;
  gender?: 'male' | 'female';
  birthplace?: PersonBirthplace | null;
  /** live consent (default), withdrawn, or none at all */
  consent?: 'live' | 'withdrawn' | 'none';
  openClan?: boolean;
  showFullName?: boolean;
  y?: string | null;
  /** a DNA match of mine: grade and shared cM */
  match?: { grade: string; cm: number };
}

/** My relatives and clan candidates. N1 and W1 must never show anywhere. */
const PEOPLE: Someone[] = [
  { key: 'R1', name: '陈大文', gender: 'male', birthplace: GUANGZHOU, showFullName: true, y: ME_Y, match: { grade: '4-6', cm: 600 } },
  { key: 'R2', name: '陈小红', gender: 'female', birthplace: GUANGZHOU, match: { grade: '5-6', cm: 200 } },
  { key: 'R3', name: '李四海', birthplace: GUANGZHOU, match: { grade: '6-9', cm: 60 } },
  { key: 'R4', name: '王深', birthplace: SHENZHEN, match: { grade: '6-9', cm: 50 } },
  { key: 'R5', name: '林福', birthplace: FUZHOU, match: { grade: '9+', cm: 30 } },
  { key: 'R6', name: '无名氏', birthplace: null, match: { grade: '6-9', cm: 45 } },
  { key: 'R7', name: '陈同胞', birthplace: BEIJING, match: { grade: '2-3', cm: 2600 } },
  { key: 'N1', name: '未同意', gender: 'male', birthplace: GUANGZHOU, consent: 'none', y: ME_Y, match: { grade: '5-6', cm: 300 } },
  { key: 'W1', name: '已撤回', gender: 'male', birthplace: GUANGZHOU, consent: 'withdrawn', y: ME_Y, match: { grade: '5-6', cm: 250 } },
  // Clan candidates only (no DNA match).
  { key: 'C1', name: '赵同宗', gender: 'male', birthplace: FUZHOU, y: 'O2a1b1a1a1b' },
  // Also a DNA match, but of another Y line: the match does not date a paternal ancestor.
  { key: 'C2', name: '钱远祖', gender: 'male', y: 'O1a1a1a', match: { grade: '5-6', cm: 150 } },
  { key: 'C3', name: '孙关闭', gender: 'male', y: ME_Y, openClan: false },
  { key: 'C4', name: '周女士', gender: 'female', y: null },
  { key: 'C5', name: '吴撤回', gender: 'male', y: ME_Y, consent: 'withdrawn' },
];

describe.each(testDatabaseTargets())('origin and clan relations on $name', (target) => {
  let t: TestApp;
  let me: string;
  let carol: string;
  let outsider: string;
  const barcodeOf = (key: string) => `OG${String(PEOPLE.findIndex((p) => p.key === key) + 10).padStart(10, '0')}`;
  const ME = 'OG0000000001';
  const OUTSIDER = 'OG0000000002';
  const personOf = (key: string) => `og-${key}`;

  beforeAll(async () => {
    t = await startTestApp(target);
    me = await signUpUser(t, '13800000101', undefined, '我');
    carol = await signUpUser(t, '13800000102', undefined, '卡罗尔');
    outsider = await signUpUser(t, '13800000103', undefined, '外人');
    await signUpUser(t, '13800000104', undefined, '亲人们');
    const { db } = t.database;
    const { users, persons, kits, genomes, reportResults, relativeConsents, relativeMatches, privacySwitches, personShares } = schema;
    const userOf = async (phone: string) => (await db.select().from(users).where(eq(users.phone, phone)))[0].id;
    const [meId, carolId, outsiderId, othersId] = await Promise.all(
      ['13800000101', '13800000102', '13800000103', '13800000104'].map(userOf),
    );
    const now = t.clock.now;

    const addPerson = async (id: string, owner: string, s: Omit<Someone, 'key'>, barcode: string) => {
      await db.insert(persons).values({
        id,
        ownerUserId: owner,
        name: s.name,
        gender: s.gender ?? 'female',
        birthplace: s.birthplace ?? null,
      });
      await db.insert(kits).values({ barcode, productId: 'STANDARD_ANCESTRY', personId: id, boundAt: now });
      await db.insert(reportResults).values({ barcode, kbVersion: 'test', items: [], haplogroups: null, computedAt: now });
      await db.insert(genomes).values({
        barcode,
        personId: id,
        packed: new Uint8Array([1, 2, 3]),
        vendor: '23andme',
        build: '37',
        sex: s.gender ?? 'female',
        callRate: 0.99,
        markerCount: 3,
        yHaplogroup: s.y ?? null,
        createdAt: now,
      });
      if ((s.consent ?? 'live') !== 'none') {
        await db.insert(relativeConsents).values({
          personId: id,
          userId: owner,
          protocolVersion: 'v1',
          consentedAt: now,
          withdrawnAt: s.consent === 'withdrawn' ? now : null,
          openClanRelation: s.openClan ?? true,
        });
      }
      if (s.showFullName) await db.insert(privacySwitches).values({ personId: id, feature: 'showFullName', open: true });
    };
    await addPerson('og-me', meId, { name: '我自己', gender: 'male', birthplace: GUANGZHOU, y: ME_Y }, ME);
    await addPerson('og-outsider', outsiderId, { name: '外人', gender: 'male', birthplace: BEIJING, y: ME_Y, consent: 'none' }, OUTSIDER);
    await db.insert(personShares).values({ personId: 'og-me', userId: carolId });
    for (const p of PEOPLE) await addPerson(personOf(p.key), othersId, p, barcodeOf(p.key));

    const match = (a: string, b: string, grade: string, cm: number) => ({
      barcode: a === 'me' ? ME : barcodeOf(a),
      relativeBarcode: b === 'me' ? ME : barcodeOf(b),
      personId: a === 'me' ? 'og-me' : personOf(a),
      relativePersonId: b === 'me' ? 'og-me' : personOf(b),
      sharedCm: cm,
      longestCm: cm / 4,
      segmentCount: 4,
      sharedPercent: (cm / 3553) * 100,
      grade,
      segments: [],
    });
    // Stored both ways, as the matching job stores them.
    for (const p of PEOPLE.filter((x) => x.match)) {
      const m = p.match as { grade: string; cm: number };
      await db.insert(relativeMatches).values([match('me', p.key, m.grade, m.cm), match(p.key, 'me', m.grade, m.cm)]);
    }
    // R1 also matches R2, R5 and the non-consenting N1 (shared matches for common-origin).
    for (const [other, cm] of [
      ['R2', 400],
      ['R5', 25],
      ['N1', 500],
    ] as const) {
      await db.insert(relativeMatches).values([match('R1', other, '5-6', cm), match(other, 'R1', '5-6', cm)]);
    }
    // The outsider matches R2 too: nothing of theirs may reach me.
    await db.insert(relativeMatches).values({ ...match('R2', 'R3', '6-9', 1), barcode: OUTSIDER, personId: 'og-outsider' });
  });
  afterAll(() => t.close());

  const get = async (
    path: string,
    query: Record<string, string | number>,
    opts: { cookie?: string; headers?: Record<string, string> } = {},
  ) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await t.app.inject({ method: 'GET', url: qs ? `${path}?${qs}` : path, headers });
    return res.json() as Answer;
  };
  const put = async (body: unknown, cookie: string) =>
    (
      await t.app.inject({ method: 'PUT', url: ORIGIN_API_PATHS.clanBaseInfo, headers: { cookie }, payload: body as object })
    ).json() as Answer;
  const everyName = (a: Answer) => JSON.stringify(a.data);
  const idOf = (key: string) => matchId('og-me', personOf(key));
  /** Non-consenting people, districts and every relative's barcode never appear in an answer. */
  const neverShown = (a: Answer) => {
    const text = everyName(a);
    const barcodes = PEOPLE.map((p) => barcodeOf(p.key));
    for (const hidden of ['未同意', '已撤回', '孙关闭', '吴撤回', '天河区', '440106', idOf('N1'), idOf('W1'), OUTSIDER, ...barcodes]) {
      expect(text).not.toContain(hidden);
    }
  };

  describe('relatives distribution', () => {
    it('counts consenting relatives by province; no birthplace counted apart', async () => {
      const a = await get(ORIGIN_API_PATHS.distribution, { barcode: ME }, { cookie: me });
      expect(a.code).toBe(0);
      expect(a.data).toEqual({
        unavailable: null,
        total: 8,
        unknown: 2,
        provinces: [
          { code: '44', name: '广东省', count: 4 },
          { code: '11', name: '北京市', count: 1 },
          { code: '35', name: '福建省', count: 1 },
        ],
      });
      neverShown(a);
    });

    it('city list: cities with fewer than 3 relatives fold into 其他城市; municipalities named by province', async () => {
      const gd = await get(ORIGIN_API_PATHS.distributionCities, { barcode: ME, province: '44' }, { cookie: me });
      expect(gd.data).toEqual({
        unavailable: null,
        province: { code: '44', name: '广东省' },
        total: 4,
        cities: [{ code: '4401', name: '广州市', count: 3 }],
        otherCities: 1,
        noCity: 0,
      });
      expect(everyName(gd)).not.toContain('深圳');
      const bj = await get(ORIGIN_API_PATHS.distributionCities, { barcode: ME, province: '11' }, { cookie: me });
      expect(bj.data).toMatchObject({ total: 1, cities: [], otherCities: 1 });
      const bad = await get(ORIGIN_API_PATHS.distributionCities, { barcode: ME, province: '99' }, { cookie: me });
      expect(bad).toMatchObject({ code: CODES.NOT_FOUND.code, msg: '省份不存在' });
      const malformed = await get(ORIGIN_API_PATHS.distributionCities, { barcode: ME, province: '广东' }, { cookie: me });
      expect(malformed).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '省份编码不正确' });
    });

    it('a withdrawn consent drops the relative at once', async () => {
      const { relativeConsents } = schema;
      await t.database.db
        .update(relativeConsents)
        .set({ withdrawnAt: t.clock.now })
        .where(eq(relativeConsents.personId, personOf('R3')));
      const a = await get(ORIGIN_API_PATHS.distributionCities, { barcode: ME, province: '44' }, { cookie: me });
      expect(a.data).toMatchObject({ total: 3, cities: [], otherCities: 3 });
      await t.database.db
        .update(relativeConsents)
        .set({ withdrawnAt: null })
        .where(eq(relativeConsents.personId, personOf('R3')));
    });
  });

  describe('who may read', () => {
    it.each([
      ['another user', () => outsider],
      ['a user the person is shared with', () => carol],
    ])('%s never reads my relatives', async (who, cookie) => {
      for (const path of [ORIGIN_API_PATHS.distribution, ORIGIN_API_PATHS.geneOrigin, ORIGIN_API_PATHS.clanRelations]) {
        const a = await get(path, { barcode: ME }, { cookie: cookie() });
        if (who === 'another user') expect(a).toMatchObject({ code: CODES.NOT_FOUND.code, data: null });
        else expect(a).toMatchObject({ code: CODES.NO_PERMISSION.code, data: null });
      }
    });

    it('a foreign or unknown barcode answers like a missing one', async () => {
      const foreign = await get(ORIGIN_API_PATHS.geneOriginCommonList, { barcode: OUTSIDER }, { cookie: me });
      const unknown = await get(ORIGIN_API_PATHS.geneOriginCommonList, { barcode: 'OG9999999999' }, { cookie: me });
      expect(foreign).toEqual(unknown);
      expect(foreign.code).toBe(CODES.NOT_FOUND.code);
    });

    it('a share link does not open relatives; anonymous callers must sign in; sample mode has none', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: fillPattern(REPORT_API_PATHS.shareTokens, { type: 'report' }),
        headers: { cookie: me },
        payload: { barcode: ME },
      });
      const token = (created.json() as Answer).data.token as string;
      const viaLink = await get(ORIGIN_API_PATHS.distribution, {}, { headers: { [SHARE_TOKEN_HEADER]: token } });
      expect(viaLink).toMatchObject({ code: CODES.NO_PERMISSION.code, data: null });
      const anonymous = await get(ORIGIN_API_PATHS.distribution, { barcode: ME });
      expect(anonymous.code).toBe(CODES.NOT_LOGGED_IN.code);
      const sample = await get(ORIGIN_API_PATHS.geneOrigin, {}, { headers: { [SAMPLE_HEADER]: '1' } });
      expect(sample).toMatchObject({ code: 0, data: { unavailable: 'sample', relativesUsed: 0, provinces: [] } });
    });

    it('without my own live consent nothing is shown, whatever matches are stored', async () => {
      const { relativeConsents } = schema;
      await t.database.db.update(relativeConsents).set({ withdrawnAt: t.clock.now }).where(eq(relativeConsents.personId, 'og-me'));
      const a = await get(ORIGIN_API_PATHS.distribution, { barcode: ME }, { cookie: me });
      expect(a.data).toEqual({ unavailable: 'notJoined', total: 0, unknown: 0, provinces: [] });
      const common = await get(ORIGIN_API_PATHS.geneOriginCommon, { barcode: ME, relative: idOf('R1') }, { cookie: me });
      expect(common.data).toEqual({ unavailable: 'notJoined', relative: null, sharedRelatives: 0, places: [] });
      await t.database.db.update(relativeConsents).set({ withdrawnAt: null }).where(eq(relativeConsents.personId, 'og-me'));
    });
  });

  describe('gene origin', () => {
    it('weights distant relatives by shared cM, leaves out close ones, says how sure it is', async () => {
      const a = await get(ORIGIN_API_PATHS.geneOrigin, { barcode: ME }, { cookie: me });
      expect(a.code).toBe(0);
      // R1..R5: 600 + 200 + 60 + 50 + 30 = 940 cM; 广东 910, 福建 30. R7 (grade 2-3) left out, R6 and C2 have no birthplace.
      expect(a.data).toMatchObject({
        unavailable: null,
        relativesUsed: 5,
        closeExcluded: 1,
        unknown: 2,
        confidence: 'medium',
        provinces: [
          { code: '44', name: '广东省', share: 0.9681, count: 4 },
          { code: '35', name: '福建省', share: 0.0319, count: 1 },
        ],
        topCities: [
          { code: '4401', name: '广州市', share: 0.9451, count: 3 },
          { code: '4400', name: '其他城市', share: 0.0549, count: 1 },
        ],
      });
      // (Σw)² / Σw² = 940² / 407000
      expect(a.data.effectiveRelatives).toBe(2.2);
      neverShown(a);
    });

    it('common list: relatives by province, names and cities as the gene-relatives pages show them, opaque ids', async () => {
      const a = await get(ORIGIN_API_PATHS.geneOriginCommonList, { barcode: ME }, { cookie: me });
      const gd = a.data.groups[0];
      expect(gd.province).toEqual({ code: '44', name: '广东省' });
      expect(gd.relatives.map((r: { name: string }) => r.name)).toEqual(['陈大文', '陈女士', '李女士', '王女士']);
      expect(gd.relatives.map((r: { relativeId: string }) => r.relativeId)).toEqual(['R1', 'R2', 'R3', 'R4'].map(idOf));
      expect(gd.relatives.map((r: { city: { name: string } | null }) => r.city?.name ?? null)).toEqual([
        '广州市',
        '广州市',
        '广州市',
        '深圳市',
      ]);
      expect(a.data.unknown.map((r: { name: string }) => r.name)).toEqual(['钱先生', '无女士']);
      neverShown(a);
      for (const g of a.data.groups)
        for (const r of g.relatives)
          expect(Object.keys(r).sort()).toEqual(['city', 'gender', 'grade', 'name', 'province', 'relativeId', 'sharedCm']);
    });

    it('detail: one province with its relatives and its share', async () => {
      const a = await get(ORIGIN_API_PATHS.geneOriginDetail, { barcode: ME, province: '35' }, { cookie: me });
      expect(a.data).toMatchObject({ province: { code: '35', name: '福建省' }, share: 0.0319, cities: [], otherCities: 1 });
      expect(a.data.relatives).toHaveLength(1);
      expect(a.data.relatives[0]).toMatchObject({ relativeId: idOf('R5'), name: '林女士', city: { code: '3501', name: '福州市' } });
    });

    it('common origin: the relatives I share with one relative, consenting ones only', async () => {
      const a = await get(ORIGIN_API_PATHS.geneOriginCommon, { barcode: ME, relative: idOf('R1') }, { cookie: me });
      expect(a.data).toMatchObject({
        relative: { relativeId: idOf('R1'), name: '陈大文' },
        sharedRelatives: 2,
        places: [
          { code: '44', share: 0.8696, count: 1 },
          { code: '35', share: 0.1304, count: 1 },
        ],
      });
      neverShown(a);
      for (const who of [idOf('N1'), idOf('W1'), matchId('og-me', 'og-outsider'), matchId('og-outsider', personOf('R1')), 'f'.repeat(32)]) {
        const b = await get(ORIGIN_API_PATHS.geneOriginCommon, { barcode: ME, relative: who }, { cookie: me });
        expect(b).toMatchObject({ code: CODES.NOT_FOUND.code, msg: '亲人不存在', data: null });
      }
      // A barcode is not an id here.
      const byBarcode = await get(ORIGIN_API_PATHS.geneOriginCommon, { barcode: ME, relative: barcodeOf('R1') }, { cookie: me });
      expect(byBarcode).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '亲人不存在' });
      const none = await get(ORIGIN_API_PATHS.geneOriginCommon, { barcode: ME }, { cookie: me });
      expect(none).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '请选择一位亲人' });
    });

    it('my origin: my own province and city against the DNA-suggested origin', async () => {
      const a = await get(ORIGIN_API_PATHS.geneOriginMine, { barcode: ME }, { cookie: me });
      expect(a.data).toEqual({
        unavailable: null,
        birthplace: { province: { code: '44', name: '广东省' }, city: { code: '4401', name: '广州市' } },
        topOrigin: { code: '44', name: '广东省', share: 0.9681, count: 4 },
        ownProvinceShare: 0.9681,
        agreement: 'same',
        confidence: 'medium',
      });
    });
  });

  describe('clan relations', () => {
    it('Y-tree common ancestors: published ages where they exist, deeper nodes younger', () => {
      expect(commonYAncestor('O1a', 'O1a1a1a')).toEqual({ node: 'O1a', ybp: 16538, basis: 'published' });
      expect(commonYAncestor(ME_Y, 'O1a1a1a')).toEqual({ node: 'O', ybp: 34042, basis: 'published' });
      const a = commonYAncestor(ME_Y, 'O2a1b1a1a1b');
      const b = commonYAncestor(ME_Y, 'O2a1b1a1a2');
      expect(a?.node).toBe('O2a1b1a1a1');
      expect(b?.node).toBe('O2a1b1a1a');
      expect(a?.basis).toBe('interpolated');
      expect(a?.ybp).toBeLessThan(b?.ybp as number);
      expect(b?.ybp).toBeLessThan(34042);
      // Nine levels under the dated O node: far younger than O, in the range of known O2 subclades.
      expect(a?.ybp).toBeGreaterThan(4000);
      expect(a?.ybp).toBeLessThan(9000);
      // An undated node is never younger than a dated node beneath it (K2 above K2b).
      expect(commonYAncestor('K2b', 'K2c')).toEqual({ node: 'K2', ybp: 48572, basis: 'interpolated' });
      expect(commonYAncestor(ME_Y, 'not-a-haplogroup')).toBeNull();
    });

    it('consenting men of my Y lineage within 16500 years, nearest first; DNA matches dated by grade', async () => {
      const a = await get(ORIGIN_API_PATHS.clanRelations, { barcode: ME }, { cookie: me });
      expect(a.code).toBe(0);
      expect(a.data).toMatchObject({
        unavailable: null,
        haplogroup: ME_Y,
        maxYear: CLAN_MAX_YEAR_DEFAULT,
        sort: 'COMMON_ANCESTOR_YEAR_ASC',
      });
      expect(a.data.list.map((m: { relativeId: string }) => m.relativeId)).toEqual([idOf('R1'), idOf('C1')]);
      expect(a.data.list[0]).toMatchObject({
        name: '陈大文',
        commonNode: ME_Y,
        years: 90,
        yearsRange: [60, 120],
        basis: 'autosomal',
        grade: '4-6',
      });
      expect(a.data.list[1]).toMatchObject({
        name: '赵先生',
        commonNode: 'O2a1b1a1a1',
        basis: 'interpolated',
        grade: null,
        province: { code: '35' },
      });
      expect(a.data.list[1].years).toBeLessThanOrEqual(CLAN_MAX_YEAR_DEFAULT);
      expect(a.data.groups.map((g: { commonNode: string; count: number }) => [g.commonNode, g.count])).toEqual([
        [ME_Y, 1],
        ['O2a1b1a1a1', 1],
      ]);
      neverShown(a);
      expect(everyName(a)).not.toContain('钱');
    });

    it('a larger max year reaches the shared O node; descending sort and paging', async () => {
      const a = await get(
        ORIGIN_API_PATHS.clanRelations,
        { barcode: ME, maxYear: 40000, sort: 'COMMON_ANCESTOR_YEAR_DESC' },
        { cookie: me },
      );
      expect(a.data.list.map((m: { relativeId: string }) => m.relativeId)).toEqual([idOf('C2'), idOf('C1'), idOf('R1')]);
      // C2 is a DNA match (5-6) of another Y line: dated by the Y tree, not by the match.
      expect(a.data.list[0]).toMatchObject({ commonNode: 'O', years: 34042, yearsRange: null, basis: 'published', grade: '5-6' });
      expect(a.data.total).toBe(3);
      const page2 = await get(ORIGIN_API_PATHS.clanRelations, { barcode: ME, maxYear: 40000, page: 2 }, { cookie: me });
      expect(page2.data).toMatchObject({ total: 3, page: 2, list: [] });
      for (const bad of [{ maxYear: 0 }, { maxYear: 'x' }, { sort: 'NAME' }, { page: 0 }] as Record<string, string | number>[]) {
        const b = await get(ORIGIN_API_PATHS.clanRelations, { barcode: ME, ...bad }, { cookie: me });
        expect(b.code).toBe(CODES.BAD_REQUEST.code);
      }
    });

    it('base info: the owner turns showFullName and openClanRelation; others cannot', async () => {
      const before = await get(ORIGIN_API_PATHS.clanBaseInfo, { barcode: ME }, { cookie: me });
      expect(before.data).toEqual({ barcode: ME, showFullName: false, openClanRelation: true, consented: true });
      expect((await put({ barcode: ME, showFullName: true }, outsider)).code).toBe(CODES.NOT_FOUND.code);
      expect((await put({ barcode: ME, showFullName: true }, carol)).code).toBe(CODES.NO_PERMISSION.code);
      expect((await put({ barcode: ME }, me)).code).toBe(CODES.BAD_REQUEST.code);
      const after = await put({ barcode: ME, showFullName: true, openClanRelation: false }, me);
      expect(after.data).toEqual({ barcode: ME, showFullName: true, openClanRelation: false, consented: true });
      const [sw] = await t.database.db
        .select()
        .from(schema.privacySwitches)
        .where(and(eq(schema.privacySwitches.personId, 'og-me'), eq(schema.privacySwitches.feature, 'showFullName')));
      expect(sw.open).toBe(true);
      const closed = await get(ORIGIN_API_PATHS.clanRelations, { barcode: ME }, { cookie: me });
      expect(closed.data).toMatchObject({ unavailable: 'clanClosed', total: 0, list: [] });
      expect((await put({ barcode: ME, openClanRelation: true }, me)).data.openClanRelation).toBe(true);
    });

    it('a relative who closes clan relations disappears from the list', async () => {
      await t.database.db
        .update(schema.relativeConsents)
        .set({ openClanRelation: false })
        .where(eq(schema.relativeConsents.personId, personOf('C1')));
      const a = await get(ORIGIN_API_PATHS.clanRelations, { barcode: ME }, { cookie: me });
      expect(a.data.list.map((m: { relativeId: string }) => m.relativeId)).toEqual([idOf('R1')]);
    });

    it('openClanRelation needs a live consent', async () => {
      const { relativeConsents } = schema;
      await t.database.db.update(relativeConsents).set({ withdrawnAt: t.clock.now }).where(eq(relativeConsents.personId, 'og-me'));
      const a = await put({ barcode: ME, openClanRelation: true }, me);
      expect(a).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '请先在基因亲人协议页开启基因亲人功能' });
      await t.database.db.update(relativeConsents).set({ withdrawnAt: null }).where(eq(relativeConsents.personId, 'og-me'));
    });
  });
});
