import { BRIDGE_MESSAGES, type BridgeReply, type ShareInfo } from '@jiyin/contracts/embed';

/**
 * The JavaScript interfaces between our pages and our native apps (§7.11).
 *
 * Page → app, through the interface the app injects under NATIVE_INTERFACE:
 * - Android (`addJavascriptInterface`): `window.JiyinNative.<method>(json)`, one string argument;
 * - iOS (`WKScriptMessageHandler`): `window.webkit.messageHandlers.JiyinNative.postMessage({method, params})`.
 * Methods: setCanGoBack {canGoBack}, pageChange {path, fullPath, title, isTopLevelPage} and bridgeReply
 * {callbackId, method, reply} (the answer to a handler call that carried a callbackId).
 *
 * App → page, on `window.JiyinWeb`: getShareInfo(), updateToken({token}), gotoPage({fullPath}). Each
 * takes its params as an object or a JSON string (what `evaluateJavascript` passes most easily),
 * returns a promise of the §8 reply `{code: 0 | -1, msg, data?}`, and also posts it back as
 * bridgeReply when the params carry a callbackId.
 */
export const NATIVE_INTERFACE = 'JiyinNative';
export const WEB_INTERFACE = 'JiyinWeb';

export interface NativeMessages {
  setCanGoBack: { canGoBack: boolean };
  pageChange: { path: string; fullPath: string; title: string; isTopLevelPage: boolean };
  bridgeReply: { callbackId: string; method: keyof WebHandlers; reply: BridgeReply<unknown> };
}

interface AndroidInterface {
  [method: string]: ((json: string) => void) | undefined;
}
interface IosHandler {
  postMessage(message: { method: string; params: unknown }): void;
}
type BridgeWindow = Window & {
  webkit?: { messageHandlers?: Record<string, IosHandler | undefined> };
  [NATIVE_INTERFACE]?: AndroidInterface;
  [WEB_INTERFACE]?: Record<keyof WebHandlers, (params?: unknown) => Promise<BridgeReply<unknown>>>;
};

/** Sends one message to the app; false when no native interface is there (a plain browser). */
export function postToNative<M extends keyof NativeMessages>(method: M, params: NativeMessages[M]): boolean {
  const w = window as BridgeWindow;
  const ios = w.webkit?.messageHandlers?.[NATIVE_INTERFACE];
  if (ios) {
    ios.postMessage({ method, params });
    return true;
  }
  const android = w[NATIVE_INTERFACE]?.[method];
  if (typeof android === 'function') {
    android.call(w[NATIVE_INTERFACE], JSON.stringify(params));
    return true;
  }
  return false;
}

/** What the page does for each handler; each answers whether it worked. */
export interface WebHandlers {
  getShareInfo: () => Promise<ShareInfo | null>;
  updateToken: (token: string) => Promise<boolean>;
  gotoPage: (fullPath: string) => Promise<boolean>;
}

function paramsOf(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'string') {
    try {
      const parsed = JSON.parse(raw);
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch {
      return {};
    }
  }
  return raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
}

const ok = <T>(msg: string, data?: T): BridgeReply<T> => (data === undefined ? { code: 0, msg } : { code: 0, msg, data });
const failed = (msg: string): BridgeReply => ({ code: -1, msg });

/** Exposes the handlers on window.JiyinWeb; returns a function that removes them. */
export function installWebHandlers(handlers: WebHandlers): () => void {
  const w = window as BridgeWindow;
  const wrap =
    (method: keyof WebHandlers, run: (p: Record<string, unknown>) => Promise<BridgeReply<unknown>>) =>
    async (raw?: unknown): Promise<BridgeReply<unknown>> => {
      const params = paramsOf(raw);
      let reply: BridgeReply<unknown>;
      try {
        reply = await run(params);
      } catch {
        reply = failed(FAILURE[method]);
      }
      if (typeof params.callbackId === 'string') postToNative('bridgeReply', { callbackId: params.callbackId, method, reply });
      return reply;
    };
  w[WEB_INTERFACE] = {
    getShareInfo: wrap('getShareInfo', async () => {
      const info = await handlers.getShareInfo();
      return info ? ok(BRIDGE_MESSAGES.shareInfoOk, info) : failed(BRIDGE_MESSAGES.shareInfoFailed);
    }),
    updateToken: wrap('updateToken', async ({ token }) =>
      typeof token === 'string' && token.trim() && (await handlers.updateToken(token.trim()))
        ? ok(BRIDGE_MESSAGES.tokenOk)
        : failed(BRIDGE_MESSAGES.tokenFailed),
    ),
    gotoPage: wrap('gotoPage', async ({ fullPath }) =>
      typeof fullPath === 'string' && (await handlers.gotoPage(fullPath)) ? ok(BRIDGE_MESSAGES.gotoOk) : failed(BRIDGE_MESSAGES.gotoFailed),
    ),
  };
  return () => {
    delete w[WEB_INTERFACE];
  };
}

const FAILURE: Record<keyof WebHandlers, string> = {
  getShareInfo: BRIDGE_MESSAGES.shareInfoFailed,
  updateToken: BRIDGE_MESSAGES.tokenFailed,
  gotoPage: BRIDGE_MESSAGES.gotoFailed,
};
