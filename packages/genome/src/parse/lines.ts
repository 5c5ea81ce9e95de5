import { GenomeError } from '../types.ts';
import type { ByteSink } from './decompress.ts';

/**
 * Where the lines go, as methods of one object: a parse loop calling them keeps its optimized code
 * from file to file (closures made per file had V8 drop and recompile it at every import).
 */
export interface LineSink {
  /** Tried first with the line in place (text[start, end)), saving a string per line: true when it has read it. */
  inPlace(text: string, start: number, end: number): boolean;
  /** Each line not read in place, cut out, with its 1-based number. */
  line(line: string, lineNo: number): void;
}

/** How many leading bytes are checked for binary content. */
const SNIFF_BYTES = 8192;
/** No line of a raw-data file comes near this; a longer one means the file is not one. */
const MAX_LINE = 1 << 20;

/**
 * Splits decoded text into lines (LF or CRLF) and hands each to the sink. The first bytes are
 * checked so a binary file fails as BINARY_FILE rather than as a bad line.
 */
export class LineSplitter implements ByteSink {
  private readonly decoder = new TextDecoder('utf-8');
  private rest = '';
  private lineNo = 0;
  private head: Uint8Array[] | null = [];
  private headBytes = 0;
  private readonly sink: LineSink;
  bytes = 0;

  constructor(sink: LineSink) {
    this.sink = sink;
  }

  push(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    if (this.head) {
      // Nothing is read as lines until the first bytes have been checked.
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes < SNIFF_BYTES) return;
      this.flushHead();
      return;
    }
    this.emit(this.rest + this.decoder.decode(chunk, { stream: true }), false);
  }

  end(): void {
    if (this.head) this.flushHead();
    this.emit(this.rest + this.decoder.decode(), true);
  }

  private flushHead(): void {
    const parts = this.head ?? [];
    this.head = null;
    const all = new Uint8Array(this.headBytes);
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    const n = Math.min(all.length, SNIFF_BYTES);
    let control = 0;
    for (let i = 0; i < n; i++) {
      const b = all[i];
      if (b === 0) throw new GenomeError('BINARY_FILE', '文件是二进制内容，不是文本格式的原始数据文件');
      if (b < 9 || (b > 13 && b < 32)) control++;
    }
    if (control > Math.max(2, n / 20)) throw new GenomeError('BINARY_FILE', '文件是二进制内容，不是文本格式的原始数据文件');
    this.emit(this.rest + this.decoder.decode(all, { stream: true }), false);
  }

  private emit(text: string, last: boolean): void {
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl < 0) break;
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      ++this.lineNo;
      if (!this.sink.inPlace(text, start, end)) this.sink.line(text.slice(start, end), this.lineNo);
      start = nl + 1;
    }
    this.rest = start === 0 ? text : text.slice(start);
    if (this.rest.length > MAX_LINE) {
      throw new GenomeError('MALFORMED_LINE', `第 ${this.lineNo + 1} 行过长，不是原始数据文件的格式`, this.lineNo + 1);
    }
    if (last && this.rest.length) {
      const line = this.rest.endsWith('\r') ? this.rest.slice(0, -1) : this.rest;
      this.rest = '';
      this.sink.line(line, ++this.lineNo);
    }
  }
}
