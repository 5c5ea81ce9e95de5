/**
 * Minimal path patterns shared by redirects and guards: literal segments, `:name` params, a trailing
 * optional `:name?`, and a trailing `*` (any rest, possibly empty).
 */
export type Params = Record<string, string>;

export function matchPattern(pattern: string, pathname: string): Params | null {
  const pat = split(pattern);
  const segs = split(pathname);
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
