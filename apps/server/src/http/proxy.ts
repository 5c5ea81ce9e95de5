import { SIGNATURE_WINDOW_S } from '@jiyin/contracts/constants';
import { verifySignature } from '@jiyin/contracts/signing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export const PROXY_PREFIX = '/proxy';

/** Keeps the raw JSON text for signature checks, and answers bad JSON with a Chinese envelope. */
export function registerJsonParser(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError('BAD_REQUEST', '请求体不是有效的 JSON'), undefined);
    }
  });
}

/**
 * §7.1: every call through /proxy must carry a valid signature over method, API path, sorted query
 * and body hash, within ±300 s. Bare API paths (native apps) authenticate by their own token.
 */
export function registerSignatureCheck(app: FastifyInstance, config: Config, now: () => number = Date.now) {
  app.addHook('preHandler', async (req: FastifyRequest) => {
    const url = new URL(req.url, 'http://internal');
    const path = url.pathname.slice(PROXY_PREFIX.length) || '/';
    const contentType = String(req.headers['content-type'] ?? '');
    const body = contentType.startsWith('application/json') ? (req.rawBody ?? '') : null;
    const result = await verifySignature({
      method: req.method,
      path,
      query: url.searchParams,
      body: req.method === 'GET' || req.method === 'HEAD' ? null : body,
      keys: config.signKeys,
      nowSec: Math.floor(now() / 1000),
      windowSec: SIGNATURE_WINDOW_S,
    });
    if (!result.ok) {
      throw result.reason === 'expired' ? new ApiError('SIGNATURE_EXPIRED') : new ApiError('BAD_SIGNATURE');
    }
  });
}
