/**
 * Relatives distribution, gene origin and clan relations (§2.2 gene-relatives-distribution,
 * gene-origin, ancestry family / more-clues; §3 Clan relation base info; §9 clan limits): paths and
 * the shapes they answer. Everything here is computed from consenting relatives only.
 */
import { z } from 'zod';
import { CLAN_DEFAULT_SORT, CLAN_MAX_YEAR_DEFAULT, PAGE_SIZE } from './constants.ts';

export const ORIGIN_API_PATHS = {
  /** Counts of the person's consenting relatives by birth province (query barcode). */
  distribution: '/v3/ancestry/gene-relatives/distribution',
  /** Counts by city within one province (query barcode, province). */
  distributionCities: '/v3/ancestry/gene-relatives/distribution/cities',
  /** Where the person's ancestors likely came from (query barcode). */
  geneOrigin: '/v3/ancestry/gene-origin',
  /** Relatives grouped by their birth province (query barcode). */
  geneOriginCommonList: '/v3/ancestry/gene-origin/common-list',
  /** Origin places shared with one relative (query barcode, relative). */
  geneOriginCommon: '/v3/ancestry/gene-origin/common-origin',
  /** One province with its relatives (query barcode, province). */
  geneOriginDetail: '/v3/ancestry/gene-origin/detail',
  /** The person's stated birthplace against the DNA-suggested origin (query barcode). */
  geneOriginMine: '/v3/ancestry/gene-origin/my-origin',
  /** Clan relatives: consenting men who share a Y lineage (query barcode, maxYear, sort, page). */
  clanRelations: '/v3/ancestry/clan-relations',
  /** §3 Clan relation base info of one of my persons: GET (query barcode), PUT. */
  clanBaseInfo: '/v3/ancestry/clan-relations/base-info',
} as const;

/**
 * In counts and shares, cities with fewer relatives than this are folded into "其他城市", so the
 * map and the city list never point at one or two people. A relative's own card shows their city,
 * as they share it with their matches on the gene-relatives pages.
 */
export const CITY_MIN_RELATIVES = 3;
export const OTHER_CITIES_NAME = '其他城市';

/** Close relatives (§9 grades 2-3 and 3-4) reflect the recent family, not where it came from. */
export const ORIGIN_EXCLUDED_GRADES = ['2-3', '3-4'] as const;

export const CLAN_SORTS = ['COMMON_ANCESTOR_YEAR_ASC', 'COMMON_ANCESTOR_YEAR_DESC'] as const;
export type ClanSort = (typeof CLAN_SORTS)[number];
/** The largest "max clan year" a reader may ask for (older than any Y-tree age we ship anyway). */
export const CLAN_MAX_YEAR_LIMIT = 200_000;

const barcode = z.string({ error: '缺少条码' }).trim().min(1, '缺少条码').max(64, '条码不正确');
const provinceCode = z.string({ error: '请选择省份' }).regex(/^\d{2}$/, '省份编码不正确');

export const originQuerySchema = z.object({ barcode: barcode.optional() });
export const provinceQuerySchema = originQuerySchema.extend({ province: provinceCode });
export const commonOriginQuerySchema = originQuerySchema.extend({
  /** Optional here so an unavailable page still explains itself; required once relatives are shown. */
  relative: z
    .string({ error: '请选择一位亲人' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, '亲人不存在')
    .optional(),
});
export const clanQuerySchema = originQuerySchema.extend({
  maxYear: z.coerce
    .number({ error: '年代上限不正确' })
    .int('年代上限不正确')
    .min(1, '年代上限不正确')
    .max(CLAN_MAX_YEAR_LIMIT, '年代上限不正确')
    .default(CLAN_MAX_YEAR_DEFAULT),
  sort: z.enum(CLAN_SORTS, { error: '不支持的排序方式' }).default(CLAN_DEFAULT_SORT),
  page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(10_000, '页码不正确').default(1),
});
export const clanBaseInfoSchema = z.object({
  barcode,
  showFullName: z.boolean({ error: '请选择是否展示全名' }).optional(),
  openClanRelation: z.boolean({ error: '请选择是否开启宗亲关系' }).optional(),
});

export const CLAN_PAGE_SIZE = PAGE_SIZE;

/** Why a page has nothing to show for this person (the page explains each in Chinese). */
export type OriginUnavailable =
  /** Sample mode: relatives exist only for real, consenting persons. */
  | 'sample'
  /** The person has not opted in to gene relatives (or withdrew). */
  | 'notJoined';

export interface Place {
  code: string;
  name: string;
}

export interface ProvinceCount extends Place {
  count: number;
}

export interface DistributionView {
  unavailable: OriginUnavailable | null;
  /** Consenting relatives in all. */
  total: number;
  /** Relatives who gave no birthplace. */
  unknown: number;
  provinces: ProvinceCount[];
}

export interface CityDistributionView {
  unavailable: OriginUnavailable | null;
  province: Place;
  total: number;
  /** Cities with at least CITY_MIN_RELATIVES relatives. */
  cities: ProvinceCount[];
  /** Relatives in smaller cities, shown as "其他城市". */
  otherCities: number;
  /** Relatives of this province who gave no city. */
  noCity: number;
}

/** A relative as origin pages show them: masked name unless they chose to show it, no finer than city. */
export interface OriginRelative {
  /** The opaque match id of the gene-relatives pages (never a barcode): the detail page's id. */
  relativeId: string;
  name: string;
  gender: 'male' | 'female';
  grade: string;
  sharedCm: number;
  province: Place | null;
  /** As the relative shares it with their matches (gene-relatives pages show the same). */
  city: Place | null;
}

export type OriginConfidence = 'high' | 'medium' | 'low';
export const ORIGIN_CONFIDENCE_LABELS: Record<OriginConfidence, string> = {
  high: '可信度较高',
  medium: '可信度中等',
  low: '仅供参考',
};

export interface OriginShare extends Place {
  /** 0–1 of the total weight. */
  share: number;
  /** Relatives who contributed. */
  count: number;
}

export interface GeneOriginView {
  unavailable: OriginUnavailable | null;
  /** Relatives with a birthplace that were weighted. */
  relativesUsed: number;
  /** Close relatives left out (§9 grades 2-3, 3-4). */
  closeExcluded: number;
  /** Relatives without a birthplace. */
  unknown: number;
  /** Effective number of relatives behind the weights, (Σw)² / Σw². */
  effectiveRelatives: number;
  confidence: OriginConfidence | null;
  provinces: OriginShare[];
  /** City shares inside the top province (cities with fewer relatives folded into "其他城市"). */
  topCities: OriginShare[];
}

export interface CommonListView {
  unavailable: OriginUnavailable | null;
  groups: { province: Place; count: number; relatives: OriginRelative[] }[];
  unknown: OriginRelative[];
}

export interface OriginDetailView {
  unavailable: OriginUnavailable | null;
  province: Place;
  /** This province's share of my origin weights (0 when none of the weighted relatives are here). */
  share: number;
  cities: ProvinceCount[];
  otherCities: number;
  relatives: OriginRelative[];
}

export interface CommonOriginView {
  unavailable: OriginUnavailable | null;
  /** Null only while unavailable. */
  relative: OriginRelative | null;
  /** Relatives who match both me and this relative. */
  sharedRelatives: number;
  places: OriginShare[];
}

export interface MyOriginView {
  unavailable: OriginUnavailable | null;
  /** The person's own stated birthplace, province and city only. */
  birthplace: { province: Place; city: Place | null } | null;
  topOrigin: OriginShare | null;
  /** My own province's share of the DNA-suggested origin. */
  ownProvinceShare: number | null;
  /** 'same': my province is the top origin; 'among': it is one of the origins; 'different'. */
  agreement: 'same' | 'among' | 'different' | null;
  confidence: OriginConfidence | null;
}

/** How a clan common-ancestor estimate was made. */
export type ClanAgeBasis = 'autosomal' | 'published' | 'interpolated';
export const CLAN_AGE_BASIS_LABELS: Record<ClanAgeBasis, string> = {
  autosomal: '按共享DNA片段估算',
  published: '按Y树节点的发表年代',
  interpolated: '按Y树层级推算（误差较大）',
};

export interface ClanMember {
  /** Opaque, per viewer; also the gene-relatives detail id when `grade` is set. */
  relativeId: string;
  name: string;
  haplogroup: string;
  /** The deepest Y-tree node we share. */
  commonNode: string;
  /** Years before present of the common paternal ancestor (point estimate). */
  years: number;
  /** Range when the basis gives one. */
  yearsRange: [number, number] | null;
  basis: ClanAgeBasis;
  /** Also a gene relative by shared DNA: its §9 grade (dates the ancestor only with the same Y call). */
  grade: string | null;
  province: Place | null;
}

export interface ClanGroup {
  commonNode: string;
  years: number;
  basis: ClanAgeBasis;
  count: number;
}

export type ClanUnavailable = OriginUnavailable | 'female' | 'noY' | 'clanClosed';

export interface ClanRelationsView {
  unavailable: ClanUnavailable | null;
  haplogroup: string | null;
  maxYear: number;
  sort: ClanSort;
  total: number;
  page: number;
  pageSize: number;
  groups: ClanGroup[];
  list: ClanMember[];
}

/** §3 Clan relation base info. */
export interface ClanBaseInfo {
  barcode: string;
  showFullName: boolean;
  openClanRelation: boolean;
  /** openClanRelation only takes effect with a live gene-relatives consent. */
  consented: boolean;
}
