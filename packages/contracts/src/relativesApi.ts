/**
 * Gene relatives (§2.2 /report/gene-relatives, /protocol, /detail; §9 grades, sort and page size,
 * notification types 7 and 17): paths, the protocol a person consents to, and the shapes the API
 * answers. The §9 grade table itself is the engine's (GRADES of @jiyin/genome); answers carry the
 * rows they need, so pages never hold a second copy.
 */
import { z } from 'zod';
import { GENE_RELATIVE_DEFAULT_SORT, PAGE_SIZE } from './constants.ts';

export const RELATIVES_API_PATHS = {
  /** GET (query barcode): the person's consent; POST {barcode, protocolVersion}: join; DELETE (query barcode): withdraw. */
  consent: '/v2/ancestry_report/gene_relatives/consent',
  /** GET (query barcode, page, sort, grade): the person's consenting relatives, 10 a page. */
  list: '/v2/ancestry_report/gene_relatives',
  /** GET (query barcode): one match of the list, by its id. */
  detail: '/v2/ancestry_report/gene_relatives/detail/:id',
  /** POST {authCode}: the SMS re-check a session older than the configured age needs before relatives pages. */
  recheck: '/v2/ancestry_report/gene_relatives/recheck',
  /** Staff only. GET: held genomes and paused accounts; POST {barcode} or {userId}: release one. */
  staffHolds: '/web/api/new/staff/relatives/holds',
  staffRelease: '/web/api/new/staff/relatives/release',
} as const;

/** §9 notification types of the relatives guard: a new device signed in; staff: a genome held or an account paused. */
export const NEW_DEVICE_NOTICE_TYPE = 41;
export const STAFF_RELATIVES_ALERT_NOTICE_TYPE = 42;

/** Why a genome or an account is kept out of gene relatives, as the owner sees it (§8 code and Chinese reason). */
export interface RelativesHoldView {
  /** §8 code of the first reason (e.g. 2733). */
  code: number;
  reasons: { code: number; message: string }[];
  /**
   * 'genome': this detection is held (staff can release it); 'account': the whole account is paused;
   * 'markers': the file carries too few markers to be matched with anyone (a better file is the remedy).
   */
  scope: 'genome' | 'account' | 'markers';
  since: string;
}

export const relativesRecheckBodySchema = z.object({ authCode: z.string().regex(/^\d{4,6}$/, '请输入短信验证码') });
export const staffReleaseBodySchema = z.union([
  z.object({ barcode: z.string().min(1).max(40) }),
  z.object({ userId: z.string().min(1).max(64) }),
]);

export interface StaffHoldsView {
  genomes: {
    barcode: string;
    userId: string;
    personId: string;
    reasons: { code: number; message: string }[];
    figures: Record<string, unknown> | null;
    createdAt: string;
  }[];
  accounts: { userId: string; code: number; message: string; detail: Record<string, unknown> | null; createdAt: string }[];
}

export const RELATIVES_PAGE_SIZE = PAGE_SIZE;

/** §9 notification types: 7 tells the new person's owner how many relatives were found, 17 tells each relative's owner. */
export const RELATIVES_FOUND_NOTICE_TYPE = 7;
export const NEW_RELATIVE_NOTICE_TYPE = 17;

export const RELATIVE_SORTS = [
  { value: 'SIMILARITY', label: '相似度' },
  { value: 'SHARED_CM', label: '共享 DNA 长度' },
  { value: 'LONGEST_SEGMENT', label: '最长片段' },
  { value: 'NEWEST', label: '最新发现' },
] as const;
export type RelativeSort = (typeof RELATIVE_SORTS)[number]['value'];
const SORT_VALUES = RELATIVE_SORTS.map((s) => s.value) as [RelativeSort, ...RelativeSort[]];

/**
 * The protocol a person consents to. Changing its text means a new version: consents to an older
 * version stay valid for matching, and the page offers the new text to accept.
 */
export const RELATIVES_PROTOCOL = {
  version: '1.0',
  effectiveDate: '2026-11-23',
  title: '基因亲人服务协议',
  sections: [
    {
      title: '一、服务是什么',
      paragraphs: [
        '基因亲人服务把检测人的基因数据与同样加入本服务的其他检测人逐一比对，寻找彼此共有的 DNA 片段（同源相同片段），并根据共享 DNA 的总长度、最长片段和完全相同片段的比例估计亲缘关系等级。',
        '加入后，每当有人新导入数据或加入本服务，系统都会在后台自动比对，结果通常几分钟内出现在“基因亲人”页面。',
      ],
    },
    {
      title: '二、对方能看到什么',
      paragraphs: [
        '与你有共享 DNA 片段、并且同样加入本服务的人能看到：你的称呼（默认只显示姓氏加“先生”或“女士”，在“检测人管理 - 隐私设置”中打开“向亲人展示完整姓名”后才显示全名）、性别、出生地所在的省和市、父系（Y 染色体，仅男性）和母系（线粒体）单倍群，以及你们之间共享片段的位置和长度（染色体、起止位置、cM、位点数）、共享总量、比例和关系等级。',
        '对方看不到：你的基因型和原始数据、任何健康报告、手机号、检测条码、账户信息，也看不到你与其他人的比对结果。头像统一使用按性别生成的默认头像，不会展示你的照片。',
      ],
    },
    {
      title: '三、宗亲关系、亲人分布与基因溯源',
      paragraphs: [
        '宗亲关系：男性检测人加入后，只要没有在“家族线索”页关闭“参与宗亲关系”，与你父系（Y 染色体）谱系相同或相近、同样加入的男性就能在“家族线索”中看到你的称呼、父系单倍群、出生省份和估计的共同祖先年代，即使你们之间没有检测到共享片段。',
        '亲人分布与基因溯源：你的出生地（省、市）会计入与你有共享片段的亲人看到的“基因亲人分布”和“基因溯源”统计；某个城市人数少于 3 人时只计为“其他城市”，不会单独显示。',
      ],
    },
    {
      title: '四、谁不会被比对',
      paragraphs: [
        '没有加入本服务的检测人不会被比对，也不会出现在任何人的列表、通知或统计中。你也只能看到同样加入的亲人。',
        '你管理的多位检测人（例如父母和子女）都加入时，他们之间也会互相出现，这是真实的亲缘关系。',
      ],
    },
    {
      title: '五、结果的含义',
      paragraphs: [
        '关系等级是统计估计：同样的共享量可能对应不同的亲属关系，例如祖孙、叔侄与半同胞共享的 DNA 相近；远亲之间也可能因为随机遗传没有检测到共享片段。结果仅供寻亲和家族研究参考，不能作为法律意义上的亲子或亲属鉴定。',
        '比对可能揭示意想不到的关系（例如未知的兄弟姐妹、收养或非亲生关系），请在加入前慎重考虑。',
      ],
    },
    {
      title: '六、通知',
      paragraphs: ['发现新的基因亲人时，我们会给你发送站内通知；对方也会收到“发现一位新的基因亲人”的通知，通知中只出现你选择展示的称呼。'],
    },
    {
      title: '七、代他人加入',
      paragraphs: ['如果检测人不是你本人，请确认你已获得其本人同意；检测人未满十八周岁的，应由其监护人决定是否加入。'],
    },
    {
      title: '八、随时退出',
      paragraphs: [
        '你可以随时在本页，或在“检测人管理 - 隐私设置”中关闭“在基因亲人中展示我”来退出。退出立即生效：你会从所有人的列表中消失，已有的比对结果会被删除。',
        '再次加入需要重新阅读并同意本协议，系统会重新比对。',
      ],
    },
  ],
} as const;
export const RELATIVES_PROTOCOL_VERSION = RELATIVES_PROTOCOL.version;

const barcode = z.string({ error: '缺少条码' }).trim().min(1, '缺少条码').max(64, '条码不正确');

export const relativesBarcodeQuerySchema = z.object({ barcode });
export const relativesConsentBodySchema = z.object({
  barcode,
  protocolVersion: z.string({ error: '请先阅读并同意《基因亲人服务协议》' }).trim().min(1, '请先阅读并同意《基因亲人服务协议》').max(20),
});
export const relativesListQuerySchema = z.object({
  barcode,
  page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(10_000, '页码不正确').default(1),
  sort: z.enum(SORT_VALUES, { error: '不支持的排序方式' }).default(GENE_RELATIVE_DEFAULT_SORT),
  /** A §9 grade ('2-3' … '10+'); the server checks it against the engine's table. */
  grade: z.string({ error: '关系等级不正确' }).trim().max(8, '关系等级不正确').optional(),
});
export const relativeDetailParamsSchema = z.object({ id: z.string({ error: '亲人不存在' }).regex(/^[A-Za-z0-9_-]{16,64}$/, '亲人不存在') });

/** A row of the §9 grade table. */
export interface RelativeGrade {
  grade: string;
  meaning: string;
  timeframe: string;
}

/** The consent of one person (answered to its owner and to users it is shared with). */
export interface RelativesConsentView {
  barcode: string;
  personId: string;
  personName: string;
  /** True while the person takes part (consented and not withdrawn). */
  joined: boolean;
  protocolVersion: string | null;
  consentedAt: string | null;
  withdrawnAt: string | null;
  currentVersion: string;
  /** Joined under an older version of the protocol than the current one. */
  olderVersion: boolean;
  /** Only the person's owner may join or withdraw. */
  canChange: boolean;
  /** Set when the person's genome (or the account) is kept out of matching, with the reason. */
  hold: RelativesHoldView | null;
}

/** What a relative shows of themself: only what they chose (§2.2), never a barcode or genotype. */
export interface RelativeProfile {
  /** Full name when their showFullName switch is on, else surname + 先生/女士. */
  name: string;
  fullName: boolean;
  gender: 'male' | 'female';
  /** A default gradient by gender (§3 default avatars), never an uploaded photo. */
  avatar: { type: 'color'; startColor: string; endColor: string };
  /** Birthplace province and city only. */
  region: { province: string; city: string | null } | null;
  /** Y haplogroup for men, mt for everyone; null when not called. */
  yHaplogroup: string | null;
  mtHaplogroup: string | null;
}

/**
 * Shown instead of a relationship when the two genomes' chips share too few markers (below the
 * engine's overlap floor) for what was found to be told from chance.
 */
export const INSUFFICIENT_OVERLAP_TEXT = '共同位点不足，无法可靠比对';

export interface RelativeSummary {
  /** Opaque id of this match, for the detail page. */
  id: string;
  relative: RelativeProfile;
  sharedCm: number;
  /** DNA shared, % (half-identical cM plus fully identical cM over twice the autosomal length). */
  sharedPercent: number;
  segmentCount: number;
  longestCm: number;
  /** Markers both genomes' chips carry (autosomes and X): what the comparison could see. */
  overlapMarkers: number;
  /** Too few shared markers to judge: the pages show INSUFFICIENT_OVERLAP_TEXT and no grade. */
  insufficientOverlap: boolean;
  /** The §9 grade; null exactly when insufficientOverlap. */
  grade: RelativeGrade | null;
  /** When the match was first found. */
  foundAt: string;
}

export interface RelativesListView {
  consent: RelativesConsentView;
  page: number;
  size: number;
  /** Relatives matching the filter (consenting ones only). */
  total: number;
  sort: RelativeSort;
  grade: string | null;
  list: RelativeSummary[];
  /** The §9 table, for the grade filter. */
  grades: RelativeGrade[];
}

/**
 * A shared segment as a relative sees it: only segments of at least the match threshold, boundaries
 * rounded outwards to 0.1 Mb, no marker or genotype detail (extraction resistance).
 */
export interface RelativeSegment {
  chrom: string;
  start: number;
  end: number;
  cM: number;
}

export interface RelativeDetailView extends RelativeSummary {
  segments: RelativeSegment[];
  /** GRCh37 lengths of the chromosomes the painting draws (1–22 and X). */
  chromosomes: { chrom: string; length: number }[];
  /** 发私信 (§7.7); not available for a relative bound to the viewer's own account, with the reason. */
  chat: { available: boolean; note: string };
}
