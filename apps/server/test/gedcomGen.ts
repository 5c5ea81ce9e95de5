import type { PersonBirthplace } from '@jiyin/db';
import { type ExportPerson, writeGedcom } from '../src/trees/gedcom.ts';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const GIVEN = ['德', '明', '华', '文', '国', '建', '秀', '英', '兰', '芳', '志', '永', '昌', '福'];
const PLACES: PersonBirthplace[] = [
  { province: { code: '44', name: '广东省' }, city: { code: '4401', name: '广州市' }, district: { code: '440106', name: '天河区' } },
  { province: { code: '11', name: '北京市' }, city: { code: '1101', name: '市辖区' }, district: { code: '110101', name: '东城区' } },
  { province: { code: '35', name: '福建省' } },
];

/**
 * A synthetic family of `n` persons written as GEDCOM 5.5.1 (deterministic): one founding couple,
 * each couple with up to four children, each child married to someone from outside; dates solar,
 * lunar (with leap months where the year has one) or reign dates for the old generations; 字 and 号.
 */
export function generatedGedcom(n: number): string {
  let seed = 42;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const persons: ExportPerson[] = [];
  const relations: { kind: 'parent' | 'spouse'; from: string; to: string }[] = [];
  const make = (surname: string, sex: 'male' | 'female', year: number): ExportPerson => {
    const i = persons.length;
    const old = year < 1800;
    const lunar = !old && i % 3 === 0;
    const p: ExportPerson = {
      id: `g${i}`,
      surname,
      givenName: pick(GIVEN) + pick(GIVEN),
      courtesyName: i % 5 === 0 ? `子${pick(GIVEN)}` : '',
      artName: i % 7 === 0 ? `${pick(GIVEN)}斋` : '',
      sex,
      birth: old
        ? { year, chooseLunarCalendar: false, ...(year >= 1736 && year <= 1795 ? { dynasty: { reign: '乾隆', year: year - 1735 } } : {}) }
        : lunar
          ? { year, month: year === 2023 ? -2 : 1 + (i % 12), day: 1 + (i % 28), chooseLunarCalendar: true }
          : { year, month: 1 + (i % 12), day: 1 + (i % 28), chooseLunarCalendar: false },
      death: year < 1950 ? { year: year + 60, chooseLunarCalendar: false } : null,
      living: year >= 1950,
      birthPlace: i % 4 === 0 ? PLACES[i % PLACES.length] : null,
      notes: i % 10 === 0 ? `第 ${i} 位的生平\n迁居记录` : '',
    };
    persons.push(p);
    return p;
  };
  const founder = make(pick(SURNAMES), 'male', 1740);
  const wife = make(pick(SURNAMES), 'female', 1742);
  relations.push({ kind: 'spouse', from: founder.id, to: wife.id });
  let couples = [[founder, wife]];
  while (persons.length < n && couples.length) {
    const next: ExportPerson[][] = [];
    for (const [father, mother] of couples) {
      const kids = 1 + Math.floor(rand() * 4);
      for (let k = 0; k < kids && persons.length < n; k++) {
        const year = (father.birth?.year ?? 1740) + 25 + k * 2;
        const sex = rand() < 0.5 ? 'male' : 'female';
        const child = make(father.surname, sex, year);
        relations.push({ kind: 'parent', from: father.id, to: child.id }, { kind: 'parent', from: mother.id, to: child.id });
        if (persons.length >= n) break;
        const spouse = make(pick(SURNAMES), sex === 'male' ? 'female' : 'male', year + 1);
        relations.push({ kind: 'spouse', from: child.id, to: spouse.id });
        next.push(sex === 'male' ? [child, spouse] : [spouse, child]);
      }
    }
    couples = next;
  }
  return writeGedcom('生成的家谱', persons, relations, new Date('2026-01-01T00:00:00Z'));
}
