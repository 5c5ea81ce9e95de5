import { z } from 'zod';
import { matchPattern } from './pathPattern.ts';

/** Calls of the embedded contexts: the messaging app's JS-SDK signature (§7.5) and the app bridge's token (§7.11). */
export const EMBED_PATHS = {
  /** GET ?url= (the current path and query, or an absolute URL of this site): the JS-SDK configuration. */
  wechatSign: '/web/api/new/wechat/sign',
  /** POST by the native app with its own session: a one-time token for its web view. */
  bridgeTokens: '/web/api/new/bridge/tokens',
  /** POST {token} by the web view (updateToken): the one-time token becomes the web view's session. */
  bridgeExchange: '/web/api/new/bridge/exchange',
  /** GET ?from= (a browser navigation): the messaging app's authorization, then back to /login or `from` (§6). */
  wechatOauth: '/web/api/new/wechat/oauth',
  /** GET ?code&state&from: where the platform sends the visitor back. */
  wechatOauthCallback: '/web/api/new/wechat/oauth/callback',
  /** POST by a visitor who just signed in on /login?bind=1: their messaging-app identity joins the account. */
  wechatBind: '/web/api/new/wechat/bind',
} as const;

/** A bridge token lives this long and is good once. */
export const BRIDGE_TOKEN_TTL_S = 60;

export const bridgeExchangeSchema = z.object({
  token: z.string({ error: '缺少登录凭证' }).trim().min(16, '登录凭证格式不正确').max(200, '登录凭证格式不正确'),
});

/** §7.5: what the share menu and open tags of the messaging app may use. */
export const WECHAT_JS_API_LIST = [
  'updateTimelineShareData',
  'updateAppMessageShareData',
  'onMenuShareTimeline',
  'onMenuShareAppMessage',
  'showMenuItems',
  'hideMenuItems',
  'scanQRCode',
] as const;
export const WECHAT_OPEN_TAG_LIST = ['wx-open-launch-weapp', 'wx-open-launch-app'] as const;

/** The configuration `wx.config` takes, as the sign call answers it. */
export interface WechatSignView {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  /** The URL that was signed (fragment removed): the page must be at exactly this address. */
  url: string;
  jsApiList: string[];
  openTagList: string[];
}

/** §9: mini-program versions an open tag can launch; release unless the query or configuration says otherwise. */
export const MINI_PROGRAM_ENV_VERSIONS = ['release', 'trial', 'develop'] as const;
export type MiniProgramEnvVersion = (typeof MINI_PROGRAM_ENV_VERSIONS)[number];
export const DEFAULT_MINI_PROGRAM_ENV_VERSION: MiniProgramEnvVersion = 'release';

export function miniProgramEnvVersion(value: string | null | undefined): MiniProgramEnvVersion {
  return MINI_PROGRAM_ENV_VERSIONS.find((v) => v === value) ?? DEFAULT_MINI_PROGRAM_ENV_VERSION;
}

/** §8 bridge replies: code 0 on success and -1 on failure, with these messages. */
export const BRIDGE_MESSAGES = {
  shareInfoOk: '获取分享信息成功',
  shareInfoFailed: '获取分享信息失败',
  tokenOk: '获取 token 成功',
  tokenFailed: '更新 token 失败',
  gotoOk: '页面跳转成功',
  gotoFailed: '页面跳转失败',
} as const;

export interface BridgeReply<T = undefined> {
  code: 0 | -1;
  msg: string;
  data?: T;
}

/** §3 Share content, as getShareInfo hands it to the app and the messaging app's share menu uses it. */
export interface ShareInfo {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/**
 * §4: routes whose page-change message carries the top-level-page flag. (report-activity-share is
 * listed by the spec; its page is not in the route table yet, the pattern is kept for when it is.)
 */
export const TOP_LEVEL_PAGE_PATTERNS: readonly string[] = [
  '/report/activity/share',
  '/report/ancestry/nation',
  '/report/ancestry/paternal',
  '/report/ancestry/maternal',
  '/report/ancestry/family',
  '/report/ancestry/family-history',
  '/report/ancestry/neolithic',
  '/report/drug/detail/:id',
  '/report/disease/detail/:id',
  '/report/ancestry/eastern-zhou',
];

export function isTopLevelPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TOP_LEVEL_PAGE_PATTERNS.some((p) => matchPattern(p, path));
}
