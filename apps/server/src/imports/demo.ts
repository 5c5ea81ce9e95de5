import { createHash } from 'node:crypto';
import { DEMO_BOUND_KIT, DEMO_PERSON, schema } from '@jiyin/db';
import { and, eq } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { runImport } from './pipeline.ts';
import { simulatedCalls, vendorFileBytes } from './simulated.ts';
import { rawFileKey } from './uploads.ts';

const { kits, reportResults, rawFiles, importJobs } = schema;

/** Seed of the demo person's simulated genome: the same genome on every install. */
export const DEMO_GENOME_SEED = 300;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * Start-up seeding: the demo account's person (kit JY0000000300) gets a genome and reports by
 * importing a simulated 23andMe file through the import pipeline itself, as a user's upload would.
 * Runs while the kit is still the demo person's and has no reports yet; an interrupted run resumes
 * its import job. Answers whether it imported.
 */
export async function seedDemoGenome(deps: Deps, log?: Log): Promise<boolean> {
  const { db } = deps.database;
  const [kit] = await db.select().from(kits).where(eq(kits.barcode, DEMO_BOUND_KIT.barcode));
  if (kit?.personId !== DEMO_PERSON.id) return false;
  const [computed] = await db.select({ barcode: reportResults.barcode }).from(reportResults).where(eq(reportResults.barcode, kit.barcode));
  if (computed) return false;

  let [job] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.personId, DEMO_PERSON.id), eq(importJobs.barcode, kit.barcode)));
  if (!job) {
    const bytes = vendorFileBytes(simulatedCalls(DEMO_GENOME_SEED, DEMO_PERSON.gender));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const id = newId();
    const storageKey = rawFileKey(DEMO_PERSON.ownerUserId, id);
    await deps.storage.put(storageKey, bytes);
    const now = deps.now();
    await db.insert(rawFiles).values({
      id,
      userId: DEMO_PERSON.ownerUserId,
      personId: DEMO_PERSON.id,
      fileName: 'genome_demo_23andme.txt',
      size: bytes.length,
      receivedBytes: bytes.length,
      sha256,
      storageKey,
      state: 'stored',
      createdAt: now,
      completedAt: now,
    });
    // The lab kit is the detection the reports belong to (an import by a user makes an 'IM' one).
    [job] = await db
      .insert(importJobs)
      .values({
        id: newId(),
        userId: DEMO_PERSON.ownerUserId,
        personId: DEMO_PERSON.id,
        rawFileId: id,
        fileSha256: sha256,
        barcode: kit.barcode,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  }
  await runImport(deps, job.id, log);
  const [after] = await db.select().from(importJobs).where(eq(importJobs.id, job.id));
  if (after?.stage !== 'done')
    log?.warn({ importJobId: job.id, stage: after?.stage, error: after?.errorMessage }, 'demo genome import did not finish');
  return after?.stage === 'done';
}
