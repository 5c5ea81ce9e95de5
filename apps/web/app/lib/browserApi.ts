import type { SignKeys } from '@jiyin/contracts/signing';
import { type ApiClient, apiClient, createBrowserTransport } from './api/index.ts';
import { useRootData } from './rootData.ts';

/**
 * Clients by the root data's signing keys, then share token and sample flag. Every component that may
 * call the API later asks for one on each render, the server's included, and building one (hundreds
 * of calls) was ~2% of a server render; the transport keeps no state of its own, so they share it.
 * New root data (each navigation revalidates it) brings new keys, and clients with them.
 */
const clients = new WeakMap<SignKeys, Map<string, ApiClient>>();

/**
 * The API client for calls made from the browser after the page loaded (signed /proxy fetch). Report
 * pages pass their share token (share mode) and sample flag (sample mode), sent only when set (§6).
 */
export function useBrowserApi({ shareToken = null, sample = false }: { shareToken?: string | null; sample?: boolean } = {}): ApiClient {
  const { signKeys } = useRootData();
  let byMode = clients.get(signKeys);
  if (!byMode) {
    byMode = new Map();
    clients.set(signKeys, byMode);
  }
  const key = JSON.stringify([sample, shareToken]);
  let client = byMode.get(key);
  if (!client) {
    client = apiClient(
      createBrowserTransport({
        signKeys,
        pagePath: () => `${window.location.pathname}${window.location.search}`,
        shareToken: () => shareToken,
        sampleMode: () => sample,
      }),
    );
    byMode.set(key, client);
  }
  return client;
}
