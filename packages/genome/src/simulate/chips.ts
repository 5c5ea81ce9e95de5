import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { type ChipLayout, LAYOUT_CHROMS, layoutFromMarkers } from '../layout.ts';
import { emptyPacked, type PackedGenome, setCode } from '../pack.ts';
import { BASES, loadPanel, type Panel } from '../panel.ts';
import { AUTOSOMES, CHROMS, type Chrom, GenomeError, type RawCall } from '../types.ts';
import type { SimulatedGenome } from './genotypes.ts';

/**
 * Realistic chip layouts for simulation and benchmarks, drawn from real HapMap3 markers (real rsids at
 * their real GRCh37 positions) with the sizes and mutual overlap of two real consumer chips. Built by
 * scripts/derive-chip-layouts.py into data/layouts/hm3-chips.bin.gz (format described there); origin
 * and choices in data/SOURCES.md ("Chip layouts"). No vendor's chip content is copied.
 */
export const CHIP_NAMES = ['23andme-v5', 'ancestry-v2'] as const;
export type ChipName = (typeof CHIP_NAMES)[number];

const CATALOGUE_FILE = new URL('../../data/layouts/hm3-chips.bin.gz', import.meta.url);

export interface ChipCatalogue {
  chrom: Chrom[];
  pos: Int32Array;
  /** rsid number (rs<number>). */
  rs: Int32Array;
  /** Bit k set: marker on CHIP_NAMES[k]. */
  member: Uint8Array;
  /** 1000 Genomes alleles and East Asian ALT frequency where known, by catalogue index. */
  alleles: Map<number, { ref: string; alt: string; eas: number }>;
}

let catalogue: ChipCatalogue | null = null;

function varint(buf: Uint8Array, at: { i: number }): number {
  let v = 0;
  let shift = 0;
  let b: number;
  do {
    b = buf[at.i++];
    v += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b >= 0x80);
  return v;
}

export function loadChipCatalogue(): ChipCatalogue {
  catalogue ??= decodeCatalogue(true);
  return catalogue;
}

/** The catalogue file read; its alleles (a map of ~1 million entries) only when asked for, else left empty. */
function decodeCatalogue(withAlleles: boolean): ChipCatalogue {
  const buf = gunzipSync(readFileSync(CATALOGUE_FILE));
  if (String.fromCharCode(buf[0], buf[1], buf[2], buf[3]) !== 'JYCL' || buf[4] !== 1) {
    throw new GenomeError('IO_ERROR', '芯片位点布局数据文件格式不对');
  }
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const headerLen = view.getUint32(5, true);
  const header = JSON.parse(new TextDecoder().decode(buf.subarray(9, 9 + headerLen))) as { counts: number[] };
  const n = header.counts.reduce((a, b) => a + b, 0);
  const at = { i: 9 + headerLen };
  const chrom: Chrom[] = new Array(n);
  const pos = new Int32Array(n);
  let k = 0;
  for (let ci = 0; ci < header.counts.length; ci++) {
    let p = 0;
    for (let j = 0; j < header.counts[ci]; j++, k++) {
      p += varint(buf, at);
      pos[k] = p;
      chrom[k] = AUTOSOMES[ci];
    }
  }
  const rs = new Int32Array(n);
  for (let j = 0; j < n; j++) rs[j] = varint(buf, at);
  const member = buf.slice(at.i, at.i + n);
  at.i += n;
  const alleles = new Map<number, { ref: string; alt: string; eas: number }>();
  if (!withAlleles) return { chrom, pos, rs, member, alleles };
  const count = view.getUint32(at.i, true);
  at.i += 4;
  let idx = 0;
  for (let j = 0; j < count; j++) {
    idx += varint(buf, at);
    const b = buf[at.i++];
    const eas = view.getUint16(at.i, true) / 10000;
    at.i += 2;
    alleles.set(idx, { ref: BASES[(b >> 2) & 3], alt: BASES[b & 3], eas });
  }
  if (at.i !== buf.length) throw new GenomeError('IO_ERROR', '芯片位点布局数据文件已损坏');
  return { chrom, pos, rs, member, alleles };
}

/**
 * A seeded, strength-changing allele pair for a marker without a known one (the simulated file needs
 * letters; canonical coding only needs the two alleles to differ in strength, as HapMap3 SNPs do).
 */
function drawnAlleles(chrom: Chrom, pos: number): [string, string] {
  let h = Math.imul(pos ^ (CHROMS.indexOf(chrom) << 27), 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  const ref = BASES[h & 3];
  const weak = ref === 'A' || ref === 'T';
  const alt = (weak ? ['C', 'G'] : ['A', 'T'])[(h >>> 2) & 1];
  return [ref, alt];
}

/**
 * Where the merge walk of the reference panel (at i) and the catalogue (at j) stands, both sorted by
 * chromosome and position: < 0 the panel's marker comes first, > 0 the catalogue's, 0 the same position.
 */
function walkOrder(ref: Panel, i: number, c: ChipCatalogue, j: number): number {
  if (i >= ref.size) return 1;
  if (j >= c.pos.length) return -1;
  return CHROMS.indexOf(ref.chrom[i]) - CHROMS.indexOf(c.chrom[j]) || ref.pos[i] - c.pos[j];
}

export interface SimulationPanel extends Panel {
  /** East Asian ALT frequencies known for its markers, keyed `${chrom}:${pos}` (PopulationOptions.freqAt). */
  easFreq: Map<string, number>;
}

let simPanel: SimulationPanel | null = null;

/**
 * The panel simulated people are built on: every marker of the simulated chips plus every marker of
 * the reference panel (so reports, haplogroups and ancestry read simulated files as real ones). Both
 * hold real markers only: a file written from it through `callsOnChip` carries real ids only.
 */
export function simulationPanel(): SimulationPanel {
  if (simPanel) return simPanel;
  const c = loadChipCatalogue();
  const ref = loadPanel();
  const chrom: Chrom[] = [];
  const pos: number[] = [];
  const rsid: string[] = [];
  const refs: string[] = [];
  const alts: string[] = [];
  const easFreq = new Map<string, number>();
  // Both lists are sorted by (chromosome, position): one merge walk; a position in both keeps the
  // reference panel's marker (its alleles are the ones reports read).
  let i = 0;
  let j = 0;
  while (i < ref.size || j < c.pos.length) {
    const order = walkOrder(ref, i, c, j);
    if (order <= 0) {
      chrom.push(ref.chrom[i]);
      pos.push(ref.pos[i]);
      rsid.push(ref.rsid[i]);
      refs.push(ref.ref[i]);
      alts.push(ref.alt[i]);
      i++;
    }
    if (order >= 0) {
      const known = c.alleles.get(j);
      if (known) easFreq.set(`${c.chrom[j]}:${c.pos[j]}`, known.eas);
      if (order > 0) {
        const [r, a] = known ? [known.ref, known.alt] : drawnAlleles(c.chrom[j], c.pos[j]);
        chrom.push(c.chrom[j]);
        pos.push(c.pos[j]);
        rsid.push(`rs${c.rs[j]}`);
        refs.push(r);
        alts.push(a);
      }
      j++;
    }
  }
  const size = pos.length;
  const posArr = Int32Array.from(pos);
  const chromRange = {} as Record<Chrom, [number, number]>;
  let k = 0;
  for (const x of CHROMS) {
    const start = k;
    while (k < size && chrom[k] === x) k++;
    chromRange[x] = [start, k];
  }
  const indexOfPosition = (x: Chrom, p: number): number => {
    const range = chromRange[x];
    if (!range) return -1;
    let lo = range[0];
    let hi = range[1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (posArr[mid] === p) return mid;
      if (posArr[mid] < p) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
  // Built on first use: the simulator and matching never look markers up by rsid.
  let byRsid: Map<string, number> | null = null;
  const indexOfRsid = (id: string): number => {
    if (!byRsid) {
      byRsid = new Map();
      for (let x = 0; x < size; x++) if (!byRsid.has(rsid[x])) byRsid.set(rsid[x], x);
    }
    return byRsid.get(id) ?? -1;
  };
  simPanel = {
    id: 'sim-hm3-chips-v1',
    size,
    rsid,
    chrom,
    pos: posArr,
    ref: refs,
    alt: alts,
    chromRange,
    indexOfRsid,
    indexOfPosition,
    easFreq,
  };
  return simPanel;
}

/** Simulation-panel indexes a file of this chip lists: the chip's markers and the reference panel's. */
const chipIndexCache = new Map<ChipName, Int32Array>();
export function chipIndexes(name: ChipName): Int32Array {
  const hit = chipIndexCache.get(name);
  if (hit) return hit;
  const panel = simulationPanel();
  const c = loadChipCatalogue();
  const bit = 1 << CHIP_NAMES.indexOf(name);
  const keep = new Uint8Array(panel.size);
  const ref = loadPanel();
  for (let k = 0; k < ref.size; k++) keep[panel.indexOfPosition(ref.chrom[k], ref.pos[k])] = 1;
  for (let k = 0; k < c.pos.length; k++) if (c.member[k] & bit) keep[panel.indexOfPosition(c.chrom[k], c.pos[k])] = 1;
  const out: number[] = [];
  for (let k = 0; k < panel.size; k++) if (keep[k]) out.push(k);
  const idx = Int32Array.from(out);
  chipIndexCache.set(name, idx);
  return idx;
}

/**
 * How many markers of a file of this chip its layout holds (chipLayout(name).size: autosomes and X): the
 * reference panel's positions and the chip's, counted in the simulation panel's merge walk without building
 * it. The web process asks only this (the marketing's marker count): building the simulation panel for it
 * kept ~90 MB of marker strings and arrays on that thread's heap for good, marked by its every full collection.
 */
export function chipMarkerCount(name: ChipName): number {
  const c = catalogue ?? decodeCatalogue(false);
  const ref = loadPanel();
  const bit = 1 << CHIP_NAMES.indexOf(name);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < ref.size || j < c.pos.length) {
    if (j < c.pos.length && !(c.member[j] & bit)) {
      j++;
      continue;
    }
    const order = walkOrder(ref, i, c, j);
    if (order > 0 || LAYOUT_CHROMS.includes(ref.chrom[i])) n++;
    if (order <= 0) i++;
    if (order >= 0) j++;
  }
  return n;
}

/** The calls a file of this chip carries, from calls over the whole simulation panel (callsOf). */
export function callsOnChip(calls: readonly RawCall[], name: ChipName): RawCall[] {
  const idx = chipIndexes(name);
  if (calls.length !== simulationPanel().size) throw new GenomeError('BAD_ARGUMENT', '模拟基因型不在模拟位点面板上');
  return Array.from(idx, (k) => calls[k]);
}

/** The layout a file of this chip has (what layoutOfCalls gives for any of its files). */
const layoutCache = new Map<ChipName, ChipLayout>();
export function chipLayout(name: ChipName): ChipLayout {
  const hit = layoutCache.get(name);
  if (hit) return hit;
  const panel = simulationPanel();
  const idx = chipIndexes(name);
  const layout = layoutFromMarkers(
    Array.from(idx, (k) => panel.chrom[k]),
    Array.from(idx, (k) => panel.pos[k]),
  );
  layoutCache.set(name, layout);
  return layout;
}

const strong = (b: string) => (b === 'C' || b === 'G' ? 2 : 0);

/**
 * A simulated genome (over the simulation panel) packed over a chip's layout, as packOnLayout would
 * pack the chip's file written from it (test/layout.test.ts checks they agree), without writing the
 * calls out: the benchmarks pack thousands of genomes.
 */
export function simulatedOnChip(g: SimulatedGenome, name: ChipName): PackedGenome {
  const panel = simulationPanel();
  const layout = chipLayout(name);
  const idx = chipIndexes(name);
  const out = emptyPacked(layout, g.sex);
  let i = 0;
  for (let k = 0; k < layout.size; k++) {
    // The layout is the chip's markers without Y and MT, in the same order.
    while (panel.chrom[idx[i]] === 'Y' || panel.chrom[idx[i]] === 'MT' || panel.pos[idx[i]] !== layout.pos[k]) i++;
    const m = idx[i++];
    const code = (((g.hi[m >>> 5] >>> (m & 31)) & 1) << 1) | ((g.lo[m >>> 5] >>> (m & 31)) & 1);
    if (code === 3) continue;
    setCode(out, k, code === 1 ? 1 : strong(code === 0 ? panel.ref[m] : panel.alt[m]));
  }
  return out;
}
