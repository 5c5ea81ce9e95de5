import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  /** Path inside the archive (UTF-8; Chinese names are fine). */
  name: string;
  data: Uint8Array | AsyncIterable<Uint8Array>;
  /** Deflate it; already compressed files (.gz, .zip) are stored as they are. */
  compress: boolean;
  mtime?: Date;
}

/**
 * A zip archive as a stream, built entry by entry while it is read: large files (raw genetic data
 * up to 100 MB each) pass through in chunks and are never held in memory whole.
 */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): Readable {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, data) => {
      if (err) failure = err;
      else out.push(data);
    });
    function* drain() {
      if (failure) throw failure;
      while (out.length) yield out.shift() as Uint8Array;
    }
    for await (const e of entries) {
      const file = e.compress ? new ZipDeflate(e.name, { level: 6 }) : new ZipPassThrough(e.name);
      if (e.mtime) file.mtime = e.mtime;
      zip.add(file);
      const parts = e.data instanceof Uint8Array ? [e.data] : e.data;
      for await (const part of parts) {
        file.push(part, false);
        yield* drain();
      }
      file.push(new Uint8Array(0), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
  return Readable.from(chunks(), { objectMode: false });
}
