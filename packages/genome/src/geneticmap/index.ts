import { readFileSync } from 'node:fs';
import type { Chrom } from '../types.ts';

/**
 * GRCh37 genetic map in cM: sex-averaged for autosomes, female (the only recombining sex) for X.
 * Built by scripts/derive-geneticmap.py, sources in data/SOURCES.md ("Genetic map").
 * Y and MT do not recombine and have no map (0 cM everywhere).
 */
interface ChromMap {
  pos: Int32Array;
  cm: Float64Array;
}

/** Minimal shape of the marker panel this module needs (the full Panel satisfies it). */
export interface PanelPositions {
  size: number;
  chrom: Chrom[];
  pos: Int32Array;
}

let maps: Map<Chrom, ChromMap> | null = null;

function load(): Map<Chrom, ChromMap> {
  if (maps) return maps;
  const text = readFileSync(new URL('../../data/geneticmap/grch37.tsv', import.meta.url), 'utf8');
  const acc = new Map<Chrom, { pos: number[]; cm: number[] }>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [c, p, g] = line.split('\t');
    let entry = acc.get(c as Chrom);
    if (!entry) {
      entry = { pos: [], cm: [] };
      acc.set(c as Chrom, entry);
    }
    entry.pos.push(Number(p));
    entry.cm.push(Number(g));
  }
  maps = new Map();
  for (const [c, e] of acc) maps.set(c, { pos: Int32Array.from(e.pos), cm: Float64Array.from(e.cm) });
  return maps;
}

/** Chromosomes that carry a genetic map (autosomes and X). */
export function mappedChroms(): Chrom[] {
  return [...load().keys()];
}

/** Total map length of a chromosome in cM (0 for Y, MT). */
export function chromLengthCM(chrom: Chrom): number {
  const m = load().get(chrom);
  return m ? m.cm[m.cm.length - 1] - m.cm[0] : 0;
}

/** Physical span [first, last] mapped point of a chromosome on GRCh37, or null without a map. */
export function chromSpan(chrom: Chrom): [number, number] | null {
  const m = load().get(chrom);
  return m ? [m.pos[0], m.pos[m.pos.length - 1]] : null;
}

/** Interpolated genetic position (cM) of a GRCh37 base; clamped to the map's ends. */
export function cmAt(chrom: Chrom, pos37: number): number {
  const m = load().get(chrom);
  if (!m) return 0;
  const { pos, cm } = m;
  if (pos37 <= pos[0]) return cm[0];
  const last = pos.length - 1;
  if (pos37 >= pos[last]) return cm[last];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (pos[mid] <= pos37) lo = mid;
    else hi = mid;
  }
  return cm[lo] + ((cm[hi] - cm[lo]) * (pos37 - pos[lo])) / (pos[hi] - pos[lo]);
}

/** Inverse of cmAt: the GRCh37 base at a genetic position (used to place simulated crossovers). */
export function posAtCM(chrom: Chrom, cM: number): number {
  const m = load().get(chrom);
  if (!m) return 0;
  const { pos, cm } = m;
  const last = cm.length - 1;
  if (cM <= cm[0]) return pos[0];
  if (cM >= cm[last]) return pos[last];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (cm[mid] <= cM) lo = mid;
    else hi = mid;
  }
  const span = cm[hi] - cm[lo];
  return Math.round(pos[lo] + (span > 0 ? ((pos[hi] - pos[lo]) * (cM - cm[lo])) / span : 0));
}

/** cM of every panel marker, in panel order (0 for Y and MT). */
export function cmForPanel(panel: PanelPositions): Float64Array {
  const out = new Float64Array(panel.size);
  for (let i = 0; i < panel.size; i++) out[i] = cmAt(panel.chrom[i], panel.pos[i]);
  return out;
}
