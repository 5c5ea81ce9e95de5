import { MessageChannel } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { ApiRequest } from '@jiyin/contracts/api';
import { Piscina } from 'piscina';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { RenderedPage, RenderTask, RenderThreadData, SharedContext, ToRender, ToWeb } from './renderThread.ts';

/** A whole page as the web thread sends it. */
export interface Page {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** The part of every page's load context that is the process's configuration. */
export function sharedContext(config: Config): SharedContext {
  return {
    signKeys: config.signKeys,
    env: { appEnv: config.env, bridgeLoginUrl: config.bridgeLoginUrl, reunionHosts: config.reunionHosts },
    site: config.site,
  };
}

const RENDER = fileURLToPath(new URL('./renderThread.ts', import.meta.url));

/**
 * While a page's loaders wait for the web thread's API answers its render thread takes other pages:
 * renders overlap those waits instead of leaving the thread idle.
 */
const PAGES_PER_THREAD = 4;

/**
 * The threads that render documents. A render (React, Ant Design, React Router's matching and data
 * encoding) is CPU work of several milliseconds; on the event loop it held up every other request,
 * and one process could use only one core for pages. The web thread keeps the requests, the API and
 * the database, and answers the threads' API calls.
 */
export class RenderPool {
  private readonly piscina: Piscina;
  private readonly rendered?: Counter<'outcome'>;

  constructor(serverEntry: string, shared: SharedContext, threads: number, registry?: Registry) {
    this.piscina = new Piscina({
      filename: RENDER,
      // Started by the first pages (each loads the web build, ~1 s of CPU): a process that serves none,
      // a worker or an API-only test, starts none. They stay: a render thread has no state to give back.
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: PAGES_PER_THREAD,
      workerData: { serverEntry, shared } satisfies RenderThreadData,
    });
    if (!registry) return;
    this.rendered = new Counter({
      name: 'render_pages_total',
      help: 'Documents rendered on the render threads, per outcome (error: the render failed, the visitor got an error)',
      labelNames: ['outcome'],
      registers: [registry],
    });
    const pool = this.piscina;
    new Gauge({
      name: 'render_threads',
      help: 'Page render threads started (RENDER_THREADS; one that dies is replaced)',
      registers: [registry],
      collect() {
        this.set(pool.threads.length);
      },
    });
    new Gauge({
      name: 'render_queue_length',
      help: `Documents waiting for a render thread (each takes up to ${PAGES_PER_THREAD} at once)`,
      registers: [registry],
      collect() {
        this.set(pool.queueSize);
      },
    });
  }

  /**
   * Renders a document on a thread; `fetchBody` answers its loaders' API calls (with the body text),
   * and `signal` tells the render the visitor left.
   */
  async render(task: Omit<RenderTask, 'port'>, fetchBody: (call: ApiRequest) => Promise<string>, signal: AbortSignal): Promise<Page> {
    const { port1, port2 } = new MessageChannel();
    port1.on('message', ({ id, call }: ToWeb) => {
      fetchBody(call).then(
        (body) => port1.postMessage({ id, body } satisfies ToRender),
        (err: unknown) => port1.postMessage({ id, error: String(err) } satisfies ToRender),
      );
    });
    const onAbort = () => port1.postMessage({ abort: true } satisfies ToRender);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const { status, headers, body } = (await this.piscina.run({ ...task, port: port2 } satisfies RenderTask, {
        transferList: [port2],
      })) as RenderedPage;
      this.rendered?.inc({ outcome: 'ok' });
      return { status, headers, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
    } catch (err) {
      this.rendered?.inc({ outcome: 'error' });
      throw err;
    } finally {
      signal.removeEventListener('abort', onAbort);
      port1.close();
    }
  }

  close(): Promise<void> {
    return this.piscina.destroy();
  }
}
