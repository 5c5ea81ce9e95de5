import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoCache } from '../src/memo.ts';

/** A computation the test settles by hand, counting how often it was started. */
function deferred<V>() {
  let calls = 0;
  const pending: { resolve: (v: V) => void; reject: (e: Error) => void }[] = [];
  const compute = () => {
    calls++;
    return new Promise<V>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { compute, pending, calls: () => calls };
}

describe('MemoCache', () => {
  afterEach(() => vi.useRealTimers());

  it('computes a key once for every caller waiting on it, and again only after its age runs out', async () => {
    vi.useFakeTimers({ now: 0 });
    const memo = new MemoCache<string>(1000, 10);
    const d = deferred<string>();
    const a = memo.get('k', d.compute);
    const b = memo.get('k', d.compute);
    d.pending[0].resolve('one');
    expect([await a, await b]).toEqual(['one', 'one']);
    vi.setSystemTime(999);
    expect(await memo.get('k', d.compute)).toBe('one');
    expect(d.calls()).toBe(1);
    vi.setSystemTime(1000);
    const c = memo.get('k', d.compute);
    d.pending[1].resolve('two');
    expect(await c).toBe('two');
    expect(d.calls()).toBe(2);
  });

  it('keeps no failed value: the next caller computes again', async () => {
    const memo = new MemoCache<string>(60_000, 10);
    await expect(memo.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await memo.get('k', async () => 'back')).toBe('back');
  });

  it('after clear(), a value still being computed is not served to later callers', async () => {
    const memo = new MemoCache<string>(60_000, 10);
    const d = deferred<string>();
    const before = memo.get('k', d.compute);
    memo.clear();
    const after = memo.get('k', d.compute);
    d.pending[0].resolve('stale');
    d.pending[1].resolve('fresh');
    expect(await before).toBe('stale');
    expect(await after).toBe('fresh');
    expect(await memo.get('k', d.compute)).toBe('fresh');
  });

  it('holds at most maxEntries keys, dropping the oldest, however many keys callers make up', async () => {
    const memo = new MemoCache<number>(60_000, 3);
    let computed = 0;
    const value = async () => ++computed;
    for (let i = 0; i < 1000; i++) await memo.get(`forged-${i}`, value);
    expect(computed).toBe(1000);
    // The three newest are kept; an older one is computed again.
    for (const k of ['forged-997', 'forged-998', 'forged-999']) await memo.get(k, value);
    expect(computed).toBe(1000);
    await memo.get('forged-0', value);
    expect(computed).toBe(1001);
  });
});
