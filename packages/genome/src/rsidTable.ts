/**
 * Calls indexed by rsid: an open-addressing hash table (linear probing) of call indexes in an
 * Int32Array, hashed over the rsid's characters, collisions told apart by comparing the calls' own
 * rsids. The first call added with an rsid keeps it. A Map<string, number> over a 23andMe file's
 * 630,000 calls allocated ~58 MB per import (sampling heap profiler); this table 4 MB.
 */
export class RsidTable {
  private readonly calls: readonly { rsid: string }[];
  /** Call index + 1 per slot; 0 is an empty slot. */
  private slots: Int32Array;
  private size = 0;

  /** `expected`: how many calls will be added (the table grows past it, at a cost). */
  constructor(calls: readonly { rsid: string }[], expected = 0) {
    this.calls = calls;
    let capacity = 16;
    while (expected > capacity * MAX_LOAD) capacity *= 2;
    this.slots = new Int32Array(capacity);
  }

  /** Index of the first call added with this rsid, or -1. */
  get(rsid: string): number {
    const mask = this.slots.length - 1;
    for (let s = rsidHash(rsid) & mask; ; s = (s + 1) & mask) {
      const k = this.slots[s] - 1;
      if (k < 0 || this.calls[k].rsid === rsid) return k;
    }
  }

  /** Adds call `k` unless a call with its rsid was added before; whether it was added. */
  add(k: number): boolean {
    const rsid = this.calls[k].rsid;
    const mask = this.slots.length - 1;
    let s = rsidHash(rsid) & mask;
    for (; this.slots[s] !== 0; s = (s + 1) & mask) if (this.calls[this.slots[s] - 1].rsid === rsid) return false;
    this.slots[s] = k + 1;
    if (++this.size > this.slots.length * MAX_LOAD) this.grow();
    return true;
  }

  private grow(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = slots.length - 1;
    for (let i = 0; i < old.length; i++) {
      if (old[i] === 0) continue;
      let s = rsidHash(this.calls[old[i] - 1].rsid) & mask;
      while (slots[s] !== 0) s = (s + 1) & mask;
      slots[s] = old[i];
    }
    this.slots = slots;
  }
}

/** Linear probing stays short (under 4 probes for an absent key on average) up to this load. */
const MAX_LOAD = 0.75;

/** Every call of `calls` by rsid; of duplicates, the first. */
export function rsidTableOf(calls: readonly { rsid: string }[]): RsidTable {
  const table = new RsidTable(calls, calls.length);
  for (let k = 0; k < calls.length; k++) table.add(k);
  return table;
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
