import { inXPar } from './lookup.ts';
import { inSlices } from './slices.ts';
import { GenomeError, type NormalisedCall, type ParsedGenome, type Sex } from './types.ts';

/**
 * Below this call rate a chip file is too incomplete for reports: consumer chips call 97-99% of
 * their markers, and files under 90% usually come from failed samples or truncated exports.
 */
export const MIN_CALL_RATE = 0.9;

/** Thresholds for sex inference (X heterozygosity outside the PAR; share of Y markers called). */
export const SEX_RULES = {
  minXCalled: 50,
  minYMarkers: 10,
  /** Males show (near) no X heterozygosity; 46,XX chip files show 10-30%. */
  maleXHetBelow: 0.01,
  femaleXHetAbove: 0.03,
  /** Males call most Y markers; female files report them as no-calls. */
  maleYRateAbove: 0.5,
  femaleYRateBelow: 0.1,
} as const;

export interface QcFigures {
  markers: number;
  called: number;
  callRate: number;
  /** Heterozygous share of called autosomal markers. */
  heterozygosity: number;
  /** Heterozygous share of called X markers outside the PAR; null with too few. */
  xHeterozygosity: number | null;
  /** Called X markers outside the pseudo-autosomal regions. */
  xCalled: number;
  /** Share of Y markers called; null with too few Y markers in the file. */
  yCallRate: number | null;
  sex: Sex;
  lowCallRate: boolean;
}

export function qcOf(calls: NormalisedCall[]): QcFigures {
  const counts: QcCounts = { calls, called: 0, autoCalled: 0, autoHet: 0, xCalled: 0, xHet: 0, yTotal: 0, yCalled: 0 };
  const { called, autoCalled, autoHet, xCalled, xHet, yTotal, yCalled } = inSlices(calls.length, counts, countSlice);
  const markers = calls.length;
  const callRate = markers ? called / markers : 0;
  const xH = xCalled >= SEX_RULES.minXCalled ? xHet / xCalled : null;
  const yR = yTotal >= SEX_RULES.minYMarkers ? yCalled / yTotal : null;
  return {
    markers,
    called,
    callRate,
    heterozygosity: autoCalled ? autoHet / autoCalled : 0,
    xHeterozygosity: xH,
    xCalled,
    yCallRate: yR,
    sex: inferSex(xH, yR),
    lowCallRate: callRate < MIN_CALL_RATE,
  };
}

interface QcCounts {
  calls: NormalisedCall[];
  called: number;
  autoCalled: number;
  autoHet: number;
  xCalled: number;
  xHet: number;
  yTotal: number;
  yCalled: number;
}

function countSlice(s: QcCounts, from: number, to: number): void {
  const { calls } = s;
  // Indexed, not for-of: that loop allocated an iterator result per call (~25 MB per 23andMe file).
  for (let i = from; i < to; i++) {
    const c = calls[i];
    const isCalled = c.a1 !== '-';
    if (isCalled) s.called++;
    const het = isCalled && c.a2 !== '' && c.a1 !== c.a2;
    if (c.chrom === 'Y') {
      s.yTotal++;
      if (isCalled) s.yCalled++;
    } else if (c.chrom === 'X') {
      if (isCalled && !inXPar(c.pos)) {
        s.xCalled++;
        if (het) s.xHet++;
      }
    } else if (c.chrom !== 'MT' && isCalled) {
      s.autoCalled++;
      if (het) s.autoHet++;
    }
  }
}

/** Sex from X heterozygosity and Y calls; 'unknown' when the two disagree or data are missing. */
export function inferSex(xHet: number | null, yRate: number | null): Sex {
  const r = SEX_RULES;
  const xMale = xHet !== null && xHet < r.maleXHetBelow;
  const xFemale = xHet !== null && xHet > r.femaleXHetAbove;
  const yMale = yRate !== null && yRate > r.maleYRateAbove;
  const yFemale = yRate !== null && yRate < r.femaleYRateBelow;
  if ((xMale && !yFemale) || (yMale && !xFemale)) return 'male';
  if ((xFemale && !yMale) || (yFemale && !xMale)) return 'female';
  return 'unknown';
}

/** Throws when a parsed genome cannot carry reports (no calls, or call rate under MIN_CALL_RATE). */
export function assertReportable(parsed: Pick<ParsedGenome, 'called' | 'callRate'>): void {
  if (parsed.called === 0) throw new GenomeError('NO_MARKERS', '文件里没有检出的基因型，无法生成报告');
  if (parsed.callRate < MIN_CALL_RATE) {
    throw new GenomeError(
      'LOW_CALL_RATE',
      `检出率 ${(parsed.callRate * 100).toFixed(1)}% 低于 ${MIN_CALL_RATE * 100}%，数据质量不足以生成报告`,
    );
  }
}
