import { createHash } from 'node:crypto';
import { DEMO_FAMILY, type DemoFamilyMember, schema } from '@jiyin/db';
import {
  type ChipName,
  callsOf,
  callsOnChip,
  kbFrequencyOverrides,
  type Simulation,
  simulatePedigree,
  simulationPanel,
  type Vendor,
} from '@jiyin/genome';
import { and, eq } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { IMPORT_JOB, type ImportPayload, runImport } from './pipeline.ts';
import { vendorFileBytes } from './simulated.ts';
import { rawFileKey } from './uploads.ts';

const { kits, rawFiles, importJobs } = schema;

/**
 * Seed of the demo family: one run of the engine's 'extended-family' pedigree, on real markers only
 * (the simulation panel), gives the demo person ('daughter') and every demo relative their genome,
 * so the same family appears on every install. Their report markers are drawn from East Asian allele
 * frequencies (kbFrequencyOverrides), so the demo person's report reads like a typical customer's.
 */
export const DEMO_FAMILY_SEED = 2;

/**
 * The chip each demo person was "tested" on, as customers bring files of different vendors: the
 * demo shows matching across chips (the overlap on the detail page) with realistic layouts.
 */
const DEMO_CHIPS: Record<string, { chip: ChipName; vendor: Vendor }> = {
  daughter: { chip: '23andme-v5', vendor: '23andme' },
  son: { chip: '23andme-v5', vendor: '23andme' },
  aunt: { chip: 'ancestry-v2', vendor: 'ancestry' },
  cousin: { chip: 'ancestry-v2', vendor: 'ancestry' },
  'second-cousin': { chip: '23andme-v5', vendor: '23andme' },
  unrelated1: { chip: 'ancestry-v2', vendor: 'ancestry' },
  unrelated2: { chip: '23andme-v5', vendor: '23andme' },
};
const chipOf = (role: string) => DEMO_CHIPS[role] ?? DEMO_CHIPS.daughter;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

let family: Simulation | undefined;
function demoFamily(): Simulation {
  if (!family) {
    const panel = simulationPanel();
    family = simulatePedigree('extended-family', {
      panel,
      seed: DEMO_FAMILY_SEED,
      populationOptions: { freqAt: kbFrequencyOverrides(panel) },
    });
  }
  return family;
}

/**
 * The import job of one demo person's simulated raw file (23andMe or AncestryDNA, see DEMO_CHIPS), creating the file and the job when this
 * family's file is not there yet. Null when the member's kit is no longer theirs (someone changed
 * the demo data) or their file was imported already.
 */
async function demoImportJob(deps: Deps, m: DemoFamilyMember): Promise<string | null> {
  const { db } = deps.database;
  const [kit] = await db.select().from(kits).where(eq(kits.barcode, m.barcode));
  if (kit?.personId !== m.person.id) return null;
  // The seed names the file as its vendor would (a customer's download); a new name means new genomes.
  const fileName = m.fileName;
  const [file] = await db
    .select()
    .from(rawFiles)
    .where(and(eq(rawFiles.personId, m.person.id), eq(rawFiles.fileName, fileName)));
  if (file) {
    const [job] = await db.select().from(importJobs).where(eq(importJobs.rawFileId, file.id));
    return job && job.stage !== 'done' && job.stage !== 'failed' ? job.id : null;
  }
  const simulated = demoFamily().people.find((p) => p.id === m.role);
  if (!simulated) throw new Error(`the demo family has no ${m.role}`);
  const { chip, vendor } = chipOf(m.role);
  const bytes = vendorFileBytes(callsOnChip(callsOf(demoFamily().family, simulated.genome), chip), vendor);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const id = newId();
  const storageKey = rawFileKey(m.person.ownerUserId, id);
  await deps.storage.put(storageKey, bytes);
  const now = deps.now();
  return db.transaction(async (tx) => {
    await tx.insert(rawFiles).values({
      id,
      userId: m.person.ownerUserId,
      personId: m.person.id,
      fileName,
      size: bytes.length,
      receivedBytes: bytes.length,
      sha256,
      storageKey,
      state: 'stored',
      createdAt: now,
      completedAt: now,
    });
    // The lab kit is the detection the reports belong to (an import by a user makes an 'IM' one).
    const [job] = await tx
      .insert(importJobs)
      .values({
        id: newId(),
        userId: m.person.ownerUserId,
        personId: m.person.id,
        rawFileId: id,
        fileSha256: sha256,
        barcode: m.barcode,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return job.id;
  });
}

/**
 * Start-up seeding of the demo account's person (kit JY0000000300): its simulated 23andMe file is
 * imported through the import pipeline itself, as a user's upload would be, before the site serves,
 * so its reports are there on the first page. An interrupted run resumes its import job; an install
 * seeded with an older demo genome gets this family's genome over it. Answers whether it imported.
 */
export async function seedDemoGenome(deps: Deps, log?: Log): Promise<boolean> {
  const member = DEMO_FAMILY[0];
  const jobId = await demoImportJob(deps, member);
  if (!jobId) return false;
  await runImport(deps, jobId, log);
  const [after] = await deps.database.db.select().from(importJobs).where(eq(importJobs.id, jobId));
  if (after?.stage !== 'done')
    log?.warn({ importJobId: jobId, stage: after?.stage, error: after?.errorMessage }, 'demo genome import did not finish');
  return after?.stage === 'done';
}

/**
 * The demo person's relatives (they have all joined gene relatives): their files are queued as
 * imports once the site serves, so start-up does not wait for them; each import then queues its
 * matching, which finds the family. Answers how many imports it queued.
 */
export async function seedDemoRelatives(deps: Deps, log?: Log): Promise<number> {
  let queued = 0;
  for (const m of DEMO_FAMILY.slice(1)) {
    const jobId = await demoImportJob(deps, m);
    if (!jobId) continue;
    await deps.queue.send<ImportPayload>(IMPORT_JOB, { importJobId: jobId }, { singletonKey: jobId });
    queued++;
    // Writing a 640,000-line file is synchronous work: let requests through between files.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (queued) log?.info({ queued }, 'demo relatives: imports queued');
  family = undefined;
  return queued;
}
