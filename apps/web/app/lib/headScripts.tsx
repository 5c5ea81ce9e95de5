import { useMatches } from 'react-router';

/**
 * A route's `handle` may name an inline script that must run before anything else on a first load (the
 * tree page's early tree call): the document puts it at the very top of <head>, ahead of the stylesheets
 * and module preloads, because a script after a stylesheet waits until that stylesheet has loaded.
 */
export interface HeadScriptHandle {
  /** The script's text for the route's loader data (already safe inside <script>), or null for none. */
  headScript: (loaderData: unknown) => string | null;
}

export function HeadScripts() {
  const scripts = useMatches().flatMap((m) => {
    const text = (m.handle as Partial<HeadScriptHandle> | undefined)?.headScript?.(m.loaderData);
    return text ? [{ id: m.id, text }] : [];
  });
  return scripts.map((s) => (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: route-provided inline scripts, escaped by their route (HeadScriptHandle)
    <script key={s.id} dangerouslySetInnerHTML={{ __html: s.text }} />
  ));
}
