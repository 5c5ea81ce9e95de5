/**
 * Minimal path patterns shared by redirects and guards: literal segments, `:name` params, a trailing
 * optional `:name?`, and a trailing `*` (any rest, possibly empty).
 */
export type Params = Record<string, string>;

/** Patterns come from fixed tables (redirects, guards) tried against every link a page renders: split each once. */
const splitPatterns = new Map<string, string[]>();
/** A table is tried row by row against one path: its split is kept for the rows after the first. */
let lastPath = { pathname: '', segs: [] as string[] };

export function matchPattern(pattern: string, pathname: string): Params | null {
  let pat = splitPatterns.get(pattern);
  if (!pat) {
    pat = split(pattern);
    splitPatterns.set(pattern, pat);
  }
  if (lastPath.pathname !== pathname) lastPath = { pathname, segs: split(pathname) };
  const segs = lastPath.segs;
  const params: Params = {};
  for (let i = 0; i < pat.length; i++) {
    const p = pat[i];
    if (p === '*') {
      params['*'] = segs.slice(i).join('/');
      return params;
    }
    const s = segs[i];
    if (p.startsWith(':')) {
      const optional = p.endsWith('?');
      const name = p.slice(1, optional ? -1 : undefined);
      if (s === undefined) {
        if (optional && i === pat.length - 1) return params;
        return null;
      }
      params[name] = s;
      continue;
    }
    if (s !== p) return null;
  }
  return segs.length === pat.length ? params : null;
}

/** Fills a pattern's params; an optional param that is absent is left out with its segment. */
export function fillPattern(pattern: string, params: Params): string {
  const out: string[] = [];
  for (const p of split(pattern)) {
    if (p === '*') {
      if (params['*']) out.push(params['*']);
    } else if (p.startsWith(':')) {
      const name = p.slice(1).replace(/\?$/, '');
      if (params[name] !== undefined) out.push(params[name]);
    } else {
      out.push(p);
    }
  }
  return `/${out.join('/')}`;
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}
