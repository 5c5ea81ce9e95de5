import { inSlices } from '../slices.ts';
import type { Lookups } from '../lookup.ts';
import { AGES_YBP } from './ages.ts';
import { type CompiledTree, pathIndexes } from './tree.ts';

export interface HaplogroupCall {
  /** Deepest confidently supported branch, e.g. 'O2a1b1a1a1a' (ISOGG 2019-2020 name) or 'D4a'. */
  haplogroup: string;
  /** Y only: SNP-based name of the branch, e.g. 'O-F11'. */
  snpName?: string;
  /** From the root down to the call; `snps` are the node's defining markers this genome shows derived. */
  path: { haplogroup: string; snps: string[] }[];
  /** Marker evidence along the chosen path (calls at the defining markers of its nodes). */
  derived: number;
  ancestral: number;
  noCall: number;
  /** 0..1: path consistency × support of the deepest supported node (see callHaplogroup). */
  confidence: number;
  /** Published age of the called branch when ages.ts has one, else null. */
  ageEstimateYbp?: number | null;
}

/**
 * An ancestral call on the path costs this many derived calls. Chips misread Y/MT sites rarely, so one
 * contrary call should not outweigh one supporting call; two are needed to undo a node.
 */
const ANCESTRAL_PENALTY = 2;

const ABSENT = 0;
const NO_CALL = 1;
const DERIVED = 2;
const ANCESTRAL = 3;
const OTHER = 4;
type Reading = typeof ABSENT | typeof NO_CALL | typeof DERIVED | typeof ANCESTRAL | typeof OTHER;

/**
 * One haploid allele from a lookup result: 'A' and 'AA' (male X/Y/MT as some chips write them) read
 * as 'A'; a heterozygous call at a haploid site is noise and counts as a no-call.
 */
function haploid(g: string | null): string | null {
  if (g === null) return null;
  if (g.length === 1 && g !== '-') return g;
  if (g.length === 2 && g[0] === g[1] && g[0] !== '-') return g[0];
  return '';
}

function compare(allele: string, anc: string, der: string): Reading {
  if (allele === der) return DERIVED;
  if (allele === anc) return ANCESTRAL;
  // Chips write indels as I/D: a present sequence ('I') is the non-deleted state.
  if (allele === 'I' && der === 'D') return ANCESTRAL;
  if (allele === 'I' && anc === 'D') return DERIVED;
  return OTHER;
}

function lca(t: CompiledTree, a: number, b: number): number {
  while (t.depth[a] > t.depth[b]) a = t.parent[a];
  while (t.depth[b] > t.depth[a]) b = t.parent[b];
  while (a !== b) {
    a = t.parent[a];
    b = t.parent[b];
  }
  return a;
}

/**
 * Scores every node of `t` against one genome and returns the call, or null when the genome has
 * (almost) no calls on this chromosome.
 *
 * Score of a node = score of its parent + (weighted derived calls at its own markers) −
 * ANCESTRAL_PENALTY × (weighted ancestral calls). Weights are 1/recurrence (see tree.ts). Candidates
 * are the root and the nodes with at least one derived call of their own, so a node without calls is
 * only passed through on the way to a supported descendant. The call is the candidate with the best
 * score; when several tie (e.g. two sibling branches with one derived call each) the call is their
 * lowest common ancestor, which also makes a deeper node that adds nothing lose to its ancestor.
 *
 * Confidence = D/(D + A) along the path (weighted) × (1 − 0.5^(2·d)), where d is the weighted number of
 * derived calls at the deepest node of the path that has any: one clean derived call at the final
 * branch gives 0.75, two give 0.94; a call resting on one recurrent (hotspot) mutation gives less.
 */
export function callHaplogroup(t: CompiledTree, lookups: Lookups, minCalledShare: number): HaplogroupCall | null {
  const n = t.names.length;
  const m = t.pos.length;
  const r: Readings = {
    t,
    lookups,
    reading: new Uint8Array(m),
    // Each position is looked up at its first marker; later markers there read that marker's allele.
    alleles: new Array(m),
    present: 0,
    called: 0,
  };
  const { reading, present, called } = inSlices(m, r, readSlice);
  if (called < Math.max(3, minCalledShare * present)) return null;

  // Per node: own evidence minus the evidence of the ancestor markers its own markers supersede.
  const e: Evidence = {
    t,
    reading,
    dW: new Float64Array(n),
    aW: new Float64Array(n),
    dC: new Int32Array(n),
    aC: new Int32Array(n),
    ncC: new Int32Array(n),
    ownDerived: new Int32Array(n),
    score: new Float64Array(n),
    best: 0,
    call: 0,
  };
  inSlices(n, e, evidenceSlice);
  // Parents precede children in the compiled tree, so one forward pass accumulates path scores.
  inSlices(n, e, scoreSlice);
  e.call = e.best;
  inSlices(n, e, tieSlice);
  const { dW, aW, dC, aC, ncC, ownDerived, call } = e;

  const path = pathIndexes(t, call);
  let d = 0;
  let a = 0;
  let nc = 0;
  let dWeight = 0;
  let aWeight = 0;
  let terminal = 0;
  for (const node of path) {
    d += dC[node];
    a += aC[node];
    nc += ncC[node];
    dWeight += dW[node];
    aWeight += aW[node];
    if (ownDerived[node] > 0) terminal = node;
  }
  const consistency = dWeight + aWeight > 0 ? dWeight / (dWeight + aWeight) : 0;
  const confidence = call === 0 ? 0 : consistency * (1 - 0.5 ** (2 * ownDerivedWeight(t, reading, terminal)));
  const result: HaplogroupCall = {
    haplogroup: t.names[call],
    path: path.map((node) => ({
      haplogroup: t.names[node],
      snps: derivedNames(t, reading, node),
    })),
    derived: d,
    ancestral: a,
    noCall: nc,
    confidence: Math.round(confidence * 1000) / 1000,
    ageEstimateYbp: AGES_YBP[t.kind].get(t.names[call])?.ybp ?? null,
  };
  if (t.kind === 'Y' && t.snpNames[call]) result.snpName = t.snpNames[call];
  return result;
}

interface Readings {
  t: CompiledTree;
  lookups: Lookups;
  reading: Uint8Array;
  alleles: (string | null)[];
  present: number;
  called: number;
}

function readSlice(s: Readings, from: number, to: number): void {
  const { t, lookups, reading, alleles } = s;
  for (let i = from; i < to; i++) {
    const first = t.firstAtPos[i];
    let allele: string | null;
    if (first === i) {
      let g = lookups.byPosition(t.kind, t.pos[i]);
      if (g === null && t.rsid[i] > 0) g = lookups.byRsid(`rs${t.rsid[i]}`);
      allele = haploid(g);
      alleles[i] = allele;
      if (allele !== null) s.present++;
      if (allele) s.called++;
    } else allele = alleles[first];
    reading[i] = allele === null ? ABSENT : allele === '' ? NO_CALL : compare(allele, t.anc[i], t.der[i]);
  }
}

interface Evidence {
  t: CompiledTree;
  reading: Uint8Array;
  /** Per node: weighted and counted derived and ancestral calls, no-calls, own derived calls. */
  dW: Float64Array;
  aW: Float64Array;
  dC: Int32Array;
  aC: Int32Array;
  ncC: Int32Array;
  ownDerived: Int32Array;
  /** Per node: the path score from the root. */
  score: Float64Array;
  best: number;
  call: number;
}

function tally(e: Evidence, node: number, i: number, sign: number): void {
  const r = e.reading[i];
  if (r === DERIVED) {
    e.dW[node] += sign * e.t.weight[i];
    e.dC[node] += sign;
  } else if (r === ANCESTRAL) {
    e.aW[node] += sign * e.t.weight[i];
    e.aC[node] += sign;
  } else if (r === NO_CALL) e.ncC[node] += sign;
}

function evidenceSlice(e: Evidence, from: number, to: number): void {
  const { t, reading, ownDerived } = e;
  for (let node = from; node < to; node++) {
    for (let i = t.markerStart[node]; i < t.markerStart[node + 1]; i++) {
      tally(e, node, i, 1);
      if (reading[i] === DERIVED) ownDerived[node]++;
      if (t.supersedes[i] >= 0) tally(e, node, t.supersedes[i], -1);
    }
  }
}

function scoreSlice(e: Evidence, from: number, to: number): void {
  const { t, score, dW, aW, ownDerived } = e;
  let best = e.best;
  for (let node = Math.max(1, from); node < to; node++) {
    score[node] = score[t.parent[node]] + dW[node] - ANCESTRAL_PENALTY * aW[node];
    if (ownDerived[node] > 0 && score[node] > score[best] + 1e-9) best = node;
  }
  e.best = best;
}

/** Nodes scoring level with the best: the call is the lowest common ancestor of them all. */
function tieSlice(e: Evidence, from: number, to: number): void {
  const { t, score, ownDerived, best } = e;
  let call = e.call;
  for (let node = Math.max(1, from); node < to; node++) {
    if (node !== best && ownDerived[node] > 0 && Math.abs(score[node] - score[best]) <= 1e-9) call = lca(t, call, node);
  }
  e.call = call;
}

function ownDerivedWeight(t: CompiledTree, reading: Uint8Array, node: number): number {
  let w = 0;
  for (let i = t.markerStart[node]; i < t.markerStart[node + 1]; i++) if (reading[i] === DERIVED) w += t.weight[i];
  return w;
}

function derivedNames(t: CompiledTree, reading: Uint8Array, node: number): string[] {
  const out: string[] = [];
  for (let i = t.markerStart[node]; i < t.markerStart[node + 1]; i++) if (reading[i] === DERIVED) out.push(t.markerName[i]);
  return out;
}
