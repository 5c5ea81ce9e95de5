/**
 * The reports and imports API (§7.4 sideBarData and feel, §7.6 raw data, §7.10 reports, share
 * tokens of §7.4): paths and the shapes they answer. One file both the server and the pages read.
 */
import { z } from 'zod';
import type { RelativesHoldView } from './relativesApi.ts';

/** §2.2 report categories as pages name them, and as the /v3|/v4 report calls name them (§7.10). */
export const REPORT_CATEGORIES = [
  { page: 'disease', api: 'disease', kb: 'disease', name: '疾病风险', enName: 'disease' },
  { page: 'traits', api: 'trait', kb: 'traits', name: '个人特质', enName: 'trait' },
  { page: 'carrier-status', api: 'inherit', kb: 'carrier', name: '遗传病携带', enName: 'inherit' },
  { page: 'drug', api: 'drug', kb: 'drug', name: '药物反应', enName: 'drug' },
  { page: 'nutrition', api: 'nutrition', kb: 'nutrition', name: '营养需求', enName: 'nutrition' },
  { page: 'fitness', api: 'fitness', kb: 'fitness', name: '运动健身', enName: 'fitness' },
  { page: 'tumor', api: 'tumor', kb: 'tumor', name: '肿瘤风险', enName: 'tumor' },
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export type ReportApiCategory = ReportCategory['api'];

export const REPORT_API_PATHS = {
  /** §7.4: groups[0] report categories, groups[1] drug categories. Sample header honoured. */
  sideBarData: '/web/api/new/common/sideBarData',
  /** Person's report home: person card, categories with counts, haplogroups, report status. */
  overview: '/v3/report/overview',
  /** One category: its items with results (query barcode). */
  category: '/v3/report/:category',
  /** Drug category page (§2.2 /report/drug/class/{categoryId}). */
  drugClass: '/v3/report/drug/class/:categoryId',
  /** One item: result, genotypes, meaning, advice, references. */
  detail: '/v4/report/:category/detail/:id',
  /** §7.4 feel: GET/POST at feel, PUT/DELETE at feelOne. */
  feel: '/v1/common/feel',
  feelOne: '/v1/common/feel/:id',
  /** §7.4 share tokens: POST creates for a type ('report'); GET lists mine; DELETE revokes. */
  shareTokens: '/api/share_auth/open/share_tokens/:type',
  shareTokenOne: '/api/share_auth/open/share_tokens/:type/:id',
  /** What a share token grants (read with the share token header): shareBarcode, shareSct. */
  shareInfo: '/api/share_auth/open/share_info',
  /** Electronic report (PDF): POST queues a render, GET its state, file downloads it. */
  electronicReport: '/v3/report/electronic-report',
  electronicReportFile: '/v3/report/electronic-report/:id/file',
  /** Imports: resumable upload sessions, then the import job (§3 Gene data upload). */
  uploads: '/v1/gene-data/uploads',
  uploadOne: '/v1/gene-data/uploads/:id',
  imports: '/v1/gene-data/imports',
  importOne: '/v1/gene-data/imports/:id',
  /** §7.6 raw-data download state and thaw, download and delete, per raw file of a person. */
  rawData: '/v1/persons/:personId/raw-data',
  rawDataThaw: '/v1/persons/:personId/raw-data/:fileId/thaw',
  rawDataFile: '/v1/persons/:personId/raw-data/:fileId/file',
  rawDataOne: '/v1/persons/:personId/raw-data/:fileId',
  /** §7.7 notifications: list (module, count, baseline_id), unread count, mark read. */
  notifications: '/api/community/messages',
  notificationsUnread: '/api/community/messages/unread',
  notificationRead: '/api/community/messages/:id/read',
} as const;

/** §3 Report side-bar item. productStatus: 0 normal, 1 lock (§3). */
export const PRODUCT_STATUS = { normal: 0, lock: 1 } as const;
export const LOCK_ICON = 'LOCK_ICON';
export const LOCKED_ITEM_TOAST = '请在App中升级解锁后查看';

/** The 12 gradient colour themes of §2.2; categories and items pick theme by index. */
export const REPORT_THEMES = [
  { start: '#5b8cff', end: '#36cfc9' },
  { start: '#ff7a45', end: '#ffc53d' },
  { start: '#9254de', end: '#f759ab' },
  { start: '#13c2c2', end: '#52c41a' },
  { start: '#2f54eb', end: '#597ef7' },
  { start: '#fa541c', end: '#ff85c0' },
  { start: '#08979c', end: '#5cdbd3' },
  { start: '#d4380d', end: '#fa8c16' },
  { start: '#722ed1', end: '#2f54eb' },
  { start: '#389e0d', end: '#95de64' },
  { start: '#c41d7f', end: '#ff9c6e' },
  { start: '#096dd9', end: '#69c0ff' },
] as const;
export type ReportTheme = (typeof REPORT_THEMES)[number];

export interface SideBarItem {
  name: string;
  enName: string;
  path: string;
  icon: string;
  colours: ReportTheme;
  description: string;
  /** Number of items, shown as 'N项'. */
  total: number;
  tags: string[];
  lockDescription?: string;
  productStatus: 0 | 1;
  children?: SideBarItem[];
  /** Drug category children only. */
  categoryId?: string;
  webSceneClassifyIcon?: string;
}
/** `sample` is true when the groups describe the bundled demo genome (sample mode, §4). */
export type SideBarData = { data: { list: SideBarItem[]; sample: boolean } }[];

/** Sample mode (§4): the demo genome answers under this barcode and person name. */
export const SAMPLE_BARCODE = 'SAMPLE';
export const SAMPLE_PERSON_NAME = '样例报告';

export type ItemLevel = string;

/**
 * How loudly a result is shown (the engine's verdict tone): alert (red) only for what to act on,
 * attention (orange) an elevated tendency, notice (gold) a mild one, neutral, favourable (green).
 */
export type ReportTone = 'alert' | 'attention' | 'notice' | 'neutral' | 'favourable';

/** One item in a category list. */
export interface ReportItemSummary {
  id: string;
  /** A plain Chinese name. */
  title: string;
  /** The line under the title: genes and variants read. */
  detail: string;
  /** 'out' with a result, 'unDetected' when the chip did not read its markers. */
  status: 'out' | 'unDetected';
  /** The result as the rule words it (genotype-specific, never a verdict word). */
  label: string | null;
  level: ItemLevel | null;
  /** The verdict: the category's word for the level (the badge), the one place a row states it. */
  levelLabel: string | null;
  tone: ReportTone | null;
  /** 1 (lock): the result is withheld and the detail answers 2700; tags then hold LOCK_ICON. */
  productStatus: 0 | 1;
  tags: string[];
  lockDescription?: string;
  theme: ReportTheme;
  /** Drug items: their class. */
  drugClass?: string;
  drugClassId?: string;
}

export interface ReportCategoryView {
  category: ReportApiCategory;
  /** Drug class pages (/report/drug/class/{categoryId}) only. */
  categoryId?: string;
  sample: boolean;
  name: string;
  description: string;
  theme: ReportTheme;
  total: number;
  /** How many items fall in each level, for the category summary. */
  levelCounts: Record<string, number>;
  /** The same counts as the category words them (badge and tone of each level), in the vocabulary's order. */
  verdictCounts: { level: ItemLevel; badge: string; tone: ReportTone; count: number }[];
  items: ReportItemSummary[];
}

export interface ReportGenotypeRow {
  rsid: string;
  gene: string;
  /** Sorted alleles as read ("AG"), '--' for a no-call, null when the chip lacks the marker. */
  genotype: string | null;
  effectAllele: string;
  /** Effect-allele frequency in East Asians, null when unknown. */
  eastAsianFreq: number | null;
}

export interface ReportReference {
  type: 'pubmed' | 'clinvar' | 'cpic' | 'dpwg' | 'pharmgkb' | 'gwas';
  id: string;
  /** A public page for it (PubMed, ClinVar, CPIC...). */
  url: string;
}

export interface ReportItemDetail extends ReportItemSummary {
  category: ReportApiCategory;
  sample: boolean;
  summary: string;
  genes: string[];
  explanation: string | null;
  /** The verdict's summary line (the same result level as the badge). */
  verdict: string | null;
  /** Advice for this result: its kind (confirm, counsel, carrier, clear, item) and text. */
  adviceKind: 'confirm' | 'counsel' | 'carrier' | 'clear' | 'item';
  advice: string;
  populationNote: string;
  genotypes: ReportGenotypeRow[];
  references: ReportReference[];
  /** The caller's own rating of this item, if any (§7.4 feel). */
  feel: { id: string; feel: number } | null;
}

/** The person a report belongs to, as the report card shows it (§3 Detection person basic). */
export interface ReportPerson {
  personId: string;
  barcode: string;
  name: string;
  gender: 'male' | 'female';
  productName: string;
  reportType: 'thirdParty' | 'childTalent' | 'standard' | 'noAncestry' | 'offline';
  hasReport: boolean;
  yHaplogroup: string | null;
  mtHaplogroup: string | null;
}

export interface ReportOverview {
  person: ReportPerson;
  /** True when this answer is the bundled synthetic demo genome (sample mode, §4). */
  sample: boolean;
  categories: {
    category: ReportApiCategory;
    page: ReportCategory['page'];
    name: string;
    total: number;
    /** 1 (lock) when the person's product lacks this report: no summary or preview then. */
    productStatus: 0 | 1;
    /** The category's results in one line (e.g. 16 项中 3 项高于人群平均); null without results. */
    summary: string | null;
    /** The first items in the category's fixed order, whatever their result. */
    preview: ReportItemSummary[];
  }[];
  computedAt: string | null;
}

/** §7.4 feel payload: module is the report category, relate_id the item id. */
export const feelSchema = z.object({
  barcode: z.string({ error: '缺少条码' }).min(1, '缺少条码'),
  relate_id: z.string({ error: '缺少报告项' }).min(1, '缺少报告项'),
  module: z.string({ error: '缺少模块' }).min(1, '缺少模块'),
  feel: z.number({ error: '请选择评价' }).int('请选择评价').min(1, '请选择评价').max(5, '请选择评价'),
});

export const feelUpdateSchema = feelSchema.pick({ feel: true });
export interface FeelView {
  id: string;
  barcode: string;
  module: string;
  relate_id: string;
  feel: number;
  createdAt: string;
  updatedAt: string;
}

/** What can be shared by link (§7.4 share_tokens/{type}). */
export const SHARE_TOKEN_TYPES = ['report'] as const;

export const shareTokenCreateSchema = z.object({
  barcode: z.string({ error: '缺少条码' }).min(1, '缺少条码'),
  /** Days the link stays valid: 1, 7 or 30. */
  expiresInDays: z.union([z.literal(1), z.literal(7), z.literal(30)], { error: '有效期只能是 1、7 或 30 天' }).default(7),
});
export interface ShareTokenView {
  id: string;
  type: string;
  barcode: string;
  personName: string;
  /** Only in the answer that creates it: the token is stored hashed and cannot be shown again. */
  token?: string;
  url?: string;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
}
export interface ShareInfo {
  isShareUrl: true;
  shareBarcode: string;
  shareSct: { name: string; gender: 'male' | 'female' };
  type: string;
  expiresAt: string;
}

/** Raw files accepted by the import (§2.1 /import/chip): names, and the size limit. */
export const RAW_FILE_EXTENSIONS = ['.txt', '.csv', '.zip', '.gz', '.vcf', '.vcf.gz'] as const;
export const RAW_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** Size of one upload chunk the page sends (the server accepts any size up to this). */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;

export const uploadCreateSchema = z.object({
  personId: z.string({ error: '请选择检测人' }).min(1, '请选择检测人'),
  fileName: z
    .string({ error: '请选择文件' })
    .min(1, '请选择文件')
    .max(200, '文件名过长')
    .refine((n) => RAW_FILE_EXTENSIONS.some((ext) => n.toLowerCase().endsWith(ext)), '仅支持 .txt、.csv、.zip、.gz、.vcf 或 .vcf.gz 文件'),
  size: z
    .number({ error: '文件大小不正确' })
    .int('文件大小不正确')
    .min(1, '文件是空的，请重新选择')
    .max(RAW_FILE_MAX_BYTES, '文件不能超过 100 MB'),
});

export interface UploadView {
  id: string;
  fileName: string;
  size: number;
  /** Where the next chunk starts: resuming an upload continues from here. */
  receivedBytes: number;
  state: 'receiving' | 'stored' | 'deleted';
}

/** Barcodes of detections made by importing a raw-data file start with this (lab kits have their own letters). */
export const IMPORT_BARCODE_PREFIX = 'IM';

export const IMPORT_STAGE_LABELS = {
  queued: '排队中',
  parsing: '解析数据',
  computing: '生成报告',
  matching: '匹配基因亲人',
  done: '已完成',
  failed: '导入失败',
} as const;
export type ImportStageName = keyof typeof IMPORT_STAGE_LABELS;

export interface ImportJobView {
  id: string;
  personId: string;
  barcode: string | null;
  stage: ImportStageName;
  progress: number;
  /** A Chinese sentence naming the problem when failed (which line, which vendor, the call rate). */
  errorMessage: string | null;
  summary: { vendor?: string; build?: string; markers?: number; callRate?: number; sex?: string | null } | null;
  /** The gene-relatives gate: reports stand, but this genome is kept out of matching for these reasons. */
  relativesHold: RelativesHoldView | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface RawDataFileView {
  id: string;
  fileName: string;
  size: number;
  state: 'stored' | 'deleted';
  /** §7.6: archived files must be thawed before download; thawed until this time. */
  downloadState: 'frozen' | 'thawing' | 'ready';
  thawedUntil: string | null;
  createdAt: string;
}

export interface NotificationView {
  id: string;
  type: number;
  title: string;
  content: string;
  date: string;
  readDate: string | null;
  relatedId: string | null;
  module: string;
  fromUser: { name: string; avatar: unknown; barcode?: string } | null;
  webviewInfo: { url: string } | null;
}

/** Notification type for "your reports are ready" (§9 lists community and relative types only). */
export const REPORT_READY_NOTICE_TYPE = 30;

/** Electronic report (PDF): POST body to queue a render of a barcode's reports. */
export const electronicReportCreateSchema = z.object({
  barcode: z.string({ error: '缺少条码' }).trim().min(1, '缺少条码').max(64, '条码不正确'),
});

export const ELECTRONIC_REPORT_STATE_LABELS = {
  queued: '排队中',
  rendering: '正在生成',
  done: '已生成',
  failed: '生成失败',
} as const;
export type ElectronicReportState = keyof typeof ELECTRONIC_REPORT_STATE_LABELS;

/** One rendered (or rendering) PDF of the caller's for a barcode. */
export interface ElectronicReportView {
  id: string;
  barcode: string;
  state: ElectronicReportState;
  /** A Chinese sentence when failed. */
  errorMessage: string | null;
  /** The report computation the PDF shows; older than the current one means stale. */
  sourceComputedAt: string | null;
  /** True when the reports were recomputed after this PDF: a new one should be generated. */
  stale: boolean;
  createdAt: string;
  finishedAt: string | null;
}

/** GET electronicReport?barcode=: the person, when their reports were computed, and my latest PDF. */
export interface ElectronicReportStatus {
  person: ReportPerson;
  computedAt: string | null;
  report: ElectronicReportView | null;
}
