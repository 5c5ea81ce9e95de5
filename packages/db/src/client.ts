import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { byteaToHex } from './pgliteBytea.ts';
import { createPGlite, isNewDataDir, saveTemplate, templatePath } from './pgliteTemplate.ts';
import { ThreadedPGlite } from './pgliteThread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The Postgres connection string (postgres only): services with their own connections use it (pg-boss). */
  url?: string;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * LISTEN on a channel; `pg_notify` from any process (or from this one) reaches `onPayload` once its
   * transaction commits. Resolves to the way to stop listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Postgres only: the output of `COPY (query) TO STDOUT (FORMAT binary)`, whole, as the chunks it
   * came in (copyBinary.ts reads them). Large bytea come as their bytes: the text protocol sends them
   * as hex, twice the size, decoded on the event loop. `query` cannot take parameters (COPY has none):
   * quote values with sqlLiteral.
   */
  copyBinaryOut?(query: string): Promise<Uint8Array[]>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/**
 * Postgres when `url` is given (DATABASE_URL), else PGlite: embedded Postgres in `dataDir`, or in
 * memory when `dataDir` is 'memory://' (tests). Both run the same migrations. `thread`: PGlite runs
 * on a worker thread of its own (the server: its SQL then never blocks the event loop). `poolSize`:
 * the Postgres connections for queries (10 unless said; LISTEN takes one more of its own).
 */
export async function openDatabase(opts: { url?: string; poolSize?: number; dataDir: string; thread?: boolean }): Promise<Database> {
  if (opts.url) {
    const client = postgres(opts.url, { max: opts.poolSize ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      migrate: () => migrateLocked(opts.url as string),
      ping: () => ping(db),
      // postgres.js keeps one dedicated connection for LISTEN and re-listens after a reconnect.
      listen: async (channel, onPayload) => {
        const { unlisten } = await client.listen(channel, onPayload);
        return unlisten;
      },
      copyBinaryOut: async (query) => {
        const stream = await client.unsafe(`copy (${query}) to stdout (format binary)`).readable();
        // Read in flowing mode: postgres.js (3.4) pauses the connection's socket when the stream's
        // buffer fills and, if that happens on the last chunk, never resumes it, so the pooled
        // connection hangs on its next query (porsager/postgres#499). Flowing, the buffer never fills.
        const chunks: Uint8Array[] = [];
        await new Promise<void>((resolve, reject) => {
          stream.on('data', (c: Uint8Array) => chunks.push(c));
          stream.on('end', resolve);
          stream.on('error', reject);
        });
        return chunks;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (!opts.dataDir.startsWith('memory://')) mkdirSync(opts.dataDir, { recursive: true });
  // A new database starts from the kept copy of a migrated one when there is one (pgliteTemplate.ts);
  // else from initdb, and its own files become that copy once migrated.
  const template = isNewDataDir(opts.dataDir) ? templatePath(MIGRATIONS_DIR) : null;
  const opened = opts.thread
    ? await ThreadedPGlite.open(opts.dataDir, template)
    : // PGlite's own bytea parser walks the hex text two characters at a time (~9 ms for a 150 KB packed
      // genome); Node's hex decoder does it natively, 17 times faster, which a matching scan needs.
      await createPGlite(opts.dataDir, template, {
        parsers: { [types.BYTEA]: (hex: string) => Buffer.from(hex.slice(2), 'hex') },
        serializers: { [types.BYTEA]: byteaToHex },
      });
  const client = opened.pg as PGlite;
  let keepAsTemplate = template !== null && !opened.fromTemplate;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
      // Callers migrate first thing, so a database made by initdb holds only its migrations here.
      if (!template || !keepAsTemplate) return;
      keepAsTemplate = false;
      try {
        saveTemplate(template, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
      } catch {
        // Only a start-up cost: without the copy the next new database runs initdb again.
      }
    },
    ping: () => ping(db),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      // Closing the database ends its listeners: once it is closed there is nothing left to unlisten.
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

/** Any number key shared by every process of the product: migrations run one process at a time. */
const MIGRATION_LOCK = 7_424_031;

/**
 * Migrates under a session advisory lock on one dedicated connection, so web and worker processes
 * starting together on one Postgres never run the same migration twice.
 */
async function migrateLocked(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end({ timeout: 5 });
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
