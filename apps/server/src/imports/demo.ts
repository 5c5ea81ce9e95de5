import { DEMO_FAMILY, type DemoFamilyMember, schema } from '@jiyin/db';
import { and, eq } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { type DemoFile, demoFiles } from './demoFiles.ts';
import { IMPORT_JOB, type ImportPayload, runImport } from './pipeline.ts';
import { rawFileKey } from './uploads.ts';

const { kits, rawFiles, importJobs } = schema;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Where a demo person's import stands: its unfinished job, 'file-needed' when this family's file is not
 * there yet, null when the member's kit is no longer theirs (someone changed the demo data) or their file
 * was imported already.
 */
async function demoJobState(deps: Deps, m: DemoFamilyMember): Promise<string | 'file-needed' | null> {
  const { db } = deps.database;
  const [kit] = await db.select().from(kits).where(eq(kits.barcode, m.barcode));
  if (kit?.personId !== m.person.id) return null;
  // The seed names the file as its vendor would (a customer's download); a new name means new genomes.
  const [file] = await db
    .select()
    .from(rawFiles)
    .where(and(eq(rawFiles.personId, m.person.id), eq(rawFiles.fileName, m.fileName)));
  if (!file) return 'file-needed';
  const [job] = await db.select().from(importJobs).where(eq(importJobs.rawFileId, file.id));
  return job && job.stage !== 'done' && job.stage !== 'failed' ? job.id : null;
}

/** Stores a demo person's simulated raw file and creates its import job (on the person's lab kit). */
async function storeDemoFile(deps: Deps, m: DemoFamilyMember, { bytes, sha256 }: DemoFile): Promise<string> {
  const { db } = deps.database;
  const id = newId();
  const storageKey = rawFileKey(m.person.ownerUserId, id);
  await deps.storage.put(storageKey, bytes);
  const now = deps.now();
  return db.transaction(async (tx) => {
    await tx.insert(rawFiles).values({
      id,
      userId: m.person.ownerUserId,
      personId: m.person.id,
      fileName: m.fileName,
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
 * The files the demo family still lacks, being made by one thread run for both seeding steps: started by the
 * first step to need a file, for every member lacking one (the demo person first, DEMO_FAMILY's order), so
 * the family is simulated once. A member's entry is dropped once its file is taken.
 */
let made: Map<string, Promise<DemoFile>> | undefined;

async function demoFile(deps: Deps, m: DemoFamilyMember): Promise<DemoFile> {
  if (!made?.has(m.role)) {
    const lacking: string[] = [];
    for (const other of DEMO_FAMILY) if ((await demoJobState(deps, other)) === 'file-needed') lacking.push(other.role);
    made = demoFiles(lacking.includes(m.role) ? lacking : [m.role, ...lacking]);
  }
  const file = made.get(m.role) as Promise<DemoFile>;
  made.delete(m.role);
  return file;
}

/** The import jobs of these demo people still to run: unfinished ones resumed, new ones for those lacking this family's file. */
async function demoImportJobs(deps: Deps, members: DemoFamilyMember[]): Promise<string[]> {
  const jobs: string[] = [];
  for (const m of members) {
    const state = await demoJobState(deps, m);
    if (state === 'file-needed') jobs.push(await storeDemoFile(deps, m, await demoFile(deps, m)));
    else if (state) jobs.push(state);
  }
  return jobs;
}

/**
 * Start-up seeding of the demo account's person (kit JY0000000300): its simulated 23andMe file is
 * imported through the import pipeline itself, as a user's upload would be, before the site serves,
 * so its reports are there on the first page. An interrupted run resumes its import job; an install
 * seeded with an older demo genome gets this family's genome over it. Answers whether it imported.
 */
export async function seedDemoGenome(deps: Deps, log?: Log): Promise<boolean> {
  const [jobId] = await demoImportJobs(deps, [DEMO_FAMILY[0]]);
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
  const jobs = await demoImportJobs(deps, DEMO_FAMILY.slice(1));
  for (const jobId of jobs) await deps.queue.send<ImportPayload>(IMPORT_JOB, { importJobId: jobId }, { singletonKey: jobId });
  if (jobs.length) log?.info({ queued: jobs.length }, 'demo relatives: imports queued');
  return jobs.length;
}
