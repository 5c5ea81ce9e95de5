import type { ShareInfo, WechatSignView } from '@jiyin/contracts/embed';
import { isOk } from '@jiyin/contracts/envelope';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useBrowserApi } from '../browserApi.ts';
import { useRootData } from '../rootData.ts';
import { currentShareInfo } from './share.ts';

/** The platform's JS-SDK, loaded only inside the messaging app and its mini-programs. */
export const WX_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

interface Wx {
  config(c: WechatSignView & { debug: boolean }): void;
  ready(cb: () => void): void;
  error(cb: (e: unknown) => void): void;
  updateAppMessageShareData(s: ShareInfo): void;
  updateTimelineShareData(s: Omit<ShareInfo, 'desc'>): void;
}

/** §4 web-share readiness: not ready until the signature setup of the current page completes. */
export type WechatReadiness = 'off' | 'signing' | 'ready' | 'failed';

let sdk: Promise<Wx> | null = null;
function loadSdk(): Promise<Wx> {
  const w = window as Window & { wx?: Wx };
  if (w.wx) return Promise.resolve(w.wx);
  sdk ??= new Promise<Wx>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WX_SDK_URL;
    script.onload = () => (w.wx ? resolve(w.wx) : reject(new Error('wx missing')));
    script.onerror = () => {
      sdk = null;
      reject(new Error('JS-SDK failed to load'));
    };
    document.head.appendChild(script);
  });
  return sdk;
}

/**
 * §7.5: inside the messaging app or a mini-program, every route change signs the new page and
 * configures the JS-SDK with it; once ready the page's share card is set. The readiness is also on
 * <html data-wechat-share> for open tags and tests.
 */
export function useWechatShare(): WechatReadiness {
  const { device } = useRootData();
  const { pathname, search } = useLocation();
  const api = useBrowserApi();
  const [state, setState] = useState<WechatReadiness>('off');

  useEffect(() => {
    if (!device.isWechat) return;
    let current = true;
    const set = (s: WechatReadiness) => {
      if (!current) return;
      setState(s);
      document.documentElement.dataset.wechatShare = s;
    };
    set('signing');
    (async () => {
      const signed = await api.wechatSign(`${pathname}${search}`);
      if (!isOk(signed)) return set('failed');
      const wx = await loadSdk();
      if (!current) return;
      wx.ready(() => {
        if (!current) return;
        const share = currentShareInfo();
        wx.updateAppMessageShareData(share);
        wx.updateTimelineShareData({ title: share.title, link: share.link, imgUrl: share.imgUrl });
        set('ready');
      });
      wx.error(() => set('failed'));
      wx.config({ ...signed.data, debug: false });
    })().catch(() => set('failed'));
    return () => {
      current = false;
    };
  }, [device.isWechat, pathname, search, api]);

  return state;
}
