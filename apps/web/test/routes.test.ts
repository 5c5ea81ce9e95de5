import { REDIRECT_RULES } from '@jiyin/contracts/redirects';
import { matchPattern } from '@jiyin/contracts/pathPattern';
import { PAGE_ROUTES, routeId } from '@jiyin/contracts/routes';
import { describe, expect, it } from 'vitest';
import routes, { REAL_PAGES } from '../app/routes.ts';
import { PENDING_ROUTES } from '../app/routes.pending.ts';
import { CONTENT_SLUGS } from '../app/routes/topic.tsx';

const paths = PAGE_ROUTES.map((r) => r.path);

describe('route table', () => {
  it.each(paths)('%s is either real or pending, never both', (path) => {
    expect(Number(path in REAL_PAGES) + Number(PENDING_ROUTES.includes(path))).toBe(1);
  });

  it('lists nothing outside the table', () => {
    for (const p of [...Object.keys(REAL_PAGES), ...PENDING_ROUTES]) expect(paths).toContain(p);
  });

  it('has unique paths and ids', () => {
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(paths.map(routeId)).size).toBe(paths.length);
  });

  it('gives every content page a slug', () => {
    for (const [path, file] of Object.entries(REAL_PAGES)) {
      if (file === 'routes/topic.tsx') expect(CONTENT_SLUGS[path], path).toBeTruthy();
    }
  });

  it('nests every route under its layout and ends with the 404 splat', () => {
    const layouts = routes.filter((r) => r.id?.startsWith('layout.'));
    expect(layouts).toHaveLength(6);
    expect(layouts.reduce((n, l) => n + (l.children?.length ?? 0), 0)).toBe(paths.length);
    expect(routes.at(-1)).toMatchObject({ path: '*', id: 'not-found' });
  });

  // A legacy URL must land on a page, not on the 404 view.
  it.each(REDIRECT_RULES.filter((r) => r.to !== '/*').map((r) => [r.from, r.to]))('redirect %s → %s targets a route', (_from, to) => {
    const sample = to.replace(/:\w+\??/g, '1');
    expect(paths.some((p) => matchPattern(p, sample))).toBe(true);
  });
});
