import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseRawStream } from '../src/parse/index.ts';
import { GenomeError } from '../src/types.ts';

const FIX = new URL('./fixtures/raw/', import.meta.url);
const fixtures = readdirSync(FIX).map((name) => ({ name, bytes: new Uint8Array(readFileSync(new URL(name, FIX))) }));

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

const GARBAGE = [0, 9, 10, 13, 34, 35, 44, 45, 46, 48, 65, 0xff, 0xfe, 0xc3, 0x1f, 0x8b, 0x50, 0x4b];

/** One random mutation: byte flips, dropped or repeated lines, a truncation, or inserted garbage. */
function mutate(src: Uint8Array, r: () => number): Uint8Array {
  const b = Array.from(src);
  const kind = Math.floor(r() * 5);
  const at = () => Math.floor(r() * (b.length + 1));
  if (kind === 0) {
    for (let i = 0, n = 1 + Math.floor(r() * 8); i < n && b.length; i++) b[Math.floor(r() * b.length)] = Math.floor(r() * 256);
  } else if (kind === 1) {
    const text = new TextDecoder().decode(src).split('\n');
    const keep = text.filter(() => r() > 0.2);
    if (r() < 0.5 && keep.length) keep.splice(Math.floor(r() * keep.length), 0, keep[Math.floor(r() * keep.length)]);
    return new TextEncoder().encode(keep.join('\n'));
  } else if (kind === 2) {
    return src.subarray(0, Math.floor(r() * src.length));
  } else if (kind === 3) {
    const ins = Array.from({ length: 1 + Math.floor(r() * 16) }, () => GARBAGE[Math.floor(r() * GARBAGE.length)]);
    b.splice(at(), 0, ...ins);
  } else {
    for (let i = 0, n = 1 + Math.floor(r() * 4); i < n && b.length; i++) b.splice(Math.floor(r() * b.length), 1 + Math.floor(r() * 20));
  }
  return Uint8Array.from(b);
}

async function* chunks(b: Uint8Array, r: () => number): AsyncIterable<Uint8Array> {
  const size = 1 + Math.floor(r() * 300);
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

type Outcome = 'ok' | 'typed';

async function outcome(bytes: Uint8Array, r: () => number, label: string): Promise<Outcome> {
  try {
    await parseRawStream(chunks(bytes, r));
    return 'ok';
  } catch (e) {
    if (e instanceof GenomeError) return 'typed';
    throw new Error(`${label}: untyped ${e instanceof Error ? e.stack : String(e)}`);
  }
}

describe('fuzz: every outcome is a parse or a GenomeError', () => {
  const ROUNDS = 120;
  for (const container of ['text', 'gzip', 'zip'] as const) {
    it(`${container}: ${fixtures.length} fixtures × ${ROUNDS} mutations`, async () => {
      const counts = { ok: 0, typed: 0 };
      for (const [fi, f] of fixtures.entries()) {
        for (let i = 0; i < ROUNDS; i++) {
          const seed = (fi + 1) * 100_003 + i * 7 + container.length;
          const r = rng(seed);
          let bytes: Uint8Array;
          if (container === 'text') bytes = mutate(f.bytes, r);
          else {
            const inner = r() < 0.5 ? mutate(f.bytes, r) : f.bytes;
            const packed = container === 'gzip' ? gzipSync(inner) : zipSync({ [f.name]: inner });
            bytes = r() < 0.7 ? mutate(packed, r) : packed;
          }
          counts[await outcome(bytes, r, `${container} ${f.name} seed ${seed}`)]++;
        }
      }
      // Both kinds of outcome must occur, or the mutations are not exercising anything.
      expect(counts.ok).toBeGreaterThan(50);
      expect(counts.typed).toBeGreaterThan(50);
    });
  }
});
