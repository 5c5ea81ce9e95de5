import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { routesFor } from '../src/pages/pruned.ts';

type Routes = ServerBuild['routes'];

function tree(routes: Routes, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((r) => r?.parentId === parentId)
    .map((r) =>
      r?.index
        ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }
        : { id: r?.id, path: r?.path, caseSensitive: r?.caseSensitive, children: tree(routes, r?.id) },
    );
}

const matchedIds = (routes: Routes, pathname: string) => (matchRoutes(tree(routes), pathname) ?? []).map((m) => m.route.id);

/** A route's whole path pattern. */
function fullPath(routes: Routes, id: string): string {
  const parts: string[] = [];
  for (let r = routes[id]; r; r = r.parentId ? routes[r.parentId] : undefined) parts.unshift(r.path ?? '');
  return `/${parts.join('/')}`.replace(/\/+/g, '/');
}

// Pages need the web build (npm test builds it first).
describe('documents are matched over the routes that can match their first segment', () => {
  let build: ServerBuild;
  beforeAll(async () => {
    build = await import(pathToFileURL(path.join(loadConfig().webBuildDir, 'server', 'index.js')).href);
  });

  it('gives every path the route the whole table gives it', () => {
    const candidates = routesFor(build);
    const paths = new Set(['/', '/nope', '/nope/deeper', '//report/1', '/report/', '/REPORT', '/Report/Drugs/1', '/:id', '/*']);
    for (const id of Object.keys(build.routes)) {
      const pattern = fullPath(build.routes, id);
      for (const filled of [
        pattern
          .replace(/\/:\w+\?/g, '')
          .replace(/:\w+/g, 'v1')
          .replace(/\*$/, 'a/b'),
        pattern.replace(/\?/g, '').replace(/:\w+/g, 'V-2').replace(/\*$/, ''),
      ]) {
        for (const p of [filled, filled.toUpperCase(), `${filled}/`, `${filled}/extra`, `/x${filled}`]) paths.add(p);
      }
    }
    expect(paths.size).toBeGreaterThan(500);
    let pruned = 0;
    for (const p of paths) {
      const kept = candidates(p);
      expect(kept, p).not.toBeNull();
      if (!kept) continue;
      expect(matchedIds(kept.routes, p), p).toEqual(matchedIds(build.routes, p));
      if (Object.keys(kept.routes).length < Object.keys(build.routes).length / 2) pruned++;
    }
    // Most paths are matched over far fewer routes: the point of it.
    expect(pruned).toBeGreaterThan(paths.size / 2);
    expect(Object.keys(candidates('/')?.routes ?? {}).length).toBeLessThan(20);
  });

  it('keeps one set per fixed first segment of the build, whatever first segments visitors send', () => {
    const candidates = routesFor(build);
    const keys = new Set<string>();
    for (let i = 0; i < 1000; i++) keys.add(candidates(`/forged-${i}/x`)?.key ?? 'none');
    expect([...keys]).toEqual(['']);
  });

  it('leaves escaped paths to the whole table (React Router decodes them before matching)', () => {
    const candidates = routesFor(build);
    expect(candidates('/sh%6Fp/gene/product-select')).toBeNull();
    expect(matchedIds(build.routes, '/sh%6Fp/gene/product-select').at(-1)).toBe(
      matchedIds(build.routes, '/shop/gene/product-select').at(-1),
    );
  });
});
