import { describe, expect, it } from 'vitest';
import { RsidTable, rsidHash, rsidTableOf } from '../src/rsidTable.ts';

const calls = (...rsids: string[]) => rsids.map((rsid) => ({ rsid }));

/** Pairs of distinct rsids with the same full 32-bit hash, so they collide in a table of any size. */
function collidingPairs(): [string, string][] {
  const seen = new Map<number, string>();
  const pairs: [string, string][] = [];
  for (let i = 0; pairs.length < 2; i++) {
    const rsid = `rs${i}`;
    const h = rsidHash(rsid);
    const other = seen.get(h);
    if (other !== undefined) pairs.push([other, rsid]);
    else seen.set(h, rsid);
  }
  return pairs;
}

describe('rsid table', () => {
  it('finds nothing in an empty table', () => {
    expect(rsidTableOf([]).get('rs1')).toBe(-1);
    expect(new RsidTable([]).get('')).toBe(-1);
  });

  it('answers -1 for absent rsids, prefixes and extensions of present ones included', () => {
    const t = rsidTableOf(calls('rs1', 'rs10', 'rs123', 'i7001'));
    expect(['rs1', 'rs10', 'rs123', 'i7001'].map((r) => t.get(r))).toEqual([0, 1, 2, 3]);
    for (const r of ['rs', 'rs12', 'rs100', 'rs1234', 'i700', 'RS1', '']) expect(t.get(r)).toBe(-1);
  });

  it('keeps the first call of a duplicate rsid; add tells whether the call was new', () => {
    const c = calls('rs1', 'rs2', 'rs1', 'rs3', 'rs2', 'rs1');
    const t = rsidTableOf(c);
    expect([t.get('rs1'), t.get('rs2'), t.get('rs3')]).toEqual([0, 1, 3]);
    const u = new RsidTable(c);
    expect(c.map((_, k) => u.add(k))).toEqual([true, true, false, true, false, false]);
    expect(u.get('rs1')).toBe(0);
  });

  it('tells apart rsids whose hashes collide', () => {
    const pairs = collidingPairs();
    for (const [a, b] of pairs) {
      expect(a).not.toBe(b);
      expect(rsidHash(a)).toBe(rsidHash(b));
      const both = rsidTableOf(calls(a, b, a));
      expect([both.get(a), both.get(b)]).toEqual([0, 1]);
      // Absent, though its slot is taken by an rsid of the same hash.
      expect(rsidTableOf(calls(a)).get(b)).toBe(-1);
      expect(rsidTableOf(calls(b)).get(a)).toBe(-1);
    }
    // All colliding rsids in one small table: chains cross each other and wrap around the end.
    const all = pairs.flat();
    const t = rsidTableOf(calls(...all));
    expect(all.map((r) => t.get(r))).toEqual(all.map((_, k) => k));
  });

  it('agrees with a Map while it grows past its expected size', () => {
    const c = Array.from({ length: 60_000 }, (_, i) => ({ rsid: `rs${(i * 7919) % 40_000}` }));
    const t = new RsidTable(c);
    const reference = new Map<string, number>();
    const wrong: string[] = [];
    for (let k = 0; k < c.length; k++) {
      if (t.add(k) === reference.has(c[k].rsid)) wrong.push(`add ${k}`);
      if (!reference.has(c[k].rsid)) reference.set(c[k].rsid, k);
    }
    for (const [rsid, k] of reference) if (t.get(rsid) !== k) wrong.push(rsid);
    for (let i = 40_000; i < 41_000; i++) if (t.get(`rs${i}`) !== -1) wrong.push(`rs${i}`);
    expect(reference.size).toBe(40_000);
    expect(wrong).toEqual([]);
  });
});
