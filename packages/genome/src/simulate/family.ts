import { type MatchContext, matchContext } from '../ibd/context.ts';
import { type Hap, recombine, type Seg, SLOTS, X_SLOT } from './meiosis.ts';
import type { Population } from './population.ts';
import type { Rng } from './rng.ts';

export type Sex = 'male' | 'female';

/** A chunk [s, e) of a founder haplotype copied from ancestral pool haplotype `pool`. */
interface Chunk {
  s: number;
  e: number;
  pool: number;
}

export interface Person {
  id: string;
  sex: Sex;
  father: Person | null;
  mother: Person | null;
  /** [paternal, maternal] haplotypes; a male's paternal X slot is empty (he got a Y). */
  haps: [Hap, Hap];
  /** Pool haplotype carried on Y (males; -1 for females) and on MT. */
  yPool: number;
  mtPool: number;
}

/** Builds people of one simulation: founders from the population, children by meiosis. */
export class Family {
  readonly pop: Population;
  readonly ctx: MatchContext;
  readonly rng: Rng;
  readonly people: Person[] = [];
  /** Founder haplotype id → its pool mosaic per slot. */
  readonly mosaics: Chunk[][][] = [];

  constructor(pop: Population, rng: Rng) {
    this.pop = pop;
    this.ctx = matchContext(pop.panel);
    this.rng = rng;
  }

  private range(slot: number): [number, number] {
    return this.pop.panel.chromRange[SLOTS[slot]];
  }

  private founderHap(): Hap {
    const id = this.mosaics.length;
    const hap: Hap = [];
    const mosaic: Chunk[][] = [];
    const cm = this.ctx.cm;
    for (let slot = 0; slot < SLOTS.length; slot++) {
      const [s, e] = this.range(slot);
      const chunks: Chunk[] = [];
      let i = s;
      while (i < e) {
        const target = cm[i] + this.rng.exp(this.pop.chunkCM);
        let j = i + 1;
        while (j < e && cm[j] < target) j++;
        chunks.push({ s: i, e: j, pool: this.rng.int(this.pop.pool.length) });
        i = j;
      }
      mosaic.push(chunks);
      hap.push(e > s ? [{ s, e, src: id }] : []);
    }
    this.mosaics.push(mosaic);
    return hap;
  }

  founder(id: string, sex: Sex): Person {
    const pat = this.founderHap();
    const mat = this.founderHap();
    if (sex === 'male') pat[X_SLOT] = [];
    const p: Person = {
      id,
      sex,
      father: null,
      mother: null,
      haps: [pat, mat],
      yPool: sex === 'male' ? this.rng.int(this.pop.pool.length) : -1,
      mtPool: this.rng.int(this.pop.pool.length),
    };
    this.people.push(p);
    return p;
  }

  private gamete(parent: Person): Hap {
    const [a, b] = parent.haps;
    const hap: Hap = [];
    for (let slot = 0; slot < SLOTS.length; slot++) {
      const [s, e] = this.range(slot);
      if (e - s < 2) hap.push([]);
      else if (slot === X_SLOT && parent.sex === 'male') hap.push(b[slot].map((g) => ({ ...g })));
      else hap.push(recombine(this.ctx, a[slot], b[slot], s, e, this.rng));
    }
    return hap;
  }

  child(id: string, father: Person, mother: Person, sex: Sex = this.rng.next() < 0.5 ? 'male' : 'female'): Person {
    const pat = this.gamete(father);
    const mat = this.gamete(mother);
    if (sex === 'male') pat[X_SLOT] = [];
    const p: Person = {
      id,
      sex,
      father,
      mother,
      haps: [pat, mat],
      yPool: sex === 'male' ? father.yPool : -1,
      mtPool: mother.mtPool,
    };
    this.people.push(p);
    return p;
  }

  /** Pool haplotype chunks behind one founder haplotype on one slot. */
  chunks(src: number, slot: number): Chunk[] {
    return this.mosaics[src][slot];
  }
}

export interface TrueSegment {
  chrom: string;
  start: number;
  end: number;
  cM: number;
  markers: number;
  /** 1 = one haplotype shared, 2 = both. */
  ibd: 1 | 2;
}

/** Shared-by-descent autosomal segments of two people in the pedigree (background IBD from the pool excluded). */
export function trueSegments(fam: Family, a: Person, b: Person): TrueSegment[] {
  const { cm, panel } = fam.ctx;
  const out: TrueSegment[] = [];
  for (let slot = 0; slot < X_SLOT; slot++) {
    const lists = [a.haps[0][slot], a.haps[1][slot], b.haps[0][slot], b.haps[1][slot]];
    const cuts = new Set<number>();
    for (const l of lists) for (const g of l) cuts.add(g.s).add(g.e);
    const bounds = [...cuts].sort((x, y) => x - y);
    const ptr = [0, 0, 0, 0];
    const srcAt = (i: number, pos: number): number => {
      const l: Seg[] = lists[i];
      while (ptr[i] < l.length && l[ptr[i]].e <= pos) ptr[i]++;
      const g = l[ptr[i]];
      return g && g.s <= pos ? g.src : -1 - i;
    };
    let open: TrueSegment | null = null;
    let openS = 0;
    let openE = 0;
    const flush = () => {
      if (!open) return;
      open.start = panel.pos[openS];
      open.end = panel.pos[openE - 1];
      open.cM = cm[openE - 1] - cm[openS];
      open.markers = openE - openS;
      out.push(open);
      open = null;
    };
    for (let k = 0; k + 1 < bounds.length; k++) {
      const s = bounds[k];
      const e = bounds[k + 1];
      const [a0, a1, b0, b1] = [0, 1, 2, 3].map((i) => srcAt(i, s));
      const ibd: 0 | 1 | 2 =
        (a0 === b0 && a1 === b1) || (a0 === b1 && a1 === b0) ? 2 : a0 === b0 || a0 === b1 || a1 === b0 || a1 === b1 ? 1 : 0;
      if (open && (ibd !== (open as TrueSegment).ibd || s !== openE)) flush();
      if (ibd === 0) continue;
      if (!open) {
        open = { chrom: SLOTS[slot], start: 0, end: 0, cM: 0, markers: 0, ibd };
        openS = s;
      }
      openE = e;
    }
    flush();
  }
  return out;
}
