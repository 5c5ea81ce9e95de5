import type { DeviceInfo } from './device.ts';
import type { Environment } from './constants.ts';
import { matchPattern } from './pathPattern.ts';

/** §6 guarded pages: anonymous users are sent to sign-in. Order-detail paths stay open. */
export const GUARDED_PATTERNS: readonly string[] = [
  '/buy/*',
  '/user/*',
  '/notice/*',
  '/import/*',
  '/ancestry/reunion/list',
  '/ancestry/reunion/edit/*',
  '/ancestry/family-tree/*',
  // The staff back office (its role and sign-in policy are checked by its layout and every API call).
  '/staff/*',
];

export const UNGUARDED_EXCEPTIONS: readonly string[] = ['/user/orders/:id', '/user/orders/:id/*'];

export function isGuardedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (UNGUARDED_EXCEPTIONS.some((p) => matchPattern(p, path))) return false;
  return GUARDED_PATTERNS.some((p) => matchPattern(p, path));
}

export function signinPath(fromPathWithQuery: string): string {
  return `/auth/signin?from=${encodeURIComponent(fromPathWithQuery)}`;
}

export interface GuardContext {
  pathWithQuery: string;
  query: URLSearchParams;
  host: string;
  device: DeviceInfo;
  env: Environment;
  reunionHosts: readonly string[];
  bridgeLoginUrl: string;
}

/**
 * Where an anonymous visitor of a guarded page goes (§6): sign-in, or inside the messaging app on
 * mobile the bridge host's login page, except on local, on reunion domains and on shared links
 * opened with authorize=0.
 */
export function anonymousRedirect(ctx: GuardContext): string {
  const inMessengerOnMobile = ctx.device.isWechat && ctx.device.isMobile;
  const exempt = ctx.env === 'local' || ctx.reunionHosts.includes(ctx.host) || ctx.query.get('authorize') === '0';
  if (inMessengerOnMobile && !exempt) {
    return `${ctx.bridgeLoginUrl}?from=${encodeURIComponent(ctx.pathWithQuery)}`;
  }
  return signinPath(ctx.pathWithQuery);
}

/** Links of §2.5 that are plain anchors rather than in-app navigation. */
export function isPlainAnchor(href: string): boolean {
  return /^(\/community|\/gene-club|\/legacy)(\/|\?|#|$)/.test(href) || /^javascript:/i.test(href);
}

/** Only same-site absolute paths are accepted as a return target after sign-in; else `fallback`. */
export function safeReturnPath(from: string | null | undefined, fallback = '/'): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return fallback;
  return from;
}
