/**
 * Shared types of the genome engine. Every module of the engine speaks these; change them only
 * together with all their users.
 */

/** Chromosomes as the engine names them (GRCh37 naming, no "chr" prefix). */
export type Chrom =
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | '10'
  | '11'
  | '12'
  | '13'
  | '14'
  | '15'
  | '16'
  | '17'
  | '18'
  | '19'
  | '20'
  | '21'
  | '22'
  | 'X'
  | 'Y'
  | 'MT';

export const CHROMS: readonly Chrom[] = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  'X',
  'Y',
  'MT',
];

/** Each chromosome's index in CHROMS (autosomes 0–21, X 22, Y 23, MT 24): a lookup, not a scan of the list. */
export const CHROM_INDEX: ReadonlyMap<Chrom, number> = new Map(CHROMS.map((c, i) => [c, i]));

/** A chromosome's index in `head`, a head of CHROMS (AUTOSOMES, a layout's chromosomes), or -1: its CHROMS index when below the head's length. */
export function indexInHead(head: readonly Chrom[], c: Chrom): number {
  const i = CHROM_INDEX.get(c) ?? -1;
  return i < head.length ? i : -1;
}

/** Autosomes 1–22, the first 22 of CHROMS. */
export const AUTOSOMES: readonly Chrom[] = CHROMS.slice(0, 22);

export type Build = 36 | 37 | 38;

export type Vendor = '23andme' | 'wegene' | 'ancestry' | 'myheritage' | 'ftdna' | 'livingdna' | 'vcf';

/**
 * One genotype call as read from a file. Alleles are single letters A/C/G/T, or D/I for indels;
 * `a2` is empty for a haploid call; both are '-' for a no-call.
 */
export interface RawCall {
  rsid: string;
  chrom: Chrom;
  pos: number;
  a1: string;
  a2: string;
}

/** Stable machine-readable error codes; messages are Chinese for users. */
export type GenomeErrorCode =
  | 'EMPTY_FILE'
  | 'BINARY_FILE'
  | 'UNSUPPORTED_FORMAT'
  | 'MALFORMED_LINE'
  | 'BAD_ARCHIVE'
  | 'TOO_LARGE'
  | 'LOW_CALL_RATE'
  | 'NO_MARKERS'
  | 'BAD_ARGUMENT'
  | 'IO_ERROR';

/** The only error the engine throws for bad input. `line` is 1-based when the problem has a line. */
export class GenomeError extends Error {
  readonly code: GenomeErrorCode;
  readonly line?: number;
  constructor(code: GenomeErrorCode, message: string, line?: number) {
    super(message);
    this.name = 'GenomeError';
    this.code = code;
    this.line = line;
  }
  oneLine(): string {
    return `${this.code}${this.line ? ` (line ${this.line})` : ''}: ${this.message}`;
  }
}

/**
 * A call after build normalisation: `pos` is on GRCh37 and the alleles are on the forward strand.
 * `panelIndex` is the call's index in the reference marker panel (-1 when off the panel); callers
 * that build calls themselves may leave it out and the panel is searched by position.
 */
export interface NormalisedCall extends RawCall {
  panelIndex?: number;
}

export type Sex = 'male' | 'female' | 'unknown';

/** One reason calls were set aside while reading or normalising a file. */
export interface DroppedCount {
  reason: string;
  count: number;
  examples: string[];
}

/** A raw-data file read, normalised to GRCh37 forward strand, with its quality figures. */
export interface ParsedGenome {
  vendor: Vendor;
  /** Build the file was written on (the calls are normalised to 37 whatever it was). */
  build: Build;
  calls: NormalisedCall[];
  /** Calls kept (after dropping). */
  markers: number;
  /** Kept calls that are not no-calls. */
  called: number;
  callRate: number;
  sex: Sex;
  heterozygosity: number;
  /** Whether the call rate is below the threshold reports need (see qc.ts MIN_CALL_RATE). */
  lowCallRate: boolean;
  dropped: DroppedCount[];
  /** Calls kept but changed or flagged: strand flips, ambiguous A/T C/G markers, panel mismatches. */
  adjusted: DroppedCount[];
}
