import { RELATIVES_API_PATHS, type RelativeSummary } from '@jiyin/contracts/relativesApi';
import { DEMO_FAMILY, DEMO_USER, schema, pipelineTestTarget } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_JOB, RELATIVES_MATCH_JOB } from '../src/imports/pipeline.ts';
import { seedDemoGenome, seedDemoRelatives } from '../src/imports/demo.ts';
import { drainQueue } from './drain.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

describe.each([pipelineTestTarget()])('the demo family on $name', (target) => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await startTestApp(target);
    const res = await t.app.inject({
      method: 'POST',
      url: '/web/api/new/user/signin',
      payload: { phoneNumber: DEMO_USER.phone, nationCode: '86', password: 'jiyin-demo-2026' },
    });
    cookie = `__token=${res.cookies.find((c) => c.name === '__token')?.value}`;
  }, 60_000);
  afterAll(() => t.close());

  it('imports every member from one simulated pedigree through the pipeline and the demo account sees its relatives graded', async () => {
    expect(await seedDemoGenome(t.app.deps)).toBe(true);
    expect(await seedDemoRelatives(t.app.deps)).toBe(DEMO_FAMILY.length - 1);
    await drainQueue(t, [IMPORT_JOB, RELATIVES_MATCH_JOB], 240_000);
    const res: Answer = (
      await t.app.inject({ method: 'GET', url: `${RELATIVES_API_PATHS.list}?barcode=${DEMO_FAMILY[0].barcode}`, headers: { cookie } })
    ).json();
    const list = res.data.list as RelativeSummary[];
    const seen = list.map((r) => [r.relative.name, r.grade?.grade]);

    // Brother (shows his name), aunt (hides it), first cousin (shows), second cousin (hides); the two unrelated are not there.
    expect(seen).toEqual([
      ['林晓峰', '2-3'],
      ['林女士', '3-4'],
      ['陈子涵', '4-6'],
      ['林先生', '5-6'],
    ]);
    // The aunt and the cousin brought AncestryDNA files: they are compared on the markers both chips
    // carry, fewer than the brother and the second cousin on the demo person's own 23andMe chip.
    const overlap = Object.fromEntries(list.map((r) => [r.relative.name, r.overlapMarkers]));
    expect(list.every((r) => !r.insufficientOverlap)).toBe(true);
    expect(overlap.林晓峰).toBe(overlap.林先生);
    expect(overlap.林女士).toBe(overlap.陈子涵);
    expect(overlap.林女士).toBeLessThan(overlap.林晓峰);
    expect(overlap.林女士).toBeGreaterThan(100_000);
    // A second start finds everything imported and queues nothing.
    expect(await seedDemoGenome(t.app.deps)).toBe(false);
    expect(await seedDemoRelatives(t.app.deps)).toBe(0);
    const files = await t.database.db.select().from(schema.rawFiles).where(eq(schema.rawFiles.personId, DEMO_FAMILY[0].person.id));
    expect(files.map((f) => f.fileName)).toEqual([DEMO_FAMILY[0].fileName]);
  }, 300_000);
});
