import { chromSpan } from '../geneticmap/index.ts';
import { makePanel, type Panel } from '../panel.ts';
import { CHROMS, type Chrom } from '../types.ts';
import { createRng } from './rng.ts';

/**
 * A synthetic marker panel with consumer-chip densities (markers spread evenly over each
 * chromosome's mapped span; X ≈ 3%, Y ≈ 0.4%, MT ≈ 0.5% of markers, as on 23andMe v5). Used by
 * tests only (the product ships no synthetic marker, data/SOURCES.md "Marker panel"); its markers are
 * named jys<chrom>_<pos> so they can never be taken for real ones.
 */
export function syntheticPanel(size: number, seed = 1): Panel {
  const rng = createRng(seed);
  const spans = new Map<Chrom, [number, number]>();
  for (const c of CHROMS) {
    if (c === 'Y') spans.set(c, [2_700_000, 28_800_000]);
    else if (c === 'MT') spans.set(c, [1, 16_569]);
    else spans.set(c, chromSpan(c) as [number, number]);
  }
  const autoBp = CHROMS.filter((c) => c !== 'X' && c !== 'Y' && c !== 'MT').reduce((s, c) => {
    const [a, b] = spans.get(c) as [number, number];
    return s + (b - a);
  }, 0);
  const nY = Math.round(size * 0.004);
  const nMT = Math.min(Math.round(size * 0.005), 16_000);
  const nX = Math.round(size * 0.03);
  const nAuto = size - nX - nY - nMT;
  const chrom: Chrom[] = [];
  const pos: number[] = [];
  for (const c of CHROMS) {
    const [a, b] = spans.get(c) as [number, number];
    const n = c === 'Y' ? nY : c === 'MT' ? nMT : c === 'X' ? nX : Math.round((nAuto * (b - a)) / autoBp);
    const step = (b - a) / n;
    let last = 0;
    for (let i = 0; i < n; i++) {
      const p = Math.max(last + 1, Math.floor(a + step * (i + rng.next())));
      if (p > b) break;
      chrom.push(c);
      pos.push(p);
      last = p;
    }
  }
  const bases = ['A', 'C', 'G', 'T'];
  const size2 = chrom.length;
  const ref: string[] = new Array(size2);
  const alt: string[] = new Array(size2);
  const rsid: string[] = new Array(size2);
  const byId = new Map<string, number>();
  const chromRange = {} as Record<Chrom, [number, number]>;
  for (let k = 0; k < size2; k++) {
    const r = rng.int(4);
    ref[k] = bases[r];
    alt[k] = bases[(r + 1 + rng.int(3)) % 4];
    rsid[k] = `jys${chrom[k]}_${pos[k]}`;
    byId.set(rsid[k], k);
    const range = chromRange[chrom[k]];
    if (range) range[1] = k + 1;
    else chromRange[chrom[k]] = [k, k + 1];
  }
  for (const c of CHROMS) chromRange[c] ??= [size2, size2];
  const posArr = Int32Array.from(pos);
  return {
    id: `synthetic-${size2}-${seed}`,
    size: size2,
    rsid,
    chrom,
    pos: posArr,
    ref,
    alt,
    chromRange,
    indexOfRsid: (id) => byId.get(id) ?? -1,
    indexOfPosition: (c, p) => byId.get(`jys${c}_${p}`) ?? -1,
  };
}

/**
 * Two panels as one, sorted as panels are (a place in both keeps `first`'s marker). Tests use it to give
 * the shipped panel's real markers a synthetic chip-density backbone (syntheticPanel), for checks
 * that need X markers, which no real marker list shipped here carries.
 */
export function mergePanels(first: Panel, second: Panel): Panel {
  const rank = (c: Chrom) => CHROMS.indexOf(c);
  const chrom: Chrom[] = [];
  const pos: number[] = [];
  const ref: string[] = [];
  const alt: string[] = [];
  const ids = new Map<number, string>();
  const take = (p: Panel, k: number) => {
    ids.set(chrom.length, p.rsid[k]);
    chrom.push(p.chrom[k]);
    pos.push(p.pos[k]);
    ref.push(p.ref[k]);
    alt.push(p.alt[k]);
  };
  let i = 0;
  let j = 0;
  while (i < first.size || j < second.size) {
    const order =
      i >= first.size ? 1 : j >= second.size ? -1 : rank(first.chrom[i]) - rank(second.chrom[j]) || first.pos[i] - second.pos[j];
    if (order <= 0) take(first, i++);
    else take(second, j);
    if (order >= 0) j++;
  }
  return makePanel({ id: `${first.id}+${second.id}`, chrom, pos: Int32Array.from(pos), ref, alt, ids });
}
