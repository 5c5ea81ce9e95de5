import { readFileSync } from 'node:fs';
import { codeOf } from '../pack.ts';
import { loadPanel, type Panel } from '../panel.ts';
import { CallsByRsid, RsidTable } from '../rsidTable.ts';
import { inSlices } from '../slices.ts';
import type { Build, Chrom, DroppedCount, NormalisedCall, RawCall } from '../types.ts';

/** Counts set-aside calls per reason, with a few examples each. */
export class Tally {
  private readonly map = new Map<string, DroppedCount>();
  add(reason: string, example: string, count = 1): void {
    let e = this.map.get(reason);
    if (!e) {
      e = { reason, count: 0, examples: [] };
      this.map.set(reason, e);
    }
    e.count += count;
    if (e.examples.length < 5) e.examples.push(example);
  }
  list(): DroppedCount[] {
    return [...this.map.values()];
  }
}

export interface KnownMarker {
  rsid: string;
  chrom: Chrom;
  pos36: number;
  pos37: number;
  pos38: number;
}

let known: Map<string, KnownMarker> | null = null;
let knownPos: Set<number> | null = null;

/** Markers whose positions on builds 36/37/38 are recorded in data/panel/known-markers.tsv. */
export function knownMarkers(): Map<string, KnownMarker> {
  if (known) return known;
  known = new Map();
  const text = readFileSync(new URL('../../data/panel/known-markers.tsv', import.meta.url), 'utf8');
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [rsid, chrom, p36, p37, p38] = line.split('\t');
    known.set(rsid, { rsid, chrom: chrom as Chrom, pos36: Number(p36), pos37: Number(p37), pos38: Number(p38) });
  }
  return known;
}

/** Every build-36/37/38 position of the known markers. */
function knownPositions(): Set<number> {
  if (!knownPos) {
    knownPos = new Set();
    for (const m of knownMarkers().values()) for (const p of [m.pos36, m.pos37, m.pos38]) knownPos.add(p);
  }
  return knownPos;
}

export interface BuildVotes {
  36: number;
  37: number;
  38: number;
}

/**
 * Panel index of each call at its position read as GRCh37 (-1 when none there). Files list their
 * markers in panel order, so the marker after the previous hit is tried before a binary search.
 */
export function panelIndexes(calls: RawCall[], panel: Panel = loadPanel()): Int32Array {
  return inSlices(calls.length, { calls, panel, at: new Int32Array(calls.length), next: 0 }, panelIndexSlice).at;
}

function panelIndexSlice(s: { calls: RawCall[]; panel: Panel; at: Int32Array; next: number }, from: number, to: number): void {
  const { calls, panel, at } = s;
  let next = s.next;
  for (let i = from; i < to; i++) {
    const c = calls[i];
    const k =
      next < panel.size && panel.pos[next] === c.pos && panel.chrom[next] === c.chrom ? next : panel.indexOfPosition(c.chrom, c.pos);
    at[i] = k;
    if (k >= 0) next = k + 1;
  }
  s.next = next;
}

/** Panel markers checked for a GRCh37 vote: plenty for a clear majority, far fewer than a chip's. */
const PANEL_VOTES = 5000;

/**
 * Votes for a build from positions: a known marker at its recorded position on a build votes for
 * that build; a panel marker found at its GRCh37 position under its own id votes for 37 (checked on
 * an even sample of about PANEL_VOTES calls). `at` is panelIndexes(calls), passed in when the caller
 * needs it too.
 */
export function buildVotes(calls: RawCall[], panel: Panel = loadPanel(), at: Int32Array = panelIndexes(calls, panel)): BuildVotes {
  const stride = Math.max(1, Math.floor(calls.length / PANEL_VOTES));
  const votes = { calls, panel, at, stride, km: knownMarkers(), kp: knownPositions(), v36: 0, v37: 0, v38: 0 };
  const { v36, v37, v38 } = inSlices(calls.length, votes, voteSlice);
  return { 36: v36, 37: v37, 38: v38 };
}

interface Votes {
  calls: RawCall[];
  panel: Panel;
  at: Int32Array;
  stride: number;
  km: ReturnType<typeof knownMarkers>;
  kp: ReturnType<typeof knownPositions>;
  v36: number;
  v37: number;
  v38: number;
}

function voteSlice(s: Votes, from: number, to: number): void {
  const { calls, panel, at, stride, km, kp } = s;
  for (let i = from; i < to; i++) {
    const c = calls[i];
    // Positions first: an integer test spares hashing 600,000 rsids.
    const m = kp.has(c.pos) ? km.get(c.rsid) : undefined;
    if (m) {
      if (c.pos === m.pos36) s.v36++;
      if (c.pos === m.pos37) s.v37++;
      if (c.pos === m.pos38) s.v38++;
      continue;
    }
    if (i % stride !== 0) continue;
    const k = at[i];
    if (k >= 0 && panel.rsid[k] === c.rsid) s.v37++;
  }
}

/**
 * The file's build: positions decide when they agree (at least 2 votes and 80% for one build),
 * else the header, else GRCh37 (what every current consumer chip file uses).
 */
export function decideBuild(votes: BuildVotes, headerBuild: Build | null): Build {
  const total = votes[36] + votes[37] + votes[38];
  for (const b of [36, 37, 38] as const) {
    if (votes[b] >= 2 && votes[b] >= 0.8 * total) return b;
  }
  return headerBuild ?? 37;
}

const COMPLEMENT: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C', '': '' };

export const REASONS = {
  unplaced: (b: Build) => `GRCh${b === 36 ? '36（NCBI36）' : b} 位置无法换算到 GRCh37（不在参考标记面板中）`,
  duplicate: '重复的标记（保留第一次出现的）',
  flipped: '按参考面板翻转到正链',
  ambiguous: 'A/T 或 C/G 标记无法判断链方向，按原样保留',
  mismatch: '等位基因与参考面板不符，按原样保留（打包时记为未检出）',
} as const;

/**
 * Places every call on GRCh37 (by position for build 37, through the panel's rsids otherwise),
 * drops duplicates (first kept) and turns calls to the forward strand where the panel shows they
 * were reported on the reverse one. `at` is panelIndexes(calls) when already computed. Mutates the
 * calls, compacts `calls` in place to the kept ones and returns it (a second array of 630,000 calls
 * grown by push allocated ~20 MB per 23andMe file), with the kept calls by rsid (CallsByRsid, built
 * from the table of off-panel rsids the duplicate check filled).
 */
export function normaliseCalls(
  calls: RawCall[],
  build: Build,
  dropped: Tally,
  adjusted: Tally,
  panel: Panel = loadPanel(),
  at?: Int32Array,
): { calls: NormalisedCall[]; byRsid: CallsByRsid } {
  const seenPanel = new Uint8Array(panel.size);
  const byPosition = build === 37 ? (at ?? panelIndexes(calls, panel)) : null;
  // Off-panel calls are kept on build 37 only (elsewhere they cannot be placed). Their rsids go to
  // typed slots sized once, not to a Set<string> (~42 MB per 23andMe file).
  const offPanel = byPosition ? inSlices(byPosition.length, { at: byPosition, count: 0 }, countUnplaced).count : 0;
  const seenOther = new RsidTable(calls, offPanel);
  const state: Normalising = {
    calls,
    byPosition,
    panel,
    seenPanel,
    seenOther,
    dropped,
    adjusted,
    unplaced: REASONS.unplaced(build),
    kept: 0,
  };
  const { kept } = inSlices(calls.length, state, normaliseSlice);
  calls.length = kept;
  const normalised = calls as NormalisedCall[];
  return { calls: normalised, byRsid: new CallsByRsid(normalised, panel, seenOther) };
}

function countUnplaced(s: { at: Int32Array; count: number }, from: number, to: number): void {
  for (let i = from; i < to; i++) if (s.at[i] < 0) s.count++;
}

interface Normalising {
  calls: RawCall[];
  byPosition: Int32Array | null;
  panel: Panel;
  seenPanel: Uint8Array;
  seenOther: RsidTable;
  dropped: Tally;
  adjusted: Tally;
  unplaced: string;
  /** Calls kept so far, compacted to the front of `calls`. */
  kept: number;
}

function normaliseSlice(s: Normalising, from: number, to: number): void {
  const { calls, byPosition, panel, seenPanel, seenOther, dropped, adjusted, unplaced } = s;
  let kept = s.kept;
  for (let i = from; i < to; i++) {
    const c = calls[i] as NormalisedCall;
    let k: number;
    if (byPosition) {
      k = byPosition[i];
    } else {
      k = panel.indexOfRsid(c.rsid);
      if (k < 0) {
        dropped.add(unplaced, c.rsid);
        continue;
      }
      c.chrom = panel.chrom[k];
      c.pos = panel.pos[k];
    }
    c.panelIndex = k;
    if (k >= 0) {
      if (seenPanel[k]) {
        dropped.add(REASONS.duplicate, c.rsid);
        continue;
      }
      seenPanel[k] = 1;
      if (c.a1 !== '-' && c.a1 !== 'D' && c.a1 !== 'I') orient(c, panel.ref[k], panel.alt[k], adjusted);
    } else {
      // The table holds indexes of kept calls, which do not move again: the call takes its place first.
      calls[kept] = c;
      if (!seenOther.add(kept)) {
        dropped.add(REASONS.duplicate, c.rsid);
        continue;
      }
    }
    calls[kept++] = c;
  }
  s.kept = kept;
}

function orient(c: NormalisedCall, ref: string, alt: string, adjusted: Tally): void {
  if (COMPLEMENT[ref] === alt) {
    adjusted.add(REASONS.ambiguous, c.rsid);
    return;
  }
  if (codeOf(c.a1, c.a2, ref, alt) !== 3) return;
  const f1 = COMPLEMENT[c.a1];
  const f2 = COMPLEMENT[c.a2];
  if (f1 !== undefined && f2 !== undefined && codeOf(f1, f2, ref, alt) !== 3) {
    c.a1 = f1;
    c.a2 = f2;
    adjusted.add(REASONS.flipped, c.rsid);
  } else {
    adjusted.add(REASONS.mismatch, c.rsid);
  }
}
