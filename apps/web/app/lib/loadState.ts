import { useSyncExternalStore } from 'react';

/**
 * Whether the last page load failed, for the page-load bar (§2.6: it turns red on failure). Error
 * views report failures here; a new navigation clears it.
 */
let failedAt = 0;
const listeners = new Set<() => void>();

export function reportLoadFailure() {
  failedAt = Date.now();
  for (const l of listeners) l();
}

export function useLoadFailedAt(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => failedAt,
    () => 0,
  );
}
