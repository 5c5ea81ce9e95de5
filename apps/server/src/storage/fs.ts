import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type StorageBody, StorageNotFound, type Storage, type StoredObject } from './storage.ts';

/**
 * Files under one private directory (`${DATA_DIR}/files`, never below the static directory). Whole
 * objects are written to `.tmp/` and renamed into place; appended objects grow in `.partial/` and
 * are renamed into place by seal. Keys cannot start with a dot, so neither folder can be addressed.
 */
export class FsStorage implements Storage {
  readonly kind = 'fs' as const;
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  private file(key: string) {
    return path.join(this.root, checkKey(key));
  }
  private partial(key: string) {
    return path.join(this.root, '.partial', checkKey(key));
  }

  async put(key: string, body: StorageBody): Promise<{ size: number }> {
    const final = this.file(key);
    const tmpDir = path.join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    const tmp = path.join(tmpDir, randomUUID());
    try {
      const source = body instanceof Uint8Array ? Readable.from([body]) : body;
      await pipeline(source, createWriteStream(tmp, { mode: 0o600 }));
      await mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
      await rename(tmp, final);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return { size: (await stat(final)).size };
  }

  async append(key: string, offset: number, chunk: Uint8Array): Promise<number> {
    const p = this.partial(key);
    await mkdir(path.dirname(p), { recursive: true, mode: 0o700 });
    const handle = await open(p, offset === 0 ? 'w' : 'r+', 0o600).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new Error(`append to ${key} at ${offset}: nothing appended yet`);
      throw err;
    });
    try {
      const { size } = await handle.stat();
      if (size < offset) throw new Error(`append to ${key} at ${offset}: only ${size} bytes there`);
      // Bytes past the offset come from a chunk whose upload was never acknowledged: replace them.
      if (size > offset) await handle.truncate(offset);
      let done = 0;
      while (done < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, done, chunk.length - done, offset + done);
        done += bytesWritten;
      }
      await handle.datasync();
      return offset + chunk.length;
    } finally {
      await handle.close();
    }
  }

  async seal(key: string): Promise<{ size: number }> {
    const p = this.partial(key);
    const final = this.file(key);
    try {
      await mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
      await rename(p, final);
    } catch (err) {
      // Sealed already (a retried request after the rename): the object is there.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const s = await this.stat(key);
    if (!s) throw new StorageNotFound(key);
    return { size: s.size };
  }

  async get(key: string): Promise<Readable> {
    const f = this.file(key);
    if (!(await this.stat(key))) throw new StorageNotFound(key);
    return createReadStream(f, { highWaterMark: 1 << 20 });
  }

  async read(key: string): Promise<Uint8Array> {
    // One allocation of the file's size filled by the file system, not a list of chunks joined
    // on the event loop (a raw genome file is ~15 MB).
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFound(key);
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.file(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
    await rm(this.partial(key), { force: true });
  }
}
