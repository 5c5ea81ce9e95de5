import { type Envelope, fail, ok } from '@jiyin/contracts/envelope';
import type { UploadView } from '@jiyin/contracts/reportApi';
import { describe, expect, it } from 'vitest';
import { backoffMs, rawFileProblem, type UploadCalls, uploadKey, uploadResumable } from '../app/lib/resumableUpload.ts';

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    map: m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

function fileOf(bytes: Uint8Array, name = 'genome.txt') {
  const blob = new Blob([bytes as BlobPart]);
  return { name, size: bytes.length, lastModified: 1_700_000_000_000, slice: (a: number, b: number) => blob.slice(a, b) };
}

/** An upload server in memory that appends a chunk only at the offset it holds, like the real one. */
function fakeServer() {
  const uploads = new Map<string, { view: UploadView; data: Uint8Array[] }>();
  const calls = { create: 0, put: [] as number[] };
  let n = 0;
  const view = (id: string): UploadView => ({ ...(uploads.get(id) as { view: UploadView }).view });
  const api: UploadCalls = {
    async create(b) {
      calls.create++;
      const id = `up${++n}`;
      uploads.set(id, { view: { id, fileName: b.fileName, size: b.size, receivedBytes: 0, state: 'receiving' }, data: [] });
      return ok(view(id));
    },
    async get(id) {
      return uploads.has(id) ? ok(view(id)) : (fail('NOT_FOUND', '上传记录不存在') as Envelope<UploadView>);
    },
    async putChunk(id, offset, chunk) {
      calls.put.push(offset);
      const u = uploads.get(id);
      if (!u) return fail('NOT_FOUND', '上传记录不存在') as Envelope<UploadView>;
      if (offset !== u.view.receivedBytes) return fail('BAD_REQUEST', '上传位置不一致') as Envelope<UploadView>;
      u.data.push(new Uint8Array(await chunk.arrayBuffer()));
      u.view.receivedBytes += chunk.size;
      if (u.view.receivedBytes === u.view.size) u.view.state = 'stored';
      return ok(view(id));
    },
  };
  const bytesOf = (id: string) => Buffer.concat((uploads.get(id)?.data ?? []).map((d) => Buffer.from(d)));
  return { api, uploads, calls, bytesOf };
}

const payload = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31) % 251);

describe('raw file checks before sending', () => {
  it.each([
    ['genome.txt', 10, null],
    ['GENOME.CSV', 10, null],
    ['a.vcf.gz', 10, null],
    ['a.zip', 10, null],
    ['a.exe', 10, '仅支持 .txt、.csv、.zip、.gz、.vcf 或 .vcf.gz 文件'],
    ['a.txt', 0, '文件是空的，请重新选择'],
    ['a.txt', 100 * 1024 * 1024 + 1, '文件不能超过 100 MB'],
  ])('%s of %i bytes → %s', (name, size, problem) => expect(rawFileProblem({ name, size })).toBe(problem));
});

describe('resumable upload', () => {
  it('sends a file in chunks, each at the offset the server holds, and remembers the session', async () => {
    const s = fakeServer();
    const storage = memoryStorage();
    const file = fileOf(payload(2500));
    const seen: number[] = [];
    const done = await uploadResumable({
      personId: 'p1',
      file,
      calls: s.api,
      storage,
      chunkBytes: 1000,
      onProgress: (p) => seen.push(p.sent),
    });
    expect(done.state).toBe('stored');
    expect(s.calls.put).toEqual([0, 1000, 2000]);
    expect(seen).toEqual([0, 1000, 2000, 2500]);
    expect(s.bytesOf(done.id).equals(Buffer.from(payload(2500)))).toBe(true);
    expect(storage.getItem(uploadKey('p1', file))).toBe(done.id);
  });

  it('continues a remembered upload from the bytes the server already has', async () => {
    const s = fakeServer();
    const storage = memoryStorage();
    const file = fileOf(payload(3000));
    const first = (await s.api.create({ personId: 'p1', fileName: file.name, size: file.size })).data as UploadView;
    await s.api.putChunk(first.id, 0, file.slice(0, 1000));
    storage.setItem(uploadKey('p1', file), first.id);
    s.calls.put = [];

    let resumedFrom = -1;
    const done = await uploadResumable({
      personId: 'p1',
      file,
      calls: s.api,
      storage,
      chunkBytes: 1000,
      onProgress: (p) => (resumedFrom = p.resumedFrom),
    });
    expect(s.calls.create).toBe(1);
    expect(s.calls.put).toEqual([1000, 2000]);
    expect(resumedFrom).toBe(1000);
    expect(s.bytesOf(done.id).equals(Buffer.from(payload(3000)))).toBe(true);
  });

  it('starts over when the remembered session is gone', async () => {
    const s = fakeServer();
    const storage = memoryStorage();
    const file = fileOf(payload(10));
    storage.setItem(uploadKey('p1', file), 'missing');
    const done = await uploadResumable({ personId: 'p1', file, calls: s.api, storage, onProgress: () => {} });
    expect(done.id).toBe('up1');
    expect(storage.getItem(uploadKey('p1', file))).toBe('up1');
  });

  it('retries a lost chunk with backoff and resumes from the server offset, not resending what arrived', async () => {
    const s = fakeServer();
    const file = fileOf(payload(3000));
    const put = s.api.putChunk;
    let failures = 0;
    // The second chunk reaches the server but its answer is lost twice: the page must not send it again.
    s.api.putChunk = async (id, offset, chunk) => {
      if (offset === 1000 && failures < 2) {
        failures++;
        if (failures === 1) await put(id, offset, chunk);
        return fail('UNAVAILABLE', '网络异常，请检查网络后重试') as Envelope<UploadView>;
      }
      return put(id, offset, chunk);
    };
    const sleeps: number[] = [];
    const done = await uploadResumable({
      personId: 'p1',
      file,
      calls: s.api,
      storage: null,
      chunkBytes: 1000,
      onProgress: () => {},
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(sleeps).toEqual([1000]);
    expect(s.calls.put).toEqual([0, 1000, 2000]);
    expect(s.bytesOf(done.id).equals(Buffer.from(payload(3000)))).toBe(true);
  });

  it('gives up with the network message after the last attempt', async () => {
    const s = fakeServer();
    s.api.putChunk = async () => fail('UNAVAILABLE', '网络异常，请检查网络后重试') as Envelope<UploadView>;
    const sleeps: number[] = [];
    await expect(
      uploadResumable({
        personId: 'p1',
        file: fileOf(payload(10)),
        calls: s.api,
        storage: null,
        maxAttempts: 4,
        onProgress: () => {},
        sleep: async (ms) => void sleeps.push(ms),
      }),
    ).rejects.toThrow('网络异常，请检查网络后重试');
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('stops at a refusal that repeats after re-synchronising', async () => {
    const s = fakeServer();
    s.api.putChunk = async () => fail('BAD_REQUEST', '文件内容与声明的大小不符') as Envelope<UploadView>;
    await expect(
      uploadResumable({
        personId: 'p1',
        file: fileOf(payload(10)),
        calls: s.api,
        storage: null,
        onProgress: () => {},
        sleep: async () => {},
      }),
    ).rejects.toThrow('文件内容与声明的大小不符');
  });

  it('passes on the refusal to open a session', async () => {
    const s = fakeServer();
    s.api.create = async () => fail('NOT_FOUND', '检测人不存在') as Envelope<UploadView>;
    await expect(
      uploadResumable({ personId: 'x', file: fileOf(payload(10)), calls: s.api, storage: null, onProgress: () => {} }),
    ).rejects.toThrow('检测人不存在');
  });

  it('backs off 1, 2, 4 … seconds, at most 15', () => {
    expect([1, 2, 3, 4, 5, 6].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
  });
});
