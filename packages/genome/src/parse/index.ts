import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { buildVotes, decideBuild, normaliseCalls, panelIndexes, Tally } from '../normalise/index.ts';
import { loadPanel, type Panel } from '../panel.ts';
import { qcOf } from '../qc.ts';
import type { CallsByRsid } from '../rsidTable.ts';
import { type Build, type Chrom, GenomeError, type NormalisedCall, type ParsedGenome, type RawCall, type Vendor } from '../types.ts';
import { type Container, DEFAULT_LIMITS, type DecompressLimits, decompressInto } from './decompress.ts';
import { chromOf, detectFormat, type FormatInfo, isColumnLine } from './formats.ts';
import { type LineSink, LineSplitter } from './lines.ts';

export { type Container, DEFAULT_LIMITS, type DecompressLimits } from './decompress.ts';
export { detectFormat, type FormatInfo, headerBuildOf, type Layout } from './formats.ts';

export interface ParseOptions {
  limits?: Partial<DecompressLimits>;
  /** Panel used for normalisation (default: the shipped panel). */
  panel?: Panel;
}

export interface ParsedFile extends ParsedGenome {
  container: Container;
  /** Build named in the header, when it names one. */
  headerBuild: Build | null;
  /** The kept calls by rsid (first of a duplicate): give it to lookupsFromCalls rather than have it index them again. */
  byRsid: CallsByRsid;
}

type Alleles = readonly [string, string];
const NO_CALL: Alleles = ['-', '-'];

/**
 * Every genotype spelling accepted, mapped to shared tuples so the hot loop allocates nothing.
 * No-calls: '--', '00', '..', '-', '0', '.'. Indels: D/I (single = haploid). Haploid: one letter.
 */
const GENOTYPES = new Map<string, Alleles>();
for (const n of ['--', '00', '..', '-', '0', '.']) GENOTYPES.set(n, NO_CALL);
for (const a of 'ACGT') {
  GENOTYPES.set(a, [a, '']);
  for (const b of 'ACGT') GENOTYPES.set(a + b, [a, b]);
}
for (const a of 'DI') {
  GENOTYPES.set(a, [a, '']);
  for (const b of 'DI') GENOTYPES.set(a + b, [a, b]);
}
for (const [k, v] of [...GENOTYPES]) if (k.toLowerCase() !== k) GENOTYPES.set(k.toLowerCase(), v);

/** GENOTYPES by character codes (c1 * 128 + c2, or c1 alone), so the hot loop cuts no substring. */
const GENOTYPE_BY_CODES: (Alleles | undefined)[] = new Array(128 * 128);
for (const [k, v] of GENOTYPES) GENOTYPE_BY_CODES[k.length === 1 ? k.charCodeAt(0) : k.charCodeAt(0) * 128 + k.charCodeAt(1)] = v;

/** Genotype spelled in line[s, e) when it is one of GENOTYPES exactly, else undefined. */
function genotypeAt(line: string, s: number, e: number): Alleles | undefined {
  if (e - s === 2) {
    const c1 = line.charCodeAt(s);
    const c2 = line.charCodeAt(s + 1);
    return c1 < 128 && c2 < 128 ? GENOTYPE_BY_CODES[c1 * 128 + c2] : undefined;
  }
  return e - s === 1 ? GENOTYPE_BY_CODES[line.charCodeAt(s)] : undefined;
}

/** Plain-digit integer in line[s, e) (at most 10 digits), else -1. */
function digitsAt(line: string, s: number, e: number): number {
  if (e <= s || e - s > 10) return -1;
  let n = 0;
  for (let i = s; i < e; i++) {
    const c = line.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

const MAX_POS = 300_000_000;
const HEADER_LINES_KEPT = 5000;

const err = (line: number, what: string) => new GenomeError('MALFORMED_LINE', `第 ${line} 行格式错误：${what}`, line);
const shown = (s: string) => (s.length > 20 ? `${s.slice(0, 20)}…` : s);

/** A non-negative integer written in plain digits, else -1. */
function positionOf(s: string): number {
  if (s.length === 0 || s.length > 10) return -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
  }
  return Number(s);
}

const unquote = (s: string) => (s.length >= 2 && s.charCodeAt(0) === 34 && s.charCodeAt(s.length - 1) === 34 ? s.slice(1, -1) : s);

/**
 * Collects calls from lines: header phase (format detection), then the reader of the file's layout.
 * Every step is a method, not a closure made per file (see LineSink).
 */
class Reader implements LineSink {
  /**
   * Made with the `panelIndex` slot that normaliseCalls fills in, so 600,000 calls keep one shape:
   * added afterwards it gave every call a property store of its own (~0.1 s of the pool thread and
   * ~0.07 s of V8's GC threads per 23andMe file).
   */
  readonly calls: NormalisedCall[] = [];
  readonly dropped = new Tally();
  private readonly header: string[] = [];
  private nonBlank = 0;
  format: FormatInfo | null = null;
  private sampleCount = 0;
  private gtIndexCache = new Map<string, number>();
  /** Chromosome column of the previous line and what it named (files run chromosome by chromosome). */
  private lastChromName = '';
  private lastChrom: Chrom | undefined;

  line(line: string, no: number): void {
    if (this.format) {
      if (line.length === 0 || (line.charCodeAt(0) === 35 && this.format.layout !== 'vcf')) return;
      this.dataLine(this.format.layout, line, no);
      return;
    }
    if (line.trim() === '') return;
    this.nonBlank++;
    const bare = this.nonBlank === 1 ? line.replace(/^\uFEFF/, '') : line;
    if (bare.startsWith('#') || isColumnLine(bare)) {
      if (this.header.length < HEADER_LINES_KEPT) this.header.push(bare);
      return;
    }
    const format = detectFormat(this.header, bare, no);
    if (format.layout === 'vcf') this.startVcf();
    this.format = format;
    this.dataLine(format.layout, bare, no);
  }

  finish(): FormatInfo {
    if (this.format) return this.format;
    if (this.nonBlank === 0) throw new GenomeError('EMPTY_FILE', '文件是空的');
    // Header only: the format may be known, but there is nothing to read.
    detectFormat(this.header, null, 0);
    throw new GenomeError('NO_MARKERS', '文件只有表头，没有基因型数据行');
  }

  private push(rsid: string, chromName: string, posText: string, a: Alleles | undefined, gtText: string, no: number): void {
    if (rsid.length === 0) throw err(no, '缺少标记编号（rsid）');
    const chrom: Chrom | undefined = chromOf(chromName);
    if (!chrom) {
      if (chromName === '0') {
        this.dropped.add('染色体为 0（厂商未定位的标记）', rsid);
        return;
      }
      throw err(no, `染色体无效：'${shown(chromName)}'`);
    }
    const pos = positionOf(posText);
    if (pos < 0 || pos > MAX_POS) throw err(no, `位置无效：'${shown(posText)}'`);
    if (pos === 0) {
      this.dropped.add('位置为 0（厂商未定位的标记）', rsid);
      return;
    }
    if (!a) throw err(no, `基因型无效：'${shown(gtText)}'`);
    this.calls.push({ rsid, chrom, pos, a1: a[0], a2: a[1], panelIndex: undefined });
  }

  private chromAt(line: string, s: number, e: number): Chrom | undefined {
    if (e - s !== this.lastChromName.length || !line.startsWith(this.lastChromName, s)) {
      this.lastChromName = line.slice(s, e);
      this.lastChrom = chromOf(this.lastChromName);
    }
    return this.lastChrom;
  }

  /**
   * The common tab-separated line with clean fields, read in place (600,000 lines per file): no
   * line string and no field strings but the rsid. False sends anything unusual (comments, blank
   * lines, spaces, odd values), the header and other layouts to `line`, which also names the error.
   */
  inPlace(text: string, s: number, e: number): boolean {
    if (this.format?.layout !== 'tsv4') return false;
    const t1 = text.indexOf('\t', s);
    const t2 = t1 > s && t1 < e ? text.indexOf('\t', t1 + 1) : -1;
    const t3 = t2 > 0 && t2 < e ? text.indexOf('\t', t2 + 1) : -1;
    if (t3 < 0 || t3 >= e) return false;
    const c0 = text.charCodeAt(s);
    if (c0 <= 32 || c0 === 35 || text.charCodeAt(t1 - 1) <= 32) return false;
    const t4 = text.indexOf('\t', t3 + 1);
    const chrom = this.chromAt(text, t1 + 1, t2);
    const pos = digitsAt(text, t2 + 1, t3);
    const a = genotypeAt(text, t3 + 1, t4 < 0 || t4 > e ? e : t4);
    if (!chrom || pos <= 0 || pos > MAX_POS || !a) return false;
    this.calls.push({ rsid: text.slice(s, t1), chrom, pos, a1: a[0], a2: a[1], panelIndex: undefined });
    return true;
  }

  private dataLine(layout: FormatInfo['layout'], line: string, no: number): void {
    switch (layout) {
      case 'tsv4': {
        let p = line.split('\t');
        if (p.length < 4 && line.indexOf('\t') < 0) p = line.trim().split(/\s+/);
        if (p.length < 4) throw err(no, p.length === 3 ? '缺少基因型列' : `应有 4 列，实际 ${p.length} 列`);
        this.push(p[0].trim(), p[1].trim(), p[2].trim(), GENOTYPES.get(p[3].trim()), p[3], no);
        return;
      }
      case 'tsv5': {
        let p = line.split('\t');
        if (p.length < 5 && line.indexOf('\t') < 0) p = line.trim().split(/\s+/);
        if (p.length < 5) throw err(no, p.length === 4 ? '缺少第二个等位基因列' : `应有 5 列，实际 ${p.length} 列`);
        const g = p[3].trim() + p[4].trim();
        this.push(p[0].trim(), p[1].trim(), p[2].trim(), g.length === 2 ? GENOTYPES.get(g) : undefined, g, no);
        return;
      }
      case 'csv4': {
        const p = line.split(',');
        if (p.length < 4) throw err(no, p.length === 3 ? '缺少基因型列' : `应有 4 列，实际 ${p.length} 列`);
        const g = unquote(p[3].trim());
        this.push(unquote(p[0].trim()), unquote(p[1].trim()), unquote(p[2].trim()), GENOTYPES.get(g), g, no);
        return;
      }
      case 'vcf':
        this.vcfLine(line, no);
    }
  }

  /** Reads the VCF's column line: the sample whose genotypes are read. */
  private startVcf(): void {
    const columns = this.header.find((l) => l.startsWith('#CHROM'));
    if (!columns) throw new GenomeError('UNSUPPORTED_FORMAT', 'VCF 文件缺少 #CHROM 列名行');
    const names = columns.split('\t');
    this.sampleCount = Math.max(0, names.length - 9);
    if (this.sampleCount === 0) throw new GenomeError('UNSUPPORTED_FORMAT', 'VCF 文件没有样本列，无法读取基因型');
    if (this.sampleCount > 1) {
      this.dropped.add(`多样本 VCF：只读取第一个样本（${names[9]}），其余样本忽略`, names.slice(10, 15).join(','), this.sampleCount - 1);
    }
  }

  private vcfLine(line: string, no: number): void {
    const p = line.split('\t', 10);
    if (p.length < 10) throw err(no, `VCF 数据行应至少有 10 列，实际 ${p.length} 列`);
    const chromName = p[0];
    const chrom = chromOf(chromName);
    if (!chrom) {
      this.dropped.add('非标准染色体（如未定位片段）', `${chromName}:${p[1]}`);
      return;
    }
    const pos = positionOf(p[1]);
    if (pos <= 0 || pos > MAX_POS) throw err(no, `位置无效：'${shown(p[1])}'`);
    let gi = this.gtIndexCache.get(p[8]);
    if (gi === undefined) {
      gi = p[8].split(':').indexOf('GT');
      this.gtIndexCache.set(p[8], gi);
    }
    if (gi < 0) throw err(no, 'FORMAT 列没有 GT 字段');
    const gt = p[9].split(':')[gi] ?? '';
    const rsid = p[2] && p[2] !== '.' ? p[2].split(';')[0] : `${chrom}:${pos}`;
    const a = vcfAlleles(p[3], p[4], gt);
    if (!a) throw err(no, `基因型无效：'${shown(gt)}'`);
    this.calls.push({ rsid, chrom, pos, a1: a[0], a2: a[1], panelIndex: undefined });
  }
}

const BASE = /^[ACGTacgt]$/;

/** GT indexes resolved to bases; indels as D (shorter allele) / I (longer); '.' as a no-call. */
function vcfAlleles(ref: string, alt: string, gt: string): Alleles | null {
  if (gt === '' || gt === '.' || gt === './.' || gt === '.|.') return NO_CALL;
  const idx = gt.split(/[/|]/);
  if (idx.length > 2) return null;
  const options = [ref, ...(alt === '.' ? [] : alt.split(','))];
  const indel = options.some((o) => o.length !== 1 && !o.startsWith('<') && o !== '*');
  const minLen = Math.min(...options.map((o) => o.length));
  const out: string[] = [];
  for (const i of idx) {
    if (i === '.') return NO_CALL;
    const n = positionOf(i);
    if (n < 0 || n >= options.length) return null;
    const o = options[n];
    if (o.startsWith('<') || o === '*') return NO_CALL;
    if (indel) out.push(o.length > minLen ? 'I' : 'D');
    else if (BASE.test(o)) out.push(o.toUpperCase());
    else return null;
  }
  return out.length === 1 ? [out[0], ''] : [out[0], out[1]];
}

/** Reads, normalises and checks a raw-data stream (text, gzip or zip, told apart by magic bytes). */
export async function parseRawStream(stream: AsyncIterable<Uint8Array>, opts: ParseOptions = {}): Promise<ParsedFile> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const reader = new Reader();
  const lines = new LineSplitter(reader);
  let container: Container;
  try {
    container = await decompressInto(stream, lines, limits);
  } catch (e) {
    if (e instanceof GenomeError) throw e;
    throw new GenomeError('IO_ERROR', `读取文件失败：${e instanceof Error ? e.message : String(e)}`);
  }
  const format = reader.finish();
  return finishParse(reader.calls, format, reader.dropped, container, opts.panel ?? loadPanel());
}

function finishParse(calls: RawCall[], format: FormatInfo, dropped: Tally, container: Container, panel: Panel): ParsedFile {
  const at = panelIndexes(calls, panel);
  const build = decideBuild(buildVotes(calls, panel, at), format.headerBuild);
  const adjusted = new Tally();
  const { calls: kept, byRsid } = normaliseCalls(calls, build, dropped, adjusted, panel, at);
  if (kept.length === 0) throw new GenomeError('NO_MARKERS', '文件里没有可用的基因型数据');
  const qc = qcOf(kept);
  const vendor: Vendor = format.vendor;
  return {
    vendor,
    build,
    headerBuild: format.headerBuild,
    container,
    calls: kept,
    byRsid,
    markers: qc.markers,
    called: qc.called,
    callRate: qc.callRate,
    sex: qc.sex,
    heterozygosity: qc.heterozygosity,
    lowCallRate: qc.lowCallRate,
    dropped: dropped.list(),
    adjusted: adjusted.list(),
  };
}

/** Streams a file from disk; see parseRawStream. */
export async function parseRawFile(path: string, opts: ParseOptions = {}): Promise<ParsedFile> {
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new GenomeError('IO_ERROR', `不是文件：${path}`);
  } catch (e) {
    if (e instanceof GenomeError) throw e;
    throw new GenomeError('IO_ERROR', `无法读取文件：${path}`);
  }
  return parseRawStream(createReadStream(path, { highWaterMark: 1 << 20 }), opts);
}
