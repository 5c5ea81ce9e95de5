/**
 * The tree call's compact answer (contracts treeWire.ts) put together from its cached start, so a large tree is
 * neither serialised nor compressed again per request: the start (the envelope and the persons part, about a
 * megabyte for 5,000 persons) is kept as raw deflate blocks ending on a sync flush; the per-request head (a few
 * hundred bytes) is deflated after it and the gzip member closed with the CRC-32 and length of the whole.
 */
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync, inflateRaw } from 'node:zlib';
import type { TreeWireHead } from '@jiyin/contracts/treeWire';

const deflated = promisify(deflateRaw);
const inflated = promisify(inflateRaw);
const SYNC = { finishFlush: constants.Z_SYNC_FLUSH };
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The answer's start as deflate blocks, with the CRC-32 and byte length of what they hold. */
export interface WireStart {
  body: Buffer;
  crc: number;
  size: number;
}

/** The start of the answer: the envelope's opening, then the persons part's fields (its JSON text without the closing brace). */
export async function wireStart(personsJson: string): Promise<WireStart> {
  const text = Buffer.from(`{"code":0,"msg":"ok","data":${personsJson.slice(0, -1)}`);
  return { body: await deflated(text, SYNC), crc: crc32(text), size: text.length };
}

/** The whole answer: the start, then the head's fields closing the data and the envelope; gzipped, or plain. */
export async function wireAnswer(start: WireStart, head: TreeWireHead, gzip: boolean): Promise<Buffer> {
  const end = Buffer.from(`,${JSON.stringify(head).slice(1)}}`);
  if (!gzip) return Buffer.concat([await inflated(start.body, SYNC), end]);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(end, start.crc), 0);
  trailer.writeUInt32LE((start.size + end.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, start.body, deflateRawSync(end), trailer]);
}

/** Whether the request's Accept-Encoding allows gzip (listed, and not with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    return name === 'gzip' && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}
