import type { Family, Person, Sex } from './family.ts';

export const PEDIGREES = [
  'parent-child',
  'full-siblings',
  'half-siblings',
  'first-cousins',
  'second-cousins',
  'third-cousins',
  'fourth-cousins',
  'unrelated',
  'family',
  'extended-family',
] as const;
export type PedigreeName = (typeof PEDIGREES)[number];

/** People of a pedigree with the pair(s) the pedigree is about (all pairs for `family`). */
export interface Built {
  people: Person[];
  focus: [Person, Person][];
  /** Chinese description of each person's place, by id. */
  roles: Record<string, string>;
}

function randomSex(fam: Family): Sex {
  return fam.rng.next() < 0.5 ? 'male' : 'female';
}

/** A couple's child and its descendants down `generations` more, each with an unrelated spouse. */
function descend(fam: Family, start: Person, generations: number, tag: string): Person {
  let cur = start;
  for (let g = 0; g < generations; g++) {
    const spouse = fam.founder(`${tag}-spouse${g + 1}`, cur.sex === 'male' ? 'female' : 'male');
    const [f, m] = cur.sex === 'male' ? [cur, spouse] : [spouse, cur];
    cur = fam.child(`${tag}-gen${g + 2}`, f, m, randomSex(fam));
  }
  return cur;
}

function cousins(fam: Family, degree: number): Built {
  const gf = fam.founder('ancestor-m', 'male');
  const gm = fam.founder('ancestor-f', 'female');
  const a1 = fam.child('a-gen1', gf, gm);
  const b1 = fam.child('b-gen1', gf, gm);
  const a = descend(fam, a1, degree, 'a');
  const b = descend(fam, b1, degree, 'b');
  return { people: fam.people, focus: [[a, b]], roles: { [a.id]: '表亲甲', [b.id]: '表亲乙' } };
}

export function buildPedigree(fam: Family, name: PedigreeName): Built {
  switch (name) {
    case 'parent-child': {
      const f = fam.founder('father', 'male');
      const m = fam.founder('mother', 'female');
      const c = fam.child('child', f, m);
      const parent = fam.rng.next() < 0.5 ? f : m;
      return { people: fam.people, focus: [[parent, c]], roles: { father: '父亲', mother: '母亲', child: '子女' } };
    }
    case 'full-siblings': {
      const f = fam.founder('father', 'male');
      const m = fam.founder('mother', 'female');
      const a = fam.child('sibling1', f, m);
      const b = fam.child('sibling2', f, m);
      return {
        people: fam.people,
        focus: [[a, b]],
        roles: { father: '父亲', mother: '母亲', sibling1: '兄弟姐妹甲', sibling2: '兄弟姐妹乙' },
      };
    }
    case 'half-siblings': {
      const f = fam.founder('father', 'male');
      const m1 = fam.founder('mother1', 'female');
      const m2 = fam.founder('mother2', 'female');
      const a = fam.child('half1', f, m1);
      const b = fam.child('half2', f, m2);
      return { people: fam.people, focus: [[a, b]], roles: { half1: '同父异母甲', half2: '同父异母乙' } };
    }
    case 'first-cousins':
      return cousins(fam, 1);
    case 'second-cousins':
      return cousins(fam, 2);
    case 'third-cousins':
      return cousins(fam, 3);
    case 'fourth-cousins':
      return cousins(fam, 4);
    case 'unrelated': {
      const a = fam.founder('person1', randomSex(fam));
      const b = fam.founder('person2', randomSex(fam));
      return { people: fam.people, focus: [[a, b]], roles: { person1: '甲', person2: '乙' } };
    }
    case 'family': {
      const pgf = fam.founder('paternal-grandfather', 'male');
      const pgm = fam.founder('paternal-grandmother', 'female');
      const mgf = fam.founder('maternal-grandfather', 'male');
      const mgm = fam.founder('maternal-grandmother', 'female');
      const father = fam.child('father', pgf, pgm, 'male');
      const aunt = fam.child('paternal-aunt', pgf, pgm, 'female');
      const mother = fam.child('mother', mgf, mgm, 'female');
      const uncleInLaw = fam.founder('aunt-husband', 'male');
      const son = fam.child('son', father, mother, 'male');
      fam.child('daughter', father, mother, 'female');
      fam.child('cousin', uncleInLaw, aunt, 'male');
      const spouse = fam.founder('son-wife', 'female');
      fam.child('grandchild', son, spouse);
      const people = fam.people;
      const focus: [Person, Person][] = [];
      for (let i = 0; i < people.length; i++) for (let j = i + 1; j < people.length; j++) focus.push([people[i], people[j]]);
      const roles: Record<string, string> = {
        'paternal-grandfather': '祖父',
        'paternal-grandmother': '祖母',
        'maternal-grandfather': '外祖父',
        'maternal-grandmother': '外祖母',
        father: '父亲',
        'paternal-aunt': '姑姑',
        mother: '母亲',
        'aunt-husband': '姑父',
        son: '儿子',
        daughter: '女儿',
        cousin: '表兄弟',
        'son-wife': '儿媳',
        grandchild: '孙辈',
      };
      return { people, focus, roles };
    }
    case 'extended-family': {
      // Four generations of one paternal clan seen from 'daughter' (sexes fixed, so the Y line runs
      // through the men of the clan): a brother, an aunt, a first cousin, a second cousin, plus two
      // people unrelated to all. Every pair is a focus pair.
      const ggf = fam.founder('great-grandfather', 'male');
      const ggm = fam.founder('great-grandmother', 'female');
      const grandfather = fam.child('grandfather', ggf, ggm, 'male');
      const grandmother = fam.founder('grandmother', 'female');
      const greatUncle = fam.child('great-uncle', ggf, ggm, 'male');
      const greatUncleWife = fam.founder('great-uncle-wife', 'female');
      const father = fam.child('father', grandfather, grandmother, 'male');
      const mother = fam.founder('mother', 'female');
      const aunt = fam.child('aunt', grandfather, grandmother, 'female');
      const auntHusband = fam.founder('aunt-husband', 'male');
      const fathersCousin = fam.child('fathers-cousin', greatUncle, greatUncleWife, 'male');
      const fathersCousinWife = fam.founder('fathers-cousin-wife', 'female');
      fam.child('daughter', father, mother, 'female');
      fam.child('son', father, mother, 'male');
      fam.child('cousin', auntHusband, aunt, 'male');
      fam.child('second-cousin', fathersCousin, fathersCousinWife, 'male');
      fam.founder('unrelated1', 'male');
      fam.founder('unrelated2', 'female');
      const people = fam.people;
      const focus: [Person, Person][] = [];
      for (let i = 0; i < people.length; i++) for (let j = i + 1; j < people.length; j++) focus.push([people[i], people[j]]);
      const roles: Record<string, string> = {
        'great-grandfather': '曾祖父',
        'great-grandmother': '曾祖母',
        grandfather: '祖父',
        grandmother: '祖母',
        'great-uncle': '叔祖父',
        'great-uncle-wife': '叔祖母',
        father: '父亲',
        mother: '母亲',
        aunt: '姑姑',
        'aunt-husband': '姑父',
        'fathers-cousin': '堂叔',
        'fathers-cousin-wife': '堂婶',
        daughter: '本人',
        son: '兄弟',
        cousin: '表兄弟',
        'second-cousin': '从堂兄弟',
        unrelated1: '无亲缘甲',
        unrelated2: '无亲缘乙',
      };
      return { people, focus, roles };
    }
  }
}

/**
 * Genealogical relationship of two people of a pedigree, from their common ancestors: e.g.
 * 'parent-child', 'full-siblings', 'half-siblings', 'grandparent', 'avuncular', 'first-cousins',
 * 'first-cousins-once-removed', 'second-cousins', 'third-cousins', 'unrelated'.
 */
export function relationshipOf(a: Person, b: Person): string {
  const depths = (p: Person) => {
    const m = new Map<Person, number>();
    const walk = (x: Person | null, d: number) => {
      if (!x) return;
      const cur = m.get(x);
      if (cur !== undefined && cur <= d) return;
      m.set(x, d);
      walk(x.father, d + 1);
      walk(x.mother, d + 1);
    };
    walk(p, 0);
    return m;
  };
  const da = depths(a);
  const db = depths(b);
  if (a === b) return 'self';
  if (db.has(a) || da.has(b)) {
    const d = db.get(a) ?? (da.get(b) as number);
    return d === 1 ? 'parent-child' : d === 2 ? 'grandparent' : `ancestor-${d}`;
  }
  let best = Number.POSITIVE_INFINITY;
  let pair: [number, number] = [0, 0];
  let count = 0;
  for (const [x, d1] of da) {
    const d2 = db.get(x);
    if (d2 === undefined) continue;
    const sum = d1 + d2;
    if (sum < best) {
      best = sum;
      pair = [d1, d2];
      count = 1;
    } else if (sum === best) count++;
  }
  if (!Number.isFinite(best)) return 'unrelated';
  const [g1, g2] = pair[0] <= pair[1] ? pair : [pair[1], pair[0]];
  const half = count < 2 ? 'half-' : '';
  if (g1 === 1 && g2 === 1) return `${half}siblings`.replace(/^siblings$/, 'full-siblings');
  if (g1 === 1) return `${half}${g2 === 2 ? 'avuncular' : `avuncular-${g2 - 1}`}`;
  const names = ['', 'first', 'second', 'third', 'fourth', 'fifth'];
  const degree = g1 - 1;
  const removed = g2 - g1;
  const base = `${half}${names[degree] ?? `${degree}th`}-cousins`;
  return removed === 0 ? base : `${base}-${removed === 1 ? 'once' : removed === 2 ? 'twice' : `${removed}x`}-removed`;
}
