import type {
  TreeDataView,
  TreeDate,
  TreeDnaView,
  TreeGenerationNames,
  TreeLinkView,
  TreePersonView,
  TreeRole,
  TreeSex,
} from './treesApi.ts';

/**
 * The compact wire form of a family tree (the tree and browse calls with `?format=compact`), which the
 * tree page reads: a 5,000-person tree as objects is ~2.8 MB of JSON, mostly repeated keys and
 * repeated ids. Here persons are tuples, relations and warnings point at persons by position, dates
 * are tuples, and birthplaces and linked tested persons are listed once each and referred to by
 * position. The persons part depends only on the tree's persons and relations, so the server keeps it per tree
 * revision and adds the head (the tree row, the caller's role, links to tested persons, DNA) per request.
 * `decodeTree` gives back exactly the `TreeDataView` the full form carries.
 */
export const TREE_WIRE_FORMAT = 'compact';

/** [year, month, day, lunar 0|1, reign, reign year]; absent parts are null. */
type DateTuple = [number | null, number | null, number | null, 0 | 1, string | null, number | null];
type Birthplace = NonNullable<TreePersonView['birthPlace']>;

/**
 * [id, surname, givenName, courtesyName, artName, sex, birth, death, birthText, deathText, flags
 * (1 living, 2 hidden), birthplace index (-1 none), notes]
 */
type PersonTuple = [
  string,
  string,
  string,
  string,
  string,
  0 | 1 | 2,
  DateTuple | null,
  DateTuple | null,
  string | null,
  string | null,
  number,
  number,
  string,
];

/** What changes only with the tree's persons and relations (and the year, for warnings). */
export interface TreeWirePersons {
  places: Birthplace[];
  persons: PersonTuple[];
  /** [relation id, 0 parent | 1 spouse, from index, to index] */
  relations: [string, 0 | 1, number, number][];
  /** [person index, text] */
  warnings: [number, string][];
}

/** The rest, read per request. */
export interface TreeWireHead {
  id: string;
  name: string;
  role: TreeRole;
  masterNodeId: string | null;
  lastModified: string;
  generationNames: TreeGenerationNames[];
  links: TreeLinkView[];
  /** [person index, link index] for the persons linked to a tested person (the owner's alone). */
  personLinks: [number, number][];
  dna: TreeDnaView[];
}

export type TreeWire = TreeWireHead & TreeWirePersons;

const SEXES: TreeSex[] = ['unknown', 'male', 'female'];

const dateTuple = (d: TreeDate | null): DateTuple | null =>
  d
    ? [d.year ?? null, d.month ?? null, d.day ?? null, d.chooseLunarCalendar ? 1 : 0, d.dynasty?.reign ?? null, d.dynasty?.year ?? null]
    : null;

function dateOf(t: DateTuple | null): TreeDate | null {
  if (!t) return null;
  const d: TreeDate = { chooseLunarCalendar: t[3] === 1 };
  if (t[0] !== null) d.year = t[0];
  if (t[1] !== null) d.month = t[1];
  if (t[2] !== null) d.day = t[2];
  if (t[4] !== null && t[5] !== null) d.dynasty = { reign: t[4], year: t[5] };
  return d;
}

/** Lists each distinct value once (by its JSON text) and answers its position. */
function table<T>() {
  const list: T[] = [];
  const at = new Map<string, number>();
  return {
    list,
    index(v: T | null): number {
      if (v === null) return -1;
      const key = JSON.stringify(v);
      let i = at.get(key);
      if (i === undefined) {
        i = list.push(v) - 1;
        at.set(key, i);
      }
      return i;
    },
  };
}

/** The persons part of the wire form; links to tested persons are left to the head (`personLinks`). */
export function encodeTreePersons(view: Pick<TreeDataView, 'familyNodes' | 'relations' | 'warnings'>): TreeWirePersons {
  const places = table<Birthplace>();
  const pos = new Map(view.familyNodes.map((p, i) => [p.id, i]));
  const at = (id: string) => pos.get(id) ?? -1;
  return {
    persons: view.familyNodes.map((p) => [
      p.id,
      p.surname,
      p.givenName,
      p.courtesyName,
      p.artName,
      SEXES.indexOf(p.sex) as 0 | 1 | 2,
      dateTuple(p.birth),
      dateTuple(p.death),
      p.birthText,
      p.deathText,
      (p.living ? 1 : 0) | (p.hidden ? 2 : 0),
      places.index(p.birthPlace),
      p.notes,
    ]),
    places: places.list,
    relations: view.relations.map((r) => [r.id, r.kind === 'parent' ? 0 : 1, at(r.from), at(r.to)]),
    warnings: view.warnings.map((w) => [at(w.personId), w.text]),
  };
}

export function decodeTree(w: TreeWire): TreeDataView {
  const linkOf = new Map(w.personLinks.map(([p, l]) => [p, w.links[l]]));
  const familyNodes: TreePersonView[] = w.persons.map((t, i) => ({
    id: t[0],
    hidden: (t[10] & 2) !== 0,
    surname: t[1],
    givenName: t[2],
    courtesyName: t[3],
    artName: t[4],
    sex: SEXES[t[5]],
    birth: dateOf(t[6]),
    death: dateOf(t[7]),
    birthText: t[8],
    deathText: t[9],
    living: (t[10] & 1) !== 0,
    birthPlace: t[11] < 0 ? null : w.places[t[11]],
    notes: t[12],
    link: linkOf.get(i) ?? null,
  }));
  const id = (i: number) => w.persons[i][0];
  return {
    id: w.id,
    name: w.name,
    role: w.role,
    familyNodes,
    relations: w.relations.map((r) => ({ id: r[0], kind: r[1] === 0 ? 'parent' : 'spouse', from: id(r[2]), to: id(r[3]) })),
    masterNodeId: w.masterNodeId,
    lastModified: w.lastModified,
    generationNames: w.generationNames,
    warnings: w.warnings.map(([i, text]) => ({ personId: id(i), text })),
    dna: w.dna,
  };
}
