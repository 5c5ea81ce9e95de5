import { ACCOUNT_PATHS, type PersonView } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  NEW_RELATIVE_NOTICE_TYPE,
  RELATIVES_API_PATHS,
  RELATIVES_PROTOCOL_VERSION,
  type RelativeDetailView,
  type RelativeSummary,
} from '@jiyin/contracts/relativesApi';
import { schema, testDatabaseTargets } from '@jiyin/db';
import {
  callsOf,
  deserialisePacked,
  emptyPacked,
  loadPanel,
  OVERLAP_FLOOR,
  packGenome,
  type RawCall,
  type Sex,
  type Simulation,
  serialisePacked,
  simulatePedigree,
  simulationPanel,
} from '@jiyin/genome';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/auth/tokens.ts';
import { vendorFileBytes } from '../src/imports/simulated.ts';
import { openRepack, runRepack } from '../src/imports/repack.ts';
import { rawFileKey } from '../src/imports/uploads.ts';
import { runRelativesMatch } from '../src/relatives/match.ts';
import { genomeColumns } from './genomes.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

const { kits, genomes, genomeLayouts, genomeRepacks, relativeMatches, relativeConsents, notifications, rawFiles, relativesGate } = schema;

let simulated: Simulation | undefined;
function family(): Simulation {
  simulated ??= simulatePedigree('extended-family', { panel: simulationPanel(), seed: 11 });
  return simulated;
}
function callsOfRole(role: string, sex: Sex): RawCall[] {
  const sim = family();
  const g = sim.people.find((p) => p.id === role)?.genome;
  if (!g) throw new Error(`no ${role}`);
  return callsOf(sim.family, { ...g, sex: sex === 'unknown' ? 'female' : sex });
}

/**
 * Another chip: the markers at every `keep`-th autosomal/X position (offset `phase`), plus all Y and
 * MT lines, as a file of that chip would list them.
 */
function chip(calls: RawCall[], keep: number, phase = 0): RawCall[] {
  let k = 0;
  return calls.filter((c) => c.chrom === 'Y' || c.chrom === 'MT' || k++ % keep === phase);
}

describe.each(testDatabaseTargets())('relatives across chip layouts on $name', (target) => {
  let t: TestApp;
  let cookie = '';
  let ownerId = '';
  const person: Record<string, string> = {};

  const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> =>
    (await t.app.inject({ method, url, headers: { cookie }, payload })).json();

  /** A person of the test user with a kit, a genome on the given calls' own layout, and consent. */
  async function addPerson(key: string, name: string, gender: 'male' | 'female', calls: RawCall[]): Promise<void> {
    const made = await call('POST', ACCOUNT_PATHS.persons, { name, gender });
    person[key] = (made.data as PersonView).id;
    await t.database.db.insert(kits).values({ barcode: key, productId: 'STANDARD_ANCESTRY', personId: person[key], boundAt: t.clock.now });
    await t.database.db.insert(genomes).values({
      barcode: key,
      personId: person[key],
      ...(await genomeColumns(t.database.db, calls, gender)),
      vendor: '23andme',
      build: 'GRCh37',
      sex: gender,
      callRate: 0.99,
      createdAt: t.clock.now,
    });
    await t.database.db
      .insert(relativeConsents)
      .values({ personId: person[key], userId: ownerId, protocolVersion: RELATIVES_PROTOCOL_VERSION, consentedAt: t.clock.now });
  }

  const listOf = async (key: string) => (await call('GET', `${RELATIVES_API_PATHS.list}?barcode=${key}`)).data.list as RelativeSummary[];

  beforeAll(async () => {
    t = await startTestApp(target);
    cookie = await signUpUser(t, '13800009101');
    ownerId = (await call('GET', API_PATHS.userInfo)).data.userId;
  }, 120_000);
  afterAll(() => t.close());

  it('matches across chips on the markers both carry, and below the overlap floor says it cannot tell', async () => {
    const daughter = callsOfRole('daughter', 'female');
    await addPerson('LY0000000001', '林晓雨', 'female', daughter);
    // Her brother on a chip with half her markers; her father on a chip sharing a twelfth of hers.
    await addPerson('LY0000000002', '林晓峰', 'male', chip(callsOfRole('son', 'male'), 2));
    await addPerson('LY0000000003', '林国栋', 'male', chip(callsOfRole('father', 'male'), 12));
    const layouts = await t.database.db.select({ id: genomeLayouts.id, n: genomeLayouts.markerCount }).from(genomeLayouts);
    expect(layouts).toHaveLength(3);

    const stats = await runRelativesMatch(t.app.deps, 'LY0000000001');
    expect(stats).toMatchObject({ layouts: 2, compared: 2, fromDatabase: 2, fromMemory: 0 });
    const list = await listOf('LY0000000001');
    expect(list).toHaveLength(2);
    const brother = list.find((r) => r.relative.name === '林先生' && r.grade !== null);
    const father = list.find((r) => r.insufficientOverlap);
    expect(brother?.grade?.grade).toBe('2-3');
    const ownLayout = layouts.find((l) => l.n === Math.max(...layouts.map((x) => x.n)));
    expect(brother?.overlapMarkers).toBeLessThan(ownLayout?.n as number);
    expect(brother?.overlapMarkers).toBeGreaterThan(OVERLAP_FLOOR);
    // The father's chip overlaps hers below the floor: listed, with the overlap, but never graded.
    expect(father).toMatchObject({ insufficientOverlap: true, grade: null });
    expect(father?.overlapMarkers).toBeLessThan(OVERLAP_FLOOR);
    const detail = (await call('GET', `${fillPattern(RELATIVES_API_PATHS.detail, { id: father?.id as string })}?barcode=LY0000000001`))
      .data as RelativeDetailView;
    expect(detail).toMatchObject({ insufficientOverlap: true, grade: null, overlapMarkers: father?.overlapMarkers });
    // Only the graded relative was announced (type 17 goes to the relatives' owner: the same user here).
    const notices = await t.database.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(and(eq(notifications.userId, ownerId), eq(notifications.type, NEW_RELATIVE_NOTICE_TYPE)));
    expect(notices).toHaveLength(1);
    expect(notices[0].content).toContain('2-3');
  }, 240_000);

  it("keeps the worker's memory in line with the database: withdrawal, deletion and re-import", async () => {
    // The previous job read the two others into the matching thread's memory; this one reads none of them again.
    const again = await runRelativesMatch(t.app.deps, 'LY0000000001');
    expect(again).toMatchObject({ compared: 2, fromDatabase: 0, fromMemory: 2 });
    const held = again?.heldGenomes as number;

    await t.database.db
      .update(relativeConsents)
      .set({ withdrawnAt: t.clock.now })
      .where(eq(relativeConsents.personId, person.LY0000000003));
    expect(await runRelativesMatch(t.app.deps, 'LY0000000001')).toMatchObject({ compared: 1, heldGenomes: held - 1 });
    expect(held).toBe(2);

    // The brother re-imports (same detection, newer file: a new storedAt): read once more, then held.
    t.clock.advance(60_000);
    await t.database.db.update(genomes).set({ createdAt: t.clock.now }).where(eq(genomes.barcode, 'LY0000000002'));
    expect(await runRelativesMatch(t.app.deps, 'LY0000000001')).toMatchObject({ compared: 1, fromDatabase: 1 });

    await t.database.db.delete(genomes).where(eq(genomes.barcode, 'LY0000000002'));
    expect(await runRelativesMatch(t.app.deps, 'LY0000000001')).toMatchObject({ compared: 0, heldGenomes: held - 2 });
    expect(await listOf('LY0000000001')).toEqual([]);
  }, 120_000);

  it('repacks stored genomes from their raw files: interrupted half-way, resumed, nothing twice', async () => {
    const { db } = t.database;
    // Four genomes stored the old way (packed against the panel, no layout), with their raw files
    // kept; one file is gone. Two share a chip, so three files make two layouts. A fifth has its
    // layout but its panel packing on jy-panel-v2 (the panel with invented markers, no longer shipped):
    // its packing there is stood in by an empty one of v2's size, which nothing can read any more.
    const cast = [
      { key: 'RP0000000001', role: 'aunt', gender: 'female', keep: 3 },
      { key: 'RP0000000002', role: 'cousin', gender: 'male', keep: 3 },
      { key: 'RP0000000003', role: 'second-cousin', gender: 'male', keep: 4 },
      { key: 'RP0000000004', role: 'unrelated1', gender: 'male', keep: 3, gone: true },
      { key: 'RP0000000005', role: 'unrelated2', gender: 'female', keep: 5, v2: true },
    ] as const;
    for (const c of cast) {
      const calls = chip(callsOfRole(c.role, c.gender), c.keep);
      const made = await call('POST', ACCOUNT_PATHS.persons, { name: `旧${c.role}`, gender: c.gender });
      const personId = (made.data as PersonView).id;
      person[c.key] = personId;
      await db.insert(kits).values({ barcode: c.key, productId: 'STANDARD_ANCESTRY', personId, boundAt: t.clock.now });
      const bytes = vendorFileBytes(calls);
      const id = newId();
      const storageKey = rawFileKey(ownerId, id);
      await t.app.deps.storage.put(storageKey, bytes);
      await db.insert(rawFiles).values({
        id,
        userId: ownerId,
        personId,
        fileName: `${c.key}.txt`,
        size: bytes.length,
        receivedBytes: bytes.length,
        storageKey,
        state: 'gone' in c ? 'deleted' : 'stored',
      });
      const stored =
        'v2' in c
          ? {
              ...(await genomeColumns(db, calls, c.gender)),
              panelPacked: serialisePacked(emptyPacked({ id: 'jy-panel-v2', size: 599_999 }, c.gender)),
            }
          : { packed: serialisePacked(packGenome(calls, loadPanel(), c.gender)), markerCount: calls.length };
      await db.insert(genomes).values({
        barcode: c.key,
        personId,
        ...stored,
        vendor: '23andme',
        build: 'GRCh37',
        sex: c.gender,
        callRate: 0.99,
        rawFileId: id,
        createdAt: t.clock.now,
      });
      await db
        .insert(relativeConsents)
        .values({ personId, userId: ownerId, protocolVersion: RELATIVES_PROTOCOL_VERSION, consentedAt: t.clock.now });
    }
    const layoutsBefore = (await db.select({ n: count() }).from(genomeLayouts))[0].n;

    // The first runner stops after two genomes (as a killed process would, between genomes).
    let seen = 0;
    await expect(
      runRepack(t.app.deps, undefined, (row) => {
        if (row.done + row.skipped >= 2 && ++seen) throw new Error('interrupted');
      }),
    ).rejects.toThrow('interrupted');
    const [half] = await db.select().from(genomeRepacks);
    expect(half).toMatchObject({ state: 'running', total: 5, done: 2, skipped: 0, cursor: 'RP0000000002' });
    expect((await openRepack(t.app.deps)).id).toBe(half.id);

    const progress: number[] = [];
    const done = await runRepack(t.app.deps, undefined, (row) => progress.push(row.done + row.skipped));
    expect(done).toMatchObject({ id: half.id, state: 'done', total: 5, done: 4, skipped: 1 });
    expect(progress).toEqual([2, 3, 4, 5]);
    const rows = await db
      .select({ barcode: genomes.barcode, layoutId: genomes.layoutId, panelPacked: genomes.panelPacked, packed: genomes.packed })
      .from(genomes)
      .where(
        inArray(
          genomes.barcode,
          cast.map((c) => c.key),
        ),
      );
    const byKey = Object.fromEntries(rows.map((r) => [r.barcode, r]));
    expect(byKey.RP0000000004.layoutId).toBeNull(); // its file is gone: left as it was
    expect(byKey.RP0000000001.layoutId).toBe(byKey.RP0000000002.layoutId);
    expect(byKey.RP0000000003.layoutId).not.toBe(byKey.RP0000000001.layoutId);
    for (const k of ['RP0000000001', 'RP0000000002', 'RP0000000003', 'RP0000000005']) {
      expect(deserialisePacked(byKey[k].panelPacked as Uint8Array).panelId).toBe(loadPanel().id);
    }
    expect((await db.select({ n: count() }).from(genomeLayouts))[0].n).toBe(layoutsBefore + 2);
    // The v2 genome moved to today's panel from its raw file, on its unchanged layout; the panel alone
    // changed, so it is neither gated nor matched again (matching never reads the panel).
    const v2 = await genomeColumns(db, chip(callsOfRole('unrelated2', 'female'), 5), 'female');
    expect(byKey.RP0000000005.layoutId).toBe(v2.layoutId);
    const moved = deserialisePacked(byKey.RP0000000005.panelPacked as Uint8Array);
    expect(moved.n).toBe(loadPanel().size);
    expect(Array.from(moved.hi)).toEqual(Array.from(deserialisePacked(v2.panelPacked).hi));
    expect(await db.select().from(relativesGate).where(eq(relativesGate.barcode, 'RP0000000005'))).toEqual([]);

    // A second run finds nothing new to move but the genome without a file; the first is untouched.
    const rerun = await runRepack(t.app.deps);
    expect(rerun).toMatchObject({ state: 'done', total: 1, done: 0, skipped: 1 });
    expect(await db.select().from(genomeRepacks).where(eq(genomeRepacks.id, half.id))).toMatchObject([{ done: 4, skipped: 1 }]);
    expect((await db.select({ n: count() }).from(genomes).where(isNull(genomes.layoutId)))[0].n).toBe(1);

    // Genomes stored before the gate pass it during the repack. These test files keep a third of a
    // chip's markers, which the gate rightly holds as a 23andMe layout (VENDOR_LAYOUT); staff release
    // them, as a review would, before matching runs again.
    const judged = await db
      .select()
      .from(relativesGate)
      .where(inArray(relativesGate.barcode, ['RP0000000001', 'RP0000000002']));
    expect(judged.map((g) => g.reasons.map((r) => r.code))).toEqual([['VENDOR_LAYOUT'], ['VENDOR_LAYOUT']]);
    await db
      .update(relativesGate)
      .set({ state: 'released' })
      .where(inArray(relativesGate.barcode, ['RP0000000001', 'RP0000000002']));
    // Matching runs again on the moved genomes: the aunt and the cousin (mother and son) find each other.
    await runRelativesMatch(t.app.deps, 'RP0000000001');
    const pair = await db
      .select({ grade: relativeMatches.grade, overlap: relativeMatches.overlapMarkers })
      .from(relativeMatches)
      .where(and(eq(relativeMatches.barcode, 'RP0000000001'), eq(relativeMatches.relativeBarcode, 'RP0000000002')));
    expect(pair).toHaveLength(1);
    expect(pair[0].grade).toBe('2-3');
  }, 300_000);
});
