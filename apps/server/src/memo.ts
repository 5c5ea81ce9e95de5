/**
 * Values by key, kept in memory for at most `maxAgeMs` and computed once however many callers wait
 * for one. Keys may come from visitors' requests, so at most `maxEntries` are kept (the oldest goes
 * first). A failed computation is not kept; clear() drops every value, and one still being computed
 * then is not kept either, so a value read before a change never comes back after it.
 */
export class MemoCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;

  constructor(maxAgeMs: number, maxEntries: number) {
    this.maxAgeMs = maxAgeMs;
    this.maxEntries = maxEntries;
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.maxAgeMs) return hit.value;
    if (!hit && this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    const entry = { at: now, value: compute() };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }
}
