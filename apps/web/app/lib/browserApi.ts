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
      builtOnFirstUse(() =>
        apiClient(
          createBrowserTransport({
            signKeys,
            pagePath: () => `${window.location.pathname}${window.location.search}`,
            shareToken: () => shareToken,
            sampleMode: () => sample,
          }),
        ),
      ),
    [signKeys, shareToken, sample],
  );
}

/**
 * The client is built when a call is first made: a server render asks for one in every component that
 * may call the API later and never calls it, and building one (hundreds of calls) cost ~2% of a render.
 */
function builtOnFirstUse(build: () => ApiClient): ApiClient {
  let client: ApiClient | undefined;
  return new Proxy({} as ApiClient, {
    get: (_target, key) => {
      client ??= build();
      return client[key as keyof ApiClient];
    },
  });
}
