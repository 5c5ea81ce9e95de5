import { type ApiRequest, type ApiTransport, SAMPLE_HEADER, SHARE_TOKEN_HEADER } from '@jiyin/contracts/api';
import { REQUEST_TIMEOUT_MS } from '@jiyin/contracts/constants';
import { type Envelope, fail } from '@jiyin/contracts/envelope';
import { pickSignVersion, type SignKeys, signRequest } from '@jiyin/contracts/signing';

export const PAGE_PATH_HEADER = 'x-page-path';

export interface BrowserTransportOptions {
  signKeys: SignKeys;
  /** The path (with query) of the page making the call, sent as a header (§7.1). */
  pagePath: () => string;
  /** Set in share mode only (§6). */
  shareToken?: () => string | null;
  /** Sample mode sends x-auth-sample, and only when on (§6). */
  sampleMode?: () => boolean;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

function toSearch(query: ApiRequest['query']): URLSearchParams {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) search.append(k, String(item));
  }
  return search;
}

/** The query of a /proxy call with its signature (§7.1); also what a stream's URL carries (EventSource sends no headers). */
export async function signedSearch(args: {
  method: ApiRequest['method'];
  path: string;
  query: ApiRequest['query'];
  body: string | null;
  keys: SignKeys;
  nowMs: number;
}): Promise<URLSearchParams> {
  const search = toSearch(args.query);
  const signature = await signRequest({
    method: args.method,
    path: args.path,
    query: search,
    body: args.body,
    version: pickSignVersion(),
    timestampSec: Math.floor(args.nowMs / 1000),
    keys: args.keys,
  });
  for (const [k, v] of Object.entries(signature)) search.set(k, v);
  return search;
}

/**
 * The page's way to the API: `/proxy<path>`, signed (§7.1), 30 s timeout. Network failures and
 * non-JSON answers come back as error envelopes so callers handle one shape.
 */
export function createBrowserTransport(opts: BrowserTransportOptions): ApiTransport {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const now = opts.now ?? Date.now;
  return async ({ method, path, query, body, headers: extraHeaders }): Promise<Envelope<unknown>> => {
    // Uploads go as multipart, resumable upload chunks as raw bytes; both are signed as "-" (§7.1),
    // JSON bodies by their hash.
    const form = typeof FormData !== 'undefined' && body instanceof FormData ? body : null;
    const bytes =
      (typeof Blob !== 'undefined' && body instanceof Blob) || body instanceof ArrayBuffer || ArrayBuffer.isView(body) ? body : null;
    const bodyText = body === undefined || form || bytes ? null : JSON.stringify(body);
    const search = await signedSearch({ method, path, query, body: bodyText, keys: opts.signKeys, nowMs: now() });

    const headers: Record<string, string> = { accept: 'application/json', [PAGE_PATH_HEADER]: opts.pagePath(), ...extraHeaders };
    if (bodyText !== null) headers['content-type'] = 'application/json';
    if (bytes) headers['content-type'] = 'application/octet-stream';
    const shareToken = opts.shareToken?.();
    if (shareToken) headers[SHARE_TOKEN_HEADER] = shareToken;
    if (opts.sampleMode?.()) headers[SAMPLE_HEADER] = '1';

    try {
      const res = await doFetch(`/proxy${path}?${search}`, {
        method,
        headers,
        body: form ?? (bytes as BodyInit | null) ?? bodyText ?? undefined,
        credentials: 'same-origin',
        signal: AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
      const parsed = (await res.json().catch(() => null)) as Envelope<unknown> | null;
      if (parsed && typeof parsed.code === 'number') return parsed;
      return fail('INTERNAL');
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      return fail('UNAVAILABLE', timedOut ? '请求超时，请稍后重试' : '网络异常，请检查网络后重试');
    }
  };
}
