import type { Envelope } from '@jiyin/contracts/envelope';
import type { TreeDataView } from '@jiyin/contracts/treesApi';
import type { TreeWire } from '@jiyin/contracts/treeWire';
import { REQUEST_TIMEOUT_MS } from '@jiyin/contracts/constants';
import type { SignKeys } from '@jiyin/contracts/signing';
import { decodeTreeAnswer, treeRequest } from '../../lib/api/trees.ts';
import { signedSearch } from '../../lib/api/transport.ts';

/**
 * The tree call of a page's first load, started by an inline script at the top of <head> (HeadScripts): it runs
 * while the page's scripts download and hydrate instead of after them. The server loader signs the
 * call (§7.1) as the browser transport would; the page takes the answer once, by tree and mode.
 */
export interface EarlyTree {
  key: string;
  url: string;
}

const GLOBAL = '__earlyTree';
type Slot = { key: string; answer: Promise<Envelope<TreeWire> | null> };

export const earlyTreeKey = (treeId: string, browse: boolean) => `${treeId}:${browse ? 'browse' : 'own'}`;

/**
 * The inline script's text; `<` is escaped so nothing in it can close the script element. The call is the
 * one the page preloads (HeadScripts): no headers of its own, so the browser hands it the preloaded response.
 */
export function earlyTreeScript(e: EarlyTree): string {
  const js = `window.${GLOBAL}={key:${JSON.stringify(e.key)},answer:fetch(${JSON.stringify(e.url)},{credentials:'same-origin',priority:'high',signal:AbortSignal.timeout(${REQUEST_TIMEOUT_MS})}).then(function(r){return r.json()}).catch(function(){return null})}`;
  return js.replace(/</g, '\\u003c');
}

/** The early answer for this tree and mode, once (null when there is none: the page calls as usual). */
export function takeEarlyTree(key: string): Promise<Envelope<TreeDataView> | null> | null {
  const w = window as unknown as Record<string, Slot | undefined>;
  const slot = w[GLOBAL];
  w[GLOBAL] = undefined;
  if (slot?.key !== key) return null;
  return slot.answer.then((res) => (res && typeof res.code === 'number' ? decodeTreeAnswer(res) : null));
}

/** Signs the tree call for the inline script (server loader): the same call the browser transport makes. */
export async function signEarlyTree(treeId: string, browse: boolean, keys: SignKeys): Promise<EarlyTree> {
  const req = treeRequest(treeId, browse);
  const search = await signedSearch({ method: req.method, path: req.path, query: req.query, body: null, keys, nowMs: Date.now() });
  return { key: earlyTreeKey(treeId, browse), url: `/proxy${req.path}?${search}` };
}
