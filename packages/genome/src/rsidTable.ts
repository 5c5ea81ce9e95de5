import type { Panel } from './panel.ts';
import { inSlices } from './slices.ts';
import type { NormalisedCall } from './types.ts';

/**
 * Calls indexed by rsid: an open-addressing hash table (linear probing) of call indexes in an
 * Int32Array, hashed over the rsid's characters. Each slot keeps the hash beside the index, so a probe
 * reads a call's rsid only when the hashes agree (reading the call on every probe made it twice as
 * slow as a Map), and collisions are told apart by comparing the calls' own rsids. The first call
 * added with an rsid keeps it. A Map<string, number> over a 23andMe file's 630,000 calls allocated
 * ~58 MB per import (sampling heap profiler); this table 8 MB, off the JS heap.
 */
export class RsidTable {
  private readonly calls: readonly { rsid: string }[];
  /** Per slot two entries: the rsid's hash, then the call's index + 1 (0 for an empty slot). */
  private slots: Int32Array;
  private mask: number;
  private size = 0;

  /** `expected`: how many calls will be added (the table grows past it, at a cost). */
  constructor(calls: readonly { rsid: string }[], expected = 0) {
    this.calls = calls;
    let capacity = 16;
    while (expected > capacity * MAX_LOAD) capacity *= 2;
    this.slots = new Int32Array(2 * capacity);
    this.mask = capacity - 1;
  }

  /** Index of the first call added with this rsid, or -1. */
  get(rsid: string): number {
    const h = rsidHash(rsid);
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const k = this.slots[2 * s + 1] - 1;
      if (k < 0 || (this.slots[2 * s] === h && this.calls[k].rsid === rsid)) return k;
    }
  }

  /** Adds call `k` unless a call with its rsid was added before; whether it was added. */
  add(k: number): boolean {
    const rsid = this.calls[k].rsid;
    const h = rsidHash(rsid);
    let s = h & this.mask;
    for (; this.slots[2 * s + 1] !== 0; s = (s + 1) & this.mask) {
      if (this.slots[2 * s] === h && this.calls[this.slots[2 * s + 1] - 1].rsid === rsid) return false;
    }
    this.slots[2 * s] = h;
    this.slots[2 * s + 1] = k + 1;
    if (++this.size > (this.mask + 1) * MAX_LOAD) this.grow();
    return true;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(2 * old.length);
    this.mask = old.length - 1;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i + 1] === 0) continue;
      let s = old[i] & this.mask;
      while (this.slots[2 * s + 1] !== 0) s = (s + 1) & this.mask;
      this.slots[2 * s] = old[i];
      this.slots[2 * s + 1] = old[i + 1];
    }
  }
}

/** Linear probing stays short (under 4 probes for an absent key on average) up to this load. */
const MAX_LOAD = 0.75;

/** Every call of `calls` by rsid; of duplicates, the first. */
export function rsidTableOf(calls: readonly { rsid: string }[]): RsidTable {
  return inSlices(calls.length, new RsidTable(calls, calls.length), addSlice);
}

function addSlice(table: RsidTable, from: number, to: number): void {
  for (let k = from; k < to; k++) table.add(k);
}

/** FNV-1a over the UTF-16 code units, then a final mix: rsids differ mostly in their last digits. */
export function rsidHash(rsid: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < rsid.length; i++) h = Math.imul(h ^ rsid.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h;
}

/**
 * A normalised file's kept calls by rsid, answering as RsidTable.get would over all of them (the
 * first call with the rsid), from what normalisation built anyway. A call placed on the panel marker
 * its own rsid names is found through the panel's id index and an array over the panel; an off-panel
 * call through the table normalisation filled to drop their duplicates (`offPanel`); the few others
 * (placed by position under another id, such as a vendor's own i-number) through a small table. A
 * table over all 630,000 calls of a 23andMe file, and a probe of the panel's ids with each of them,
 * cost a quarter of an import's CPU.
 */
export class CallsByRsid {
  private readonly calls: readonly NormalisedCall[];
  private readonly panel: Panel;
  private readonly offPanel: RsidTable;
  /** Per panel marker, the call placed on it when the call's rsid is the marker's (first) id, else -1. */
  private readonly onPanel: Int32Array;
  /** Calls placed on the panel under an rsid that names no marker or another one. */
  private readonly otherPlaced: number[] = [];
  private readonly otherTable: RsidTable;

  constructor(calls: readonly NormalisedCall[], panel: Panel, offPanel: RsidTable) {
    this.calls = calls;
    this.panel = panel;
    this.offPanel = offPanel;
    this.onPanel = new Int32Array(panel.size).fill(-1);
    inSlices(calls.length, { calls, panel, onPanel: this.onPanel, otherPlaced: this.otherPlaced }, placedSlice);
    this.otherTable = new RsidTable(calls, this.otherPlaced.length);
    for (const i of this.otherPlaced) this.otherTable.add(i);
  }

  /** Index of the first kept call with this rsid, or -1. */
  get(rsid: string): number {
    const k = this.panel.indexOfRsid(rsid);
    let best = k < 0 ? -1 : this.onPanel[k];
    const off = this.offPanel.get(rsid);
    if (off >= 0 && (best < 0 || off < best)) best = off;
    const other = this.otherTable.get(rsid);
    if (other >= 0 && (best < 0 || other < best)) best = other;
    return best;
  }

  /**
   * Of the calls whose rsid is a panel marker's id, how many there are (`known`) and how many are
   * placed on that very marker (`placed`): a file whose positions are on an unknown build places few.
   */
  panelIdsPlaced(): { known: number; placed: number } {
    const { calls, panel, onPanel, offPanel } = this;
    const s = inSlices(panel.size, { panel, onPanel, offPanel, known: 0, placed: 0 }, panelIdsSlice);
    for (const i of this.otherPlaced) if (panel.indexOfRsid(calls[i].rsid) >= 0) s.known++;
    return { known: s.known, placed: s.placed };
  }
}

function panelIdsSlice(
  s: { panel: Panel; onPanel: Int32Array; offPanel: RsidTable; known: number; placed: number },
  from: number,
  to: number,
): void {
  const { panel, onPanel, offPanel } = s;
  for (let k = from; k < to; k++) {
    if (onPanel[k] >= 0) {
      s.known++;
      s.placed++;
    }
    // Off-panel calls hold one rsid each (duplicates were dropped): probe once per distinct id.
    const id = panel.rsid[k];
    if (panel.indexOfRsid(id) === k && offPanel.get(id) >= 0) s.known++;
  }
}

interface Placing {
  calls: readonly NormalisedCall[];
  panel: Panel;
  onPanel: Int32Array;
  otherPlaced: number[];
}

function placedSlice(s: Placing, from: number, to: number): void {
  const { calls, panel, onPanel, otherPlaced } = s;
  for (let i = from; i < to; i++) {
    const c = calls[i];
    const k = c.panelIndex ?? -1;
    if (k < 0) continue;
    if (panel.indexOfRsid(c.rsid) === k) onPanel[k] = i;
    else otherPlaced.push(i);
  }
}
