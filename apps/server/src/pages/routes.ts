import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type ApiRequest, isApiPath, type PageLoadContext } from '@jiyin/contracts/api';
import { detectDevice } from '@jiyin/contracts/device';
import { TOKEN_COOKIE } from '@jiyin/contracts/constants';
import { fail } from '@jiyin/contracts/envelope';
import { anonymousRedirect, isGuardedPath } from '@jiyin/contracts/guards';
import { redirectTarget } from '@jiyin/contracts/redirects';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import type { ServerBuild } from 'react-router';
import type { Deps } from '../deps.ts';
import { currentUser } from '../users/session.ts';
import { type CachedPage, PageCache } from './cache.ts';
import { requestHandlers } from './pruned.ts';
import { type Page, RenderPool, sharedContext } from './renderPool.ts';
import { pageTransport } from './transport.ts';
import { writeShareVariants } from '../uploads/variants.ts';
import { ensureTrackingCookies } from './tracking.ts';

export const INTERNAL_HEADER = 'x-internal-ssr';

/** The web build's content-hashed files (React Router puts every chunk and stylesheet under /assets/). */
export const isBuildAsset = (url: string) => url.startsWith('/assets/');

/**
 * Pages: static assets of the web build, then for every other path the legacy redirects (301, query
 * kept) and guards (§6) run before React Router renders the page (documents on a render thread).
 */
export async function pageRoutes(app: FastifyInstance, deps: Deps & { internalToken: string; registry: Registry }) {
  const { config } = deps;
  const clientDir = path.join(config.webBuildDir, 'client');
  const serverEntry = path.join(config.webBuildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`web build missing at ${serverEntry}: run "npm run build" (npm start does it for you)`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handlerFor = requestHandlers(build, 'production');
  const shared = sharedContext(config);
  const renderPool = new RenderPool(serverEntry, shared, config.renderThreads, deps.registry);
  app.addHook('onClose', () => renderPool.close());
  const pageCache = new PageCache(config.pageCacheTtlMs);
  const variants = await writeShareVariants(path.join(clientDir, 'static'));
  if (variants.length) app.log.info({ count: variants.length }, 'share image variants written');

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside its scripts and styles (apps/web/precompress.ts): sent as they are.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  // Page form posts reach React Router's actions as the raw body stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    handler: async (req, reply) => {
      const url = new URL(req.url, `http://${req.headers.host ?? 'localhost'}`);
      if (isApiPath(url.pathname)) return reply.status(404).send(fail('API_NOT_FOUND'));

      // Client navigations fetch `<path>.data`; the root loader applies redirects and guards to those in
      // React Router's own redirect format, so only document requests are answered here.
      const isDataRequest = url.pathname.endsWith('.data');
      const legacy = isDataRequest ? null : redirectTarget(url.pathname, url.search);
      if (legacy) return reply.redirect(legacy, 301);

      const device = detectDevice(String(req.headers['user-agent'] ?? ''), url.searchParams);
      const user = isDataRequest ? null : await currentUser(req, deps);
      if (!isDataRequest && !user && isGuardedPath(url.pathname)) {
        return reply.redirect(
          anonymousRedirect({
            pathWithQuery: `${url.pathname}${url.search}`,
            query: url.searchParams,
            host: url.hostname,
            device,
            env: config.env,
            reunionHosts: config.reunionHosts,
            bridgeLoginUrl: config.bridgeLoginUrl,
          }),
          302,
        );
      }

      ensureTrackingCookies(req, reply, config.env !== 'local');
      const cacheKey = isDataRequest ? null : pageCache.keyOf(req, url, device, TOKEN_COOKIE.name);
      const cached = cacheKey ? pageCache.get(cacheKey) : undefined;
      if (cached) return sendCached(req, reply, cached);
      const fetchBody = (call: ApiRequest) => injected(app, req, deps.internalToken, `${url.pathname}${url.search}`, call);
      const context = { signedIn: isDataRequest ? undefined : user !== null, device };
      // Documents render on the render threads; client navigations' data and form posts (loaders and
      // actions, no React render, possibly streamed) stay here.
      let page: Page;
      if ((req.method === 'GET' || req.method === 'HEAD') && !isDataRequest) {
        page = await renderPool.render({ method: req.method, url: url.href, headers: headersOf(req), context }, fetchBody, left(reply));
      } else {
        const load: PageLoadContext = { ...shared, ...context, api: pageTransport(fetchBody) };
        const response = await handlerFor(req.method, url.pathname)(toWebRequest(req, reply, url), load);
        // Client navigations' data stays streamed, as React Router may still be resolving it.
        if (isDataRequest) return sendStreamed(reply, response);
        page = { status: response.status, headers: [...response.headers], body: Buffer.from(await response.arrayBuffer()) };
      }
      if (cacheKey && page.status === 200 && !page.headers.some(([key]) => key === 'set-cookie')) {
        return sendCached(req, reply, pageCache.put(cacheKey, page.status, page.headers, page.body));
      }
      return sendPage(reply, page);
    },
  });
}

/** One API call through the whole Fastify pipeline, as the visitor's browser would make it; answers the body. */
async function injected(
  app: FastifyInstance,
  req: FastifyRequest,
  internalToken: string,
  pagePath: string,
  { method, path: apiPath, query, body, headers: extraHeaders }: ApiRequest,
): Promise<string> {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) search.append(k, String(item));
  }
  const qs = search.toString();
  const res = await app.inject({
    method,
    url: qs ? `${apiPath}?${qs}` : apiPath,
    payload: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      'user-agent': String(req.headers['user-agent'] ?? ''),
      'x-page-path': pagePath,
      // Headers the loader chose, e.g. the share token and sample flag of report pages (§6).
      ...extraHeaders,
      [INTERNAL_HEADER]: internalToken,
    },
  });
  return res.body;
}

/** The request's headers as name-value pairs (repeated headers as several pairs), as a web Request takes them. */
function headersOf(req: FastifyRequest): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) pairs.push([key, v]);
  }
  return pairs;
}

/**
 * A signal raised when the visitor leaves before the answer was sent. Only then: raising it builds an
 * error with its stack, which on every request cost more than a tenth of the web thread's page work.
 */
function left(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

function toWebRequest(req: FastifyRequest, reply: FastifyReply, url: URL): Request {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers: headersOf(req),
    signal: left(reply),
    body: hasBody ? (Readable.toWeb(req.body as Readable) as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs duplex for streamed request bodies
    duplex: hasBody ? 'half' : undefined,
  });
}

/** A cached page, or 304 when the browser already holds this version (browsers revalidate every time). */
function sendCached(req: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  for (const [key, value] of page.headers) reply.header(key, value);
  reply.header('etag', page.etag).header('cache-control', 'no-cache');
  if (req.headers['if-none-match'] === page.etag) return reply.status(304).send();
  return reply.status(page.status).send(page.body);
}

/** A whole page (rendered documents and form posts' answers), sent in one write with its length. */
function sendPage(reply: FastifyReply, page: Page) {
  reply.status(page.status);
  const cookies: string[] = [];
  for (const [key, value] of page.headers) {
    if (key === 'set-cookie') cookies.push(value);
    else reply.header(key, value);
  }
  if (cookies.length) reply.header('set-cookie', cookies);
  return page.body.length ? reply.send(page.body) : reply.send();
}

function sendStreamed(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
