import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '@jiyin/contracts/constants';

const STORAGE_KEY = 'chunk-reload-at';

/** Messages browsers give when a code-split chunk of an older deploy is gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reloads the page after a chunk failed to load (a new deploy replaced it), at most once per minute
 * so a broken deploy cannot loop (§8). Returns whether it reloaded.
 */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage,
  reload: () => void = () => window.location.reload(),
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_MIN_INTERVAL_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}
