import { createHash } from 'node:crypto';
import type { DeviceInfo } from '@jiyin/contracts/device';
import type { FastifyRequest } from 'fastify';

/** Public pages whose HTML is the same for every anonymous visitor of one device kind. */
const CACHEABLE = [/^\/$/, /^\/topics(\/[a-z-]+)?$/, /^\/white-papers$/, /^\/irb$/, /^\/app$/, /^\/shop\/gene\/product-select$/];

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  expires: number;
}

/**
 * A small in-memory cache of anonymous public pages (home, topics, white papers…): the server renders
 * each at most once per `ttlMs` per device kind and query, and answers repeat visits with 304 when
 * the browser still holds the same ETag. Their content (products, site content) changes only with a
 * seed or a deploy today, i.e. with a fresh process; the short lifetime bounds staleness otherwise. Anything signed in (a session cookie or an Authorization
 * header) is never cached or served from here.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries = 500) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  /** The key of a cacheable request, or null when this request must be rendered for its visitor. */
  keyOf(req: FastifyRequest, url: URL, device: DeviceInfo, sessionCookie: string): string | null {
    if (this.ttlMs <= 0 || req.method !== 'GET') return null;
    if (req.headers.authorization || req.cookies[sessionCookie]) return null;
    if (!CACHEABLE.some((re) => re.test(url.pathname))) return null;
    return `${device.kind}\n${url.pathname}${url.search}`;
  }

  get(key: string): CachedPage | undefined {
    const hit = this.pages.get(key);
    if (hit && hit.expires > Date.now()) return hit;
    if (hit) this.pages.delete(key);
    return undefined;
  }

  put(key: string, status: number, headers: [string, string][], body: Buffer): CachedPage {
    if (this.pages.size >= this.maxEntries) this.pages.delete(this.pages.keys().next().value as string);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const page = { status, headers, body, etag, expires: Date.now() + this.ttlMs };
    this.pages.set(key, page);
    return page;
  }
}
