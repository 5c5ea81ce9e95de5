import { readdirSync, readFileSync } from 'node:fs';
import { GenomeError } from '@jiyin/genome';
import { Registry } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
import { computeNiceness } from '../src/pool/background.ts';
import { ComputePool, genomeErrorOf } from '../src/pool/index.ts';

/** A thread's nice value: field 19 of its stat line (fields counted after the name, which may hold spaces). */
const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
const threadNices = () => readdirSync('/proc/self/task').map((tid) => niceOf(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));

/**
 * The pool's own contract (imports.test.ts and the others run whole imports, PDFs and matches
 * through it): bytes move to the thread, refusals come back as the engine's errors, and /metrics
 * shows it. One pool of one thread: a thread's start (loading the engine) is paid once.
 */
describe('compute pool', () => {
  // The production default; the test harness runs every other file at 0 (background.ts says why).
  process.env.COMPUTE_NICENESS = '10';
  const registry = new Registry();
  const pool = new ComputePool(1, registry);
  afterAll(() => pool.close());

  it("moves the bytes to the thread and answers the engine's refusals as its GenomeError", async () => {
    const file = new TextEncoder().encode('# rsid\tchromosome\tposition\tgenotype\n这不是基因数据\n');
    const out = await pool.importFile(file, null);
    // Moved, not copied: the caller's buffer is gone.
    expect(file.byteLength).toBe(0);
    if (!('refused' in out)) throw new Error('a file without genotypes was imported');
    expect(out.refused.kind).toBe('genome');
    const err = genomeErrorOf(out);
    expect(err).toBeInstanceOf(GenomeError);
    expect(err).toMatchObject({ code: out.refused.code, message: out.refused.message });
    expect(err.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('copies bytes that share their buffer, leaving the caller its data', async () => {
    const shared = new Uint8Array(64).fill(65);
    const view = shared.subarray(8, 40);
    const out = await pool.importFile(view, null);
    expect('refused' in out).toBe(true);
    expect(shared.byteLength).toBe(64);
    expect(view[0]).toBe(65);
  });

  // Under load the compute threads must leave the cores to the web thread and the database thread first.
  it.runIf(process.platform === 'linux')('runs its threads at a lower priority than the thread that serves requests', () => {
    const mine = niceOf(readFileSync('/proc/self/stat', 'utf8'));
    const lowered = Math.min(19, mine + computeNiceness());
    expect(lowered).toBeGreaterThan(mine);
    // The pool's one thread, started by the tests above; this thread and every other one keep their priority.
    expect(threadNices().filter((n) => n === lowered)).toHaveLength(1);
    expect(threadNices().filter((n) => n !== lowered && n !== mine)).toEqual([]);
  });

  it('shows its threads, queue and task durations per kind on /metrics', async () => {
    const text = await registry.metrics();
    expect(text).toContain('pool_threads{state="max"} 1');
    expect(text).toContain('pool_threads{state="started"} 1');
    expect(text).toContain('pool_threads{state="busy"} 0');
    expect(text).toContain('pool_task_duration_seconds_count{kind="importFile",outcome="ok"} 2');
    expect(text).toContain('pool_queue_length 0');
  });
});
