import { isTopLevelPage } from '@jiyin/contracts/embed';
import { safeReturnPath } from '@jiyin/contracts/guards';
import { useEffect } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { useBrowserApi } from '../browserApi.ts';
import { useRootData } from '../rootData.ts';
import { installWebHandlers, postToNative } from './native.ts';
import { currentShareInfo } from './share.ts';

/**
 * App mode (§4, §7.11): answers the app's handlers, and on every route change tells the app whether
 * it can go back (the history stack holds more than one entry) and which page is shown, with the
 * top-level-page flag.
 */
export function useAppBridge() {
  const { device } = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const api = useBrowserApi();
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (!device.isApp) return;
    return installWebHandlers({
      getShareInfo: async () => currentShareInfo(),
      updateToken: async (token) => {
        const res = await api.exchangeBridgeToken(token);
        if (res.code !== 0) return false;
        await revalidate();
        return true;
      },
      gotoPage: async (fullPath) => {
        // Same-site paths only: the app cannot be made to send the web view elsewhere.
        if (safeReturnPath(fullPath, '') !== fullPath) return false;
        await navigate(fullPath);
        return true;
      },
    });
  }, [device.isApp, api, navigate, revalidate]);

  useEffect(() => {
    if (!device.isApp) return;
    const fullPath = `${location.pathname}${location.search}`;
    // React Router numbers this web view's history entries in history.state (back and forward keep it
    // right, a reload keeps it): the stack holds idx + 1 entries.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    postToNative('setCanGoBack', { canGoBack: idx + 1 > 1 });
    postToNative('pageChange', {
      path: location.pathname,
      fullPath,
      title: document.title,
      isTopLevelPage: isTopLevelPage(location.pathname),
    });
  }, [device.isApp, location.pathname, location.search]);
}
