import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as genome from '@jiyin/genome';

const fixture = fileURLToPath(new URL('./fixtures/raw/23andme_v5.txt', import.meta.url));

describe('@jiyin/genome public API', () => {
  it('exports every part the server uses', () => {
    for (const name of [
      'parseRawFile',
      'parseRawStream',
      'detectFormat',
      'normaliseCalls',
      'decideBuild',
      'qcOf',
      'assertReportable',
      'loadPanel',
      'packGenome',
      'serialisePacked',
      'deserialisePacked',
      'lookupsFromCalls',
      'lookupsFromPacked',
      'evaluateReports',
      'loadKnowledgeBase',
      'callYHaplogroup',
      'callMtHaplogroup',
      'yPathOf',
      'mtPathOf',
      'matchGenomes',
      'matchOneToMany',
      'classifyRelationship',
      'simulatePedigree',
      'writeVendorFile',
      'GenomeError',
    ]) {
      expect(typeof (genome as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('goes from a raw file to a stored genome and reports through the package entry alone', async () => {
    const panel = genome.loadPanel();
    const parsed = await genome.parseRawFile(fixture, { panel });
    const stored = genome.serialisePacked(genome.packGenome(parsed.calls, panel, parsed.sex));
    const back = genome.deserialisePacked(stored);
    const fromFile = genome.evaluateReports(genome.lookupsFromCalls(parsed.calls));
    const fromStore = genome.evaluateReports(genome.lookupsFromPacked(back, panel));
    // The packed genome keeps every panel marker, and every knowledge-base marker is on the panel.
    expect(fromStore.map((r) => [r.id, r.status, r.result?.code])).toEqual(fromFile.map((r) => [r.id, r.status, r.result?.code]));
  });
});
