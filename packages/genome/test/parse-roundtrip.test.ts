import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lookupsFromCalls, lookupsFromPacked } from '../src/lookup.ts';
import { packGenome } from '../src/pack.ts';
import { loadPanel } from '../src/panel.ts';
import { parseRawFile } from '../src/parse/index.ts';
import { assertReportable } from '../src/qc.ts';
import { CHROMS, GenomeError, type RawCall, type Sex } from '../src/types.ts';
import { VENDORS, vendorExtension, writeVendorFileToPath } from '../src/write/index.ts';

const panel = loadPanel();
const dir = mkdtempSync(join(tmpdir(), 'genome-rt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function rng(seed: number) {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Every 2nd autosomal and X panel marker and every 100th Y and MT one (the panel's tree markers
 * outnumber its others; a chip carries far fewer), with a sex-consistent random genotype.
 */
function genome(sex: Sex, noCallRate: number, seed: number): RawCall[] {
  const r = rng(seed);
  const out: RawCall[] = [];
  for (const c of CHROMS) {
    const [s, e] = panel.chromRange[c];
    for (let k = s; k < e; k += c === 'Y' || c === 'MT' ? 100 : 2) {
      const haploid = c === 'MT' || c === 'Y' || (c === 'X' && sex === 'male' && !(panel.pos[k] <= 2_699_520));
      const pick = () => (r() < 0.5 ? panel.ref[k] : panel.alt[k]);
      let a1 = pick();
      let a2 = haploid ? '' : pick();
      if (r() < noCallRate || (c === 'Y' && sex === 'female')) [a1, a2] = ['-', '-'];
      out.push({ rsid: panel.rsid[k], chrom: c, pos: panel.pos[k], a1, a2 });
    }
  }
  return out;
}

describe('write → parse round trip in every vendor layout and container', () => {
  const male = genome('male', 0.01, 1);
  const female = genome('female', 0.01, 2);
  const expected = (calls: RawCall[]) => {
    const l = lookupsFromCalls(calls);
    return (id: string) => l.byRsid(id);
  };
  for (const vendor of VENDORS) {
    for (const [sex, calls] of [
      ['male', male],
      ['female', female],
    ] as const) {
      for (const compression of ['none', 'gzip', 'zip'] as const) {
        it(`${vendor} ${sex} ${compression}`, async () => {
          const file = join(dir, `${vendor}-${sex}-${compression}.${vendorExtension(vendor)}`);
          await writeVendorFileToPath(file, vendor, calls, { compression });
          const g = await parseRawFile(file);
          expect(g.vendor).toBe(vendor);
          expect(g.build).toBe(37);
          expect(g.sex).toBe(sex);
          expect(g.markers).toBe(calls.length);
          const want = expected(calls);
          const got = lookupsFromCalls(g.calls);
          for (const c of calls) {
            const w = want(c.rsid) as string;
            // AncestryDNA writes haploid calls as two equal alleles.
            const expectGt = vendor === 'ancestry' && w.length === 1 ? w + w : w;
            if (got.byRsid(c.rsid) !== expectGt) throw new Error(`${c.rsid}: ${got.byRsid(c.rsid)} != ${expectGt}`);
          }
          if (compression === 'none' && vendor === '23andme') {
            const packed = lookupsFromPacked(packGenome(g.calls, panel, g.sex), panel);
            for (const c of calls.slice(0, 3000)) expect(packed.byRsid(c.rsid)).toBe(want(c.rsid));
          }
        });
      }
    }
  }
});

describe('quality', () => {
  it('flags a low call rate and assertReportable refuses it', async () => {
    const file = join(dir, 'low.txt');
    await writeVendorFileToPath(file, '23andme', genome('female', 0.2, 3));
    const g = await parseRawFile(file);
    expect(g.callRate).toBeGreaterThan(0.75);
    expect(g.callRate).toBeLessThan(0.85);
    expect(g.lowCallRate).toBe(true);
    expect(() => assertReportable(g)).toThrow(GenomeError);
    try {
      assertReportable(g);
    } catch (e) {
      expect((e as GenomeError).code).toBe('LOW_CALL_RATE');
    }
    const ok = await parseRawFile(join(dir, '23andme-female-none.txt'));
    expect(ok.lowCallRate).toBe(false);
    expect(() => assertReportable(ok)).not.toThrow();
    expect(ok.heterozygosity).toBeGreaterThan(0.4);
  });
});
