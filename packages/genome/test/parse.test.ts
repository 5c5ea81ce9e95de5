import { readFileSync } from 'node:fs';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { lookupsFromCalls } from '../src/lookup.ts';
import { type ParsedFile, parseRawFile, parseRawStream } from '../src/parse/index.ts';
import { GenomeError } from '../src/types.ts';

const FIX = new URL('./fixtures/raw/', import.meta.url);
const path = (name: string) => new URL(name, FIX).pathname;
const bytes = (name: string) => new Uint8Array(readFileSync(new URL(name, FIX)));

async function* chunks(b: Uint8Array, size = 7): AsyncIterable<Uint8Array> {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

async function failure(p: Promise<unknown>): Promise<GenomeError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof GenomeError) return e;
    throw e;
  }
  throw new Error('expected a GenomeError');
}

const gt = (g: ParsedFile, rsid: string) => lookupsFromCalls(g.calls).byRsid(rsid);

describe('vendor files', () => {
  it('23andMe v5: vendor, build, haploid X/Y/MT, indels, no-calls, duplicates', async () => {
    const g = await parseRawFile(path('23andme_v5.txt'));
    expect([g.vendor, g.build, g.headerBuild]).toEqual(['23andme', 37, 37]);
    expect(gt(g, 'rs671')).toBe('AG'); // the later duplicate line says GG
    expect(gt(g, 'i3000001')).toBe('DI');
    expect(gt(g, 'rs1000001')).toBe('--');
    expect(gt(g, 'CTS230')).toBe('T');
    expect(gt(g, 'Z12827')).toBe('T');
    expect(gt(g, 'C497T')).toBe('C');
    expect(gt(g, 'jysX_1105183')).toBe('C');
    expect(g.dropped).toEqual([{ reason: expect.stringContaining('重复'), count: 1, examples: ['rs671'] }]);
    expect(g.markers).toBe(g.calls.length);
    expect(g.called).toBe(g.markers - 1);
  });

  it('23andMe v3 on build 36 is placed on GRCh37 through the panel', async () => {
    const g = await parseRawFile(path('23andme_v3_build36.txt'));
    expect([g.vendor, g.build]).toEqual(['23andme', 36]);
    const c = g.calls.find((x) => x.rsid === 'rs4988235');
    expect(c?.pos).toBe(136608646);
    expect(c?.panelIndex).toBeGreaterThanOrEqual(0);
    const unplaced = g.dropped.find((d) => d.reason.includes('GRCh37'));
    expect(unplaced?.count).toBe(2);
    expect(unplaced?.examples).toEqual(['rs9999999', 'rs9999998']);
  });

  it('WeGene is told apart from 23andMe by its header', async () => {
    const g = await parseRawFile(path('wegene.txt'));
    expect(g.vendor).toBe('wegene');
    expect(gt(g, 'jysX_14166947')).toBe('CT');
    expect(gt(g, 'CTS230')).toBe('--');
  });

  it('AncestryDNA: chromosomes 23/25/26, two allele columns, 0 = no-call', async () => {
    const g = await parseRawFile(path('ancestry.txt'));
    expect(g.vendor).toBe('ancestry');
    expect(gt(g, 'rs2000001')).toBe('--');
    expect(g.calls.find((c) => c.rsid === 'rs3000001')?.chrom).toBe('X');
    expect(g.calls.find((c) => c.rsid === 'C497T')?.chrom).toBe('MT');
    expect(gt(g, 'jysX_14166947')).toBe('CT');
    expect(gt(g, 'rs17822931')).toBe('TT');
  });

  it('MyHeritage (quoted CSV with comments) and FTDNA (bare CSV, CRLF, reverse-strand call)', async () => {
    const mh = await parseRawFile(path('myheritage.csv'));
    expect(mh.vendor).toBe('myheritage');
    expect(gt(mh, 'rs1229984')).toBe('CT');
    const ft = await parseRawFile(path('ftdna.csv'));
    expect(ft.vendor).toBe('ftdna');
    expect(gt(ft, 'rs4988235')).toBe('GG'); // written CC on the reverse strand
    expect(ft.adjusted.find((a) => a.reason.includes('翻转'))?.examples).toEqual(['rs4988235']);
    expect(ft.dropped.find((d) => d.reason.includes('染色体为 0'))?.count).toBe(1);
  });

  it('LivingDNA', async () => {
    const g = await parseRawFile(path('livingdna.txt'));
    expect(g.vendor).toBe('livingdna');
    expect(gt(g, 'rs3827760')).toBe('GG');
  });

  it('VCF on GRCh37: GT resolved to bases, phased, missing, indel, odd contigs dropped', async () => {
    const g = await parseRawFile(path('sample_grch37.vcf'));
    expect([g.vendor, g.build]).toEqual(['vcf', 37]);
    expect(gt(g, 'rs671')).toBe('AG');
    expect(gt(g, 'rs429358')).toBe('TT');
    expect(gt(g, 'rs7412')).toBe('--');
    expect(lookupsFromCalls(g.calls).byPosition('1', 1500000)).toBe('DI');
    expect(g.dropped.find((d) => d.reason.includes('非标准染色体'))?.count).toBe(1);
  });

  it('VCF on GRCh38 with two samples: first sample, positions lifted to GRCh37', async () => {
    const g = await parseRawFile(path('sample_grch38.vcf'));
    expect([g.vendor, g.build]).toEqual(['vcf', 38]);
    expect(g.calls.find((c) => c.rsid === 'rs671')?.pos).toBe(112241766);
    expect(gt(g, 'rs671')).toBe('AG');
    expect(g.dropped.find((d) => d.reason.includes('多样本'))?.count).toBe(1);
    expect(g.dropped.find((d) => d.reason.includes('GRCh38'))?.examples).toEqual(['rs8888888']);
  });
});

describe('containers', () => {
  const plain = bytes('23andme_v5.txt');
  it('gzip and zip give the same calls as plain text, in any chunking', async () => {
    const a = await parseRawStream(chunks(plain, 3));
    const b = await parseRawStream(chunks(gzipSync(plain), 5));
    const c = await parseRawStream(chunks(zipSync({ '__MACOSX/._x': new Uint8Array(3), 'genome_v5.txt': plain }), 11));
    expect([a.container, b.container, c.container]).toEqual(['text', 'gzip', 'zip']);
    expect(b.calls).toEqual(a.calls);
    expect(c.calls).toEqual(a.calls);
  });

  it('caps decompressed size (zip bomb guard)', async () => {
    const big = strToU8(`# rsid\tchromosome\tposition\tgenotype\n${'rs1\t1\t1\tAA\n'.repeat(100_000)}`);
    const e = await failure(parseRawStream(chunks(gzipSync(big), 1 << 16), { limits: { maxTextBytes: 100_000 } }));
    expect(e.code).toBe('TOO_LARGE');
  });
});

describe('malformed input gives a typed error naming the line', () => {
  const cases: [string, string, number | undefined, string][] = [
    ['empty.txt', 'EMPTY_FILE', undefined, '空'],
    ['header-only.txt', 'NO_MARKERS', undefined, '表头'],
    ['unknown-vendor.txt', 'UNSUPPORTED_FORMAT', 1, '无法识别'],
    ['bad-columns.txt', 'MALFORMED_LINE', 27, '第 27 行格式错误：缺少基因型列'],
    ['bad-chrom.txt', 'MALFORMED_LINE', 27, '染色体无效'],
    ['bad-position.txt', 'MALFORMED_LINE', 27, '位置无效'],
    ['bad-allele.txt', 'MALFORMED_LINE', 27, '基因型无效'],
  ];
  for (const [file, code, line, text] of cases) {
    it(file, async () => {
      const e = await failure(parseRawFile(path(file)));
      expect(e.code).toBe(code);
      expect(e.line).toBe(line);
      expect(e.message).toContain(text);
    });
  }

  it('binary content', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    expect((await failure(parseRawStream(chunks(png)))).code).toBe('BINARY_FILE');
  });

  it('truncated gzip', async () => {
    const gz = gzipSync(bytes('23andme_v5.txt'));
    expect((await failure(parseRawStream(chunks(gz.subarray(0, gz.length - 30))))).code).toBe('BAD_ARCHIVE');
  });

  it('zip without a data file, and a truncated zip', async () => {
    const z = zipSync({ 'docs/': new Uint8Array(0), '__MACOSX/._a': new Uint8Array(4) });
    expect((await failure(parseRawStream(chunks(z)))).code).toBe('BAD_ARCHIVE');
    const full = zipSync({ 'a.txt': bytes('23andme_v5.txt') });
    expect((await failure(parseRawStream(chunks(full.subarray(0, 200))))).code).toBe('BAD_ARCHIVE');
  });

  it('missing file', async () => {
    expect((await failure(parseRawFile('/nonexistent/genome.txt'))).code).toBe('IO_ERROR');
  });
});
