/**
 * The CPU part of an import, pure (no DB, no web): it runs on a pool thread (pool/tasks.ts) over the
 * raw file's bytes, and answers the packed planes and small result objects the main thread stores.
 */
import {
  assertReportable,
  callMtHaplogroup,
  callYHaplogroup,
  checkPlausibility,
  evaluateReports,
  GenomeError,
  type ItemResult,
  layoutOfCalls,
  lookupsFromCalls,
  type NormalisedCall,
  loadPanel,
  type ParsedFile,
  type PlausibilityResult,
  packGenome,
  packOnLayout,
  parseRawStream,
  type Sex,
  serialiseLayout,
  serialisePacked,
} from '@jiyin/genome';

/**
 * A file the pipeline refuses for a reason of its own (the engine's reasons are GenomeErrors). The
 * message is the user's: Chinese, naming the problem.
 */
export class ImportRefused extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * A file whose positions are on no build the engine knows reads as GRCh37 but lands off the marker
 * panel: most markers the panel knows by rsid sit at another position. Such a genome would pack
 * empty and match no one, so it is refused rather than imported half-blind.
 */
const MIN_PLACED_SHARE = 0.5;
const MIN_RSID_MATCHES = 200;

function checkPlacement(parsed: ParsedFile): void {
  if (parsed.build !== 37) return;
  const { known, placed } = parsed.byRsid.panelIdsPlaced();
  if (known >= MIN_RSID_MATCHES && placed / known < MIN_PLACED_SHARE) {
    throw new ImportRefused(
      'WRONG_BUILD',
      `文件中的位置与参考基因组版本不符：可识别的 ${known} 个位点中只有 ${placed} 个位置正确，支持 GRCh36、GRCh37 和 GRCh38 版本的原始数据。请导出 GRCh37（build 37）版本的文件后重新上传`,
    );
  }
}

/** A file's genome as stored: packed over its own chip layout, and over the reference panel. */
export interface PackedForStorage {
  layout: { id: string; bytes: Uint8Array; markerCount: number };
  packed: Uint8Array;
  panelPacked: Uint8Array;
}

/**
 * Packs a file's normalised calls for storage (the import, the repack job, the demo and the
 * benchmarks store genomes the same way).
 */
export function packForStorage(calls: NormalisedCall[], sex: Sex): PackedForStorage {
  const layout = layoutOfCalls(calls);
  return {
    layout: { id: layout.id, bytes: serialiseLayout(layout), markerCount: layout.size },
    packed: serialisePacked(packOnLayout(calls, layout, sex)),
    panelPacked: serialisePacked(packGenome(calls, loadPanel(), sex)),
  };
}

/** What a parse keeps of the file once its calls are packed (the calls never leave the thread). */
export interface ParsedSummary {
  vendor: ParsedFile['vendor'];
  build: ParsedFile['build'];
  markers: number;
  callRate: number;
  sex: Sex;
}

export interface ImportComputed {
  parsed: ParsedSummary;
  stored: PackedForStorage;
  items: ItemResult[];
  haplogroups: { y: ReturnType<typeof callYHaplogroup>; mt: ReturnType<typeof callMtHaplogroup> };
  /** The relatives gate's plausibility verdict (guard.ts records it after the genome is stored). */
  plausibility: PlausibilityResult;
  parseMs: number;
  computeMs: number;
  /** The pool thread's own CPU time for the whole import (parse and compute; wall time less waits for a core). */
  cpuMs: number;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const d = process.threadCpuUsage(start);
  return Math.round((d.user + d.system) / 1000);
}

/** A refusal that crosses the thread boundary as data (errors lose their class there). */
export interface Refusal {
  refused: { kind: 'genome' | 'import'; code: string; message: string; line?: number };
}

export function refusalOf(e: unknown): Refusal | null {
  if (e instanceof GenomeError) return { refused: { kind: 'genome', code: e.code, message: e.message, line: e.line } };
  if (e instanceof ImportRefused) return { refused: { kind: 'import', code: e.code, message: e.message } };
  return null;
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

const parseBytes = (bytes: Uint8Array) => parseRawStream(once(bytes));

/** Parse, QC, placement check, packing, reports, haplogroups and the gate's plausibility checks of one file. */
export async function computeImport(bytes: Uint8Array, statedSex: 'male' | 'female' | null): Promise<ImportComputed | Refusal> {
  try {
    const t0 = performance.now();
    const cpu0 = process.threadCpuUsage();
    const parsed = await parseBytes(bytes);
    assertReportable(parsed);
    checkPlacement(parsed);
    const t1 = performance.now();
    const stored = packForStorage(parsed.calls, parsed.sex);
    const lookups = lookupsFromCalls(parsed.calls, parsed.byRsid);
    const items = evaluateReports(lookups);
    const haplogroups = { y: callYHaplogroup(lookups), mt: callMtHaplogroup(lookups) };
    const plausibility = checkPlausibility({ vendor: parsed.vendor, calls: parsed.calls, statedSex });
    const { vendor, build, markers, callRate, sex } = parsed;
    return {
      parsed: { vendor, build, markers, callRate, sex },
      stored,
      items,
      haplogroups,
      plausibility,
      parseMs: Math.round(t1 - t0),
      computeMs: Math.round(performance.now() - t1),
      cpuMs: cpuMsSince(cpu0),
    };
  } catch (e) {
    const refusal = refusalOf(e);
    if (refusal) return refusal;
    throw e;
  }
}

/** The repack job's CPU part: a kept raw file packed anew, with the gate's verdict (no reports). */
export async function computeRepack(
  bytes: Uint8Array,
  statedSex: 'male' | 'female' | null,
): Promise<{ parsed: ParsedSummary; stored: PackedForStorage; plausibility: PlausibilityResult } | Refusal> {
  try {
    const parsed = await parseBytes(bytes);
    const { vendor, build, markers, callRate, sex } = parsed;
    return {
      parsed: { vendor, build, markers, callRate, sex },
      stored: packForStorage(parsed.calls, parsed.sex),
      plausibility: checkPlausibility({ vendor: parsed.vendor, calls: parsed.calls, statedSex }),
    };
  } catch (e) {
    const refusal = refusalOf(e);
    if (refusal) return refusal;
    throw e;
  }
}
