import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { CHROMS, type Chrom, GenomeError } from './types.ts';

/**
 * The reference marker panel every packed genome is coded against, sorted by chromosome (CHROMS
 * order) then GRCh37 position. Every marker is a real one named by its public id (rsid, or the ISOGG /
 * mtDNA name of a tree marker without one). Built by scripts/build-panel.ts into data/panel/; the file
 * format is described below and its origin in data/SOURCES.md ("Marker panel").
 */
export interface Panel {
  id: string;
  size: number;
  rsid: string[];
  chrom: Chrom[];
  pos: Int32Array;
  /** Allele coded 0 (forward strand). */
  ref: string[];
  /** Allele coded 2 (forward strand). */
  alt: string[];
  /** [start, end) marker indexes per chromosome. */
  chromRange: Record<Chrom, [start: number, end: number]>;
  indexOfRsid(rsid: string): number;
  indexOfPosition(chrom: Chrom, pos37: number): number;
}

/** Bumped whenever the panel's content changes: a packed genome is only readable with its own panel. */
export const PANEL_ID = 'jy-panel-v3';
export const PANEL_FILE = new URL(`../data/panel/${PANEL_ID}.bin.gz`, import.meta.url);
export const PANEL_MAGIC = 'JYPN';
export const BASES = ['A', 'C', 'G', 'T'] as const;

/** Decoded content of a panel file, before the lookup helpers are attached. */
export interface PanelData {
  id: string;
  chrom: Chrom[];
  pos: Int32Array;
  ref: string[];
  alt: string[];
  /** Public id by marker index. */
  ids: Map<number, string>;
}

/**
 * Layout (after gunzip): 'JYPN', u8 version, u32le header length, header JSON
 * {id, counts: number[] per CHROMS entry}, then per marker a varint delta of the GRCh37 position
 * (restarting at 0 on each chromosome), then one byte per marker (ref<<2 | alt, A=0 C=1 G=2 T=3),
 * then the ids as UTF-8 lines '<index>\t<id>', one per marker.
 */
export function decodePanel(gz: Uint8Array): PanelData {
  const buf = gunzipSync(gz);
  if (String.fromCharCode(buf[0], buf[1], buf[2], buf[3]) !== PANEL_MAGIC || buf[4] !== 1) {
    throw new GenomeError('IO_ERROR', '标记面板数据文件格式不对');
  }
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const headerLen = view.getUint32(5, true);
  const header = JSON.parse(new TextDecoder().decode(buf.subarray(9, 9 + headerLen))) as {
    id: string;
    counts: number[];
  };
  const size = header.counts.reduce((a, b) => a + b, 0);
  let i = 9 + headerLen;
  const chrom: Chrom[] = new Array(size);
  const pos = new Int32Array(size);
  let k = 0;
  for (let ci = 0; ci < header.counts.length; ci++) {
    let p = 0;
    for (let j = 0; j < header.counts[ci]; j++, k++) {
      let v = 0;
      let shift = 0;
      let b: number;
      do {
        b = buf[i++];
        v += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while (b >= 0x80);
      p += v;
      pos[k] = p;
      chrom[k] = CHROMS[ci];
    }
  }
  const ref: string[] = new Array(size);
  const alt: string[] = new Array(size);
  for (let j = 0; j < size; j++) {
    const b = buf[i++];
    ref[j] = BASES[(b >> 2) & 3];
    alt[j] = BASES[b & 3];
  }
  if (i > buf.length) throw new GenomeError('IO_ERROR', '标记面板数据文件已损坏');
  const ids = new Map<number, string>();
  for (const line of new TextDecoder().decode(buf.subarray(i)).split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) ids.set(Number(line.slice(0, tab)), line.slice(tab + 1));
  }
  return { id: header.id, chrom, pos, ref, alt, ids };
}

/** Binary search of a GRCh37 position within its chromosome's range of a sorted marker list (-1 when absent). */
export function positionIndex(chromRange: Partial<Record<Chrom, [number, number]>>, pos: ArrayLike<number>) {
  return (c: Chrom, p: number): number => {
    const range = chromRange[c];
    if (!range) return -1;
    let lo = range[0];
    let hi = range[1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = pos[mid];
      if (v === p) return mid;
      if (v < p) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
}

/** Attach names, per-chromosome ranges and lookups to decoded panel data. */
export function makePanel(d: PanelData): Panel {
  const size = d.pos.length;
  const rsid: string[] = new Array(size);
  const byId = new Map<string, number>();
  for (let k = 0; k < size; k++) {
    const id = d.ids.get(k);
    if (!id) throw new GenomeError('IO_ERROR', '标记面板数据文件已损坏：有位点缺少编号');
    rsid[k] = id;
    if (!byId.has(id)) byId.set(id, k);
  }
  const chromRange = {} as Record<Chrom, [number, number]>;
  for (const c of CHROMS) chromRange[c] = [0, 0];
  let k = 0;
  for (const c of CHROMS) {
    const start = k;
    while (k < size && d.chrom[k] === c) k++;
    chromRange[c] = [start, k];
  }
  const pos = d.pos;
  const indexOfPosition = positionIndex(chromRange, pos);
  const indexOfRsid = (id: string): number => byId.get(id) ?? -1;
  return { id: d.id, size, rsid, chrom: d.chrom, pos, ref: d.ref, alt: d.alt, chromRange, indexOfRsid, indexOfPosition };
}

let cached: Panel | null = null;

/** The shipped panel, decoded once per process. */
export function loadPanel(): Panel {
  if (!cached) cached = makePanel(decodePanel(readFileSync(PANEL_FILE)));
  return cached;
}
