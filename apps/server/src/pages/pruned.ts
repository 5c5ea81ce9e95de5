import { createRequestHandler, type RequestHandler, type ServerBuild } from 'react-router';

type Routes = ServerBuild['routes'];
type Route = NonNullable<Routes[string]>;

/** A route's first fixed path segment (lower case), or null when its path starts with none (layouts, index, :param, optional, splat). */
function firstFixedSegment(routes: Routes, route: Route): string | null {
  const parts: string[] = [];
  for (let r: Route | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) parts.unshift(r.path ?? '');
  const first = parts.join('/').split('/').find(Boolean);
  return first === undefined || first.startsWith(':') || first.includes('*') || first.endsWith('?') ? null : first.toLowerCase();
}

/**
 * The routes of the build that can match a document's path. A route whose path starts with a fixed
 * segment matches only paths starting with that segment (in any case), so the routes kept for a path
 * are those starting with its first segment and those starting with no fixed segment. Answers a
 * key naming the set (one per fixed first segment of the build, and '' for every other path, so
 * visitors' paths cannot grow what is kept per key), or null for escaped paths, which React Router
 * decodes before matching: those take the whole table.
 */
export function routesFor(build: ServerBuild): (pathname: string) => { key: string; routes: Routes } | null {
  const all = Object.values(build.routes) as Route[];
  const firsts = new Map(all.map((r) => [r.id, firstFixedSegment(build.routes, r)]));
  const fixed = new Set([...firsts.values()].filter((f) => f !== null));
  const sets = new Map<string, Routes>();
  return (pathname) => {
    const first = pathname.split('/').find(Boolean)?.toLowerCase() ?? '';
    if (first.includes('%')) return null;
    const key = fixed.has(first) ? first : '';
    let routes = sets.get(key);
    if (!routes) {
      routes = Object.fromEntries(all.filter((r) => firsts.get(r.id) === null || firsts.get(r.id) === key).map((r) => [r.id, r]));
      sets.set(key, routes);
    }
    return { key, routes };
  };
}

/**
 * The request handler for a request. React Router tries a document's path against every route of
 * the build in rank order, twice per request (the handler's match, then its data router's), and "/"
 * ranks last of ~170 routes: that was a tenth of a home page render. Documents are handled over the
 * routes that can match their path (routesFor); the first match in rank order is the same route, as
 * ranking is by each route's own path. Data requests, form posts and the route manifest get the
 * whole table.
 */
export function requestHandlers(build: ServerBuild, mode: string): (method: string, pathname: string) => RequestHandler {
  const whole = createRequestHandler(build, mode);
  const candidates = routesFor(build);
  const manifestPath = build.routeDiscovery?.manifestPath ?? '/__manifest';
  const handlers = new Map<string, RequestHandler>();
  return (method, pathname) => {
    if ((method !== 'GET' && method !== 'HEAD') || pathname.endsWith('.data') || pathname === manifestPath) return whole;
    const kept = candidates(pathname);
    if (!kept) return whole;
    let handler = handlers.get(kept.key);
    if (!handler) {
      handler = createRequestHandler({ ...build, routes: kept.routes }, mode);
      handlers.set(kept.key, handler);
    }
    return handler;
  };
}
