/**
 * Rebuilds data/panel/<PANEL_ID>.bin.gz, the reference marker panel (format in src/panel.ts,
 * origin in data/SOURCES.md "Marker panel"). Run from the repository root:
 *   npm exec -- node packages/genome/scripts/build-panel.ts
 *
 * Content: every real marker the engine reads, and nothing else: data/panel/known-markers.tsv, every
 * marker of data/kb/*.json, every marker of the ancestry reference in data/ancestry/, every Y and MT
 * marker of the haplogroup trees in data/haplogroups/. Every marker keeps its public id (rsid, or the
 * ISOGG / mtDNA mutation name of a tree marker without one) at its GRCh37 position; a marker without
 * an id stops the build.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type CompiledTree, compiledMtTree, compiledYTree } from '../src/haplogroups/tree.ts';
import { PANEL_FILE, PANEL_ID, PANEL_MAGIC } from '../src/panel.ts';
import { CHROMS, type Chrom } from '../src/types.ts';

const DATA = new URL('../data/', import.meta.url);
const BASE_CODE: Record<string, number> = { A: 0, C: 1, G: 2, T: 3 };

interface Marker {
  id: string;
  chrom: Chrom;
  pos: number;
  ref: string;
  alt: string;
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

function writeVarint(out: number[], v: number): void {
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

function main(): void {
  for (const f of ['haplogroups/ytree.json', 'haplogroups/mttree.json', 'ancestry/reference.tsv.gz']) {
    if (!existsSync(new URL(f, DATA))) throw new Error(`missing data/${f}: the panel is built from it`);
  }
  const trees = [...treeMarkers(compiledYTree(), 'Y'), ...treeMarkers(compiledMtTree(), 'MT')];
  const real = [...knownMarkers(), ...jsonMarkers('kb'), ...ancestryMarkers(), ...trees];
  const unnamed = real.filter((m) => !m.id);
  if (unnamed.length) throw new Error(`${unnamed.length} markers without a public id, e.g. ${unnamed[0].chrom}:${unnamed[0].pos}`);
  // One marker per position: the first real marker listed wins (known markers, then kb, then ancestry, then trees,
  // which list a recurrent MT site once per branch).
  const byPlace = new Map<string, Marker>();
  for (const m of real) if (!byPlace.has(`${m.chrom}:${m.pos}`)) byPlace.set(`${m.chrom}:${m.pos}`, m);

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
  const ids = new TextEncoder().encode(markers.map((m, k) => `${k}\t${m.id}`).join('\n'));
  const gz = gzipSync(Buffer.concat([Buffer.from(bytes), Buffer.from(ids)]), { level: 9 });
  writeFileSync(PANEL_FILE, gz);
  process.stdout.write(
    `panel ${PANEL_ID}: ${markers.length} real markers (${CHROMS.map((c, i) => `${c} ${counts[i]}`).join(', ')}), ${gz.length} bytes gzipped\n`,
  );
}

main();
