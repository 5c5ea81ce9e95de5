/**
 * Loops over a whole file run slice by slice through module-level step functions.
 *
 * A loop over a file's 600,000 calls, in a function called once per file, runs as V8's on-stack-
 * replacement code, and V8 drops that code at every full garbage collection (about one per import):
 * each import compiled some 40 such loops anew, ~100 ms of compiler-thread CPU per file beside the
 * import's own ~700 ms. A step called once per slice is optimized as an ordinary function, whose code
 * the function keeps from file to file. Steps must be module-level functions, not closures: a new
 * closure per file would start without that code again.
 */

/**
 * Items per slice: the call costs nothing against its loop, and even a loop over a haplogroup tree's
 * ~15,000 markers makes a few calls, enough for V8 to optimize its step as a function.
 */
const SLICE = 4096;

/** Runs `step(ctx, from, to)` over [0, n) in slices, in order; answers `ctx` (state the steps carry). */
export function inSlices<C>(n: number, ctx: C, step: (ctx: C, from: number, to: number) => void): C {
  for (let from = 0; from < n; from += SLICE) step(ctx, from, Math.min(n, from + SLICE));
  return ctx;
}
