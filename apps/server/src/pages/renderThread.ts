import type { MessagePort } from 'node:worker_threads';
import { workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { ApiRequest, PageLoadContext } from '@jiyin/contracts/api';
import type { ServerBuild } from 'react-router';
import { requestHandlers } from './pruned.ts';
import { pageTransport } from './transport.ts';

/** What the web thread sends to render one document (renderPool.ts). */
export interface RenderTask {
  port: MessagePort;
  method: 'GET' | 'HEAD';
  url: string;
  headers: [string, string][];
  context: Pick<PageLoadContext, 'signedIn' | 'device'>;
}

/** What every page's context shares: the process's configuration, given to each thread once. */
export type SharedContext = Pick<PageLoadContext, 'signKeys' | 'env' | 'site'>;
export interface RenderThreadData {
  serverEntry: string;
  shared: SharedContext;
}

/** A rendered document as the web thread sends it on. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

/** Messages on a task's port: API calls out, their answers and the visitor leaving in. */
export type ToWeb = { id: number; call: ApiRequest };
export type ToRender = { id: number; body: string } | { id: number; error: string } | { abort: true };

const { serverEntry, shared } = workerData as RenderThreadData;
const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
const handlerFor = requestHandlers(build, 'production');

/**
 * Renders one document on this thread. Its loaders' API calls go to the web thread over the task's port
 * (the database and the API live there) and come back as body text; the page comes back whole.
 */
export default async function render({ port, method, url, headers, context }: RenderTask): Promise<RenderedPage> {
  const waiting = new Map<number, { resolve: (body: string) => void; reject: (err: Error) => void }>();
  const controller = new AbortController();
  let next = 0;
  port.on('message', (m: ToRender) => {
    if ('abort' in m) return controller.abort();
    const call = waiting.get(m.id);
    waiting.delete(m.id);
    if ('error' in m) call?.reject(new Error(m.error));
    else call?.resolve(m.body);
  });
  const api = pageTransport(
    (call) =>
      new Promise<string>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        port.postMessage({ id, call } satisfies ToWeb);
      }),
  );
  try {
    const request = new Request(url, { method, headers, signal: controller.signal });
    const load: PageLoadContext = { ...shared, ...context, api };
    const response = await handlerFor(method, new URL(url).pathname)(request, load);
    return { status: response.status, headers: [...response.headers], body: new Uint8Array(await response.arrayBuffer()) };
  } finally {
    port.close();
  }
}
