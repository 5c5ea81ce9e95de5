import path from 'node:path';
import type { Config } from '../config.ts';
import { FsStorage } from './fs.ts';
import type { Storage } from './storage.ts';

export { checkKey, type Storage, type StorageBody, StorageNotFound, type StoredObject } from './storage.ts';
export { FsStorage } from './fs.ts';

/** The configured storage: files under `${DATA_DIR}/files`, or an S3-compatible bucket (STORAGE=s3). */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.storage.kind === 's3') {
    // Loaded only when chosen: the SDK is large and most installs keep files on disk.
    const { S3Storage } = await import('./s3.ts');
    return new S3Storage(config.storage);
  }
  return new FsStorage(path.join(config.dataDir, 'files'));
}
