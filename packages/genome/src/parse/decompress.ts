import { Gunzip, Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { GenomeError } from '../types.ts';

/** Receives decompressed bytes in order; `end` is called once after the last chunk. */
export interface ByteSink {
  push(chunk: Uint8Array): void;
  end(): void;
}

export interface DecompressLimits {
  /** Cap on the bytes read from the stream (compressed size for archives). */
  maxInputBytes: number;
  /** Cap on the decompressed text (zip-bomb guard). */
  maxTextBytes: number;
}

export const DEFAULT_LIMITS: DecompressLimits = {
  maxInputBytes: 100 * 1024 * 1024,
  maxTextBytes: 2 * 1024 * 1024 * 1024,
};

export type Container = 'text' | 'gzip' | 'zip';

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Fails fast once the text grows past the cap, before it is all decompressed. */
function capped(sink: ByteSink, max: number): ByteSink {
  let total = 0;
  return {
    push(chunk) {
      total += chunk.length;
      if (total > max) throw new GenomeError('TOO_LARGE', `解压后的文件超过 ${MB(max)}，可能是压缩炸弹或并非原始数据文件`);
      sink.push(chunk);
    },
    end: () => sink.end(),
  };
}

/** fflate reports damaged archives with plain errors; the engine only throws GenomeError. */
function archiveError(err: unknown, what: string): GenomeError {
  if (err instanceof GenomeError) return err;
  return new GenomeError('BAD_ARCHIVE', `${what}文件已损坏或不完整`);
}

/** Zip entries that are not the data file: folders, macOS resource forks. */
function skippable(name: string): boolean {
  return name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').pop()?.startsWith('._') === true;
}

/**
 * Streams `input` through the decompressor its magic bytes call for (gzip 1f 8b, zip 'PK\3\4',
 * else text) into `sink`. For a zip, the first regular entry is read and the rest ignored.
 */
export async function decompressInto(
  input: AsyncIterable<Uint8Array>,
  sink: ByteSink,
  limits: DecompressLimits = DEFAULT_LIMITS,
): Promise<Container> {
  const out = capped(sink, limits.maxTextBytes);
  let container: Container | null = null;
  let feed: ((chunk: Uint8Array, final: boolean) => void) | null = null;
  let pending: Uint8Array = new Uint8Array(0);
  let inputBytes = 0;
  let zipFound = false;
  let zipEnded = false;

  const start = (head: Uint8Array) => {
    if (head[0] === 0x1f && head[1] === 0x8b) {
      container = 'gzip';
      // fflate does not notice every truncated stream, so the trailer's ISIZE (length mod 2^32
      // of the last member) is checked against what came out.
      let memberOut = 0;
      const tail = new Uint8Array(8);
      let tailLen = 0;
      const gz = new Gunzip((data) => {
        memberOut += data.length;
        out.push(data);
      });
      gz.onmember = () => {
        memberOut = 0;
      };
      feed = (chunk, final) => {
        try {
          gz.push(chunk, final);
        } catch (err) {
          throw archiveError(err, 'gzip ');
        }
        if (chunk.length >= 8) {
          tail.set(chunk.subarray(chunk.length - 8));
          tailLen = 8;
        } else if (chunk.length) {
          tail.copyWithin(0, chunk.length);
          tail.set(chunk, 8 - chunk.length);
          tailLen = Math.min(8, tailLen + chunk.length);
        }
        if (final) {
          const isize = tailLen === 8 ? new DataView(tail.buffer).getUint32(4, true) : -1;
          if (isize !== memberOut % 2 ** 32) throw new GenomeError('BAD_ARCHIVE', 'gzip 文件已损坏或不完整');
        }
      };
    } else if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
      container = 'zip';
      const uz = new Unzip((file: UnzipFile) => {
        if (zipFound || skippable(file.name)) return;
        zipFound = true;
        file.ondata = (err, data, final) => {
          if (err) throw archiveError(err, 'zip ');
          out.push(data);
          if (final) zipEnded = true;
        };
        try {
          file.start();
        } catch {
          throw new GenomeError('BAD_ARCHIVE', `zip 中的文件 ${file.name} 使用了不支持的压缩方式`);
        }
      });
      uz.register(UnzipInflate);
      feed = (chunk, final) => {
        try {
          uz.push(chunk, final);
        } catch (err) {
          throw archiveError(err, 'zip ');
        }
      };
    } else {
      container = 'text';
      feed = (chunk) => {
        if (chunk.length) out.push(chunk);
      };
    }
  };

  const feedNow = (chunk: Uint8Array, final: boolean) => (feed as (c: Uint8Array, f: boolean) => void)(chunk, final);
  for await (const raw of input) {
    const chunk = raw instanceof Uint8Array ? raw : new Uint8Array(raw as ArrayBuffer);
    inputBytes += chunk.length;
    if (container !== 'text' && inputBytes > limits.maxInputBytes) {
      throw new GenomeError('TOO_LARGE', `文件超过 ${MB(limits.maxInputBytes)}，无法处理`);
    }
    if (feed) {
      feedNow(chunk, false);
      continue;
    }
    // Magic bytes need four bytes; tiny first chunks are held back until then.
    const joined = new Uint8Array(pending.length + chunk.length);
    joined.set(pending);
    joined.set(chunk, pending.length);
    pending = joined;
    if (pending.length >= 4) {
      start(pending);
      feedNow(pending, false);
    }
  }
  if (!feed) {
    start(pending);
    feedNow(pending, false);
  }
  feedNow(new Uint8Array(0), true);
  if (container === 'zip') {
    if (!zipFound) throw new GenomeError('BAD_ARCHIVE', 'zip 压缩包里没有找到数据文件');
    if (!zipEnded) throw new GenomeError('BAD_ARCHIVE', 'zip 文件已损坏或不完整');
  }
  out.end();
  return container ?? 'text';
}
