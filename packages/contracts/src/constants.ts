/** Business constants and limits of §9 (and timing of §2.6), as data. */

const DAY_MS = 24 * 60 * 60 * 1000;

export const VERIFY_CODE_COUNTDOWN_S = 120;
export const REQUEST_TIMEOUT_MS = 30_000;
export const DESKTOP_BREAKPOINTS = [720, 768] as const;
export const MOBILE_BREAKPOINT = 768;
export const RESIZE_DEBOUNCE_MS = 300;
export const PAGE_LOAD_BAR_MS = 5000;
export const CHUNK_RELOAD_MIN_INTERVAL_MS = 60_000;
export const SIGNATURE_WINDOW_S = 300;

/** §9 gives 604800000 "milliseconds as given"; read as 7 days. */
export const TOKEN_COOKIE = { name: '__token', maxAgeMs: 604_800_000, path: '/' } as const;

export const COOKIES = {
  traceId: { name: 'trace_id', maxAgeMs: 180 * DAY_MS },
  deviceId: { name: 'device_id', maxAgeMs: 365 * DAY_MS },
  anonymousId: { name: 'anonymous_id', maxAgeMs: 30 * DAY_MS },
  barcode: { name: 'barcode', maxAgeMs: 7 * DAY_MS },
  familyTreeId: { name: 'family_tree_id', maxAgeMs: 180 * DAY_MS },
} as const;

export const SITE_IDS = { app: 4, wechat: 6, mobile: 5, pc: 1 } as const;

export const UNREAD_BADGE_CAP = 99;
export const PAGE_SIZE = 10;
export const FAMILY_LIST_PAGE_SIZE = 20;
export const NOTIFICATION_LOAD_MORE_THRESHOLD = 88;
export const CALCULATOR_RESULT_LIST_SIZE = 1000;
export const PROJECT_ANNOUNCEMENT_LIST_SIZE = 1000;
export const LIFE_STORY_PAGE_SIZE = 15;
export const GENE_RELATIVE_DEFAULT_SORT = 'SIMILARITY';
export const CLAN_MAX_YEAR_DEFAULT = 16_500;
export const CLAN_DEFAULT_SORT = 'COMMON_ANCESTOR_YEAR_ASC';
export const CHAT_TIMESTAMP_GAP_MS = 600_000;
export const CHAT_FIRST_LOAD = 10;
export const ACTIVITY_PICTURES = 3;
export const LAZY_IMAGE_PRELOAD = 2;
export const SERVICE_HOURS = '工作日 09:00-18:00';

export const TEST_TYPES = ['GENETIC', 'Y', 'PCR_Y', 'MYOPIA', 'PCR_HEALTHY_EXPAND', 'NGS'] as const;
export type TestType = (typeof TEST_TYPES)[number];

export const COMMODITY_TAGS = [
  'standard',
  'y_full',
  'y_ances',
  'ances_trait',
  'trait',
  'ances_ances_23',
  'ances_ances',
  'dna_relatives',
  'HPV',
  'HP',
  'CRC',
  'AMH',
  'VitaminADE',
  'NGS',
  'Covid19',
  'CVD',
  'CONTACT',
  'popopet_dog_app',
  'EXP01',
] as const;
export type CommodityTag = (typeof COMMODITY_TAGS)[number];

export const INHERITED_FROM = { mother: 0, father: 1, both: 2 } as const;

export const NOTIFICATION_TYPES = {
  commentPost: 1,
  answer: 2,
  discuss: 3,
  geneRelativesFound: [7, 17],
  familyTraceUpdate: 19,
} as const;

export const PRODUCT_STATUS = { normal: 0, lock: 1 } as const;

export const ENVIRONMENTS = ['local', 'test', 'beta', 'prod', 'hotfix'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const DEFAULT_SHARE = {
  title: '领先的基因检测与家庭医学检测品牌',
  desc: '拥有国家认证的临床检验实验室，已为近百万用户提供服务。',
} as const;

/** Unread counts above the cap show as an ellipsis (§2.6, §9). */
export function formatUnread(count: number): string {
  return count > UNREAD_BADGE_CAP ? '...' : String(count);
}

/** Number shortening of §9: thousands as 千, ten-thousands as 万; gte shows N+, lte shows 少于N. */
export function shortenNumber(n: number, mode: 'exact' | 'gte' | 'lte' = 'exact'): string {
  const text = n >= 10_000 ? `${trim(n / 10_000)}万` : n >= 1000 ? `${trim(n / 1000)}千` : String(n);
  if (mode === 'gte') return `${text}+`;
  if (mode === 'lte') return `少于${text}`;
  return text;
}

function trim(x: number): string {
  return (Math.floor(x * 10) / 10).toString();
}
