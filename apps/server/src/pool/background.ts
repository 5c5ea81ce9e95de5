import { getPriority, setPriority } from 'node:os';

/** How much nicer the compute and matching threads are than the thread that started them (the web thread). */
export const COMPUTE_NICENESS = 10;

/**
 * Lowers the scheduling priority of the calling thread only. On 2 cores, busy compute threads left the
 * event loop and the embedded database's thread waiting for a core, and every request waited with
 * them; niced, they take what the web side leaves and jobs lose nothing when it is idle. On Linux a
 * thread's priority is its own (setpriority on the calling thread's id, which libuv passes as 0); other
 * systems would lower the whole process, so they keep it.
 */
export function runInBackground(): void {
  if (process.platform !== 'linux') return;
  try {
    // A new thread starts at its creator's nice value; 19 is the lowest priority there is.
    setPriority(0, Math.min(19, getPriority(0) + COMPUTE_NICENESS));
  } catch {
    // A sandbox refusing it leaves the thread at normal priority: slower pages under load, nothing wrong.
  }
}
