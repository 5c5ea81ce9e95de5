import { getPriority, setPriority } from 'node:os';

/**
 * How much nicer the compute and matching threads are than the thread that started them (the web thread):
 * COMPUTE_NICENESS, 0–19, default 10. The test harness sets 0: there the test driver, Chromium and the
 * database compete with the server at normal priority, and niced threads starved behind them made every
 * job-waiting test slower (imports.test.ts beside two CPU hogs: 63 s niced, 50 s not).
 */
export function computeNiceness(value = process.env.COMPUTE_NICENESS): number {
  const n = Number(value ?? 10);
  return Number.isInteger(n) && n >= 0 && n <= 19 ? n : 10;
}

/**
 * Lowers the scheduling priority of the calling thread only. On 2 cores, busy compute threads left the
 * event loop and the embedded database's thread waiting for a core, and every request waited with
 * them; niced, they take what the web side leaves and jobs lose nothing when it is idle. On Linux a
 * thread's priority is its own (setpriority on the calling thread's id, which libuv passes as 0); other
 * systems would lower the whole process, so they keep it.
 */
export function runInBackground(): void {
  const niceness = computeNiceness();
  if (process.platform !== 'linux' || niceness === 0) return;
  try {
    // A new thread starts at its creator's nice value; 19 is the lowest priority there is.
    setPriority(0, Math.min(19, getPriority(0) + niceness));
  } catch {
    // A sandbox refusing it leaves the thread at normal priority: slower pages under load, nothing wrong.
  }
}
