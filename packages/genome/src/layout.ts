import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { emptyPacked, type PackedGenome, setCode } from './pack.ts';
import { positionIndex } from './panel.ts';
import { inSlices } from './slices.ts';
import { CHROM_INDEX, CHROMS, type Chrom, GenomeError, indexInHead, type NormalisedCall, type Sex } from './types.ts';

/**
 * A chip layout: the autosomal and X markers one raw-data file really carries, sorted by chromosome
 * (CHROMS order) then GRCh37 position, one entry per position. Genomes are packed over their own
 * file's layout (packOnLayout); every customer of one chip version has the same layout, so the
 * server stores each distinct layout once, under its content-hash `id`.
 *
 * Allele coding needs nothing per marker (see codeCall): a layout is positions only. Matching reads
 * a layout through the same fields as the reference panel (it satisfies PanelLike).
 * docs/chip-layouts.md describes the whole design.
 */
export interface ChipLayout {
  /** `lay-` + the first 16 hex digits of the SHA-256 of the uncompressed serialised body. */
  id: string;
  size: number;
  chrom: Chrom[];
  pos: Int32Array;
  /** [start, end) marker indexes per chromosome (empty for Y and MT). */
  chromRange: Record<Chrom, [start: number, end: number]>;
  indexOfPosition(chrom: Chrom, pos37: number): number;
}

/** Chromosomes a layout keeps: the ones that recombine and so carry segments. */
export const LAYOUT_CHROMS: readonly Chrom[] = CHROMS.slice(0, 23);
const MAGIC = 'JYLY';
const VERSION = 1;

/**
 * Canonical 2-bit code of a call, the same for a marker in every layout and every genome, with no
 * per-marker allele table: 1 = heterozygous (two different bases), 0 = homozygous for a weak base
 * (A or T), 2 = homozygous for a strong base (C or G), 3 = no-call, indel or anything else.
 * A biallelic SNP whose alleles differ in strength (A/C, A/G, T/C, T/G: all transitions and
 * most transversions) thus codes its two homozygotes apart exactly as a REF/ALT table would, on
 * either strand (complementing keeps strength). The blind spot: an A/T or C/G SNP codes both
 * homozygotes 0 (or both 2), so it never breaks a half-identical run; it still counts as a shared
 * marker. Haploid calls (male X) count as homozygous.
 */
export function codeCall(a1: string, a2: string): 0 | 1 | 2 | 3 {
  const s1 = strength(a1);
  if (s1 < 0) return 3;
  if (a2 === '' || a2 === a1) return s1 === 0 ? 0 : 2;
  return strength(a2) < 0 ? 3 : 1;
}

function strength(b: string): number {
  return b === 'A' || b === 'T' ? 0 : b === 'C' || b === 'G' ? 1 : -1;
}

/** Builds a layout from parallel marker lists in any order; duplicate positions are kept once. */
export function layoutFromMarkers(chrom: readonly Chrom[], pos: ArrayLike<number>): ChipLayout {
  // Typed index lists, not number[]s grown by push (~60 MB per 23andMe file before).
  const s: Ordering = { chrom, pos, rank: new Int8Array(chrom.length), order: new Int32Array(chrom.length), n: 0, sorted: true, m: 0 };
  inSlices(chrom.length, s, rankSlice);
  const { rank, order, n } = s;
  // Files list markers in order already; sort only when they do not.
  if (!s.sorted) order.subarray(0, n).sort((x, y) => rank[x] - rank[y] || pos[x] - pos[y]);
  // Kept markers are compacted to the front of `order`.
  const { m } = inSlices(n, s, dedupeSlice);
  const out = { chrom, pos, order, outChrom: new Array<Chrom>(m), outPos: new Int32Array(m) };
  inSlices(m, out, gatherSlice);
  return makeLayout(out.outChrom, out.outPos);
}

interface Ordering {
  chrom: readonly Chrom[];
  pos: ArrayLike<number>;
  /** Index in LAYOUT_CHROMS per marker (-1: not kept). */
  rank: Int8Array;
  /** Indexes of the kept markers: the first `n`, then (deduplicated) the first `m`. */
  order: Int32Array;
  n: number;
  sorted: boolean;
  m: number;
}

function rankSlice(s: Ordering, from: number, to: number): void {
  const { chrom, pos, rank, order } = s;
  let n = s.n;
  let runChrom: Chrom | null = null;
  let lastRank = -1;
  for (let i = from; i < to; i++) {
    if (chrom[i] !== runChrom) {
      runChrom = chrom[i];
      // Looked up once per run of a chromosome, not per marker.
      lastRank = indexInHead(LAYOUT_CHROMS, runChrom);
    }
    rank[i] = lastRank;
    const p = pos[i];
    if (rank[i] < 0 || !Number.isInteger(p) || p <= 0 || p > 0x7fffffff) continue;
    const last = order[n - 1];
    if (n > 0 && (rank[last] > rank[i] || (rank[last] === rank[i] && pos[last] > p))) s.sorted = false;
    order[n++] = i;
  }
  s.n = n;
}

function dedupeSlice(s: Ordering, from: number, to: number): void {
  const { chrom, pos, order } = s;
  let m = s.m;
  for (let j = from; j < to; j++) {
    const i = order[j];
    if (m > 0 && chrom[order[m - 1]] === chrom[i] && pos[order[m - 1]] === pos[i]) continue;
    order[m++] = i;
  }
  s.m = m;
}

function gatherSlice(
  s: { chrom: readonly Chrom[]; pos: ArrayLike<number>; order: Int32Array; outChrom: Chrom[]; outPos: Int32Array },
  from: number,
  to: number,
): void {
  const { chrom, pos, order, outChrom, outPos } = s;
  for (let j = from; j < to; j++) {
    outChrom[j] = chrom[order[j]];
    outPos[j] = pos[order[j]];
  }
}

/**
 * The layout of a normalised file: every autosomal and X call it lists, no-calls included (they are
 * part of the chip, so files of one chip version give one layout whatever their calls).
 */
export function layoutOfCalls(calls: readonly NormalisedCall[]): ChipLayout {
  const s = { calls, chrom: new Array<Chrom>(calls.length), pos: new Int32Array(calls.length) };
  inSlices(calls.length, s, markersSlice);
  return layoutFromMarkers(s.chrom, s.pos);
}

function markersSlice(s: { calls: readonly NormalisedCall[]; chrom: Chrom[]; pos: Int32Array }, from: number, to: number): void {
  const { calls, chrom, pos } = s;
  for (let i = from; i < to; i++) {
    chrom[i] = calls[i].chrom;
    pos[i] = calls[i].pos;
  }
}

/** Markers per chromosome, in CHROMS order. */
function chromCounts(chrom: readonly Chrom[]): Int32Array {
  return inSlices(chrom.length, { chrom, counts: new Int32Array(CHROMS.length) }, countSlice).counts;
}

function countSlice(s: { chrom: readonly Chrom[]; counts: Int32Array }, from: number, to: number): void {
  const { chrom, counts } = s;
  let runChrom: Chrom | null = null;
  let lastIndex = -1;
  for (let i = from; i < to; i++) {
    if (chrom[i] !== runChrom) {
      runChrom = chrom[i];
      lastIndex = CHROM_INDEX.get(runChrom) ?? -1;
    }
    if (lastIndex >= 0) counts[lastIndex]++;
  }
}

/** Body bytes: u32le count per LAYOUT_CHROMS entry, then per marker the varint position delta. */
function body(chrom: readonly Chrom[], pos: Int32Array, counts = chromCounts(chrom)): Uint8Array {
  const out = new Uint8Array(LAYOUT_CHROMS.length * 4 + pos.length * 5);
  const view = new DataView(out.buffer);
  for (let c = 0; c < LAYOUT_CHROMS.length; c++) view.setUint32(c * 4, counts[c], true);
  return out.subarray(0, inSlices(pos.length, { chrom, pos, out, i: LAYOUT_CHROMS.length * 4, prev: 0 }, varintSlice).i);
}

function varintSlice(
  s: { chrom: readonly Chrom[]; pos: Int32Array; out: Uint8Array; i: number; prev: number },
  from: number,
  to: number,
): void {
  const { chrom, pos, out } = s;
  let i = s.i;
  let prev = s.prev;
  for (let k = from; k < to; k++) {
    if (k > 0 && chrom[k] !== chrom[k - 1]) prev = 0;
    let v = pos[k] - prev;
    prev = pos[k];
    while (v >= 0x80) {
      out[i++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    out[i++] = v;
  }
  s.i = i;
  s.prev = prev;
}

/** `chrom` is sorted in CHROMS order (layoutFromMarkers and deserialiseLayout make it so). */
function makeLayout(chrom: Chrom[], pos: Int32Array, bodyBytes?: Uint8Array): ChipLayout {
  const counts = chromCounts(chrom);
  const id = `lay-${createHash('sha256')
    .update(bodyBytes ?? body(chrom, pos, counts))
    .digest('hex')
    .slice(0, 16)}`;
  const chromRange = {} as Record<Chrom, [number, number]>;
  let k = 0;
  CHROMS.forEach((c, ci) => {
    chromRange[c] = [k, k + counts[ci]];
    k += counts[ci];
  });
  const indexOfPosition = positionIndex(chromRange, pos);
  return { id, size: pos.length, chrom, pos, chromRange, indexOfPosition };
}

/** Compact bytes of a layout: 'JYLY', u8 version, then the gzipped body (about 1.3 bytes a marker). */
export function serialiseLayout(layout: ChipLayout): Uint8Array {
  const gz = gzipSync(body(layout.chrom, layout.pos), { level: 9 });
  const out = new Uint8Array(5 + gz.length);
  for (let i = 0; i < 4; i++) out[i] = MAGIC.charCodeAt(i);
  out[4] = VERSION;
  out.set(gz, 5);
  return out;
}

export function deserialiseLayout(bytes: Uint8Array): ChipLayout {
  const bad = (why: string) => new GenomeError('BAD_ARCHIVE', `芯片位点布局数据已损坏：${why}`);
  if (bytes.length < 5 || String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]) !== MAGIC) throw bad('文件头不对');
  if (bytes[4] !== VERSION) throw bad(`不支持的版本 ${bytes[4]}`);
  let raw: Uint8Array;
  try {
    raw = gunzipSync(bytes.subarray(5));
  } catch {
    throw bad('无法解压');
  }
  const head = LAYOUT_CHROMS.length * 4;
  if (raw.length < head) throw bad('长度不足');
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const counts = LAYOUT_CHROMS.map((_, i) => view.getUint32(i * 4, true));
  const size = counts.reduce((a, b) => a + b, 0);
  if (size > raw.length) throw bad('位点数与长度不符');
  const chrom: Chrom[] = new Array(size);
  const pos = new Int32Array(size);
  let i = head;
  let k = 0;
  for (let ci = 0; ci < counts.length; ci++) {
    let p = 0;
    for (let j = 0; j < counts[ci]; j++, k++) {
      let v = 0;
      let shift = 0;
      let b: number;
      do {
        if (i >= raw.length || shift > 28) throw bad('位置数据截断');
        b = raw[i++];
        v += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while (b >= 0x80);
      // Strictly increasing positions within a chromosome (a zero delta would be a duplicate).
      if (v === 0 && j > 0) throw bad('位置重复');
      p += v;
      if (p > 0x7fffffff) throw bad('位置超出范围');
      pos[k] = p;
      chrom[k] = LAYOUT_CHROMS[ci];
    }
  }
  if (i !== raw.length) throw bad('多余数据');
  return makeLayout(chrom, pos, raw);
}

/**
 * Packs calls (GRCh37, forward strand) over a layout with codeCall: the genome's `panelId` is the
 * layout id, `n` its size. Calls off the layout are ignored; when a position appears twice the
 * first call wins.
 */
export function packOnLayout(calls: readonly NormalisedCall[], layout: ChipLayout, sex: Sex = 'unknown'): PackedGenome {
  const g = emptyPacked(layout, sex);
  inSlices(calls.length, { calls, layout, g, seen: new Uint8Array(layout.size), next: 0 }, packOnLayoutSlice);
  return g;
}

function packOnLayoutSlice(
  s: { calls: readonly NormalisedCall[]; layout: ChipLayout; g: PackedGenome; seen: Uint8Array; next: number },
  from: number,
  to: number,
): void {
  const { calls, layout, g, seen } = s;
  let next = s.next;
  // Indexed, not for-of: that loop allocated an iterator result per call (~25 MB per 23andMe file).
  for (let i = from; i < to; i++) {
    const c = calls[i];
    // Files list markers in layout order: try the marker after the previous one before searching.
    const k =
      next < layout.size && layout.pos[next] === c.pos && layout.chrom[next] === c.chrom ? next : layout.indexOfPosition(c.chrom, c.pos);
    if (k < 0 || seen[k]) continue;
    seen[k] = 1;
    next = k + 1;
    const code = codeCall(c.a1, c.a2);
    if (code !== 3) setCode(g, k, code);
  }
  s.next = next;
}
