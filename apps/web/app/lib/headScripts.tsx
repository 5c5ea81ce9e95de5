import { useMatches } from 'react-router';

/**
 * A route's `handle` may name an inline script that must run before anything else on a first load (the
 * tree page's early tree call): the document puts it at the top of <head>, ahead of the stylesheets,
 * because a script after a stylesheet waits until that stylesheet has loaded.
 */
export interface HeadScriptHandle {
  /**
   * The script's text for the route's loader data (already safe inside <script>) and the address it fetches,
   * or null for none. The address is also preloaded: React puts preloads at the very top of <head> (the page's
   * ~100 module preloads among them), so the fetch is requested first instead of waiting, over HTTP/1.1's six
   * connections, behind the modules the browser found before the script ran.
   */
  headScript: (loaderData: unknown) => { text: string; fetches: string } | null;
}

export function HeadScripts() {
  const scripts = useMatches().flatMap((m) => {
    const script = (m.handle as Partial<HeadScriptHandle> | undefined)?.headScript?.(m.loaderData);
    return script ? [{ id: m.id, ...script }] : [];
  });
  return scripts.map((s) => [
    // The script's fetch takes this response when its mode and credentials match (cors, same-origin).
    <link key={`${s.id}-preload`} rel="preload" as="fetch" href={s.fetches} crossOrigin="anonymous" fetchPriority="high" />,
    // biome-ignore lint/security/noDangerouslySetInnerHtml: route-provided inline scripts, escaped by their route (HeadScriptHandle)
    <script key={s.id} dangerouslySetInnerHTML={{ __html: s.text }} />,
  ]);
}
