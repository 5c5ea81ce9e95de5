/**
 * Reading Postgres's binary COPY format (`COPY … TO STDOUT (FORMAT binary)`, Database.copyBinaryOut):
 * a signature, then per row a field count and each field as its length and bytes (-1 for null),
 * then -1. https://www.postgresql.org/docs/15/sql-copy.html#id-1.9.3.55.9.4
 */

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // PGCOPY\n\377\r\n\0

/** A value as a string literal for a query that cannot take parameters (E'' quoting: any setting of standard_conforming_strings). */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('a SQL literal cannot hold NUL');
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** Bytes read across the stream's chunks, each field copied out once into bytes of its own. */
class Reader {
  private readonly chunks: Uint8Array[];
  private chunk = 0;
  private at = 0;
  constructor(chunks: Uint8Array[]) {
    this.chunks = chunks;
  }

  /** The next `n` bytes in an array that owns its buffer (so it can be transferred to a thread). */
  take(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      const c = this.chunks[this.chunk];
      if (!c) throw new Error('binary COPY output ends inside a row');
      const part = Math.min(n - filled, c.length - this.at);
      out.set(c.subarray(this.at, this.at + part), filled);
      filled += part;
      this.at += part;
      if (this.at === c.length) {
        this.chunk++;
        this.at = 0;
      }
    }
    return out;
  }

  int(bytes: 2 | 4): number {
    const b = this.take(bytes);
    const view = new DataView(b.buffer);
    return bytes === 2 ? view.getInt16(0) : view.getInt32(0);
  }
}

/** The rows of a binary COPY, each field's bytes as sent (null for NULL); decode them with the helpers below. */
export function readCopyBinary(chunks: Uint8Array[]): (Uint8Array | null)[][] {
  const r = new Reader(chunks);
  const signature = r.take(SIGNATURE.length);
  if (SIGNATURE.some((b, i) => signature[i] !== b)) throw new Error('not binary COPY output');
  r.int(4); // flags: no OIDs (bit 16) since Postgres 12
  r.take(r.int(4)); // header extension
  const rows: (Uint8Array | null)[][] = [];
  for (;;) {
    const fields = r.int(2);
    if (fields === -1) return rows;
    const row: (Uint8Array | null)[] = [];
    for (let f = 0; f < fields; f++) {
      const length = r.int(4);
      row.push(length === -1 ? null : r.take(length));
    }
    rows.push(row);
  }
}

/** A text field. */
export function copyText(field: Uint8Array | null): string | null {
  return field && Buffer.from(field.buffer, field.byteOffset, field.length).toString('utf8');
}

/** A timestamptz field as milliseconds since 1970 (microseconds since 2000 on the wire; truncated as Date parses text). */
export function copyTimestampMs(field: Uint8Array | null): number | null {
  if (!field) return null;
  const us = new DataView(field.buffer, field.byteOffset, 8).getBigInt64(0);
  return Math.floor(Number(us) / 1000) + Date.UTC(2000, 0, 1);
}
