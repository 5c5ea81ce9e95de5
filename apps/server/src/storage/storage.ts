import type { Readable } from 'node:stream';

/** What stat answers about a stored object. */
export interface StoredObject {
  size: number;
  modifiedAt: Date;
}

/** Bytes to store whole: a buffer, or a stream read to its end. */
export type StorageBody = Uint8Array | Readable | AsyncIterable<Uint8Array>;

/**
 * Private object storage for users' files (raw genetic data, PDFs). Keys are relative paths of
 * [A-Za-z0-9._-] segments. Nothing here is ever served statically: bytes leave only through routes
 * that check the owner.
 *
 * Resumable uploads write with `append` (the chunk at `offset`: whatever was there from `offset` on,
 * e.g. from a write whose bookkeeping never committed, is replaced) and `seal` once the last byte is
 * in; until sealed, the object is not visible to get/stat.
 */
export interface Storage {
  readonly kind: 'fs' | 's3';
  /** Stores the whole object atomically (readers see the old bytes or the new ones, never a part). */
  put(key: string, body: StorageBody): Promise<{ size: number }>;
  /** Writes a chunk of a not yet sealed object at `offset`; answers the object's size after it. */
  append(key: string, offset: number, chunk: Uint8Array): Promise<number>;
  /** Ends appending: the appended bytes become the object `key`. */
  seal(key: string): Promise<{ size: number }>;
  /** The object's bytes; throws StorageNotFound when there is none. */
  get(key: string): Promise<Readable>;
  /**
   * The whole object in one buffer of its own (a job hands it to a pool thread by transfer); throws
   * StorageNotFound when there is none.
   */
  read(key: string): Promise<Uint8Array>;
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object and any unsealed appended bytes; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export class StorageNotFound extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.name = 'StorageNotFound';
  }
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Refuses keys that could leave the storage root ('..', absolute paths, odd characters). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..') || key.length > 512) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}
