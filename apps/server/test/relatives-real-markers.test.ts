import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { RELATIVES_API_PATHS, RELATIVES_PROTOCOL_VERSION, type RelativeSummary } from '@jiyin/contracts/relativesApi';
import { type ImportJobView, REPORT_API_PATHS, UPLOAD_CHUNK_BYTES, type UploadView } from '@jiyin/contracts/reportApi';
import { pipelineTestTarget } from '@jiyin/db';
import { callsOf, callsOnChip, chipLayout, type RawCall, simulatePedigree, simulationPanel } from '@jiyin/genome';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_JOB, RELATIVES_MATCH_JOB } from '../src/imports/pipeline.ts';
import { vendorFileBytes } from '../src/imports/simulated.ts';
import { drainQueue } from './drain.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

/**
 * A parent and child simulated on real markers only, each written as a consumer file of a realistic
 * chip (the child a 23andMe-v5-sized layout, the parent an AncestryDNA-v2-sized one: data/SOURCES.md,
 * "Chip layouts"), uploaded, imported and matched through the HTTP API like any customer's files.
 */
function parentAndChild(): { child: RawCall[]; parent: RawCall[]; parentSex: 'male' | 'female' } {
  const sim = simulatePedigree('parent-child', { panel: simulationPanel(), seed: 5 });
  const [pair] = sim.pairs;
  const parent = sim.people.find((p) => p.id === pair.a);
  const child = sim.people.find((p) => p.id === pair.b);
  if (!parent || !child) throw new Error('no parent-child pair');
  return {
    child: callsOnChip(callsOf(sim.family, child.genome), '23andme-v5'),
    parent: callsOnChip(callsOf(sim.family, parent.genome), 'ancestry-v2'),
    parentSex: parent.sex,
  };
}

describe.each([pipelineTestTarget()])('a child and a parent on real markers, through the HTTP API, on $name', (target) => {
  let t: TestApp;
  let cookie = '';
  const files = parentAndChild();

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
    (await t.app.inject({ method, url, payload: body as object, headers: { cookie, ...headers } })).json();

  async function importFor(name: string, gender: 'male' | 'female', bytes: Buffer, fileName: string): Promise<ImportJobView> {
    const personId = (await call('POST', ACCOUNT_PATHS.persons, { name, gender })).data.id as string;
    const created = await call('POST', REPORT_API_PATHS.uploads, { personId, fileName, size: bytes.length });
    expect(created.code, created.msg).toBe(0);
    let view: UploadView = created.data;
    const chunk = UPLOAD_CHUNK_BYTES;
    for (let offset = 0; offset < bytes.length; offset += chunk) {
      const res = await call('PUT', fillPattern(REPORT_API_PATHS.uploadOne, { id: view.id }), bytes.subarray(offset, offset + chunk), {
        'content-type': 'application/octet-stream',
        'upload-offset': String(offset),
      });
      expect(res.code, res.msg).toBe(0);
      view = res.data;
    }
    const queued = await call('POST', REPORT_API_PATHS.imports, { uploadId: view.id });
    expect(queued.code, queued.msg).toBe(0);
    await drainQueue(t, [IMPORT_JOB], 240_000);
    const job = (await call('GET', fillPattern(REPORT_API_PATHS.importOne, { id: queued.data.id }))).data as ImportJobView;
    expect(job).toMatchObject({ stage: 'done' });
    return job;
  }

  beforeAll(async () => {
    t = await startTestApp(target);
    cookie = await signUpUser(t, '13800009202');
  }, 120_000);
  afterAll(() => t.close());

  it('every marker of the files is a real rsid at its real GRCh37 position (no invented marker)', () => {
    const panel = simulationPanel();
    for (const calls of [files.child, files.parent]) {
      const wrong = calls.filter((c) => c.rsid.startsWith('jys') || panel.rsid[panel.indexOfPosition(c.chrom, c.pos)] !== c.rsid);
      expect(wrong.slice(0, 5)).toEqual([]);
    }
    expect(files.child.length).toBeGreaterThan(550_000);
    expect(files.parent.length).toBeGreaterThan(550_000);
  });

  it('imports both files and matches the parent at parent-child level across the two chips', async () => {
    const child = await importFor('林晓雨', 'female', vendorFileBytes(files.child, '23andme'), 'genome_v5.txt');
    const parent = await importFor('林国栋', files.parentSex, vendorFileBytes(files.parent, 'ancestry'), 'AncestryDNA.txt');
    expect(child.summary).toMatchObject({ vendor: '23andme', build: 'GRCh37' });
    expect(parent.summary).toMatchObject({ vendor: 'ancestry', build: 'GRCh37' });
    for (const job of [parent, child]) {
      const res = await call('POST', RELATIVES_API_PATHS.consent, { barcode: job.barcode, protocolVersion: RELATIVES_PROTOCOL_VERSION });
      expect(res.code, res.msg).toBe(0);
      await drainQueue(t, [RELATIVES_MATCH_JOB], 240_000);
    }
    const list = await call('GET', `${RELATIVES_API_PATHS.list}?barcode=${child.barcode}`);
    expect(list.code).toBe(0);
    const [match] = list.data.list as RelativeSummary[];
    expect(list.data.list).toHaveLength(1);
    expect(match.grade?.grade).toBe('2-3');
    expect(match.grade?.meaning).toBe('亲密或直系亲属');
    expect(match.insufficientOverlap).toBe(false);
    // Shared about half the genome: Shared cM Project v4 parent/child 2,376–3,720 cM.
    expect(match.sharedCm).toBeGreaterThan(2_376);
    expect(match.sharedCm).toBeLessThan(3_720);
    // The comparison saw only what both chips carry.
    const a = chipLayout('23andme-v5');
    const b = chipLayout('ancestry-v2');
    expect(match.overlapMarkers).toBeLessThan(Math.min(a.size, b.size));
    expect(match.overlapMarkers).toBeGreaterThan(100_000);
  }, 600_000);
});
