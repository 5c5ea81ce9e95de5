import { isPlainAnchor } from '@jiyin/contracts/guards';
import { redirectTarget } from '@jiyin/contracts/redirects';

/** Splits an in-site href into path, query and hash. */
function splitHref(href: string): { path: string; search: string; hash: string } {
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  const rest = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = rest.indexOf('?');
  return queryAt >= 0 ? { path: rest.slice(0, queryAt), search: rest.slice(queryAt), hash } : { path: rest, search: '', hash };
}

/**
 * How a link navigates: `document` for plain anchors (§2.5: /community, /gene-club, /legacy,
 * javascript: and other sites), `app` for in-app navigation, with a legacy path already swapped for
 * its new page so the client never lands on an old URL.
 */
export function resolveHref(href: string): { kind: 'document' | 'app'; href: string } {
  if (isPlainAnchor(href) || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return { kind: 'document', href };
  const { path, search, hash } = splitHref(href);
  const target = redirectTarget(path, search);
  return { kind: 'app', href: target ? `${target}${hash}` : href };
}

/**
 * An absolute address on this site as the visitor reached it (share cards need absolute URLs); the
 * scheme a TLS-terminating proxy reports wins over the one the server saw.
 */
export function absoluteUrl(request: Request, path: string): string {
  const seen = new URL(request.url);
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0].trim();
  return `${proto === 'https' || proto === 'http' ? proto : seen.protocol.replace(':', '')}://${seen.host}${path}`;
}
