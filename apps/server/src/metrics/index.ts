import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobHandler, JobQueue, SendOptions, WorkOptions } from '../jobs/queue.ts';

/**
 * What a log line inside a request or a job adds about where it came from: the request id of the
 * request being served, or of the request that queued the job being run.
 */
export interface RunContext {
  requestId?: string;
  job?: string;
}
export const runContext = new AsyncLocalStorage<RunContext>();

/** Key under which a job's payload carries the id of the request that queued it (stripped before the handler). */
const REQUEST_ID_KEY = '_requestId';

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  jobDuration: Histogram<'name' | 'outcome'>;
  jobsRunning: Gauge<'name'>;
  liveDelay: Histogram<'stage'>;
}

/**
 * How often the event loop is sampled for its delay, in ms. Node's monitorEventLoopDelay records the
 * whole interval between samples, this included, and prom-client reports it as is: an idle loop
 * shows a lag of about this much.
 */
export const EVENT_LOOP_RESOLUTION_MS = 10;

/** One registry per app (tests build several in one process); default metrics include event-loop delay. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, per route pattern',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'job_duration_seconds',
      help: 'Time one job run took, per job name and outcome (ok or error)',
      labelNames: ['name', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers: [registry],
    }),
    jobsRunning: new Gauge({ name: 'jobs_running', help: 'Jobs running now in this process', labelNames: ['name'], registers: [registry] }),
    liveDelay: new Histogram({
      name: 'live_event_delay_seconds',
      help: 'From a live event published in its writing transaction to this process receiving its NOTIFY (stage=notified) and writing it to the recipients connected here (stage=written)',
      labelNames: ['stage'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

/**
 * The queue as the domains see it: sends remember the request that queued the job, and every run is
 * timed, counted and logged under that request id.
 */
export function instrumentQueue(queue: JobQueue, metrics: Metrics): JobQueue {
  new Gauge({
    name: 'queue_depth',
    help: 'Jobs waiting and running, per job name and state, across all processes',
    labelNames: ['name', 'state'],
    registers: [metrics.registry],
    async collect() {
      this.reset();
      for (const d of await queue.depth().catch(() => [])) {
        this.set({ name: d.name, state: 'waiting' }, d.waiting);
        this.set({ name: d.name, state: 'active' }, d.active);
      }
    },
  });
  return {
    kind: queue.kind,
    send<P extends object>(name: string, payload: P, opts?: SendOptions) {
      const requestId = runContext.getStore()?.requestId;
      return queue.send(name, requestId ? { ...payload, [REQUEST_ID_KEY]: requestId } : payload, opts);
    },
    work<P extends object>(name: string, handler: JobHandler<P>, opts?: WorkOptions<P>) {
      return queue.work<P & { [REQUEST_ID_KEY]?: string }>(
        name,
        async (withId, job) => {
          const { [REQUEST_ID_KEY]: requestId, ...payload } = withId;
          const end = metrics.jobDuration.startTimer({ name });
          metrics.jobsRunning.inc({ name });
          try {
            await runContext.run({ requestId, job: name }, () => handler(payload as P, job));
            end({ outcome: 'ok' });
          } catch (err) {
            end({ outcome: 'error' });
            throw err;
          } finally {
            metrics.jobsRunning.dec({ name });
          }
        },
        opts && {
          ...opts,
          onFailed:
            opts.onFailed &&
            ((withId, error) => {
              const { [REQUEST_ID_KEY]: _, ...payload } = withId;
              return opts.onFailed?.(payload as P, error) ?? Promise.resolve();
            }),
        },
      );
    },
    start: () => queue.start(),
    stop: () => queue.stop(),
    depth: () => queue.depth(),
    ping: () => queue.ping(),
  };
}

/** Log fields inside a job run: the job and the request that queued it. */
export function jobLogFields(): object {
  const s = runContext.getStore();
  return s?.job ? { job: s.job, requestId: s.requestId } : {};
}

/**
 * Request timing and the Prometheus endpoint, on the root instance so every route is timed.
 * `/metrics` answers loopback callers, or anyone with `Authorization: Bearer $METRICS_TOKEN` when a
 * token is configured.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token?: string): void {
  app.addHook('onRequest', (req, _reply, done) => runContext.run({ requestId: req.id }, done));
  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', { config: { rateLimit: false } }, async (req, reply) => {
    const allowed = token ? req.headers.authorization === `Bearer ${token}` : req.ip === '127.0.0.1' || req.ip === '::1';
    if (!allowed) return reply.status(404).type('text/plain; charset=utf-8').send('This page could not be found');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
