import { PRIVACY_FEATURES } from '@jiyin/contracts/accounts';
import type { RelativeProfile } from '@jiyin/contracts/relativesApi';
import { type Db, type PersonBirthplace, schema } from '@jiyin/db';
import { and, eq, inArray } from 'drizzle-orm';

const { privacySwitches } = schema;

/** Two-character surnames, so 欧阳娜娜 shows as 欧阳女士 and not 欧女士. */
export const COMPOUND_SURNAMES: ReadonlySet<string> = new Set([
  '欧阳',
  '司马',
  '上官',
  '诸葛',
  '东方',
  '皇甫',
  '尉迟',
  '公孙',
  '慕容',
  '长孙',
  '宇文',
  '司徒',
  '夏侯',
  '轩辕',
  '令狐',
  '端木',
  '独孤',
  '南宫',
  '西门',
  '百里',
  '呼延',
  '澹台',
  '公冶',
  '太史',
  '申屠',
  '钟离',
  '宗政',
  '濮阳',
  '淳于',
  '赫连',
  '万俟',
  '闻人',
  '东郭',
  '拓跋',
  '完颜',
]);

const HAN = /^\p{Script=Han}/u;

/**
 * What a person who hides their name shows: the surname and 先生/女士 (张先生, 欧阳女士); a name
 * not written in Chinese characters shows its first letter only (A**).
 */
export function maskedName(name: string, gender: 'male' | 'female'): string {
  const trimmed = name.trim();
  if (!HAN.test(trimmed)) return `${[...trimmed][0]?.toUpperCase() ?? '*'}**`;
  return `${surnameOf(trimmed)}${gender === 'male' ? '先生' : '女士'}`;
}

/** The surname of a Chinese name: a known two-character surname when the name is longer than it, else the first character. */
export function surnameOf(name: string): string {
  const trimmed = name.trim();
  const two = trimmed.slice(0, 2);
  return trimmed.length > 2 && COMPOUND_SURNAMES.has(two) ? two : ([...trimmed][0] ?? '');
}

const SHOW_FULL_NAME_DEFAULT = PRIVACY_FEATURES.find((f) => f.feature === 'showFullName')?.defaultOpen ?? false;

/** The persons among `personIds` whose showFullName privacy switch is on. */
export async function showingFullName(db: Db, personIds: string[]): Promise<Set<string>> {
  if (!personIds.length) return new Set();
  const rows = await db
    .select({ personId: privacySwitches.personId, open: privacySwitches.open })
    .from(privacySwitches)
    .where(and(inArray(privacySwitches.personId, personIds), eq(privacySwitches.feature, 'showFullName')));
  const open = new Map(rows.map((r) => [r.personId, r.open]));
  return new Set(personIds.filter((id) => open.get(id) ?? SHOW_FULL_NAME_DEFAULT));
}

/** The name a relative shows to others: their full name only when they chose to. */
export function displayName(person: { name: string; gender: 'male' | 'female' }, fullName: boolean): string {
  return fullName ? person.name : maskedName(person.name, person.gender);
}

/** §3 default avatars are gradients; relatives get one by gender, never an uploaded photo. */
export function relativeAvatar(gender: 'male' | 'female'): RelativeProfile['avatar'] {
  return gender === 'male'
    ? { type: 'color', startColor: '#4e7cff', endColor: '#7fc8ff' }
    : { type: 'color', startColor: '#ff7aa8', endColor: '#ffc29f' };
}

export interface ProfileSource {
  name: string;
  gender: 'male' | 'female';
  birthplace: PersonBirthplace | null;
  yHaplogroup: string | null;
  mtHaplogroup: string | null;
}

/** Everything a relative shows of themself: what they chose, and never more. */
export function relativeProfile(p: ProfileSource, fullName: boolean): RelativeProfile {
  return {
    name: displayName(p, fullName),
    fullName,
    gender: p.gender,
    avatar: relativeAvatar(p.gender),
    region: p.birthplace?.province ? { province: p.birthplace.province.name, city: p.birthplace.city?.name ?? null } : null,
    yHaplogroup: p.gender === 'male' ? p.yHaplogroup : null,
    mtHaplogroup: p.mtHaplogroup,
  };
}
