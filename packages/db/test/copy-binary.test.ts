import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { copyText, copyTimestampMs, readCopyBinary, sqlLiteral } from '../src/copyBinary.ts';
import { testDatabaseTargets } from '../src/testing.ts';

/** `bytes` in pieces of the given sizes (a socket splits rows and fields anywhere). */
function pieces(bytes: Uint8Array, sizes: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const n = sizes[i % sizes.length];
    out.push(bytes.subarray(at, at + n));
    at += n;
  }
  return out;
}

describe('binary COPY reading', () => {
  it('reads rows split anywhere across chunks, nulls included', async () => {
    const blob = randomBytes(5000);
    const field = (b: Uint8Array | null) => {
      const len = Buffer.alloc(4);
      len.writeInt32BE(b ? b.length : -1);
      return b ? [len, b] : [len];
    };
    const row = (...fields: (Uint8Array | null)[]) => {
      const count = Buffer.alloc(2);
      count.writeInt16BE(fields.length);
      return [count, ...fields.flatMap(field)];
    };
    const trailer = Buffer.alloc(2);
    trailer.writeInt16BE(-1);
    const ext = Buffer.from([0, 0, 0, 0, 0, 0, 0, 3, 9, 9, 9]); // flags, then a 3-byte header extension
    const all = Buffer.concat([
      Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
      ext,
      ...row(Buffer.from('条码一'), blob),
      ...row(Buffer.from('b2'), null),
      trailer,
    ]);
    for (const sizes of [[all.length], [1], [7, 3, 4096], [13]]) {
      const rows = readCopyBinary(pieces(all, sizes));
      expect(rows.map((r) => copyText(r[0]))).toEqual(['条码一', 'b2']);
      expect(Buffer.from(rows[0][1] as Uint8Array).equals(blob)).toBe(true);
      // Each field owns its buffer, so it can be moved to a thread.
      expect((rows[0][1] as Uint8Array).buffer.byteLength).toBe(blob.length);
      expect(rows[1][1]).toBeNull();
    }
    expect(() => readCopyBinary(pieces(all.subarray(0, all.length - 3), [64]))).toThrow(/ends inside a row/);
    expect(() => readCopyBinary(pieces(Buffer.from('not copy output'), [64]))).toThrow(/not binary COPY/);
  });

  it('quotes literals whatever they hold', () => {
    expect(sqlLiteral("a'b\\c")).toBe("E'a''b\\\\c'");
    expect(() => sqlLiteral('a\0b')).toThrow();
  });

  const postgres = testDatabaseTargets().find((t) => t.name === 'postgres');
  it.skipIf(!postgres)('reads bytea, text and timestamptz from Postgres as the text protocol does', async () => {
    const database = await (postgres as NonNullable<typeof postgres>).open();
    try {
      const blob = randomBytes(2_000_000);
      await database.db.execute(sql`create table probe (id text primary key, b bytea, at timestamptz)`);
      await database.db.execute(sql`insert into probe values (${"it's"}, ${blob}, '2026-11-26 07:50:07.973927+00'), ('x', null, now())`);
      const copy = database.copyBinaryOut as NonNullable<typeof database.copyBinaryOut>;
      const query = `select id, b, at from probe where id in (${["it's", 'x'].map(sqlLiteral).join(', ')}) order by id`;
      // More rounds than the pool has connections: each connection, after a COPY, still answers queries.
      for (let round = 0; round < 12; round++) {
        await copy(query);
        await database.db.execute(sql`select 1`);
      }
      const rows = readCopyBinary(await copy(query));
      const text = (await database.db.execute(sql`select id, at from probe order by id`)) as unknown as { id: string; at: string }[];
      expect(rows.map((r) => copyText(r[0]))).toEqual(["it's", 'x']);
      expect(Buffer.from(rows[0][1] as Uint8Array).equals(blob)).toBe(true);
      expect(rows[1][1]).toBeNull();
      expect(rows.map((r) => copyTimestampMs(r[2]))).toEqual(text.map((r) => new Date(r.at).getTime()));
      expect(copyTimestampMs(rows[0][2]) as number).toBe(Date.UTC(2026, 10, 26, 7, 50, 7, 973));
    } finally {
      await database.close();
    }
  });
});
