import { describe, expect, it } from 'vitest';
import {
  classifyRelationship,
  GRADES,
  matchContext,
  matchGenomes,
  matchOneToMany,
  type PackedLike,
  type PanelLike,
  type SegmentThresholds,
} from '../src/ibd/index.ts';
import { prefilter } from '../src/ibd/segments.ts';
import { createPopulation, createRng, simulatePedigree, syntheticPanel } from '../src/simulate/index.ts';
import { CHROMS, type Chrom, GenomeError } from '../src/types.ts';

/** A one-chromosome panel: `n` markers evenly over chr1 (≈ 250 cM). */
function chr1Panel(n: number): PanelLike {
  const chromRange = Object.fromEntries(CHROMS.map((c) => [c, [n, n]])) as Record<Chrom, [number, number]>;
  chromRange['1'] = [0, n];
  const pos = new Int32Array(n);
  for (let k = 0; k < n; k++) pos[k] = 1_000_000 + Math.floor((k * 247_000_000) / n);
  return { id: 'chr1-test', size: n, chrom: new Array(n).fill('1'), pos, chromRange };
}

/** Packed genome from per-marker codes (0 hom ref, 1 het, 2 hom alt, 3 no-call). */
function pack(codes: ArrayLike<number>): PackedLike {
  const words = (codes.length + 31) >>> 5;
  const hi = new Uint32Array(words).fill(0xffffffff);
  const lo = new Uint32Array(words).fill(0xffffffff);
  for (let k = 0; k < codes.length; k++) {
    const m = 1 << (k & 31);
    if (!(codes[k] & 2)) hi[k >>> 5] &= ~m;
    if (!(codes[k] & 1)) lo[k >>> 5] &= ~m;
  }
  return { n: codes.length, hi, lo };
}

describe('segment detection on packed planes', () => {
  const n = 20_000;
  const panel = chr1Panel(n);
  const ctx = matchContext(panel);
  // Alternating homozygotes: two copies with flipped alleles are opposite homozygotes everywhere.
  const base: number[] = Array.from({ length: n }, (_, k) => (k % 3 === 0 ? 0 : k % 3 === 1 ? 2 : 1));
  const opposite: number[] = base.map((c) => (c === 0 ? 2 : c === 2 ? 0 : 1));

  it('finds a planted half-identical run with exact bounds and markers', () => {
    const b = opposite.slice();
    for (let k = 5000; k < 9000; k++) b[k] = base[k] === 1 ? 0 : base[k]; // het vs hom is not opposite
    const r = matchGenomes(pack(base), pack(b), { panel });
    expect(r.segments).toHaveLength(1);
    const s = r.segments[0];
    // Markers 4999 and 9000 are opposite homozygotes (base hom there), so the run is 5000..8999.
    expect(s.start).toBe(panel.pos[5000]);
    expect(s.end).toBe(panel.pos[8999]);
    expect(s.markers).toBe(4000);
    expect(s.cM).toBeCloseTo(ctx.cm[8999] - ctx.cm[5000], 6);
    expect(r.sharedCM).toBeCloseTo(s.cM, 6);
    expect(r.relationship.grade).not.toBe('2-3');
  });

  it('ignores runs below the cM or marker thresholds', () => {
    const b = opposite.slice();
    for (let k = 5000; k < 5300; k++) b[k] = base[k]; // ≈ 3.7 cM, 300 markers
    expect(matchGenomes(pack(base), pack(b), { panel }).segments).toHaveLength(0);
    expect(matchGenomes(pack(base), pack(b), { panel, half: { minCM: 3, minMarkers: 250 } }).segments).toHaveLength(1);
  });

  it('no-calls neither break nor count', () => {
    const a = base.slice();
    const b = opposite.slice();
    for (let k = 2000; k < 6000; k++) b[k] = base[k];
    for (let k = 3000; k < 3100; k++) a[k] = 3;
    const r = matchGenomes(pack(a), pack(b), { panel });
    expect(r.segments).toHaveLength(1);
    // Run 2000..5999 (1999 and 6000 are opposite homozygotes) minus the 100 uncalled markers.
    expect(r.segments[0].markers).toBe(4000 - 100);
    expect(r.segments[0].start).toBe(panel.pos[2000]);
  });

  it('tolerates one miscall inside a long segment, not two in a row', () => {
    const b = base.slice();
    for (let k = 0; k < 2000; k++) b[k] = opposite[k];
    for (let k = 12_000; k < n; k++) b[k] = opposite[k];
    const err = b.slice();
    err[7000] = base[7000] === 0 ? 2 : 0; // one opposite homozygote inside
    if (base[7000] === 1) err[7000] = 3;
    const r1 = matchGenomes(pack(base), pack(err), { panel });
    expect(r1.segments).toHaveLength(1);
    const strict = matchGenomes(pack(base), pack(err), { panel, half: { mergeMinMarkers: 1e9 } });
    expect(strict.segments.length).toBe(base[7000] === 1 ? 1 : 2);
  });

  it('computes IBD2 only from fully identical runs', () => {
    const same = matchGenomes(pack(base), pack(base), { panel });
    expect(same.ibd2Fraction).toBeGreaterThan(0.95);
    expect(same.relationship.label).toBe('同一人或同卵双胞胎');
  });

  it('rejects genomes of another panel with a typed error', () => {
    expect(() => matchGenomes(pack(base.slice(0, 100)), pack(base), { panel })).toThrow(GenomeError);
    expect(() => matchGenomes({ ...pack(base), panelId: 'other' }, pack(base), { panel })).toThrow(GenomeError);
  });
});

describe('relationship grades', () => {
  const total = 3550;
  const grade = (sharedCM: number, ibd2Fraction = 0, longestCM = 50) =>
    classifyRelationship({ sharedCM, longestCM, ibd2Fraction, totalCM: total });

  it('uses the product table verbatim', () => {
    expect(GRADES.map((g) => g.grade)).toEqual(['2-3', '3-4', '4-6', '5-6', '6-9', '9+', '10+']);
    expect(grade(3500).meaning).toBe('亲密或直系亲属');
    expect(grade(900).timeframe).toBe('约 60-120 年前');
  });

  it('tells parent/child from full siblings by IBD2', () => {
    expect(grade(3500, 0.01).label).toBe('父母/子女');
    expect(grade(2600, 0.25).label).toBe('全同胞兄弟姐妹');
    expect(grade(2600, 0.01).grade).toBe('3-4');
  });

  it('maps shared cM to the grades in order', () => {
    expect([1700, 850, 230, 75, 25, 10, 0].map((cm) => grade(cm).grade)).toEqual(['3-4', '4-6', '5-6', '6-9', '9+', '10+', '10+']);
    expect(grade(0).label).toBe('未发现共享片段');
  });
});

describe('prefilter', () => {
  // Words of 32 markers, each clean, holding one opposite homozygote, or holding two.
  const words = 300;
  const panel = chr1Panel(words * 32);
  const ctx = matchContext(panel);
  const a = pack(new Array(words * 32).fill(0));

  /**
   * The definition, over every stretch: whole words with at most one single-break word, whose words
   * and one more on either side span minCM and hold minMarkers (or the long rule's minimums).
   */
  function bruteForce(kinds: number[], t: SegmentThresholds, prefix?: Int32Array): boolean {
    const longMin = t.long ? Math.max(t.long.minMarkers, t.long.minHomozygous) : 0;
    for (let l = 0; l < words; l++) {
      let tolerated = 0;
      for (let r = l; r < words; r++) {
        if (kinds[r] === 2 || (kinds[r] === 1 && ++tolerated > 1)) break;
        const m0 = Math.max(0, (l - 1) * 32);
        const m1 = Math.min(words * 32 - 1, (r + 1) * 32 + 31);
        const cM = ctx.cm[m1] - ctx.cm[m0];
        const held = prefix ? prefix[Math.min(words, r + 2)] - prefix[Math.max(0, l - 1)] : m1 - m0 + 1;
        if (cM >= t.minCM && (held >= t.minMarkers || (!!t.long && cM >= t.long.cM && held >= longMin))) return true;
      }
    }
    return false;
  }

  it('passes a pair exactly when a long-enough stretch exists (skip search vs every stretch)', () => {
    const rng = createRng(5);
    let passed = 0;
    for (let trial = 0; trial < 400; trial++) {
      const pClean = 0.3 + 0.6 * rng.next();
      const kinds = Array.from({ length: words }, () => {
        const x = rng.next();
        return x < pClean ? 0 : x < pClean + (1 - pClean) * 0.6 ? 1 : 2;
      });
      const codes = new Array(words * 32).fill(0);
      kinds.forEach((k, w) => {
        if (k >= 1) codes[w * 32 + rng.int(16)] = 2;
        if (k === 2) codes[w * 32 + 16 + rng.int(16)] = 2;
      });
      const minCM = 1 + 20 * rng.next();
      const t: SegmentThresholds = { minCM, minMarkers: 32 + rng.int(600), mergeMinMarkers: 0, mergeMinCM: 0 };
      let prefix: Int32Array | undefined;
      if (trial % 2) {
        // Markers both layouts carry: a random share of each word.
        prefix = new Int32Array(words + 1);
        for (let w = 0; w < words; w++) prefix[w + 1] = prefix[w] + rng.int(33);
        if (trial % 4 === 1) t.long = { cM: minCM + 2, minMarkers: 30 + rng.int(100), minHomozygous: rng.int(200) };
      }
      const expected = bruteForce(kinds, t, prefix);
      expect(prefilter(ctx, a, pack(codes), t, prefix)).toBe(expected);
      if (expected) passed++;
    }
    // Both outcomes are exercised.
    expect(passed).toBeGreaterThan(100);
    expect(passed).toBeLessThan(300);
  });
});

describe('one-to-many', () => {
  it('finds exactly the pairs one-to-one finds, via the prefilter', () => {
    const panel = syntheticPanel(300_000, 3);
    const pop = createPopulation(panel, createRng(4));
    const fam = simulatePedigree('family', { panel, seed: 9, population: pop });
    const query = fam.people.find((p) => p.id === 'son');
    if (!query) throw new Error('no son');
    const others = fam.people.filter((p) => p !== query).map((p) => ({ id: p.id, genome: p.genome }));
    for (let i = 0; i < 30; i++) {
      const u = simulatePedigree('unrelated', { panel, seed: 100 + i, population: pop });
      others.push({ id: `u${i}`, genome: u.people[0].genome });
    }
    // Thresholds a little off the defaults: the prefilter must follow them.
    const half = { minMarkers: 400, minCM: 6 };
    const stats = { compared: 0, candidates: 0, matches: 0 };
    const hits = matchOneToMany(query.genome, others, { panel, half }, stats);
    const direct = others.filter((o) => matchGenomes(query.genome, o.genome, { panel, half }).segments.length > 0).map((o) => o.id);
    expect(hits.map((h) => h.id).sort()).toEqual(direct.sort());
    expect(stats.compared).toBe(others.length);
    expect(stats.candidates).toBeLessThan(others.length);
    const byId = new Map(hits.map((h) => [h.id, h]));
    expect(byId.get('father')?.relationship.label).toBe('父母/子女');
    expect(byId.get('daughter')?.relationship.label).toBe('全同胞兄弟姐妹');
    expect(byId.get('son-wife')).toBeUndefined();
    expect(hits[0].sharedCM).toBeGreaterThanOrEqual(hits[hits.length - 1].sharedCM);
  });
});
