import { useMemo } from 'react';
import { type ApiClient, apiClient, createBrowserTransport } from './api/index.ts';
import { useRootData } from './rootData.ts';

/**
 * The API client for calls made from the browser after the page loaded (signed /proxy fetch). Report
 * pages pass their share token (share mode) and sample flag (sample mode), sent only when set (§6).
 */
export function useBrowserApi({ shareToken = null, sample = false }: { shareToken?: string | null; sample?: boolean } = {}): ApiClient {
  const { signKeys } = useRootData();
  return useMemo(
    () =>
      apiClient(
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
