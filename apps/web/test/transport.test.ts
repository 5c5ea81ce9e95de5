import { CODES } from '@jiyin/contracts/codes';
import { verifySignature } from '@jiyin/contracts/signing';
import { describe, expect, it } from 'vitest';
import { createBrowserTransport } from '../app/lib/api/transport.ts';

const keys = { v1: 'k1', v2: 'k2', v3: 'k3' };
const NOW = 1_790_000_000_000;

function recorder(answer: () => Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('browser transport', () => {
  it('signs /proxy calls so the server accepts them, with page path and share token headers', async () => {
    const { calls, fetch } = recorder(async () => Response.json({ code: 0, data: { ok: 1 }, msg: 'ok' }));
    const api = createBrowserTransport({ signKeys: keys, pagePath: () => '/report?x=1', shareToken: () => 'tok', fetch, now: () => NOW });
    const res = await api({ method: 'POST', path: '/v1/common/feel', query: { b: '2', a: ['1', '0'] }, body: { feel: 1 } });
    expect(res).toEqual({ code: 0, data: { ok: 1 }, msg: 'ok' });

    const url = new URL(calls[0].url, 'http://x');
    expect(url.pathname).toBe('/proxy/v1/common/feel');
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers['x-page-path']).toBe('/report?x=1');
    expect(headers['x-share-token']).toBe('tok');
    expect(headers['x-auth-sample']).toBeUndefined();
    const verdict = await verifySignature({
      method: 'POST',
      path: '/v1/common/feel',
      query: url.searchParams,
      body: calls[0].init.body as string,
      keys,
      nowSec: NOW / 1000,
      windowSec: 300,
    });
    expect(verdict).toEqual({ ok: true });
  });

  it('sends binary bodies (upload chunks) raw as octet-stream, signed as "-"', async () => {
    const { calls, fetch } = recorder(async () => Response.json({ code: 0, data: null, msg: 'ok' }));
    const api = createBrowserTransport({ signKeys: keys, pagePath: () => '/import/chip', fetch, now: () => NOW });
    const chunk = new Blob([new Uint8Array([0, 1, 2, 255])]);
    for (const body of [chunk, new Uint8Array([7, 8]), new ArrayBuffer(3)]) {
      await api({ method: 'PUT', path: '/v1/gene-data/uploads/u1', body, headers: { 'upload-offset': '0' } });
      const call = calls[calls.length - 1];
      expect(call.init.body).toBe(body);
      const headers = call.init.headers as Record<string, string>;
      expect(headers['content-type']).toBe('application/octet-stream');
      expect(headers['upload-offset']).toBe('0');
      const url = new URL(call.url, 'http://x');
      const verdict = await verifySignature({
        method: 'PUT',
        path: '/v1/gene-data/uploads/u1',
        query: url.searchParams,
        body: null,
        keys,
        nowSec: NOW / 1000,
        windowSec: 300,
      });
      expect(verdict).toEqual({ ok: true });
    }
  });

  it('sends the sample header only in sample mode', async () => {
    const { calls, fetch } = recorder(async () => Response.json({ code: 0, data: null, msg: 'ok' }));
    const api = createBrowserTransport({ signKeys: keys, pagePath: () => '/', sampleMode: () => true, fetch });
    await api({ method: 'GET', path: '/healthz' });
    expect((calls[0].init.headers as Record<string, string>)['x-auth-sample']).toBe('1');
  });

  it('sends the report mode headers a request carries, and no others', async () => {
    const { calls, fetch } = recorder(async () => Response.json({ code: 0, data: null, msg: 'ok' }));
    const api = createBrowserTransport({ signKeys: keys, pagePath: () => '/report', fetch });
    await api({ method: 'GET', path: '/v3/report/overview', headers: { 'x-share-token': 'abc' } });
    await api({ method: 'GET', path: '/v3/report/overview' });
    expect((calls[0].init.headers as Record<string, string>)['x-share-token']).toBe('abc');
    expect((calls[1].init.headers as Record<string, string>)['x-share-token']).toBeUndefined();
    expect((calls[1].init.headers as Record<string, string>)['x-auth-sample']).toBeUndefined();
  });

  it('turns network failures, timeouts and non-JSON answers into error envelopes', async () => {
    const down = createBrowserTransport({
      signKeys: keys,
      pagePath: () => '/',
      fetch: recorder(() => Promise.reject(new TypeError('offline'))).fetch,
    });
    expect(await down({ method: 'GET', path: '/healthz' })).toMatchObject({
      code: CODES.UNAVAILABLE.code,
      msg: '网络异常，请检查网络后重试',
    });

    const slow = createBrowserTransport({
      signKeys: keys,
      pagePath: () => '/',
      timeoutMs: 20,
      fetch: ((_: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        )) as unknown as typeof fetch,
    });
    expect(await slow({ method: 'GET', path: '/healthz' })).toMatchObject({ code: CODES.UNAVAILABLE.code, msg: '请求超时，请稍后重试' });

    const html = createBrowserTransport({ signKeys: keys, pagePath: () => '/', fetch: recorder(async () => new Response('<html>')).fetch });
    expect(await html({ method: 'GET', path: '/healthz' })).toMatchObject({ code: CODES.INTERNAL.code });
  });
});
