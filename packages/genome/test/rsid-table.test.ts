import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadPanel } from '../src/panel.ts';
import { type ParsedFile, parseRawFile, parseRawStream } from '../src/parse/index.ts';
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

describe('calls by rsid after normalisation', () => {
  const panel = loadPanel();

  /** Every answer of CallsByRsid against a table over all the calls, and the panel figures against a count call by call. */
  function expectSameAsAllCalls(g: ParsedFile) {
    const all = rsidTableOf(g.calls);
    const asked = new Set([...g.calls.map((c) => c.rsid), ...panel.rsid, 'rs0', 'i1', '']);
    const wrong = [...asked].filter((r) => g.byRsid.get(r) !== all.get(r));
    expect(wrong).toEqual([]);
    let known = 0;
    let placed = 0;
    for (const c of g.calls) {
      const k = panel.indexOfRsid(c.rsid);
      if (k < 0) continue;
      known++;
      if (c.panelIndex === k) placed++;
    }
    expect(g.byRsid.panelIdsPlaced()).toEqual({ known, placed });
  }

  const RAW = new URL('./fixtures/raw/', import.meta.url);
  const REAL = new URL('./fixtures/real/', import.meta.url);
  const files = [
    ...readdirSync(RAW)
      .filter((f) => !f.startsWith('bad-') && !['empty.txt', 'header-only.txt', 'unknown-vendor.txt'].includes(f))
      .map((f) => new URL(f, RAW).pathname),
    ...readdirSync(REAL)
      .filter((f) => f.endsWith('.vcf.gz'))
      .map((f) => new URL(f, REAL).pathname),
  ];

  it.each(files)('answers as a table over every call: %s', async (file) => {
    const g = await parseRawFile(file);
    expect(g.calls.length).toBeGreaterThan(0);
    expectSameAsAllCalls(g);
  });

  it('finds the first call when an rsid is on and off the panel, under a vendor id, or a duplicated panel id', async () => {
    const at = (k: number) => `${panel.chrom[k]}\t${panel.pos[k]}`;
    // The panel names some Y markers twice (two positions, one id): the id's first marker is the one looked up.
    const twice = panel.rsid.findIndex((r, k) => panel.indexOfRsid(r) !== k);
    const first = panel.indexOfRsid(panel.rsid[twice]);
    const lines = [
      `${panel.rsid[0]}\t1\t5\tAA`, // a panel id off the panel, before its placed call
      `${panel.rsid[0]}\t${at(0)}\tAG`,
      `${panel.rsid[1]}\t${at(1)}\tCC`,
      `${panel.rsid[1]}\t1\t7\tCC`, // and after it
      `i7000001\t${at(2)}\tGG`, // a vendor id on a panel marker
      `${panel.rsid[4]}\t${at(3)}\tTT`, // another marker's id
      `${panel.rsid[4]}\t${at(4)}\tTT`,
      `${panel.rsid[twice]}\t${at(twice)}\tA`, // the second marker of a twice-named id
      `${panel.rsid[twice]}\t${at(first)}\tA`,
      'rs999999999999\t2\t9\tAA',
      'rs999999999999\t2\t11\tCC',
    ];
    async function* bytes() {
      yield new TextEncoder().encode(`# rsid\tchromosome\tposition\tgenotype\n${lines.join('\n')}\n`);
    }
    const g = await parseRawStream(bytes());
    expect(g.build).toBe(37);
    expect(g.calls.map((c) => c.panelIndex)).toContain(twice);
    expectSameAsAllCalls(g);
    expect(g.byRsid.get(panel.rsid[0])).toBe(0);
    expect(g.byRsid.get('i7000001')).toBeGreaterThan(0);
  });
});
