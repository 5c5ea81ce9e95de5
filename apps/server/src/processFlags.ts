/**
 * V8 flags of a server process, set when this module is evaluated: import it first, before any other
 * module of the process runs. V8's flags are the process's (every thread's), and turning Maglev OSR off
 * while a Maglev OSR compile was pending crashed the process (`Check failed: v8_flags.maglev_osr`, a test
 * process that had built an app's compute pool after running hot loops): set here, nothing is pending yet.
 */
import { setFlagsFromString } from 'node:v8';

// A heap may grow to twice what was live at its last full collection before the next. With V8's own factor
// (~1.8 here) the web thread's ~95 MB heap started marking again right after each full collection while files
// were uploaded: 18 full collections per 10 uploads, 6 with this; the uploads ~15 % sooner, the peak memory unchanged.
setFlagsFromString('--heap-growing-percent=100');
// The engine's steps are each called once per import around a loop over ~600,000 calls, so V8 compiles them on
// the stack (OSR). Through Maglev it did so again on every import, its OSR code not kept from one import to the
// next: ~45 compiles and ~0.1 s of compiler-thread CPU per import, beside the pool's threads. Without Maglev OSR
// they settle on TurboFan code (~12 compiles). The web thread's rarely-run loops skip Maglev OSR too.
setFlagsFromString('--no-maglev-osr');
