/** Small seeded PRNG (sfc32 seeded through splitmix32), so every simulation is reproducible. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** Poisson-distributed count with the given mean. */
  poisson(mean: number): number;
  /** Exponential with the given mean. */
  exp(mean: number): number;
  /** A new independent stream derived from this one. */
  fork(): Rng;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRng(seed: number): Rng {
  const sm = splitmix32(seed);
  let a = sm();
  let b = sm();
  let c = sm();
  let d = sm();
  const u32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) u32();
  const next = () => u32() / 4294967296;
  const rng: Rng = {
    next,
    int: (n) => Math.floor(next() * n),
    poisson(mean) {
      // Knuth for small means (crossovers per chromosome are < 5); normal approximation above 30.
      if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gauss(next)));
      const l = Math.exp(-mean);
      let k = 0;
      let p = next();
      while (p > l) {
        k++;
        p *= next();
      }
      return k;
    },
    exp: (mean) => -mean * Math.log(1 - next()),
    fork: () => createRng(u32()),
  };
  return rng;
}

function gauss(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}
