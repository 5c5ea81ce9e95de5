import { loadPanel, type Panel } from './panel.ts';
import { inSlices } from './slices.ts';
import { GenomeError, type NormalisedCall, type Sex } from './types.ts';

/**
 * A genome coded against one panel at 2 bits per marker in two bit-planes, code = (hi<<1)|lo:
 * 0 = hom ref, 1 = het, 2 = hom alt, 3 = no-call / not on the file / alleles that fit neither
 * panel allele. Marker k lives in word k>>>5, bit k&31. Haploid calls pack as homozygous.
 */
export interface PackedGenome {
  panelId: string;
  n: number;
  sex: Sex;
  hi: Uint32Array;
  lo: Uint32Array;
}

export type Code = 0 | 1 | 2 | 3;

/** Code of one call against a marker's two alleles (3 when it fits neither). */
export function codeOf(a1: string, a2: string, ref: string, alt: string): Code {
  const x = a1 === ref ? 0 : a1 === alt ? 1 : -1;
  if (x < 0) return 3;
  if (a2 === '') return x === 0 ? 0 : 2;
  const y = a2 === ref ? 0 : a2 === alt ? 1 : -1;
  if (y < 0) return 3;
  return (x + y) as Code;
}

/** Empty genome over a panel or a chip layout: every marker code 3. */
export function emptyPacked(panel: { id: string; size: number } = loadPanel(), sex: Sex = 'unknown'): PackedGenome {
  const words = (panel.size + 31) >>> 5;
  const hi = new Uint32Array(words).fill(0xffffffff);
  const lo = new Uint32Array(words).fill(0xffffffff);
  return { panelId: panel.id, n: panel.size, sex, hi, lo };
}

export function setCode(g: PackedGenome, k: number, code: Code): void {
  const w = k >>> 5;
  const bit = 1 << (k & 31);
  if (code & 2) g.hi[w] |= bit;
  else g.hi[w] &= ~bit;
  if (code & 1) g.lo[w] |= bit;
  else g.lo[w] &= ~bit;
}

export function codeAt(g: PackedGenome, k: number): Code {
  const w = k >>> 5;
  const s = k & 31;
  return ((((g.hi[w] >>> s) & 1) << 1) | ((g.lo[w] >>> s) & 1)) as Code;
}

/**
 * Packs calls (GRCh37, forward strand) against the panel. Calls off the panel are ignored; a call
 * whose `panelIndex` is unset is placed by position. When a marker appears twice the first call wins.
 */
export function packGenome(calls: readonly NormalisedCall[], panel: Panel = loadPanel(), sex: Sex = 'unknown'): PackedGenome {
  const g = emptyPacked(panel, sex);
  inSlices(calls.length, { calls, panel, g, seen: new Uint8Array(panel.size) }, packSlice);
  return g;
}

function packSlice(
  s: { calls: readonly NormalisedCall[]; panel: Panel; g: PackedGenome; seen: Uint8Array },
  from: number,
  to: number,
): void {
  const { calls, panel, g, seen } = s;
  // Indexed, not for-of: that loop allocated an iterator result per call (~25 MB per 23andMe file).
  for (let i = from; i < to; i++) {
    const c = calls[i];
    const k = c.panelIndex ?? panel.indexOfPosition(c.chrom, c.pos);
    if (k < 0 || seen[k]) continue;
    seen[k] = 1;
    const code = codeOf(c.a1, c.a2, panel.ref[k], panel.alt[k]);
    if (code !== 3) setCode(g, k, code);
  }
}

const MAGIC = [0x4a, 0x59, 0x50, 0x47]; // 'JYPG'
const VERSION = 1;
const SEXES: Sex[] = ['unknown', 'male', 'female'];

/**
 * Layout: 'JYPG', u8 version, u8 sex (0 unknown, 1 male, 2 female), u8 panel id length, panel id
 * (ASCII), u32le n, then the hi plane and the lo plane as u32le words.
 */
export function serialisePacked(g: PackedGenome): Uint8Array {
  const id = new TextEncoder().encode(g.panelId);
  if (id.length > 255) throw new GenomeError('BAD_ARGUMENT', '标记面板编号过长');
  const words = (g.n + 31) >>> 5;
  const head = 4 + 3 + id.length + 4;
  const out = new Uint8Array(head + words * 8);
  out.set(MAGIC, 0);
  out[4] = VERSION;
  out[5] = Math.max(0, SEXES.indexOf(g.sex));
  out[6] = id.length;
  out.set(id, 7);
  const view = new DataView(out.buffer);
  view.setUint32(7 + id.length, g.n, true);
  for (let w = 0; w < words; w++) {
    view.setUint32(head + w * 4, g.hi[w], true);
    view.setUint32(head + (words + w) * 4, g.lo[w], true);
  }
  return out;
}

/** A serialised genome's header, checked, and its planes' bytes (a view: hi words then lo words, u32le). */
export function packedHeader(bytes: Uint8Array): { panelId: string; n: number; sex: Sex; planes: Uint8Array } {
  const bad = (why: string) => new GenomeError('BAD_ARCHIVE', `基因组压缩数据已损坏：${why}`);
  if (bytes.length < 11 || MAGIC.some((b, i) => bytes[i] !== b)) throw bad('文件头不对');
  if (bytes[4] !== VERSION) throw bad(`不支持的版本 ${bytes[4]}`);
  const sex = SEXES[bytes[5]];
  if (!sex) throw bad('性别字段无效');
  const idLen = bytes[6];
  if (bytes.length < 11 + idLen) throw bad('长度不足');
  const panelId = new TextDecoder().decode(bytes.subarray(7, 7 + idLen));
  const n = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(7 + idLen, true);
  const head = 11 + idLen;
  if (bytes.length !== head + ((n + 31) >>> 5) * 8) throw bad('长度与标记数不符');
  return { panelId, n, sex, planes: bytes.subarray(head) };
}

export function deserialisePacked(bytes: Uint8Array): PackedGenome {
  const { panelId, n, sex, planes } = packedHeader(bytes);
  const words = (n + 31) >>> 5;
  const view = new DataView(planes.buffer, planes.byteOffset, planes.byteLength);
  const hi = new Uint32Array(words);
  const lo = new Uint32Array(words);
  for (let w = 0; w < words; w++) {
    hi[w] = view.getUint32(w * 4, true);
    lo[w] = view.getUint32((words + w) * 4, true);
  }
  return { panelId, n, sex, hi, lo };
}
