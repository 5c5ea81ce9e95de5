import { randomUUID } from 'node:crypto';
import { COOKIES } from '@jiyin/contracts/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';

const TRACKED = [COOKIES.traceId, COOKIES.deviceId, COOKIES.anonymousId] as const;

/** Gives a visitor the tracking ids of §2/§9 (trace 180 days, device 365, anonymous user 30). */
export function ensureTrackingCookies(req: FastifyRequest, reply: FastifyReply, secure: boolean) {
  for (const { name, maxAgeMs } of TRACKED) {
    if (req.cookies[name]) continue;
    reply.setCookie(name, randomUUID(), {
      path: '/',
      maxAge: Math.floor(maxAgeMs / 1000),
      sameSite: 'lax',
      secure,
      httpOnly: false,
    });
  }
}
