import { describe, expect, it } from 'vitest';
import { canonicalQuery, pickSignVersion, signRequest, verifySignature } from '../src/signing.ts';

const keys = { v1: 'key-one', v2: 'key-two', v3: 'key-three' };

async function signedQuery(body: string | null, ts = 1_700_000_000, version: 'v1' | 'v2' | 'v3' = 'v2') {
  const query = { b: '2', a: ['1', '0'], empty: undefined };
  const sig = await signRequest({ method: 'post', path: '/web/api/x', query, body, version, timestampSec: ts, keys });
  return `${new URLSearchParams({ b: '2', ...sig, a: '1' }).toString()}&a=0`;
}

describe('request signing (§7.1)', () => {
  it('sorts the query canonically and drops the signing params', () => {
    expect(canonicalQuery({ b: '2', a: ['1', '0'], _sign: 'x' })).toBe('a=0&a=1&b=2');
    expect(canonicalQuery(new URLSearchParams('z=%E4%B8%AD&_ts=1'))).toBe('z=%E4%B8%AD');
  });

  it('verifies its own signature and rejects tampering', async () => {
    const q = new URLSearchParams(await signedQuery('{"x":1}'));
    const base = { method: 'POST', path: '/web/api/x', keys, nowSec: 1_700_000_100, windowSec: 300 };
    expect(await verifySignature({ ...base, query: q, body: '{"x":1}' })).toEqual({ ok: true });
    expect(await verifySignature({ ...base, query: q, body: '{"x":2}' })).toMatchObject({ reason: 'mismatch' });
    expect(await verifySignature({ ...base, path: '/web/api/y', query: q, body: '{"x":1}' })).toMatchObject({
      reason: 'mismatch',
    });
    const extra = new URLSearchParams(q);
    extra.append('c', '3');
    expect(await verifySignature({ ...base, query: extra, body: '{"x":1}' })).toMatchObject({ reason: 'mismatch' });
    expect(await verifySignature({ ...base, keys: { ...keys, v2: 'other' }, query: q, body: '{"x":1}' })).toMatchObject({
      reason: 'mismatch',
    });
  });

  it('enforces the ±300 s window, the version and presence', async () => {
    const q = new URLSearchParams(await signedQuery(null));
    const base = { method: 'POST', path: '/web/api/x', keys, body: null, windowSec: 300 };
    expect(await verifySignature({ ...base, query: q, nowSec: 1_700_000_300 })).toEqual({ ok: true });
    expect(await verifySignature({ ...base, query: q, nowSec: 1_700_000_301 })).toMatchObject({ reason: 'expired' });
    expect(await verifySignature({ ...base, query: q, nowSec: 1_699_999_699 })).toMatchObject({ reason: 'expired' });
    const badVersion = new URLSearchParams(q);
    badVersion.set('_sv', 'v9');
    expect(await verifySignature({ ...base, query: badVersion, nowSec: 1_700_000_000 })).toMatchObject({
      reason: 'version',
    });
    expect(await verifySignature({ ...base, query: new URLSearchParams('a=1'), nowSec: 1 })).toMatchObject({
      reason: 'missing',
    });
  });

  it('uses a different key per version', async () => {
    const a = await signRequest({ method: 'GET', path: '/p', version: 'v1', timestampSec: 1, keys });
    const b = await signRequest({ method: 'GET', path: '/p', version: 'v3', timestampSec: 1, keys });
    expect(a._sign).not.toBe(b._sign);
    expect(a._sign).toMatch(/^[0-9a-f]{64}$/);
  });

  it('picks every version', () => {
    expect(pickSignVersion(() => 0)).toBe('v1');
    expect(pickSignVersion(() => 0.5)).toBe('v2');
    expect(pickSignVersion(() => 0.999)).toBe('v3');
  });
});
