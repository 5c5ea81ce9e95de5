import { randomBytes } from 'node:crypto';
import { detectDevice } from '@jiyin/contracts/device';
import { safeReturnPath } from '@jiyin/contracts/guards';
import {
  BRIDGE_TOKEN_TTL_S,
  bridgeExchangeSchema,
  EMBED_PATHS,
  WECHAT_JS_API_LIST,
  WECHAT_OPEN_TAG_LIST,
  type WechatSignView,
} from '@jiyin/contracts/embed';
import { ok } from '@jiyin/contracts/envelope';
import { schema } from '@jiyin/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { deviceKey } from '../auth/device.ts';
import { createSession } from '../auth/sessions.ts';
import { newId, newToken, sha256 } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { requireUser } from '../users/session.ts';
import { jsSdkSignature } from './wechat.ts';

const { bridgeTokens, wechatIdentities } = schema;
/** The authorization's state (against forged callbacks) and the pending bind token, each for ten minutes. */
const STATE_COOKIE = 'wx_oauth_state';
const BIND_COOKIE = 'wx_bind';
const OAUTH_TTL_S = 600;
const oauthQuery = z.object({ from: z.string().max(2000).optional() });
const callbackQuery = oauthQuery.extend({ code: z.string().max(200).default(''), state: z.string().max(100).default('') });
const signQuery = z.object({ url: z.string({ error: '缺少要签名的页面地址' }).min(1, '缺少要签名的页面地址').max(2000, '页面地址过长') });

/** The embedded context a request comes from: only our app and mini-program web views hold bridge tokens. */
function embedContext(req: FastifyRequest): 'app' | 'mini-program' | null {
  const device = detectDevice(String(req.headers['user-agent'] ?? ''));
  return device.isApp ? 'app' : device.isMiniProgram ? 'mini-program' : null;
}

/**
 * The page address to sign: a path of this site (what pages send), or an absolute http(s) URL on
 * this site's host or a configured one. Its fragment is dropped, as the platform requires.
 */
function siteUrlToSign(raw: string, req: FastifyRequest, siteHosts: readonly string[]): string {
  // A protocol-relative address names another host.
  if (raw.startsWith('//') || raw.startsWith('/\\')) throw new ApiError('SIGN_URL_FOREIGN');
  let url: URL;
  try {
    url = raw.startsWith('/') ? new URL(raw, `${req.protocol}://${req.host}`) : new URL(raw);
  } catch {
    throw new ApiError('BAD_REQUEST', '页面地址格式不正确');
  }
  const ours = url.host === req.host || siteHosts.includes(url.hostname) || siteHosts.includes(url.host);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !ours || url.username || url.password) {
    throw new ApiError('SIGN_URL_FOREIGN');
  }
  url.hash = '';
  return url.href;
}

/** §7.5 the messaging app's share configuration and §7.11 the app bridge's one-time token. */
export async function embedRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(EMBED_PATHS.wechatSign, async (req) => {
    const { url: raw } = parseInput(signQuery, req.query);
    const url = siteUrlToSign(raw, req, deps.config.siteHosts);
    if (!deps.wechat) throw new ApiError('UNAVAILABLE', '暂未接入微信分享');
    let ticket: string;
    try {
      ticket = await deps.wechat.ticket();
    } catch (e) {
      req.log.error({ err: e }, 'jsapi ticket fetch failed');
      throw new ApiError('UNAVAILABLE', '微信分享暂不可用，请稍后再试');
    }
    const timestamp = Math.floor(deps.now().getTime() / 1000);
    const nonceStr = randomBytes(12).toString('base64url');
    const view: WechatSignView = {
      appId: deps.wechat.appId,
      timestamp,
      nonceStr,
      signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }),
      url,
      jsApiList: [...WECHAT_JS_API_LIST],
      openTagList: [...WECHAT_OPEN_TAG_LIST],
    };
    return ok(view);
  });

  // The native app (its own session, from its own user agent) asks for a token to hand its web view.
  app.post(EMBED_PATHS.bridgeTokens, async (req) => {
    const me = await requireUser(req, deps);
    const context = embedContext(req);
    if (!context) throw new ApiError('BRIDGE_CONTEXT_MISMATCH', '只有 App 或小程序可以申请登录凭证');
    const token = newToken();
    const now = deps.now();
    await db.insert(bridgeTokens).values({
      id: newId(),
      tokenHash: sha256(token),
      userId: me.userId,
      context,
      createdAt: now,
      expiresAt: new Date(now.getTime() + BRIDGE_TOKEN_TTL_S * 1000),
    });
    return ok({ token, expiresIn: BRIDGE_TOKEN_TTL_S });
  });

  // The web view's updateToken: once, unexpired, from the same kind of context; then a web session.
  app.post(EMBED_PATHS.bridgeExchange, async (req, reply) => {
    const { token } = parseInput(bridgeExchangeSchema, req.body);
    const now = deps.now();
    const [row] = await db
      .select()
      .from(bridgeTokens)
      .where(eq(bridgeTokens.tokenHash, sha256(token)));
    if (!row) throw new ApiError('BRIDGE_TOKEN_INVALID');
    if (row.context !== embedContext(req)) throw new ApiError('BRIDGE_CONTEXT_MISMATCH');
    // The update claims the token: of two concurrent exchanges only one gets the row back.
    const [claimed] = await db
      .update(bridgeTokens)
      .set({ usedAt: now })
      .where(and(eq(bridgeTokens.id, row.id), isNull(bridgeTokens.usedAt), gt(bridgeTokens.expiresAt, now)))
      .returning({ userId: bridgeTokens.userId });
    if (!claimed) throw new ApiError('BRIDGE_TOKEN_INVALID');
    await createSession(deps, claimed.userId, req, reply);
    return ok({ userId: claimed.userId });
  });

  // §6 sign-in on the bridge host: the platform names the visitor (openid); a bound openid signs in,
  // a new one goes back to /login to sign in with a phone once, which binds it.
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: deps.config.secureCookies, maxAge: OAUTH_TTL_S };
  app.get(EMBED_PATHS.wechatOauth, async (req, reply) => {
    const from = safeReturnPath(parseInput(oauthQuery, req.query).from, '/');
    if (!deps.wechat) return reply.redirect(`/auth/signin?from=${encodeURIComponent(from)}`);
    const state = randomBytes(16).toString('base64url');
    reply.setCookie(STATE_COOKIE, state, cookieOptions);
    const callback = `${req.protocol}://${req.host}${EMBED_PATHS.wechatOauthCallback}?from=${encodeURIComponent(from)}`;
    return reply.redirect(deps.wechat.provider.authorizeUrl(callback, state, deviceKey(req)));
  });

  app.get(EMBED_PATHS.wechatOauthCallback, async (req, reply) => {
    const q = parseInput(callbackQuery, req.query);
    const from = safeReturnPath(q.from, '/');
    const again = `/login?from=${encodeURIComponent(from)}&error=1`;
    const expected = req.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, { path: '/' });
    if (!deps.wechat || !q.state || q.state !== expected) return reply.redirect(again);
    let openid: string;
    try {
      openid = await deps.wechat.provider.openIdFor(q.code);
    } catch (e) {
      req.log.warn({ err: e }, 'messaging-app authorization refused');
      return reply.redirect(again);
    }
    const now = deps.now();
    const [known] = await db.select().from(wechatIdentities).where(eq(wechatIdentities.openid, openid));
    if (known?.userId) {
      await createSession(deps, known.userId, req, reply);
      return reply.redirect(from);
    }
    const bind = newToken();
    const pending = { bindTokenHash: sha256(bind), bindExpiresAt: new Date(now.getTime() + OAUTH_TTL_S * 1000) };
    await db
      .insert(wechatIdentities)
      .values({ openid, createdAt: now, ...pending })
      .onConflictDoUpdate({ target: wechatIdentities.openid, set: pending });
    reply.setCookie(BIND_COOKIE, bind, cookieOptions);
    return reply.redirect(`/login?from=${encodeURIComponent(from)}&bind=1`);
  });

  app.post(EMBED_PATHS.wechatBind, async (req, reply) => {
    const me = await requireUser(req, deps);
    const bind = req.cookies[BIND_COOKIE];
    reply.clearCookie(BIND_COOKIE, { path: '/' });
    if (!bind) throw new ApiError('WECHAT_BIND_EXPIRED');
    const now = deps.now();
    const [bound] = await db
      .update(wechatIdentities)
      .set({ userId: me.userId, boundAt: now, bindTokenHash: null, bindExpiresAt: null })
      .where(
        and(eq(wechatIdentities.bindTokenHash, sha256(bind)), isNull(wechatIdentities.userId), gt(wechatIdentities.bindExpiresAt, now)),
      )
      .returning({ openid: wechatIdentities.openid });
    if (!bound) throw new ApiError('WECHAT_BIND_EXPIRED');
    return ok({ bound: true });
  });
}
