import { createContext, type ReactNode, useContext } from 'react';
import { useAppBridge } from './useAppBridge.ts';
import { useWechatShare, type WechatReadiness } from './wechat.ts';

const WechatReadyContext = createContext<WechatReadiness>('off');

/** The messaging app's share readiness (§4), for the open tags that need a configured JS-SDK. */
export function useWechatReadiness(): WechatReadiness {
  return useContext(WechatReadyContext);
}

/** The glue to the page's host: the native app's bridge and the messaging app's JS-SDK (each only in its context). */
export function EmbedHost({ children }: { children: ReactNode }) {
  useAppBridge();
  const readiness = useWechatShare();
  return <WechatReadyContext.Provider value={readiness}>{children}</WechatReadyContext.Provider>;
}
