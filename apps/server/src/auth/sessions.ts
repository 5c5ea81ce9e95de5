import { TOKEN_COOKIE } from '@jiyin/contracts/constants';
import { type DeviceInfo, detectDevice } from '@jiyin/contracts/device';
import { NEW_DEVICE_NOTICE_TYPE } from '@jiyin/contracts/relativesApi';
import { schema } from '@jiyin/db';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { deviceKey } from './device.ts';
import { newId, newToken, sha256 } from './tokens.ts';
import { notify } from '../notifications/service.ts';

const { sessions, users } = schema;

/** §9: the token cookie's max age is 604800000 ms, i.e. 7 days. */
export const SESSION_TTL_MS = TOKEN_COOKIE.maxAgeMs;

export type SessionState = { kind: 'none' } | { kind: 'expired' } | { kind: 'revoked' } | { kind: 'ok'; userId: string; sessionId: string };

/** The token a request carries: `Authorization: Bearer` (apps) wins over the `__token` cookie (pages). */
export function requestToken(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  return req.cookies?.[TOKEN_COOKIE.name] || null;
}

export async function readSession(req: FastifyRequest, deps: Deps): Promise<SessionState> {
  const token = requestToken(req);
  if (!token) return { kind: 'none' };
  const [row] = await deps.database.db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
  if (!row) return { kind: 'none' };
  if (row.revokedAt) return { kind: 'revoked' };
  if (row.expiresAt.getTime() <= deps.now().getTime()) return { kind: 'expired' };
  return { kind: 'ok', userId: row.userId, sessionId: row.id };
}

/**
 * Creates a session. An embedded context (our app's or the mini-program's web view) gets a token
 * scoped to what it asked for (`scopes`; gene relatives only when it asks); a browser gets everything.
 * A sign-in from a device the account never used before tells the owner (§9 notice).
 */
export async function createSession(
  deps: Deps,
  userId: string,
  req: FastifyRequest,
  reply: FastifyReply,
  asked: string[] = [],
): Promise<string> {
  const token = newToken();
  const now = deps.now();
  const device = deviceKey(req);
  const ctx = detectDevice(String(req.headers['user-agent'] ?? ''), new URLSearchParams(req.url.split('?')[1] ?? ''));
  const embedded = ctx.isApp || ctx.isMiniProgram;
  const [seen] = await deps.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.device, device)))
    .limit(1);
  const [before] = await deps.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).limit(1);
  if (!seen && before) await newDeviceNotice(deps, userId, req, now, ctx);
  await deps.database.db.insert(sessions).values({
    id: newId(),
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
    ip: req.ip,
    device,
    scopes: embedded ? asked.filter((s) => (SESSION_SCOPES as readonly string[]).includes(s)) : null,
  });
  reply.setCookie(TOKEN_COOKIE.name, token, {
    path: TOKEN_COOKIE.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.secureCookies,
    maxAge: SESSION_TTL_MS / 1000,
  });
  return token;
}

/** Scopes an embedded context may ask for at sign-in. */
export const SESSION_SCOPES = ['relatives'] as const;

/** The kind of device a sign-in came from, in words a user reads (never the raw user agent: it is English). */
function deviceLabel(ctx: DeviceInfo): string {
  if (ctx.isApp) return 'App';
  if (ctx.isMiniProgram) return '小程序';
  if (ctx.isWechat) return '微信内浏览器';
  if (ctx.isIos) return 'iPhone 或 iPad 上的浏览器';
  if (ctx.isAndroid) return '安卓设备上的浏览器';
  if (ctx.isMobile) return '手机浏览器';
  return '电脑浏览器';
}

async function newDeviceNotice(deps: Deps, userId: string, req: FastifyRequest, now: Date, ctx: DeviceInfo): Promise<void> {
  await notify(deps.database.db, [
    {
      userId,
      type: NEW_DEVICE_NOTICE_TYPE,
      title: '新设备登录提醒',
      content: `你的账户于 ${now.toISOString().slice(0, 16).replace('T', ' ')}（UTC）在新设备上登录（${deviceLabel(ctx)}，IP ${req.ip}）。如果不是你本人操作，请立即修改密码`,
      relatedId: userId,
      webviewUrl: '/user/settings',
      createdAt: now,
    },
  ]);
}

export function clearSessionCookie(deps: Deps, reply: FastifyReply) {
  reply.clearCookie(TOKEN_COOKIE.name, { path: TOKEN_COOKIE.path, httpOnly: true, sameSite: 'lax', secure: deps.config.secureCookies });
}

/** Revokes one session (logout) or all of a user's sessions except one (password change). */
export async function revokeSessions(deps: Deps, userId: string, opts: { only?: string; except?: string } = {}) {
  const conds = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (opts.only) conds.push(eq(sessions.id, opts.only));
  if (opts.except) conds.push(ne(sessions.id, opts.except));
  await deps.database.db
    .update(sessions)
    .set({ revokedAt: deps.now() })
    .where(and(...conds));
}

export async function userExists(deps: Deps, userId: string): Promise<boolean> {
  const [row] = await deps.database.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}
