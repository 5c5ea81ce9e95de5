import { describe, expect, it } from 'vitest';
import { buildVotes, decideBuild, knownMarkers, normaliseCalls, REASONS, Tally } from '../src/normalise/index.ts';
import { loadPanel } from '../src/panel.ts';
import { inferSex } from '../src/qc.ts';
import type { RawCall } from '../src/types.ts';

const panel = loadPanel();

describe('build detection', () => {
  const km = [...knownMarkers().values()];
  const at = (b: 36 | 37 | 38): RawCall[] =>
    km
      .filter((m) => (b === 36 ? m.pos36 : b === 37 ? m.pos37 : m.pos38) > 0)
      .map((m) => ({ rsid: m.rsid, chrom: m.chrom, pos: b === 36 ? m.pos36 : b === 37 ? m.pos37 : m.pos38, a1: 'A', a2: 'A' }));

  it('known markers vote for the build their positions belong to', () => {
    for (const b of [36, 37, 38] as const) expect(decideBuild(buildVotes(at(b), panel), null)).toBe(b);
  });

  it('positions outvote a wrong header; the header decides without evidence; default 37', () => {
    expect(decideBuild(buildVotes(at(38), panel), 37)).toBe(38);
    expect(decideBuild({ 36: 0, 37: 0, 38: 0 }, 36)).toBe(36);
    expect(decideBuild({ 36: 1, 37: 1, 38: 0 }, null)).toBe(37);
  });

  it('panel markers at their GRCh37 position under their own id vote 37', () => {
    const calls: RawCall[] = [0, 1, 2].map((k) => ({ rsid: panel.rsid[k], chrom: panel.chrom[k], pos: panel.pos[k], a1: '-', a2: '-' }));
    expect(buildVotes(calls, panel)[37]).toBe(3);
  });
});

describe('strand and duplicates', () => {
  const k = panel.indexOfRsid('rs671'); // G/A
  const ambiguous = (() => {
    for (let i = 0; i < panel.size; i++) if (`${panel.ref[i]}${panel.alt[i]}` === 'AT') return i;
    return -1;
  })();
  const call = (i: number, a1: string, a2: string, rsid = panel.rsid[i]): RawCall => ({
    rsid,
    chrom: panel.chrom[i],
    pos: panel.pos[i],
    a1,
    a2,
  });

  const c2 = panel.chromRange['2'][0];
  it('flips reverse-strand calls, keeps A/T markers as given, keeps mismatches, drops duplicates', () => {
    const dropped = new Tally();
    const adjusted = new Tally();
    const out = normaliseCalls(
      [call(k, 'C', 'T'), call(ambiguous, 'T', 'T'), call(k, 'G', 'G', 'dup'), call(c2, 'D', 'I'), call(c2 + 1, 'A', 'Z')],
      37,
      dropped,
      adjusted,
      panel,
    ).calls;
    expect(out.map((c) => `${c.a1}${c.a2}`)).toEqual(['GA', 'TT', 'DI', 'AZ']);
    expect(out[0].panelIndex).toBe(k);
    const count = (t: Tally, reason: string) => t.list().find((d) => d.reason === reason)?.count ?? 0;
    expect(count(adjusted, REASONS.flipped)).toBe(1);
    expect(count(adjusted, REASONS.ambiguous)).toBe(1);
    expect(count(adjusted, REASONS.mismatch)).toBe(1);
    expect(count(dropped, REASONS.duplicate)).toBe(1);
  });

  it('keeps the first of off-panel calls sharing an rsid, compacting the calls in place', () => {
    const off = (rsid: string, pos: number, a1 = 'A'): RawCall => ({ rsid, chrom: '2', pos, a1, a2: 'A' });
    for (const pos of [1, 2, 3, 4, 5]) expect(panel.indexOfPosition('2', pos)).toBe(-1);
    const calls = [
      off('i1', 1),
      call(k, 'G', 'A'),
      off('i2', 2),
      off('i1', 3, 'C'),
      call(k, 'A', 'A', 'dup'),
      off('i3', 4),
      off('i2', 5, 'G'),
    ];
    const dropped = new Tally();
    const out = normaliseCalls(calls, 37, dropped, new Tally(), panel).calls;
    expect(out).toBe(calls);
    expect(out.map((c) => `${c.rsid}:${c.a1}${c.a2}`)).toEqual(['i1:AA', 'rs671:GA', 'i2:AA', 'i3:AA']);
    expect(out.map((c) => c.panelIndex)).toEqual([-1, k, -1, -1]);
    expect(dropped.list()).toEqual([{ reason: REASONS.duplicate, count: 3, examples: ['i1', 'dup', 'i2'] }]);
  });
});

describe('sex inference', () => {
  it('combines X heterozygosity and Y calls', () => {
    expect(inferSex(0, 0.98)).toBe('male');
    expect(inferSex(0.002, null)).toBe('male');
    expect(inferSex(0.25, 0.01)).toBe('female');
    expect(inferSex(null, 0.02)).toBe('female');
    expect(inferSex(0.25, 0.97)).toBe('unknown');
    expect(inferSex(0, 0.01)).toBe('unknown');
    expect(inferSex(null, null)).toBe('unknown');
  });
});
