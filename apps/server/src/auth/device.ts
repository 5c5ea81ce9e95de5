import { COOKIES } from '@jiyin/contracts/constants';
import type { FastifyRequest } from 'fastify';
import { sha256 } from './tokens.ts';

/**
 * The device a request comes from: the §9 device id cookie, else (apps, first visits) a hash of the
 * user agent. Feeds new-device sign-in notices and per-device upload limits.
 */
export function deviceKey(req: FastifyRequest): string {
  const cookie = req.cookies?.[COOKIES.deviceId.name];
  if (cookie) return `id:${cookie.slice(0, 64)}`;
  return `ua:${sha256(String(req.headers['user-agent'] ?? '')).slice(0, 16)}`;
}
