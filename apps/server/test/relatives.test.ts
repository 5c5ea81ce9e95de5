import { ACCOUNT_PATHS, type PersonView } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  NEW_RELATIVE_NOTICE_TYPE,
  RELATIVE_SORTS,
  RELATIVES_API_PATHS,
  RELATIVES_FOUND_NOTICE_TYPE,
  RELATIVES_PROTOCOL_VERSION,
  type RelativeDetailView,
  type RelativeSummary,
} from '@jiyin/contracts/relativesApi';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { callsOf, callsOnChip, GRADES, type Simulation, simulatePedigree, simulationPanel } from '@jiyin/genome';
import { and, count, eq, inArray, or } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELATIVES_MATCH_JOB } from '../src/imports/pipeline.ts';
import { runRelativesMatch } from '../src/relatives/match.ts';
import { matchId } from '../src/relatives/queries.ts';
import { drainQueue } from './drain.ts';
import { genomeColumns } from './genomes.ts';
import { acceptShareInvitations, signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

const { kits, genomes, persons, relativeMatches, relativeConsents, notifications, products } = schema;

let simulated: Simulation | undefined;
/**
 * One run of the engine's extended family on real markers: a clan seen from 'daughter', plus two
 * unrelated people; everyone's file is a 23andMe-v5-layout one (callsOnChip).
 */
function family(): Simulation {
  simulated ??= simulatePedigree('extended-family', { panel: simulationPanel(), seed: 2 });
  return simulated;
}

/** Who is who: the simulated role, the owner, and the name the person was given. */
const CAST = {
  A: { role: 'daughter', owner: 'alice', name: '林晓雨', gender: 'female' },
  F: { role: 'father', owner: 'alice', name: '林国栋', gender: 'male' },
  B: { role: 'son', owner: 'bob', name: '林晓峰', gender: 'male' },
  C: { role: 'aunt', owner: 'carol', name: '林秀珍', gender: 'female' },
  D: { role: 'second-cousin', owner: 'dave', name: '欧阳隐名', gender: 'male' },
  E: { role: 'cousin', owner: 'erin', name: '陈思远', gender: 'male' },
  U: { role: 'unrelated1', owner: 'ulrich', name: '王无关', gender: 'male' },
} as const;
type Key = keyof typeof CAST;
const USERS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'ulrich'] as const;
type UserName = (typeof USERS)[number];

const BIRTHPLACE = {
  province: { code: '35', name: '福建省' },
  city: { code: '3505', name: '泉州市' },
  district: { code: '350502', name: '鲤城区' },
};

describe.each(testDatabaseTargets())('gene relatives on $name', (target) => {
  let t: TestApp;
  const cookie = {} as Record<UserName, string>;
  const userId = {} as Record<UserName, string>;
  const person = {} as Record<Key, string>;
  const barcode = {} as Record<Key, string>;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: UserName | null, payload?: object): Promise<Answer> =>
    (await t.app.inject({ method, url, headers: who ? { cookie: cookie[who] } : {}, payload })).json();
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const list = (who: UserName, key: Key, extra: Record<string, string | number> = {}) =>
    call('GET', `${RELATIVES_API_PATHS.list}?${q({ barcode: barcode[key], ...extra })}`, who);
  const detail = (who: UserName, key: Key, id: string) =>
    call('GET', `${fillPattern(RELATIVES_API_PATHS.detail, { id })}?${q({ barcode: barcode[key] })}`, who);
  const join = (who: UserName, key: Key, protocolVersion: string = RELATIVES_PROTOCOL_VERSION) =>
    call('POST', RELATIVES_API_PATHS.consent, who, { barcode: barcode[key], protocolVersion });
  const withdraw = (who: UserName, key: Key) => call('DELETE', `${RELATIVES_API_PATHS.consent}?${q({ barcode: barcode[key] })}`, who);
  const names = (a: Answer) => (a.data.list as RelativeSummary[]).map((r) => r.relative.name).sort();

  const drain = () => drainQueue(t, [RELATIVES_MATCH_JOB]);

  const noticesOf = (who: UserName) =>
    t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, userId[who]), inArray(notifications.type, [RELATIVES_FOUND_NOTICE_TYPE, NEW_RELATIVE_NOTICE_TYPE])),
      );

  beforeAll(async () => {
    t = await startTestApp(target);
    for (const [i, u] of USERS.entries()) {
      cookie[u] = await signUpUser(t, `1380000${String(700 + i).padStart(4, '0')}`, undefined, `用户${u}`);
      userId[u] = (await call('GET', API_PATHS.userInfo, u)).data.userId;
    }
    const sim = family();
    for (const [i, [key, c]] of (Object.entries(CAST) as [Key, (typeof CAST)[Key]][]).entries()) {
      const made = await call('POST', ACCOUNT_PATHS.persons, c.owner, { name: c.name, gender: c.gender });
      person[key] = (made.data as PersonView).id;
      barcode[key] = `RL${String(i + 1).padStart(10, '0')}`;
      await t.database.db.update(persons).set({ birthplace: BIRTHPLACE }).where(eq(persons.id, person[key]));
      await t.database.db
        .insert(kits)
        .values({ barcode: barcode[key], productId: 'STANDARD_ANCESTRY', personId: person[key], boundAt: t.clock.now });
      const genome = sim.people.find((p) => p.id === c.role)?.genome;
      if (!genome) throw new Error(`no ${c.role}`);
      await t.database.db.insert(genomes).values({
        barcode: barcode[key],
        personId: person[key],
        ...(await genomeColumns(t.database.db, callsOnChip(callsOf(sim.family, { ...genome, sex: c.gender }), '23andme-v5'), c.gender)),
        vendor: '23andme',
        build: 'GRCh37',
        sex: c.gender,
        callRate: 0.995,
        yHaplogroup: c.gender === 'male' ? 'O2a2b1a1a' : 'Y-不应出现',
        mtHaplogroup: 'D4a1',
      });
    }
    // Bob shows his full name; everyone else keeps the default (masked).
    expect(
      (await call('PUT', fillPattern(ACCOUNT_PATHS.personPrivacy, { id: person.B }), 'bob', { feature: 'showFullName', open: true })).code,
    ).toBe(0);
    // Alice shares her daughter with Frank (read only).
    const frankPhone = `1380000${String(700 + USERS.indexOf('frank')).padStart(4, '0')}`;
    const shared = await call('POST', fillPattern(ACCOUNT_PATHS.personShares, { id: person.A }), 'alice', {
      phoneNumber: frankPhone,
      nationCode: '86',
    });
    expect(shared.code).toBe(0);
    expect(await acceptShareInvitations(t, cookie.frank)).toBe(1);
  }, 120_000);
  afterAll(() => t.close());

  it('before joining: the consent says so, the list is empty, and the privacy switch cannot be turned on', async () => {
    const consent = await call('GET', `${RELATIVES_API_PATHS.consent}?barcode=${barcode.A}`, 'alice');
    expect(consent.data).toMatchObject({
      joined: false,
      protocolVersion: null,
      consentedAt: null,
      currentVersion: RELATIVES_PROTOCOL_VERSION,
      canChange: true,
    });
    const empty = await list('alice', 'A');
    expect(empty.data).toMatchObject({ total: 0, list: [], page: 1, size: 10, sort: 'SIMILARITY', grade: null });
    expect(empty.data.grades).toEqual(GRADES.map((g) => ({ grade: g.grade, meaning: g.meaning, timeframe: g.timeframe })));

    const on = await call('PUT', fillPattern(ACCOUNT_PATHS.personPrivacy, { id: person.A }), 'alice', {
      feature: 'geneRelativesVisible',
      open: true,
    });
    expect(on).toMatchObject({ code: CODES.RELATIVES_CONSENT_REQUIRED.code, msg: expect.stringContaining('基因亲人服务协议') });
    const [row] = await t.database.db.select().from(relativeConsents).where(eq(relativeConsents.personId, person.A));
    expect(row).toBeUndefined();
  });

  it('joining records the version and time; matching through the queue finds everyone who joined, with the right grade', async () => {
    expect((await join('alice', 'A', '0.9')).code).toBe(CODES.RELATIVES_PROTOCOL_OUTDATED.code);
    for (const [who, key] of [
      ['alice', 'A'],
      ['alice', 'F'],
      ['bob', 'B'],
      ['dave', 'D'],
      ['erin', 'E'],
      ['ulrich', 'U'],
    ] as [UserName, Key][]) {
      t.clock.advance(60_000);
      const res = await join(who, key);
      expect(res.data).toMatchObject({
        joined: true,
        protocolVersion: RELATIVES_PROTOCOL_VERSION,
        consentedAt: t.clock.now.toISOString(),
        withdrawnAt: null,
      });
      await drain();
    }
    const mine = await list('alice', 'A');
    expect(mine.data.consent.joined).toBe(true);
    const byName = Object.fromEntries((mine.data.list as RelativeSummary[]).map((r) => [r.relative.name, r]));
    // Bob shows his name; the others show surname + 先生/女士. Carol never joined; U shares nothing.
    expect(Object.keys(byName).sort()).toEqual(['林先生', '林晓峰', '欧阳先生', '陈先生'].sort());
    expect(byName.林晓峰.grade).toEqual({ grade: '2-3', meaning: '亲密或直系亲属', timeframe: '不适用' });
    expect(byName.林先生.grade?.grade).toBe('2-3'); // her father, her own account's other person
    expect(byName.陈先生.grade?.grade).toBe('4-6');
    expect(byName.欧阳先生.grade?.grade).toBe('5-6');
    // Everyone here is on one chip layout: the comparison saw every marker, and every pair is graded.
    for (const r of mine.data.list as RelativeSummary[])
      expect(r).toMatchObject({ insufficientOverlap: false, overlapMarkers: byName.林晓峰.overlapMarkers });
    expect(byName.林晓峰.overlapMarkers).toBeGreaterThan(500_000);
    expect(byName.林晓峰.sharedPercent).toBeGreaterThan(35);
    expect(byName.林晓峰.sharedPercent).toBeLessThan(65);
    expect(byName.林晓峰.relative).toEqual({
      name: '林晓峰',
      fullName: true,
      gender: 'male',
      avatar: { type: 'color', startColor: expect.any(String), endColor: expect.any(String) },
      region: { province: '福建省', city: '泉州市' },
      yHaplogroup: 'O2a2b1a1a',
      mtHaplogroup: 'D4a1',
    });
    // Default sort is by similarity.
    const pct = (mine.data.list as RelativeSummary[]).map((r) => r.sharedPercent);
    expect(pct).toEqual([...pct].sort((a, b) => b - a));

    // Bob sees Alice's daughter masked, and her Y haplogroup is never shown (she is a woman).
    const bobs = await list('bob', 'B');
    const sister = (bobs.data.list as RelativeSummary[]).find((r) => r.relative.gender === 'female');
    expect(sister?.relative).toMatchObject({ name: '林女士', fullName: false, yHaplogroup: null, mtHaplogroup: 'D4a1' });

    // The privacy switch mirrors the consent.
    const views = (await call('GET', ACCOUNT_PATHS.persons, 'alice')).data.list as PersonView[];
    expect(views.find((p) => p.id === person.A)?.privacy.geneRelativesVisible).toBe(true);
    expect(
      (
        await call('PUT', fillPattern(ACCOUNT_PATHS.personPrivacy, { id: person.A }), 'alice', {
          feature: 'geneRelativesVisible',
          open: true,
        })
      ).code,
    ).toBe(0);
  }, 120_000);

  it("puts my side of each match in my data export, never the relative's barcode", async () => {
    const res = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.dataExport, headers: { cookie: cookie.alice } });
    const mine = JSON.parse(strFromU8(unzipSync(res.rawPayload)['my-data.json']));
    expect(mine.geneRelativesConsents.map((c: { personId: string }) => c.personId).sort()).toEqual([person.A, person.F].sort());
    const matches = mine.geneRelativesMatches as { barcode: string; grade: string; segments: unknown[] }[];
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.every((m) => m.barcode === barcode.A || m.barcode === barcode.F)).toBe(true);
    expect(matches.every((m) => m.segments.length > 0 && m.grade)).toBe(true);
    const text = strFromU8(unzipSync(res.rawPayload)['my-data.json']);
    for (const other of [barcode.B, barcode.D, barcode.E]) expect(text).not.toContain(other);
  });

  it('tells each owner about relatives found for the first time (types 7 and 17), never with a hidden name', async () => {
    const daves = await noticesOf('dave');
    const found = daves.find((n) => n.type === RELATIVES_FOUND_NOTICE_TYPE);
    expect(found).toMatchObject({ title: '发现基因亲人', relatedId: barcode.D, webviewUrl: `/report/gene-relatives?barcode=${barcode.D}` });
    // Dave joined after A, F and B: three relatives at once.
    expect(found?.content).toContain('新发现 3 位基因亲人');
    const alices = await noticesOf('alice');
    const aboutDave = alices.filter((n) => n.type === NEW_RELATIVE_NOTICE_TYPE && n.content.includes('欧阳先生'));
    expect(aboutDave.length).toBe(2); // for A and for F
    expect(aboutDave[0].fromUser).toMatchObject({ name: '欧阳先生' });
    expect(aboutDave[0].fromUser).not.toHaveProperty('barcode');
    // Dave's own notices name his person; nobody else's may.
    const others = (
      await t.database.db
        .select()
        .from(notifications)
        .where(inArray(notifications.type, [RELATIVES_FOUND_NOTICE_TYPE, NEW_RELATIVE_NOTICE_TYPE]))
    ).filter((n) => n.userId !== userId.dave);
    expect(others.length).toBeGreaterThan(5);
    const text = JSON.stringify(others);
    expect(text).not.toContain('欧阳隐名');
    expect(text).not.toContain(CAST.C.name);
    // The API answers the same notices to their owner only.
    const api = await call('GET', '/api/community/messages?module=notification&count=10&refresh_mode=-1', 'dave');
    expect(JSON.stringify(api.data)).toContain('新发现 3 位基因亲人');
  });

  it('never matches nor lists someone who has not joined, whatever the sort, filter or page', async () => {
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(relativeMatches)
      .where(or(eq(relativeMatches.personId, person.C), eq(relativeMatches.relativePersonId, person.C)));
    expect(Number(n)).toBe(0);
    for (const { value: sort } of RELATIVE_SORTS) {
      for (const grade of [undefined, ...GRADES.map((g) => g.grade)]) {
        const seen: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const res = await list('alice', 'A', { sort, page, ...(grade ? { grade } : {}) });
          expect(res.code).toBe(0);
          seen.push(...names(res));
          expect(JSON.stringify(res.data)).not.toContain(CAST.C.name);
        }
        const expected = { undefined: 4, '2-3': 2, '4-6': 1, '5-6': 1 }[String(grade)] ?? 0;
        expect(seen.length, `${sort} ${grade}`).toBe(expected);
      }
    }
    // The aunt would be grade 3-4: the filter says nothing about her.
    expect((await list('alice', 'A', { grade: '3-4' })).data.total).toBe(0);
    expect((await list('alice', 'A', { grade: '1-2' })).code).toBe(CODES.BAD_REQUEST.code);
    expect((await list('alice', 'A', { sort: 'RANDOM' })).code).toBe(CODES.BAD_REQUEST.code);
  });

  it('pages by 10 and sorts by each key, over consenting relatives only', async () => {
    // Twelve more persons with stored matches to A: nine take part, three withdrew (their rows linger).
    const { db } = t.database;
    const sim = family();
    const unrelated = sim.people.find((p) => p.id === 'unrelated2')?.genome as Simulation['people'][number]['genome'];
    const stored = await genomeColumns(db, callsOnChip(callsOf(sim.family, { ...unrelated, sex: 'female' }), '23andme-v5'), 'female');
    const extra: { id: string; name: string; live: boolean }[] = [];
    for (let i = 0; i < 12; i++) {
      const id = `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;
      const name = `赵测${'甲乙丙丁戊己庚辛壬癸子丑'[i]}`;
      const code = `RX${String(i).padStart(10, '0')}`;
      await db.insert(persons).values({ id, ownerUserId: userId.ulrich, name, gender: i % 2 ? 'male' : 'female' });
      await db.insert(kits).values({ barcode: code, productId: 'STANDARD_ANCESTRY', personId: id, boundAt: t.clock.now });
      await db.insert(genomes).values({ barcode: code, personId: id, ...stored, vendor: '23andme', build: 'GRCh37', callRate: 0.99 });
      const live = i < 9;
      await db.insert(relativeConsents).values({
        personId: id,
        userId: userId.ulrich,
        protocolVersion: RELATIVES_PROTOCOL_VERSION,
        consentedAt: t.clock.now,
        withdrawnAt: live ? null : t.clock.now,
      });
      const figures = {
        sharedCm: 20 + i * 3,
        longestCm: 30 - i,
        segmentCount: 2,
        sharedPercent: 0.2 + ((i * 7) % 12) * 0.01,
        grade: '9+',
        segments: [{ chrom: '1', start: 1_000_000, end: 9_000_000, cM: 10, markers: 800 }],
        createdAt: new Date(t.clock.now.getTime() + i * 1000),
      };
      await db.insert(relativeMatches).values([
        { barcode: barcode.A, relativeBarcode: code, personId: person.A, relativePersonId: id, ...figures },
        { barcode: code, relativeBarcode: barcode.A, personId: id, relativePersonId: person.A, ...figures },
      ]);
      extra.push({ id, name, live });
    }
    const hidden = new Set(extra.filter((x) => !x.live).map((x) => matchId(person.A, x.id)));
    for (const { value: sort } of RELATIVE_SORTS) {
      const pages = [1, 2, 3].map((page) => list('alice', 'A', { sort, page }));
      const [p1, p2, p3] = await Promise.all(pages);
      expect(p1.data.total).toBe(13);
      expect(p1.data.list).toHaveLength(10);
      expect(p2.data.list).toHaveLength(3);
      expect(p3.data.list).toHaveLength(0);
      const all = [...p1.data.list, ...p2.data.list] as RelativeSummary[];
      expect(new Set(all.map((r) => r.id)).size).toBe(13);
      expect(all.filter((r) => hidden.has(r.id))).toEqual([]);
      expect(all.filter((r) => r.relative.name.startsWith('赵'))).toHaveLength(9);
      expect(JSON.stringify([p1, p2, p3])).not.toContain('赵测');
      const key = { SIMILARITY: 'sharedPercent', SHARED_CM: 'sharedCm', LONGEST_SEGMENT: 'longestCm', NEWEST: 'foundAt' }[
        sort
      ] as keyof RelativeSummary;
      const values = all.map((r) => r[key] as number | string);
      expect(values).toEqual([...values].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    }
    // A filter counts live ones only too.
    expect((await list('alice', 'A', { grade: '9+' })).data.total).toBe(9);
    // Tidy up so the later checks see the real family only.
    await db.delete(relativeMatches).where(
      or(
        inArray(
          relativeMatches.personId,
          extra.map((x) => x.id),
        ),
        inArray(
          relativeMatches.relativePersonId,
          extra.map((x) => x.id),
        ),
      ),
    );
  });

  it('details one match: figures, §9 row, shared segment coordinates only, chromosomes to paint, and 发私信', async () => {
    const mine = (await list('alice', 'A')).data.list as RelativeSummary[];
    const brother = mine.find((r) => r.relative.name === '林晓峰') as RelativeSummary;
    const res = await detail('alice', 'A', brother.id);
    expect(res.code).toBe(0);
    const d = res.data as RelativeDetailView;
    expect(d).toMatchObject({
      id: brother.id,
      sharedCm: brother.sharedCm,
      segmentCount: d.segments.length,
      grade: brother.grade,
      chat: { available: true, note: '' },
    });
    expect(d.segments.length).toBeGreaterThan(20);
    for (const s of d.segments) expect(Object.keys(s).sort()).toEqual(['cM', 'chrom', 'end', 'start']);
    expect(Math.max(...d.segments.map((s) => s.cM))).toBeCloseTo(d.longestCm, 0);
    expect(d.chromosomes.map((c) => c.chrom)).toEqual([...Array.from({ length: 22 }, (_, i) => String(i + 1)), 'X']);
    expect(d.chromosomes[0]).toEqual({ chrom: '1', length: 249250621 });
    // Nothing of the relative beyond what they show and the shared coordinates.
    const text = JSON.stringify(res);
    for (const b of Object.values(barcode)) expect(text).not.toContain(b);
    for (const word of ['packed', 'genotype', 'hi', 'lo', 'personId', '鲤城区', 'Y-不应出现']) expect(text).not.toContain(`"${word}"`);
    expect(text).not.toContain('鲤城区');

    const cousin = mine.find((r) => r.relative.name === '欧阳先生') as RelativeSummary;
    const hiddenName = JSON.stringify(await detail('alice', 'A', cousin.id));
    expect(hiddenName).toContain('欧阳先生');
    expect(hiddenName).not.toContain('欧阳隐名');
    expect(hiddenName).not.toContain('隐名');
  });

  it('answers a foreign or unknown barcode, a foreign match id and a stranger exactly like a missing one', async () => {
    const unknown = await call('GET', `${RELATIVES_API_PATHS.list}?barcode=ZZ0000000000`, 'gina');
    expect(unknown.code).toBe(CODES.NOT_FOUND.code);
    for (const res of [
      await list('gina', 'A'),
      await call('GET', `${RELATIVES_API_PATHS.consent}?barcode=${barcode.A}`, 'gina'),
      await call('POST', RELATIVES_API_PATHS.consent, 'gina', { barcode: barcode.A, protocolVersion: RELATIVES_PROTOCOL_VERSION }),
      await call('DELETE', `${RELATIVES_API_PATHS.consent}?barcode=${barcode.A}`, 'gina'),
      await detail('gina', 'A', matchId(person.A, person.B)),
    ]) {
      expect({ code: res.code, msg: res.msg, data: res.data ?? null }).toEqual({
        code: unknown.code,
        msg: unknown.msg,
        data: unknown.data ?? null,
      });
    }
    // Bob's side of the same pair, asked through Alice's barcode, and an id that does not exist.
    expect((await detail('alice', 'A', matchId(person.B, person.A))).code).toBe(CODES.NOT_FOUND.code);
    expect((await detail('alice', 'A', 'f'.repeat(32))).code).toBe(CODES.NOT_FOUND.code);
    expect((await detail('alice', 'A', '../../etc')).code).not.toBe(0);
    // Not signed in: 1001.
    expect((await list(null as unknown as UserName, 'A')).code).toBe(CODES.NOT_LOGGED_IN.code);
    // Still joined after all that.
    const [row] = await t.database.db.select().from(relativeConsents).where(eq(relativeConsents.personId, person.A));
    expect(row.withdrawnAt).toBeNull();
  });

  it('lets a user the person is shared with read the list but not join or withdraw for it', async () => {
    const seen = await list('frank', 'A');
    expect(seen.data.total).toBe(4);
    expect(seen.data.consent.canChange).toBe(false);
    expect((await withdraw('frank', 'A')).code).toBe(CODES.NO_PERMISSION.code);
    expect((await join('frank', 'A')).code).toBe(CODES.NO_PERMISSION.code);
    expect((await list('alice', 'A')).data.total).toBe(4);
  });

  it('withdrawal hides the person from everyone at once, by the protocol page or by the privacy switch', async () => {
    const before = (await list('alice', 'A')).data.list as RelativeSummary[];
    const erin = before.find((r) => r.relative.name === '陈先生') as RelativeSummary;
    const out = await withdraw('erin', 'E');
    expect(out.data).toMatchObject({ joined: false, withdrawnAt: t.clock.now.toISOString() });
    const after = await list('alice', 'A');
    expect(names(after)).not.toContain('陈先生');
    expect(after.data.total).toBe(3);
    expect((await detail('alice', 'A', erin.id)).code).toBe(CODES.NOT_FOUND.code);
    expect((await list('erin', 'E')).data).toMatchObject({ total: 0, list: [], consent: { joined: false } });
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(relativeMatches)
      .where(or(eq(relativeMatches.personId, person.E), eq(relativeMatches.relativePersonId, person.E)));
    expect(Number(n)).toBe(0);

    const off = await call('PUT', fillPattern(ACCOUNT_PATHS.personPrivacy, { id: person.D }), 'dave', {
      feature: 'geneRelativesVisible',
      open: false,
    });
    expect(off.data.privacy.geneRelativesVisible).toBe(false);
    expect(names(await list('alice', 'A'))).not.toContain('欧阳先生');
    expect((await list('bob', 'B')).data.list.map((r: RelativeSummary) => r.relative.name)).not.toContain('欧阳先生');

    // Coming back needs the protocol again, and matching runs anew.
    t.clock.advance(60_000);
    expect((await join('dave', 'D')).data.joined).toBe(true);
    await drain();
    const back = ((await list('alice', 'A', { sort: 'NEWEST' })).data.list as RelativeSummary[])[0];
    expect(back.relative.name).toBe('欧阳先生');
    expect(back.foundAt).toBe(t.clock.now.toISOString());
  }, 60_000);

  it('a late joiner is matched when they join, and the relatives they already had are told', async () => {
    const before = (await noticesOf('alice')).length;
    t.clock.advance(60_000);
    expect((await join('carol', 'C')).data.joined).toBe(true);
    await drain();
    const aunt = ((await list('alice', 'A')).data.list as RelativeSummary[]).find((r) => r.relative.name === '林女士');
    expect(aunt?.grade?.grade).toBe('3-4');
    expect(names(await list('carol', 'C'))).toEqual(expect.arrayContaining(['林晓峰', '林女士', '林先生']));
    // Two new notices for Alice (her daughter and her father each gained a relative).
    const added = (await noticesOf('alice')).slice(before);
    expect(added.map((n) => n.type)).toEqual([NEW_RELATIVE_NOTICE_TYPE, NEW_RELATIVE_NOTICE_TYPE]);
    expect(added.every((n) => n.content.includes('林女士'))).toBe(true);
  }, 60_000);

  it('the matching job is idempotent: a second run writes the same rows and sends no notice', async () => {
    const snapshot = async () =>
      (
        await t.database.db
          .select()
          .from(relativeMatches)
          .where(or(eq(relativeMatches.personId, person.A), eq(relativeMatches.relativePersonId, person.A)))
      ).sort((a, b) => `${a.barcode}${a.relativeBarcode}`.localeCompare(`${b.barcode}${b.relativeBarcode}`));
    const notices = async () => Number((await t.database.db.select({ n: count() }).from(notifications))[0].n);
    const rows = await snapshot();
    const sent = await notices();
    t.clock.advance(60_000);
    const first = await runRelativesMatch(t.app.deps, barcode.A);
    const second = await runRelativesMatch(t.app.deps, barcode.A);
    expect(first?.newRelatives).toBe(0);
    expect(second?.matches).toBe(first?.matches);
    expect(await snapshot()).toEqual(rows);
    expect(await notices()).toBe(sent);
    // Someone who has not joined, or a barcode without a genome, is a no-op.
    await withdraw('ulrich', 'U');
    expect(await runRelativesMatch(t.app.deps, barcode.U)).toBeNull();
    expect(await runRelativesMatch(t.app.deps, 'ZZ0000000000')).toBeNull();
  }, 60_000);

  it('asks for an upgrade when the detection has no ancestry report', async () => {
    const { db } = t.database;
    const [base] = await db.select().from(products).where(eq(products.id, 'STANDARD_ANCESTRY'));
    await db.insert(products).values({ ...base, id: 'RL_TRAITS_ONLY', name: '测试特质版', online: false, supportSubmodules: ['traits'] });
    await db.insert(kits).values({ barcode: 'RL0000000099', productId: 'RL_TRAITS_ONLY', personId: person.U, boundAt: t.clock.now });
    const res = await call('GET', `${RELATIVES_API_PATHS.list}?barcode=RL0000000099`, 'ulrich');
    expect(res.code).toBe(CODES.SHOULD_UPGRADE.code);
    expect(
      (await call('POST', RELATIVES_API_PATHS.consent, 'ulrich', { barcode: 'RL0000000099', protocolVersion: RELATIVES_PROTOCOL_VERSION }))
        .code,
    ).toBe(CODES.SHOULD_UPGRADE.code);
  });
});
