import { ACCOUNT_PATHS, type PersonView } from '@jiyin/contracts/accounts';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { STANDARD_SUBMODULES } from '@jiyin/contracts/reports';
import { schema } from '@jiyin/db';
import {
  callMtHaplogroup,
  callYHaplogroup,
  evaluateReports,
  type ItemResult,
  loadKnowledgeBase,
  loadPanel,
  lookupsFromPacked,
  type PackedGenome,
  serialisePacked,
  simulatePedigree,
} from '@jiyin/genome';
import { eq } from 'drizzle-orm';
import { acceptShareInvitations, signUpUser, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
export type Answer = { code: number; data: any; msg: string };

/** The item the fixture's chip "did not read": its markers answer as absent from the file. */
export const UNREAD_ITEM = loadKnowledgeBase().find((i) => i.category === 'disease')?.id as string;

interface Simulated {
  genome: PackedGenome;
  items: ItemResult[];
  haplogroups: { y: unknown; mt: unknown };
}

let simulated: Simulated[] | undefined;

/** Two real simulated genomes (a man and a woman), evaluated by the genome engine. */
function simulate(): Simulated[] {
  if (simulated) return simulated;
  const panel = loadPanel();
  const sim = simulatePedigree('parent-child', { panel, seed: 77 });
  const unread = new Set(
    loadKnowledgeBase()
      .find((i) => i.id === UNREAD_ITEM)
      ?.markers.map((m) => m.rsid),
  );
  const parents = ['father', 'mother'].map((id) => sim.people.find((p) => p.id === id));
  simulated = parents.map((p) => {
    if (!p) throw new Error('pedigree without parents');
    const genome: PackedGenome = { ...p.genome };
    const l = lookupsFromPacked(genome, panel);
    return {
      genome,
      items: evaluateReports({ byRsid: (rsid) => (unread.has(rsid) ? null : l.byRsid(rsid)) }),
      haplogroups: { y: callYHaplogroup(l), mt: callMtHaplogroup(l) },
    };
  });
  return simulated;
}

export interface ReportWorld {
  alice: string;
  bob: string;
  carol: string;
  dave: string;
  /** Alice's persons' barcodes: standard product, trait-only product, offline product, no report yet. */
  barcodes: { std: string; trait: string; offline: string; none: string; bob: string };
  persons: { std: string; trait: string; offline: string; none: string; bob: string };
  items: ItemResult[];
  /** When the fixture's reports were computed (ISO). */
  computedAt: string;
}

/**
 * Users and their reports, written as the import job would write them: Alice owns four persons
 * (standard, trait-only, offline product, and one without a report) and shares the first with Carol;
 * Bob owns one with a report; Dave has none.
 */
export async function seedReportWorld(t: TestApp, phonePrefix: string): Promise<ReportWorld> {
  const { db } = t.database;
  const { products, kits, reportResults, genomes } = schema;
  const [base] = await db.select().from(products).where(eq(products.id, 'STANDARD_ANCESTRY'));
  const product = (id: string, name: string, extra: Partial<typeof products.$inferInsert>) => ({
    ...base,
    id,
    name,
    online: false,
    isOnlineProduct: true,
    supportSubmodules: [...STANDARD_SUBMODULES],
    ...extra,
  });
  await db
    .insert(products)
    .values([
      product('RPT_STANDARD', '测试全能版', {}),
      product('RPT_TRAIT', '测试特质版', { supportSubmodules: ['traits'] }),
      product('RPT_OFFLINE', '测试线下版', { isOnlineProduct: false }),
    ]);

  const alice = await signUpUser(t, `${phonePrefix}01`, undefined, '爱丽丝');
  const bob = await signUpUser(t, `${phonePrefix}02`, undefined, '鲍勃');
  const carol = await signUpUser(t, `${phonePrefix}03`, undefined, '卡罗尔');
  const dave = await signUpUser(t, `${phonePrefix}04`, undefined, '戴夫');

  const createPerson = async (cookie: string, name: string, gender: 'male' | 'female') => {
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.persons, headers: { cookie }, payload: { name, gender } });
    return (res.json() as Answer).data as PersonView;
  };
  const persons = {
    std: (await createPerson(alice, '爱丽丝的儿子', 'male')).id,
    trait: (await createPerson(alice, '爱丽丝', 'female')).id,
    offline: (await createPerson(alice, '外婆', 'female')).id,
    none: (await createPerson(alice, '外公', 'male')).id,
    bob: (await createPerson(bob, '鲍勃', 'male')).id,
  };
  const barcodes = { std: 'RT0000000001', trait: 'RT0000000002', offline: 'RT0000000003', none: 'RT0000000004', bob: 'RT0000000005' };
  const productOf = { std: 'RPT_STANDARD', trait: 'RPT_TRAIT', offline: 'RPT_OFFLINE', none: 'RPT_STANDARD', bob: 'RPT_STANDARD' };
  const keys = Object.keys(barcodes) as (keyof typeof barcodes)[];
  await db.insert(kits).values(
    keys.map((k) => ({
      barcode: barcodes[k],
      productId: productOf[k],
      personId: persons[k],
      boundAt: t.clock.now,
      createdAt: t.clock.now,
    })),
  );

  const [man, woman] = simulate();
  const computedAt = t.clock.now;
  const withReport = { std: man, trait: woman, offline: woman, bob: man };
  for (const [k, g] of Object.entries(withReport) as [keyof typeof withReport, Simulated][]) {
    await db
      .insert(reportResults)
      .values({ barcode: barcodes[k], kbVersion: 'test', items: g.items, haplogroups: g.haplogroups, computedAt });
    const y = g.haplogroups.y as { haplogroup: string } | null;
    const mt = g.haplogroups.mt as { haplogroup: string } | null;
    await db.insert(genomes).values({
      barcode: barcodes[k],
      personId: persons[k],
      packed: serialisePacked(g.genome),
      vendor: '23andme',
      build: '37',
      sex: g.genome.sex === 'male' ? 'male' : 'female',
      callRate: 0.995,
      markerCount: g.genome.n,
      yHaplogroup: y?.haplogroup ?? null,
      mtHaplogroup: mt?.haplogroup ?? null,
      createdAt: t.clock.now,
    });
  }

  const shared = await t.app.inject({
    method: 'POST',
    url: fillPattern(ACCOUNT_PATHS.personShares, { id: persons.std }),
    headers: { cookie: alice },
    payload: { phoneNumber: `${phonePrefix}03`, nationCode: '86' },
  });
  if ((shared.json() as Answer).code !== 0) throw new Error(`share failed: ${shared.body}`);
  await acceptShareInvitations(t, carol);
  return { alice, bob, carol, dave, barcodes, persons, items: man.items, computedAt: computedAt.toISOString() };
}
