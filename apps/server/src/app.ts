import { randomBytes, randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { isApiPath } from '@jiyin/contracts/api';
import { fail } from '@jiyin/contracts/envelope';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiRoutes } from './api.ts';
import { logoutRoutes } from './auth/logout.ts';
import { createProviders } from './auth/providers.ts';
import { CatalogCache } from './catalog/cache.ts';
import type { Deps } from './deps.ts';
import { healthRoutes } from './health/routes.ts';
import { envelopeErrorHandler } from './http/envelope.ts';
import { ApiError } from './http/errors.ts';
import { PROXY_PREFIX, registerJsonParser, registerSignatureCheck } from './http/proxy.ts';
import { createQueue } from './jobs/index.ts';
import { createPayProviders } from './payments/providers.ts';
import { registerUnpaidOrderCloser } from './payments/reconcile.ts';
import { createMetrics, installMetrics, instrumentQueue, jobLogFields } from './metrics/index.ts';
import { registerWorkers } from './jobs/workers.ts';
import { LiveHub } from './live/hub.ts';
import { unreadCountsOf } from './live/routes.ts';
import { INTERNAL_HEADER, isBuildAsset, pageRoutes } from './pages/routes.ts';
import { ComputePool } from './pool/index.ts';
import { createStorage } from './storage/index.ts';
import { createWechatProvider, WechatPlatform, type WechatProvider } from './embed/wechat.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the domains were given: start-up seeding and tools run domain code with it. */
    deps: Deps;
  }
}

export interface BuildOptions {
  /** Serve pages (needs the web build); API-only tests turn it off. */
  pages?: boolean;
  /** Clock for signature checks (tests). */
  now?: () => number;
  logger?: boolean;
}

/** What start-up provides; providers and the clock default from the configuration. */
export type AppDeps = Pick<Deps, 'config' | 'database'> &
  Partial<Pick<Deps, 'sms' | 'captcha' | 'now' | 'queue' | 'storage' | 'pool'>> & {
    /** The messaging-app platform (tests pass their own); else from the configuration. */
    wechatProvider?: WechatProvider;
  };

/** One Fastify process: security headers, compression, rate limit, the API twice, then pages. */
export async function buildApp(base: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = base;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, mixin: jobLogFields },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Loading the web build (a 7 MB server bundle) can take well over Fastify's default 10 s on a busy machine.
    pluginTimeout: 60_000,
    // Unique across processes and restarts (or the proxy's id), so a request can be followed into the jobs it queued.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });
  const metrics = createMetrics();
  const providers = createProviders(config, app.log);
  const now = base.now ?? (() => new Date());
  const deps: Deps = {
    ...base,
    sms: base.sms ?? providers.sms,
    captcha: base.captcha ?? providers.captcha,
    now,
    queue: instrumentQueue(
      base.queue ??
        createQueue(base.database, {
          now,
          log: app.log,
          stopTimeoutMs: config.shutdownTimeoutMs,
          heartbeatSeconds: config.queueHeartbeatS,
        }),
      metrics,
    ),
    storage: base.storage ?? (await createStorage(config)),
    pool: base.pool ?? new ComputePool(config.poolThreads, metrics.registry),
    pay: createPayProviders(config),
    live: new LiveHub(base.database, {
      counts: (userIds) => unreadCountsOf(base.database.db, userIds),
      log: app.log,
      delay: metrics.liveDelay,
    }),
    wechat: wechatPlatform(base.wechatProvider, config, now, app.log),
    catalog: new CatalogCache(base.database),
  };
  app.log.info(
    `sms provider: ${deps.sms.name}, captcha provider: ${deps.captcha.name}, queue: ${deps.queue.kind}, storage: ${deps.storage.kind}, pool threads: ${deps.pool.threads}, pay providers: ${[...deps.pay.keys()].join(',') || 'none'}`,
  );
  app.decorate('deps', deps);
  // Workers start with the app and stop before it closes (the database closes after the app). Web-only
  // processes queue jobs for the worker processes and run none.
  if (config.role !== 'web') {
    await registerWorkers(deps, app.log);
    const stopCloser = await registerUnpaidOrderCloser(deps, app.log);
    app.addHook('onClose', async () => stopCloser());
  }
  app.addHook('onReady', () => deps.queue.start());
  // Jobs drain first (they wait on their pool tasks), then the threads go.
  app.addHook('onClose', async () => {
    await deps.queue.stop();
    await deps.pool.close();
  });
  // Worker processes only publish; web processes listen for what any process published.
  if (config.role !== 'worker') {
    app.addHook('onReady', () => deps.live.start());
    app.addHook('onClose', () => deps.live.close());
    app.addHook('onReady', () => deps.catalog.start());
    app.addHook('onClose', () => deps.catalog.close());
  }
  // In-process calls made by server-side rendering carry this per-process secret and skip the
  // per-IP limit, because the page request that caused them was already counted.
  const internalToken = randomBytes(24).toString('hex');

  installMetrics(app, metrics, config.metricsToken);
  app.setErrorHandler(envelopeErrorHandler(app));
  registerJsonParser(app);
  await app.register(helmet, {
    // React Router's hydration scripts are inline, so a script policy needs nonces from the web build.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  // Until then the policy says only who may frame our pages: nobody but ourselves (the app's and the
  // messaging app's web views are top-level, not frames); helmet's X-Frame-Options says it to old browsers.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('content-security-policy', "frame-ancestors 'self'");
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Content-hashed build files are cheap and immutable; one page load fetches dozens of them, so
    // counting them would lock out a whole office or campus behind one NAT address after a few pages.
    allowList: (req) => req.headers[INTERNAL_HEADER] === internalToken || isBuildAsset(req.url),
    errorResponseBuilder: (_req, ctx) => new ApiError('RATE_LIMITED', `请求过于频繁，请 ${Math.ceil(ctx.ttl / 1000)} 秒后再试`, 429),
  });

  if (config.role === 'worker') {
    // A worker process answers only health and metrics (what its supervisor and Prometheus ask).
    await app.register(healthRoutes, deps);
  } else {
    await app.register(apiRoutes, deps);
    await app.register(
      async (proxied) => {
        registerSignatureCheck(proxied, config, opts.now);
        await proxied.register(apiRoutes, deps);
        proxied.setNotFoundHandler((_req, reply) => reply.status(404).send(fail('API_NOT_FOUND')));
      },
      { prefix: PROXY_PREFIX },
    );
    await app.register(logoutRoutes, deps);
    if (opts.pages !== false) await app.register(pageRoutes, { ...deps, internalToken, registry: metrics.registry });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (isApiPath(path) || opts.pages === false || config.role === 'worker') return reply.status(404).send(fail('API_NOT_FOUND'));
    return reply.status(404).type('text/plain; charset=utf-8').send('This page could not be found');
  });
  return app;
}

function wechatPlatform(given: WechatProvider | undefined, config: AppDeps['config'], now: () => Date, log: FastifyInstance['log']) {
  if (given) return new WechatPlatform(given, now);
  if (!config.wechat.provider) return null;
  return new WechatPlatform(createWechatProvider({ ...config.wechat, provider: config.wechat.provider }, log), now);
}
