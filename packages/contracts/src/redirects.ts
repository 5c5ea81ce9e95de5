import { fillPattern, matchPattern } from './pathPattern.ts';

/**
 * Legacy redirects of §2.5 as one table, tried in order. `to` is a pattern filled with the params
 * of `from`; the query string is kept by the caller. The last row is the general "drop /new" rule
 * (an old path goes to itself minus its first 4 characters).
 */
export interface RedirectRule {
  from: string;
  to: string;
  note: string;
}

const sampleTopics: [string, string][] = [
  ['drug', 'drugs'],
  ['trait', 'traits'],
  ['sport', 'fitness'],
  ['inherited', 'carrier-status'],
];

const webviewSamples: [string, string][] = [
  ['ancestry', 'ancestry'],
  ['disease', 'disease'],
  ['drug', 'drug'],
  ['hpv', 'hpv'],
  ['skin', 'skin'],
  ['trait', 'trait'],
  ['inherited', 'carrier-status'],
  ['sport', 'fitness'],
];

/** Report word swaps; each base also covers its detail pages. */
const reportSwaps: RedirectRule[] = [
  { from: '/report/trait', to: '/report/traits', note: 'trait → traits' },
  { from: '/report/trait/detail/:id', to: '/report/traits/detail/:id', note: 'trait → traits' },
  { from: '/report/trait/lock-detail/:id?', to: '/report/traits/lock-detail/:id?', note: 'trait → traits' },
  { from: '/report/inherit', to: '/report/carrier-status', note: 'inherit → carrier-status' },
  { from: '/report/inherit/detail/:id', to: '/report/carrier-status/detail/:id', note: 'inherit → carrier-status' },
  { from: '/report/gene-rs/protocol', to: '/report/gene-relatives/protocol', note: 'gene-rs protocol' },
  { from: '/report/gene-rs/tracing-service', to: '/ancestry/reunion', note: 'tracing service → reunion' },
  { from: '/report/gene-rs', to: '/report/gene-relatives', note: 'gene-rs → gene-relatives' },
  { from: '/report/gene-rs/detail', to: '/report/gene-relatives/detail', note: 'gene-rs → gene-relatives' },
  { from: '/report/gene-rs/detail/:id', to: '/report/gene-relatives/detail/:id', note: 'gene-rs → gene-relatives' },
  {
    from: '/report/ancestry/gene-distribution',
    to: '/report/ancestry/gene-relatives-distribution',
    note: 'gene distribution',
  },
  {
    from: '/report/ancestry/gene-distribution/city-list',
    to: '/report/ancestry/gene-relatives-distribution/city-list',
    note: 'gene distribution city list',
  },
];

export const REDIRECT_RULES: readonly RedirectRule[] = [
  { from: '/new/items', to: '/topics', note: 'fixed target' },
  ...sampleTopics.map(([old, topic]) => ({ from: `/new/sample/${old}`, to: `/topics/${topic}`, note: 'old sample page' })),
  { from: '/new/whitepaper', to: '/white-papers', note: 'fixed target' },
  { from: '/new/user/detection-persons', to: '/user/persons', note: 'fixed target' },
  { from: '/new/user/setting', to: '/user/settings', note: 'fixed target' },
  { from: '/new/notice/msg', to: '/user/messages', note: 'fixed target' },
  { from: '/new/notice/info', to: '/user/notices', note: 'fixed target' },
  { from: '/new/gene-data-import', to: '/import', note: 'fixed target' },
  { from: '/new/gene-data-import/chip', to: '/import/chip', note: 'fixed target' },
  { from: '/new/gene-data-import/yfull', to: '/import/yfull', note: 'fixed target' },
  { from: '/new/buy/cart', to: '/buy/standard/order', note: 'fixed target' },
  { from: '/new/buy/product-select', to: '/shop/gene/product-select', note: 'fixed target' },
  { from: '/new/shop/yfull', to: '/shop/yfull', note: 'fixed target' },
  { from: '/new/channel/group', to: '/shop/group', note: 'fixed target' },
  { from: '/new/protocol/irb', to: '/irb', note: 'fixed target' },
  { from: '/new/download/guide', to: '/app', note: 'fixed target' },
  ...reportSwaps.flatMap((r) => [{ ...r, from: `/new${r.from}` }, r]),
  ...webviewSamples.flatMap(([old, topic]) => [
    { from: `/new/webview/sample/${old}`, to: `/webview/topics/${topic}`, note: 'web-view sample' },
    { from: `/webview/sample/${old}`, to: `/webview/topics/${topic}`, note: 'web-view sample' },
  ]),
  { from: '/ancestry/seek-relatives', to: '/ancestry/reunion', note: 'relative finding' },
  { from: '/ancestry/seek-relatives/list', to: '/ancestry/reunion/list', note: 'relative finding' },
  { from: '/ancestry/seek-relatives/edit/:id', to: '/ancestry/reunion/edit/:id', note: 'relative finding' },
  { from: '/new/*', to: '/*', note: 'drop the /new prefix' },
];

/**
 * Answers by path: every page request, its root loader and each of the page's links (dozens) ask, and
 * walking the whole table each time was a few per cent of a server-rendered page.
 */
const resolved = new Map<string, string | null>();

/** The new path for a legacy path (without query), or null when the path is current. */
export function resolveLegacyRedirect(pathname: string): string | null {
  let to = resolved.get(pathname);
  if (to !== undefined) return to;
  to = null;
  for (const rule of REDIRECT_RULES) {
    const params = matchPattern(rule.from, pathname);
    if (params) {
      to = fillPattern(rule.to, params);
      break;
    }
  }
  // Bounded: paths come from visitors' URLs.
  if (resolved.size >= 2000) resolved.clear();
  resolved.set(pathname, to);
  return to;
}

/** Keeps the query string (and hash) of the original URL on the redirect target. */
export function redirectTarget(pathname: string, search: string): string | null {
  const to = resolveLegacyRedirect(pathname);
  return to === null ? null : `${to}${search}`;
}
