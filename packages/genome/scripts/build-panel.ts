/**
 * Rebuilds data/panel/jy-panel-v2.bin.gz, the reference marker panel (format in src/panel.ts,
 * origin in data/SOURCES.md "Panel"). Run from the repository root:
 *   npx node packages/genome/scripts/build-panel.ts
 *
 * Content: every real marker we know (data/panel/known-markers.tsv, every marker of
 * data/kb/*.json, every marker of the ancestry reference in data/ancestry/, every Y and MT marker of the
 * haplogroup trees in data/haplogroups/) plus a seeded
 * synthetic backbone that brings the panel to TARGET markers with a consumer chip's density per
 * chromosome (Y and MT get synthetic markers only when the trees are missing).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { chromSpan } from '../src/geneticmap/index.ts';
import { type CompiledTree, compiledMtTree, compiledYTree } from '../src/haplogroups/tree.ts';
import { PANEL_FILE, PANEL_ID, PANEL_MAGIC } from '../src/panel.ts';
import { CHROMS, type Chrom } from '../src/types.ts';

const TARGET = 600_000;
const SEED = 20261123;
const DATA = new URL('../data/', import.meta.url);
const BASE_CODE: Record<string, number> = { A: 0, C: 1, G: 2, T: 3 };

interface Marker {
  id: string; // '' for synthetic
  chrom: Chrom;
  pos: number;
  ref: string;
  alt: string;
}

// GRCh37 regions used for the synthetic Y, MT and X-PAR markers (facts: GRCh37 assembly,
// PAR1 chrX:60,001-2,699,520; Y male-specific euchromatin roughly 2.65-28.8 Mb; MT 16,569 bp).
const X_PAR1: [number, number] = [60_001, 2_699_520];
const Y_MSY: [number, number] = [2_700_000, 28_800_000];
const MT: [number, number] = [1, 16_569];
const FIXED_COUNTS: Partial<Record<Chrom, number>> = { Y: 2_000, MT: 3_000 };
const X_SHARE = 0.028; // 23andMe v5 carries ~17k X markers of ~630k
const X_PAR_COUNT = 500;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isBase = (s: unknown): s is string => typeof s === 'string' && s in BASE_CODE;
const isChrom = (s: unknown): s is Chrom => typeof s === 'string' && (CHROMS as readonly string[]).includes(s);

function knownMarkers(): Marker[] {
  const out: Marker[] = [];
  for (const line of readFileSync(new URL('panel/known-markers.tsv', DATA), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [id, chrom, , pos37, , ref, alt] = line.split('\t');
    if (!isChrom(chrom) || !isBase(ref) || !isBase(alt)) throw new Error(`bad known marker: ${line}`);
    out.push({ id, chrom, pos: Number(pos37), ref, alt });
  }
  return out;
}

/** Any object in a JSON tree with a chromosome, a GRCh37 position and two bases is a marker. */
function collectJsonMarkers(node: unknown, out: Marker[]): void {
  if (Array.isArray(node)) {
    for (const x of node) collectJsonMarkers(x, out);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  const chrom = String(o.chrom ?? o.chromosome ?? '');
  const pos = Number(o.pos37 ?? o.position37 ?? NaN);
  const ref = o.ref ?? o.ancestral ?? o.anc;
  const alt = o.alt ?? o.derived ?? o.der;
  if (isChrom(chrom) && Number.isInteger(pos) && pos > 0 && isBase(ref) && isBase(alt) && ref !== alt) {
    const id = typeof o.rsid === 'string' && o.rsid ? o.rsid : typeof o.name === 'string' ? o.name : '';
    out.push({ id, chrom, pos, ref, alt });
  }
  for (const v of Object.values(o)) if (v && typeof v === 'object') collectJsonMarkers(v, out);
}

function jsonMarkers(dir: string): Marker[] {
  const url = new URL(`${dir}/`, DATA);
  const out: Marker[] = [];
  if (!existsSync(url)) return out;
  for (const f of readdirSync(url).sort()) {
    if (f.endsWith('.json')) collectJsonMarkers(JSON.parse(readFileSync(new URL(f, url), 'utf8')), out);
  }
  return out;
}

/** Ancestry reference markers (data/ancestry/reference.tsv.gz: rsid, chrom, pos, ref, alt, frequencies). */
function ancestryMarkers(): Marker[] {
  const url = new URL('ancestry/reference.tsv.gz', DATA);
  if (!existsSync(url)) return [];
  const out: Marker[] = [];
  const lines = gunzipSync(readFileSync(url)).toString('utf8').split('\n');
  for (const line of lines.filter((l) => l && !l.startsWith('#')).slice(1)) {
    const [id, chrom, pos, ref, alt] = line.split('\t');
    if (!isChrom(chrom) || !isBase(ref) || !isBase(alt)) throw new Error(`bad ancestry marker: ${line}`);
    out.push({ id, chrom, pos: Number(pos), ref, alt });
  }
  return out;
}

/** Tree markers: Y named by rsid when it has one, else by its ISOGG name; MT by its mutation. */
function treeMarkers(tree: CompiledTree, chrom: Chrom): Marker[] {
  const out: Marker[] = [];
  for (let i = 0; i < tree.pos.length; i++) {
    const [ref, alt] = [tree.anc[i], tree.der[i]];
    if (!isBase(ref) || !isBase(alt) || ref === alt) continue;
    const id = tree.rsid[i] > 0 ? `rs${tree.rsid[i]}` : tree.markerName[i];
    out.push({ id, chrom, pos: tree.pos[i], ref, alt });
  }
  return out;
}

function randomAlleles(rand: () => number): [string, string] {
  const bases = 'ACGT';
  const ref = bases[Math.floor(rand() * 4)];
  // About two thirds of chip SNPs are transitions (A<->G, C<->T).
  if (rand() < 2 / 3) return [ref, { A: 'G', G: 'A', C: 'T', T: 'C' }[ref] as string];
  const others = bases.split('').filter((b) => b !== ref && b !== { A: 'G', G: 'A', C: 'T', T: 'C' }[ref]);
  return [ref, others[Math.floor(rand() * 2)]];
}

function syntheticMarkers(rand: () => number, n: number, chrom: Chrom, [lo, hi]: [number, number]): Marker[] {
  const seen = new Set<number>();
  while (seen.size < Math.min(n, hi - lo + 1)) seen.add(lo + Math.floor(rand() * (hi - lo + 1)));
  return [...seen].map((pos) => {
    const [ref, alt] = randomAlleles(rand);
    return { id: '', chrom, pos, ref, alt };
  });
}

function writeVarint(out: number[], v: number): void {
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

function main(): void {
  const haveTrees = existsSync(new URL('haplogroups/ytree.json', DATA)) && existsSync(new URL('haplogroups/mttree.json', DATA));
  const trees = haveTrees ? [...treeMarkers(compiledYTree(), 'Y'), ...treeMarkers(compiledMtTree(), 'MT')] : [];
  if (haveTrees) {
    FIXED_COUNTS.Y = 0;
    FIXED_COUNTS.MT = 0;
  }
  const real = [...knownMarkers(), ...jsonMarkers('kb'), ...ancestryMarkers(), ...trees];
  // One marker per position: the first real marker listed wins (known markers, then kb, then ancestry, then trees,
  // which list a recurrent MT site once per branch).
  const byPlace = new Map<string, Marker>();
  for (const m of real) if (!byPlace.has(`${m.chrom}:${m.pos}`)) byPlace.set(`${m.chrom}:${m.pos}`, m);
  const realCount = byPlace.size;

  const rand = mulberry32(SEED);
  const budget = TARGET - realCount;
  const fixed = (FIXED_COUNTS.Y ?? 0) + (FIXED_COUNTS.MT ?? 0);
  const xCount = Math.round(budget * X_SHARE);
  const autoBudget = budget - fixed - xCount;
  const spans = new Map<Chrom, [number, number]>();
  let autoLen = 0;
  for (const c of CHROMS) {
    const s = chromSpan(c);
    if (!s) continue;
    spans.set(c, s);
    if (c !== 'X') autoLen += s[1] - s[0];
  }
  const synthetic: Marker[] = [];
  let autoLeft = autoBudget;
  const autos = CHROMS.filter((c) => c !== 'X' && spans.has(c));
  autos.forEach((c, i) => {
    const [lo, hi] = spans.get(c) as [number, number];
    const n = i === autos.length - 1 ? autoLeft : Math.round((autoBudget * (hi - lo)) / autoLen);
    autoLeft -= n;
    synthetic.push(...syntheticMarkers(rand, n, c, [lo, hi]));
  });
  synthetic.push(...syntheticMarkers(rand, X_PAR_COUNT, 'X', X_PAR1));
  synthetic.push(...syntheticMarkers(rand, xCount - X_PAR_COUNT, 'X', spans.get('X') as [number, number]));
  synthetic.push(...syntheticMarkers(rand, FIXED_COUNTS.Y ?? 0, 'Y', Y_MSY));
  synthetic.push(...syntheticMarkers(rand, FIXED_COUNTS.MT ?? 0, 'MT', MT));
  for (const m of synthetic) if (!byPlace.has(`${m.chrom}:${m.pos}`)) byPlace.set(`${m.chrom}:${m.pos}`, m);

  const order = new Map(CHROMS.map((c, i) => [c, i]));
  const markers = [...byPlace.values()].sort((a, b) => (order.get(a.chrom) as number) - (order.get(b.chrom) as number) || a.pos - b.pos);
  const counts = CHROMS.map((c) => markers.filter((m) => m.chrom === c).length);
  const header = new TextEncoder().encode(JSON.stringify({ id: PANEL_ID, counts }));
  const bytes: number[] = [...PANEL_MAGIC].map((ch) => ch.charCodeAt(0));
  bytes.push(1);
  const len = header.length;
  bytes.push(len & 0xff, (len >>> 8) & 0xff, (len >>> 16) & 0xff, len >>> 24);
  bytes.push(...header);
  let prevChrom: Chrom | null = null;
  let prev = 0;
  for (const m of markers) {
    if (m.chrom !== prevChrom) {
      prevChrom = m.chrom;
      prev = 0;
    }
    writeVarint(bytes, m.pos - prev);
    prev = m.pos;
  }
  for (const m of markers) bytes.push((BASE_CODE[m.ref] << 2) | BASE_CODE[m.alt]);
  const ids = new TextEncoder().encode(markers.flatMap((m, k) => (m.id ? [`${k}\t${m.id}`] : [])).join('\n'));
  const gz = gzipSync(Buffer.concat([Buffer.from(bytes), Buffer.from(ids)]), { level: 9 });
  writeFileSync(PANEL_FILE, gz);
  process.stdout.write(
    `panel ${PANEL_ID}: ${markers.length} markers (${realCount} real, ${markers.length - realCount} synthetic), ${gz.length} bytes gzipped\n`,
  );
}

main();
