import type { CommodityTag, Environment, TestType } from './constants.ts';
import type { DeviceInfo } from './device.ts';
import type { Envelope } from './envelope.ts';
import type { SignKeys } from './signing.ts';

/** Report viewing modes travel as headers (§6): a share token in share mode, the sample flag in sample mode. */
export const SHARE_TOKEN_HEADER = 'x-share-token';
export const SAMPLE_HEADER = 'x-auth-sample';
export type ReportModeHeaders = { [SHARE_TOKEN_HEADER]?: string; [SAMPLE_HEADER]?: '1' };

/** How a page reaches the API: in-process on the server, signed fetch to /proxy in the browser. */
export type ApiRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | string[] | number | boolean | undefined>;
  body?: unknown;
  /** Extra request headers (report mode headers, upload offsets); both transports send them as given. */
  headers?: Record<string, string>;
};
// biome-ignore lint/suspicious/noExplicitAny: each call site narrows the data type
export type ApiTransport = (req: ApiRequest) => Promise<Envelope<any>>;

/**
 * Operator-set facts the pages show (README, configuration table): the app's name, where it is
 * downloaded (the QR code's target) and its store pages, and how customers reach support.
 */
export interface SiteConfig {
  app: { name: string; downloadUrl: string; iosUrl: string | null; androidUrl: string | null };
  support: { phone: string | null; email: string | null; hours: string };
  /**
   * §7.5 open tags in the messaging app: the app's open-platform id (launch the app) and the
   * mini-program's original id (launch the mini-program); null hides the tag.
   */
  openTags: { appId: string | null; miniProgram: string | null };
}

/** What the server hands the web app's loaders as `context` on every page request. */
export interface PageLoadContext {
  [key: string]: unknown;
  api: ApiTransport;
  /**
   * False when the server already found no valid session for this document request, so the root
   * loader need not ask the API who is visiting; absent when not known (client data requests).
   */
  signedIn?: boolean;
  device: DeviceInfo;
  signKeys: SignKeys;
  env: { appEnv: Environment; bridgeLoginUrl: string; reunionHosts: readonly string[] };
  site: SiteConfig;
}

/** §3 Product, with prices in fen (integer) so no float rounding reaches a price. */
export interface Product {
  id: string;
  name: string;
  commodityTag: CommodityTag;
  type: TestType;
  summary: string;
  features: string[];
  sort: number;
  /** §9 tiers by minCount (1, 2 and max); the tier's cut per kit, in fen, is what the server charges. */
  packages: { minCount: number; promotion: string; discountPerUnit: number }[];
  skuInfos: {
    sku: string;
    skuPicture: string;
    actualPrice: number;
    originalPrice: number;
    priceDesc: string;
    promotionInfos: { title: string; desc: string }[];
  }[];
}

export interface SiteContentItem {
  title: string;
  text: string;
  icon?: string;
  link?: string;
  tag?: string;
}

export interface SiteContent {
  slug: string;
  title: string;
  summary: string;
  sections: { key: string; heading: string; body?: string; items?: SiteContentItem[] }[];
}

export interface DescriptionConfig {
  key: string;
  name: string;
  content: string;
  contentType: 'text' | 'json' | 'csv';
}

export const API_PATHS = {
  health: '/healthz',
  commodityList: '/web/api/new/commodity/list',
  content: '/web/api/new/content/:slug',
  descriptionList: '/web/api/new/common/description',
  description: '/web/api/new/common/description/:key',
  userInfo: '/web/api/new/user/info',
} as const;

/** Path prefixes that belong to the API, never to pages. */
export const API_PREFIXES = ['/api/', '/web/api/', '/v1/', '/v2/', '/v3/', '/v4/', '/proxy/'] as const;

export function isApiPath(pathname: string): boolean {
  return pathname === '/healthz' || API_PREFIXES.some((p) => pathname.startsWith(p) || `${pathname}/` === p);
}
