import { describe, expect, it } from 'vitest';
import { lookupsFromCalls, lookupsFromPacked } from '../src/lookup.ts';
import { codeAt, deserialisePacked, packGenome, serialisePacked } from '../src/pack.ts';
import { loadPanel } from '../src/panel.ts';
import { CHROMS, GenomeError, type NormalisedCall } from '../src/types.ts';

const panel = loadPanel();

describe('panel', () => {
  it('is sorted by chromosome then position, with consistent ranges and lookups', () => {
    // Real markers only (report, ancestry, build-detection and haplogroup-tree markers), each named.
    expect(panel.size).toBeGreaterThan(25_000);
    expect(panel.rsid.some((id) => !id || id.startsWith('jys'))).toBe(false);
    let k = 0;
    for (const c of CHROMS) {
      const [s, e] = panel.chromRange[c];
      expect(s).toBe(k);
      for (let i = s + 1; i < e; i++) if (panel.pos[i] <= panel.pos[i - 1]) throw new Error(`unsorted at ${i}`);
      k = e;
    }
    expect(k).toBe(panel.size);
    for (const i of [0, 1234, panel.size >>> 1, panel.size - 1]) {
      expect(panel.indexOfRsid(panel.rsid[i])).toBe(i);
      expect(panel.indexOfPosition(panel.chrom[i], panel.pos[i])).toBe(i);
      expect(panel.ref[i]).not.toBe(panel.alt[i]);
    }
    expect(panel.indexOfRsid('rs0')).toBe(-1);
    expect(panel.indexOfPosition('1', 1)).toBe(-1);
  });

  it('carries the known markers at their GRCh37 positions', () => {
    const k = panel.indexOfRsid('rs671');
    expect([panel.chrom[k], panel.pos[k], panel.ref[k], panel.alt[k]]).toEqual(['12', 112241766, 'G', 'A']);
  });
});

describe('pack', () => {
  const k671 = panel.indexOfRsid('rs671');
  const kY = panel.chromRange.Y[0];
  const kMT = panel.chromRange.MT[0];
  const calls: NormalisedCall[] = [
    { rsid: 'rs671', chrom: '12', pos: 112241766, a1: 'A', a2: 'G' },
    { rsid: panel.rsid[0], chrom: panel.chrom[0], pos: panel.pos[0], a1: panel.alt[0], a2: panel.alt[0], panelIndex: 0 },
    { rsid: panel.rsid[1], chrom: panel.chrom[1], pos: panel.pos[1], a1: panel.ref[1], a2: panel.ref[1] },
    { rsid: panel.rsid[2], chrom: panel.chrom[2], pos: panel.pos[2], a1: '-', a2: '-' },
    { rsid: panel.rsid[kY], chrom: 'Y', pos: panel.pos[kY], a1: panel.alt[kY], a2: '' },
    { rsid: panel.rsid[kMT], chrom: 'MT', pos: panel.pos[kMT], a1: panel.ref[kMT], a2: '' },
    { rsid: 'rs_off', chrom: '1', pos: 1, a1: 'A', a2: 'A' },
  ];
  const g = packGenome(calls, panel, 'male');

  it('codes hom ref, het, hom alt, haploid and no-call', () => {
    expect(codeAt(g, 0)).toBe(2);
    expect(codeAt(g, 1)).toBe(0);
    expect(codeAt(g, 2)).toBe(3);
    expect(codeAt(g, 3)).toBe(3);
    expect(codeAt(g, k671)).toBe(1);
    expect(codeAt(g, kY)).toBe(2);
    expect(codeAt(g, kMT)).toBe(0);
  });

  it('serialises within 8 KB (2 bits a panel marker) and round-trips', () => {
    const bytes = serialisePacked(g);
    expect(bytes.length).toBeLessThanOrEqual(8 * 1024);
    const back = deserialisePacked(bytes);
    expect(back.sex).toBe('male');
    expect(back.panelId).toBe(panel.id);
    expect(Array.from(back.hi)).toEqual(Array.from(g.hi));
    expect(Array.from(back.lo)).toEqual(Array.from(g.lo));
  });

  it('rejects damaged bytes with a GenomeError', () => {
    const bytes = serialisePacked(g);
    expect(() => deserialisePacked(bytes.subarray(0, bytes.length - 1))).toThrow(GenomeError);
    const wrong = bytes.slice();
    wrong[0] = 0;
    expect(() => deserialisePacked(wrong)).toThrow(GenomeError);
    expect(() => deserialisePacked(new Uint8Array(3))).toThrow(GenomeError);
  });

  it('looks calls up by position per chromosome, the first of duplicates winning', () => {
    const call = (chrom: NormalisedCall['chrom'], pos: number, a1: string, a2: string): NormalisedCall => ({
      rsid: `rs${pos}`,
      chrom,
      pos,
      a1,
      a2,
    });
    // Files are not always sorted: a chromosome can come back after another one.
    const lookups = lookupsFromCalls([
      call('1', 100, 'A', 'G'),
      call('2', 100, 'C', 'C'),
      call('1', 100, 'T', 'T'),
      call('1', 200, '-', '-'),
    ]);
    expect(lookups.byPosition('1', 100)).toBe('AG');
    expect(lookups.byPosition('2', 100)).toBe('CC');
    expect(lookups.byPosition('1', 200)).toBe('--');
    expect(lookups.byPosition('1', 300)).toBeNull();
    expect(lookups.byPosition('X', 100)).toBeNull();
  });

  it('looks calls up by rsid, the first of duplicates winning', () => {
    const call = (rsid: string, a1: string, a2: string): NormalisedCall => ({ rsid, chrom: '1', pos: 100, a1, a2 });
    const lookups = lookupsFromCalls([call('rs1', 'G', 'A'), call('rs2', 'C', 'C'), call('rs1', 'T', 'T'), call('i3', '-', '-')]);
    const byRsid = (rsid: string) => lookups.byRsid(rsid);
    expect([byRsid('rs1'), byRsid('rs2'), byRsid('i3')]).toEqual(['AG', 'CC', '--']);
    expect([byRsid('rs3'), byRsid('rs'), byRsid('')]).toEqual([null, null, null]);
    expect(lookupsFromCalls([]).byRsid('rs1')).toBeNull();
  });

  it('lookups agree between calls and packed genome', () => {
    const a = lookupsFromCalls(calls);
    const b = lookupsFromPacked(g, panel);
    expect(a.byRsid('rs671')).toBe('AG');
    expect(b.byRsid('rs671')).toBe('AG');
    expect(b.byPosition('12', 112241766)).toBe('AG');
    expect(a.byRsid(panel.rsid[kY])).toBe(panel.alt[kY]);
    expect(b.byRsid(panel.rsid[kY])).toBe(panel.alt[kY]);
    expect(b.byRsid(panel.rsid[kMT])).toBe(panel.ref[kMT]);
    expect(a.byRsid(panel.rsid[2])).toBe('--');
    expect(b.byRsid(panel.rsid[3])).toBe('--');
    expect(a.byRsid('rs_off')).toBe('AA');
    expect(b.byRsid('rs_off')).toBeNull();
    expect(a.byRsid('rs999')).toBeNull();
  });
});
