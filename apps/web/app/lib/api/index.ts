import { API_PATHS, type ApiTransport, type Product, type SiteContent } from '@jiyin/contracts/api';
import type { CommodityTag } from '@jiyin/contracts/constants';
import type { Envelope } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';

import { accountsClient } from './accounts.ts';
import { ancestryClient } from './ancestry.ts';
import { embedClient } from './embed.ts';
import { communityClient } from './community.ts';
import { electronicReportClient } from './electronicReport.ts';
import { importsClient } from './imports.ts';
import { libraryClient } from './library.ts';
import { kitServicesClient } from './kitServices.ts';
import { originClient } from './origin.ts';
import { relativesClient } from './relatives.ts';
import { reportsClient } from './reports.ts';
import { sharesClient } from './shares.ts';
import { shopClient } from './shop.ts';
import { socialClient } from './social.ts';
import { treesClient } from './trees.ts';

export { createBrowserTransport } from './transport.ts';

/** §3 User as the header needs it. */
export interface UserInfo {
  userId: string;
  userName: string;
  avatarUrl?: { type: 'img' | 'color'; url?: string; startColor?: string; endColor?: string };
  userState?: number;
  phoneNumber?: string;
  hasProfile?: boolean;
  hasPassword?: boolean;
  infoCount?: number;
  msgCount?: number;
}

const clients = new WeakMap<ApiTransport, ApiClient>();

/**
 * The typed calls pages make; the same on the server (in-process) and in the browser (/proxy). One
 * client per transport: it has hundreds of calls, and every loader of a page request asks for it.
 */
export function apiClient(api: ApiTransport): ApiClient {
  let client = clients.get(api);
  if (!client) {
    client = buildClient(api);
    clients.set(api, client);
  }
  return client;
}

function buildClient(api: ApiTransport) {
  return {
    ...accountsClient(api),
    ...importsClient(api),
    ...reportsClient(api),
    ...electronicReportClient(api),
    ...embedClient(api),
    ...ancestryClient(api),
    ...originClient(api),
    ...libraryClient(api),
    ...relativesClient(api),
    ...shopClient(api),
    ...socialClient(api),
    ...kitServicesClient(api),
    ...communityClient(api),
    ...treesClient(api),
    ...sharesClient(api),
    userInfo: (): Promise<Envelope<UserInfo>> => api({ method: 'GET', path: API_PATHS.userInfo }),
    commodityList: (tags?: CommodityTag[]): Promise<Envelope<{ list: Product[] }>> =>
      api({ method: 'GET', path: API_PATHS.commodityList, query: tags?.length ? { tags: tags.join(',') } : undefined }),
    content: (slug: string): Promise<Envelope<SiteContent>> => api({ method: 'GET', path: fillPattern(API_PATHS.content, { slug }) }),
  };
}

export type ApiClient = ReturnType<typeof buildClient>;
