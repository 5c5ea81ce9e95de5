import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { checkKey, type StorageBody, StorageNotFound, type Storage, type StoredObject } from './storage.ts';

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/** S3 multipart parts must be at least 5 MiB (all but the last); 8 MiB keeps the part count low. */
const PART_BYTES = 8 * 1024 * 1024;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket (AWS, MinIO, OSS, COS…; path-style addressing so any endpoint works).
 * S3 cannot append, so each appended chunk is its own object under `.parts/<key>/<offset>` and seal
 * streams them, in order, into one multipart upload of `key`. Objects are private (no ACL given).
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(s: S3Settings) {
    this.bucket = s.bucket;
    this.client = new S3Client({
      endpoint: s.endpoint,
      region: s.region,
      forcePathStyle: Boolean(s.endpoint),
      credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
    });
  }

  private partsPrefix(key: string) {
    return `.parts/${checkKey(key)}/`;
  }

  /** The appended chunks of `key`, in offset order. */
  private async parts(key: string): Promise<{ key: string; offset: number; size: number }[]> {
    const prefix = this.partsPrefix(key);
    const out: { key: string; offset: number; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        if (o.Key) out.push({ key: o.Key, offset: Number(o.Key.slice(prefix.length)), size: o.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => a.offset - b.offset);
  }

  /** Streams bytes into `key` as one multipart upload (or one PUT when small): visible only when complete. */
  private async upload(key: string, body: AsyncIterable<Uint8Array>): Promise<number> {
    let buffered: Buffer[] = [];
    let bufferedBytes = 0;
    let total = 0;
    let uploadId: string | undefined;
    const etags: { ETag: string | undefined; PartNumber: number }[] = [];
    const flush = async () => {
      const part = Buffer.concat(buffered);
      buffered = [];
      bufferedBytes = 0;
      if (!uploadId) {
        const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
        uploadId = created.UploadId;
      }
      const n = etags.length + 1;
      const r = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: n, Body: part }),
      );
      etags.push({ ETag: r.ETag, PartNumber: n });
    };
    try {
      for await (const chunk of body) {
        buffered.push(Buffer.from(chunk));
        bufferedBytes += chunk.length;
        total += chunk.length;
        if (bufferedBytes >= PART_BYTES) await flush();
      }
      if (!uploadId) {
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: Buffer.concat(buffered) }));
        return total;
      }
      if (bufferedBytes > 0) await flush();
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: etags } }),
      );
      return total;
    } catch (err) {
      if (uploadId)
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch(() => {});
      throw err;
    }
  }

  async put(key: string, body: StorageBody): Promise<{ size: number }> {
    const source = body instanceof Uint8Array ? Readable.from([body]) : body;
    return { size: await this.upload(checkKey(key), source) };
  }

  async append(key: string, offset: number, chunk: Uint8Array): Promise<number> {
    const parts = await this.parts(key);
    let size = 0;
    for (const p of parts) {
      // Chunks at or past the offset were never acknowledged: replace them.
      if (p.offset >= offset) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: p.key }));
      else size = p.offset + p.size;
    }
    if (size !== offset) throw new Error(`append to ${key} at ${offset}: ${size} bytes there`);
    const partKey = `${this.partsPrefix(key)}${String(offset).padStart(13, '0')}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: partKey, Body: chunk }));
    return offset + chunk.length;
  }

  async seal(key: string): Promise<{ size: number }> {
    const parts = await this.parts(key);
    if (parts.length === 0) {
      const s = await this.stat(key);
      if (!s) throw new StorageNotFound(key);
      return { size: s.size };
    }
    const client = this.client;
    const bucket = this.bucket;
    async function* concatenated() {
      for (const p of parts) {
        const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key: p.key }));
        for await (const c of r.Body as Readable) yield c as Uint8Array;
      }
    }
    const size = await this.upload(checkKey(key), concatenated());
    for (const p of parts) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: p.key }));
    return { size };
  }

  async get(key: string): Promise<Readable> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return r.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFound(key);
      throw err;
    }
  }

  async read(key: string): Promise<Uint8Array> {
    return buffer(await this.get(key));
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return { size: r.ContentLength ?? 0, modifiedAt: r.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
    for (const p of await this.parts(key)) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: p.key }));
  }
}
