import { SITE_IDS } from './constants.ts';

export type DeviceKind = 'app' | 'wechat' | 'mini-program' | 'android' | 'ios' | 'mobile' | 'pc';

export interface DeviceInfo {
  kind: DeviceKind;
  isApp: boolean;
  isWechat: boolean;
  isMiniProgram: boolean;
  isMobile: boolean;
  isAndroid: boolean;
  isIos: boolean;
  isPc: boolean;
  siteId: number;
  /** §2.6: the site header and footer are hidden inside the native app and the messaging-app browser. */
  hideSiteHeader: boolean;
}

/** Our native apps add this token to their web views' user agent. */
export const APP_UA_TOKEN = 'jiyinapp/';

/**
 * Device context from the user agent and the query (§1, §6). The query lets the native app and
 * mini-program say so explicitly (`client=app`, `client=miniprogram`) when their UA cannot be set.
 */
export function detectDevice(userAgent: string, query?: URLSearchParams): DeviceInfo {
  const ua = userAgent || '';
  const client = query?.get('client')?.toLowerCase();
  const isApp = ua.toLowerCase().includes(APP_UA_TOKEN) || client === 'app';
  const isMiniProgram = /miniprogram/i.test(ua) || client === 'miniprogram';
  const isWechat = /MicroMessenger/i.test(ua) || isMiniProgram;
  const isAndroid = /Android/i.test(ua);
  const isIos = /iPhone|iPad|iPod/i.test(ua);
  const isMobile = isAndroid || isIos || /Mobile|HarmonyOS|OpenHarmony/i.test(ua) || isApp || isMiniProgram;
  const kind: DeviceKind = isApp
    ? 'app'
    : isMiniProgram
      ? 'mini-program'
      : isWechat
        ? 'wechat'
        : isAndroid
          ? 'android'
          : isIos
            ? 'ios'
            : isMobile
              ? 'mobile'
              : 'pc';
  const siteId = isApp ? SITE_IDS.app : isWechat ? SITE_IDS.wechat : isMobile ? SITE_IDS.mobile : SITE_IDS.pc;
  return {
    kind,
    isApp,
    isWechat,
    isMiniProgram,
    isMobile,
    isAndroid,
    isIos,
    isPc: !isMobile,
    siteId,
    hideSiteHeader: isApp || isWechat,
  };
}
