/**
 * Request signing of §7.1. Every /proxy call carries `_sign`, `_sv` (key version v1–v3, picked at
 * random per request so a leaked key can be rotated alone) and `_ts` (seconds). The signature is
 * HMAC-SHA256, hex, over:
 *
 *   version \n METHOD \n path \n sorted query \n timestamp \n sha256-hex(body) or "-"
 *
 * `path` is the API path without the /proxy prefix; the sorted query is `k=v` pairs, URL-encoded,
 * sorted by key then value, joined with `&`, without the three signing params. A body that is not
 * a string (multipart uploads) is signed as "-". WebCrypto, so the same code runs in page and server.
 */
export const SIGN_VERSIONS = ['v1', 'v2', 'v3'] as const;
export type SignVersion = (typeof SIGN_VERSIONS)[number];
export type SignKeys = Record<SignVersion, string>;
export const SIGN_PARAMS = ['_sign', '_sv', '_ts'] as const;

export type QueryInput = Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;

export interface SignInput {
  method: string;
  path: string;
  query?: QueryInput | URLSearchParams;
  body?: string | null;
  version: SignVersion;
  timestampSec: number;
  keys: SignKeys;
}

export interface Signature {
  _sign: string;
  _sv: SignVersion;
  _ts: string;
}

export function pickSignVersion(random: () => number = Math.random): SignVersion {
  return SIGN_VERSIONS[Math.floor(random() * SIGN_VERSIONS.length) % SIGN_VERSIONS.length];
}

export function canonicalQuery(query: SignInput['query']): string {
  const pairs: [string, string][] = [];
  if (query instanceof URLSearchParams) {
    for (const [k, v] of query) pairs.push([k, v]);
  } else if (query) {
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null) continue;
      for (const item of Array.isArray(v) ? v : [v]) pairs.push([k, String(item)]);
    }
  }
  return pairs
    .filter(([k]) => !(SIGN_PARAMS as readonly string[]).includes(k))
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

export async function signRequest(input: SignInput): Promise<Signature> {
  const bodyHash = typeof input.body === 'string' ? await sha256Hex(input.body) : '-';
  const canonical = [
    input.version,
    input.method.toUpperCase(),
    input.path,
    canonicalQuery(input.query),
    String(input.timestampSec),
    bodyHash,
  ].join('\n');
  return { _sign: await hmacHex(input.keys[input.version], canonical), _sv: input.version, _ts: String(input.timestampSec) };
}

export type VerifyResult = { ok: true } | { ok: false; reason: 'missing' | 'version' | 'expired' | 'mismatch' };

/** Server side: checks a request's signature and its timestamp window. */
export async function verifySignature(args: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string | null;
  keys: SignKeys;
  nowSec: number;
  windowSec: number;
}): Promise<VerifyResult> {
  const sign = args.query.get('_sign');
  const sv = args.query.get('_sv');
  const ts = args.query.get('_ts');
  if (!sign || !sv || !ts) return { ok: false, reason: 'missing' };
  if (!(SIGN_VERSIONS as readonly string[]).includes(sv)) return { ok: false, reason: 'version' };
  const tsNum = Number(ts);
  if (!Number.isInteger(tsNum) || Math.abs(args.nowSec - tsNum) > args.windowSec) return { ok: false, reason: 'expired' };
  const expected = await signRequest({
    method: args.method,
    path: args.path,
    query: args.query,
    body: args.body,
    version: sv as SignVersion,
    timestampSec: tsNum,
    keys: args.keys,
  });
  return timingSafeEqualHex(expected._sign, sign) ? { ok: true } : { ok: false, reason: 'mismatch' };
}

function timingSafeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const encoder = new TextEncoder();

async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

async function hmacHex(key: string, text: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text)));
}

function toHex(buf: ArrayBuffer): string {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
}
