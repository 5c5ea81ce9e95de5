import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, matchRoutes, type RouteObject, ServerRouter } from 'react-router';

export const streamTimeout = 10_000;

/**
 * Renders the whole page before answering. antd's styles come from the build's stylesheet (root.tsx,
 * zeroRuntime), so nothing is generated or inlined per request. The page is answered as one buffer:
 * React emits it in dozens of small chunks, and passing each through Node and web streams to the
 * socket cost more CPU than rendering some of the components (the server sends it with its length).
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Uint8Array[] = [];
    const html = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timeout);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(Buffer.concat(chunks), { status, headers: responseHeaders }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={renderedRoutesOnly(routerContext)} url={request.url} />, {
      onAllReady() {
        pipe(html);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

type Manifest = EntryContext['manifest'];

/**
 * The context with only the routes this render can use. ServerRouter turns every route of the manifest
 * (hundreds) into route objects on each render and then scans them all for the page's manifest, yet it
 * renders only the matched routes and sends the browser only those that match the page's path or one of
 * its parent paths (React Router's "partial manifest"; the browser discovers the rest lazily). Those
 * are the routes kept, so the HTML is the same.
 */
function renderedRoutesOnly(context: EntryContext): EntryContext {
  const { manifest, staticHandlerContext } = context;
  const ids = new Set(staticHandlerContext.matches.map((m) => m.route.id));
  const segments = staticHandlerContext.location.pathname.split('/').filter(Boolean);
  for (let n = segments.length - 1; n >= 0; n--) {
    for (const id of matchedIds(manifest, `/${segments.slice(0, n).join('/')}`)) ids.add(id);
  }
  const routes: Manifest['routes'] = {};
  for (const id of ids) routes[id] = manifest.routes[id];
  // Without the full table's precomputed branches the static router ranks just these routes.
  return { ...context, manifest: { ...manifest, routes }, branches: undefined as unknown as EntryContext['branches'] };
}

/** Route ids matching a parent path, per build; bounded, as paths come from visitors' URLs. */
const matchedByPath = new WeakMap<Manifest, { tree: RouteObject[]; byPath: Map<string, string[]> }>();

function matchedIds(manifest: Manifest, path: string): string[] {
  let table = matchedByPath.get(manifest);
  if (!table) {
    table = { tree: routeTree(manifest), byPath: new Map() };
    matchedByPath.set(manifest, table);
  }
  let ids = table.byPath.get(path);
  if (!ids) {
    ids = (matchRoutes(table.tree, path) ?? []).map((m) => m.route.id as string);
    if (table.byPath.size >= 1000) table.byPath.clear();
    table.byPath.set(path, ids);
  }
  return ids;
}

function routeTree(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((r) => r?.parentId === parentId)
    .map((r) =>
      r?.index
        ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }
        : { id: r?.id, path: r?.path, caseSensitive: r?.caseSensitive, children: routeTree(manifest, r?.id) },
    );
}
