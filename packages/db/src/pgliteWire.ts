/** Messages between the database client (pgliteThread.ts) and the embedded database's thread. */

export type Request =
  | {
      id: number;
      op: 'query';
      /** Set inside a transaction: the statement runs in it, after the ones sent before. */
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Type oids returned as the server's text (the callers' parsers are all identity ones). */
      raw: number[];
    }
  | { id: number; op: 'begin' | 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' | 'dump' };

export interface WireError {
  message: string;
  /** Postgres error fields (code, constraint, detail …). */
  fields: Record<string, unknown>;
}

export interface WireResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** `dump`: the answer to a dump, the database's files as a tar. */
export type Reply = { id: number; ok: true; result?: WireResult; dump?: Uint8Array } | { id: number; ok: false; error: WireError };

/** Unsolicited messages: a notification on a listened channel, and start-up done. */
export type Event = { notify: string; payload: string } | { ready: true; fromTemplate: boolean };
