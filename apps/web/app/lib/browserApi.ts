import { useMemo } from 'react';
import { type ApiClient, apiClient, createBrowserTransport } from './api/index.ts';
import { useRootData } from './rootData.ts';

/** The API client for calls made from the browser after the page loaded (signed /proxy fetch). */
export function useBrowserApi(): ApiClient {
  const { signKeys } = useRootData();
  return useMemo(
    () =>
      apiClient(
        createBrowserTransport({
          signKeys,
          pagePath: () => `${window.location.pathname}${window.location.search}`,
        }),
      ),
    [signKeys],
  );
}
