import { CODES } from '@jiyin/contracts/codes';
import type { Envelope } from '@jiyin/contracts/envelope';
import { RAW_FILE_EXTENSIONS, RAW_FILE_MAX_BYTES, UPLOAD_CHUNK_BYTES, type UploadView } from '@jiyin/contracts/reportApi';

/** What the page checks before sending anything (the server checks the same again). */
export function rawFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!RAW_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return '仅支持 .txt、.csv、.zip、.gz、.vcf 或 .vcf.gz 文件';
  if (file.size === 0) return '文件是空的，请重新选择';
  if (file.size > RAW_FILE_MAX_BYTES) return '文件不能超过 100 MB';
  return null;
}

export interface UploadFile {
  name: string;
  size: number;
  lastModified: number;
  slice(start: number, end: number): Blob;
}

export interface UploadCalls {
  create(b: { personId: string; fileName: string; size: number }): Promise<Envelope<UploadView>>;
  get(id: string): Promise<Envelope<UploadView>>;
  putChunk(id: string, offset: number, chunk: Blob): Promise<Envelope<UploadView>>;
}

export interface UploadProgress {
  sent: number;
  total: number;
  /** Bytes per second over this session's transfers (resumed bytes are not counted as speed). */
  bytesPerSecond: number;
  /** Bytes already on the server when this session started (a resumed upload). */
  resumedFrom: number;
}

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface UploadOptions {
  personId: string;
  file: UploadFile;
  calls: UploadCalls;
  onProgress: (p: UploadProgress) => void;
  /** Where unfinished uploads are remembered across reloads (localStorage in the page). */
  storage: KeyStore | null;
  signal?: AbortSignal;
  chunkBytes?: number;
  /** Attempts per chunk before giving up on a flaky network. */
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export class UploadFailed extends Error {}

/** One remembered upload per person and file (name, size, modification time). */
export function uploadKey(personId: string, f: Pick<UploadFile, 'name' | 'size' | 'lastModified'>): string {
  return `jy-upload:${personId}:${f.name}:${f.size}:${f.lastModified}`;
}

/** 1 s, 2 s, 4 s … capped at 15 s between attempts after a network failure. */
export function backoffMs(attempt: number): number {
  return Math.min(15_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

/** Failures worth retrying: the network, a timeout, an overloaded or restarting server. */
const TRANSIENT_CODES: readonly number[] = [CODES.UNAVAILABLE.code, CODES.INTERNAL.code, CODES.RATE_LIMITED.code];
function isTransient(res: Envelope<unknown>): boolean {
  return TRANSIENT_CODES.includes(res.code);
}

function aborted(signal?: AbortSignal) {
  if (signal?.aborted) throw new UploadFailed('上传已取消');
}

/**
 * Sends a raw file in chunks to an upload session, resuming where the server says it stands: a
 * session remembered for the same person and file continues instead of restarting, and a failed
 * chunk is retried with backoff after asking the server how many bytes it holds.
 */
export async function uploadResumable(o: UploadOptions): Promise<UploadView> {
  const chunkBytes = o.chunkBytes ?? UPLOAD_CHUNK_BYTES;
  const maxAttempts = o.maxAttempts ?? 6;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = o.now ?? Date.now;
  const key = uploadKey(o.personId, o.file);

  let upload: UploadView | null = null;
  const remembered = o.storage?.getItem(key);
  if (remembered) {
    const res = await o.calls.get(remembered);
    if (res.code === 0 && res.data && res.data.size === o.file.size && res.data.state !== 'deleted') upload = res.data;
    else o.storage?.removeItem(key);
  }
  if (!upload) {
    const res = await o.calls.create({ personId: o.personId, fileName: o.file.name, size: o.file.size });
    if (res.code !== 0 || !res.data) throw new UploadFailed(res.msg);
    upload = res.data;
    o.storage?.setItem(key, upload.id);
  }

  const resumedFrom = upload.receivedBytes;
  const started = now();
  const report = (sent: number) => {
    const seconds = (now() - started) / 1000;
    o.onProgress({
      sent,
      total: o.file.size,
      bytesPerSecond: seconds > 0 ? (sent - resumedFrom) / seconds : 0,
      resumedFrom,
    });
  };
  report(upload.receivedBytes);

  let attempts = 0;
  while (upload.state === 'receiving' && upload.receivedBytes < o.file.size) {
    aborted(o.signal);
    const offset = upload.receivedBytes;
    const res = await o.calls.putChunk(upload.id, offset, o.file.slice(offset, Math.min(o.file.size, offset + chunkBytes)));
    if (res.code === 0 && res.data) {
      upload = res.data;
      attempts = 0;
      report(upload.receivedBytes);
      continue;
    }
    attempts++;
    // A refusal that is not the network's fault (a wrong offset after another tab sent the same
    // chunk, say) gets one re-synchronisation; a second one in a row is the answer.
    if (attempts >= maxAttempts || (!isTransient(res) && attempts > 1)) throw new UploadFailed(res.msg);
    if (isTransient(res)) await sleep(backoffMs(attempts));
    aborted(o.signal);
    const state = await o.calls.get(upload.id);
    if (state.code === 0 && state.data) upload = state.data;
    else if (!isTransient(state)) {
      o.storage?.removeItem(key);
      throw new UploadFailed(state.msg);
    }
  }
  return upload;
}

/** Forgets a remembered upload once its import is queued (the session is finished). */
export function forgetUpload(storage: KeyStore | null, personId: string, file: UploadFile) {
  storage?.removeItem(uploadKey(personId, file));
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
