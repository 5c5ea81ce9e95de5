import { useMemo } from 'react';
import { type ApiClient, apiClient, createBrowserTransport } from './api/index.ts';
import { useRootData } from './rootData.ts';

/**
 * The API client for calls made from the browser after the page loaded (signed /proxy fetch). Report
 * pages pass their share token (share mode) and sample flag (sample mode), sent only when set (§6).
 * A server render makes no such call (effects and handlers run in the browser), so there every
 * component gets one shared client instead of building its own (hundreds of calls, in every component
 * of every page render).
 */
export function useBrowserApi({ shareToken = null, sample = false }: { shareToken?: string | null; sample?: boolean } = {}): ApiClient {
  const { signKeys } = useRootData();
  return useMemo(
    () =>
      typeof window === 'undefined'
        ? serverRenderClient()
        : apiClient(
            createBrowserTransport({
              signKeys,
              pagePath: () => `${window.location.pathname}${window.location.search}`,
              shareToken: () => shareToken,
              sampleMode: () => sample,
            }),
          ),
    [signKeys, shareToken, sample],
  );
}

let serverClient: ApiClient | undefined;
function serverRenderClient(): ApiClient {
  serverClient ??= apiClient(() => Promise.reject(new Error('the browser API was called during a server render')));
  return serverClient;
}
