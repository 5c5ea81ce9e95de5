/**
 * The relationship grade table of the product (§9). The site shows `grade`, `meaning` and
 * `timeframe` as they are; `label` is the engine's finer guess within the grade.
 */
export interface Grade {
  grade: string;
  meaning: string;
  timeframe: string;
}

export const GRADES = [
  { grade: '2-3', meaning: '亲密或直系亲属', timeframe: '不适用' },
  { grade: '3-4', meaning: '近亲', timeframe: '不适用' },
  { grade: '4-6', meaning: '一代表亲', timeframe: '约 60-120 年前' },
  { grade: '5-6', meaning: '二代表亲', timeframe: '约 90-150 年前' },
  { grade: '6-9', meaning: '三代及以上', timeframe: '约 120-200 年前' },
  { grade: '9+', meaning: '五代及以上', timeframe: '约 150-300 年前' },
  { grade: '10+', meaning: '200 年以上', timeframe: '不适用' },
] as const satisfies readonly Grade[];

export type GradeCode = (typeof GRADES)[number]['grade'];

export interface Relationship extends Grade {
  grade: GradeCode;
  /** Finer Chinese label, e.g. 父母/子女, 全同胞兄弟姐妹. */
  label: string;
}

/**
 * Shared-cM cut-offs between grades, placed between the means of the Shared cM Project v4
 * (Bettinger 2020: parent/child 3485, full siblings 2613, half siblings/grandparent/aunt ≈1750,
 * first cousins 866 (396-1397), first cousins once removed 433, second cousins 229 (41-592),
 * third cousins 73 (0-234), fourth cousins 35 (0-139)). Ranges overlap, so a grade is the most
 * likely one, not a certainty.
 */
export const GRADE_THRESHOLDS_CM = {
  close: 1300, // ≥ this (without the parent/child or full-sibling signature): grade 3-4
  firstCousin: 450, // grade 4-6
  secondCousin: 150, // grade 5-6
  thirdCousin: 40, // grade 6-9
  distant: 20, // grade 9+; below: 10+
} as const;

export interface RelationshipEvidence {
  /** Autosomal half-identical cM (IBD1 + IBD2 regions). */
  sharedCM: number;
  longestCM: number;
  /** Fraction of the autosomal map covered by fully identical (IBD2) segments. */
  ibd2Fraction: number;
  /** Autosomal map length the panel covers, cM. */
  totalCM: number;
}

function grade(code: GradeCode, label: string): Relationship {
  const g = GRADES.find((x) => x.grade === code) as Grade;
  return { grade: code, meaning: g.meaning, timeframe: g.timeframe, label };
}

/** Map shared cM, longest segment and IBD2 to a grade of the table above. */
export function classifyRelationship(e: RelationshipEvidence): Relationship {
  const share = e.sharedCM / e.totalCM;
  if (share > 0.9 && e.ibd2Fraction > 0.8) return grade('2-3', '同一人或同卵双胞胎');
  // Parent and child share one whole haplotype and never two.
  if (share > 0.85 && e.ibd2Fraction < 0.05) return grade('2-3', '父母/子女');
  // Full siblings share about 50% (37-63%) of the genome half-identical plus ~25% fully identical.
  if (share > 0.5 && e.ibd2Fraction >= 0.08) return grade('2-3', '全同胞兄弟姐妹');
  if (e.sharedCM >= GRADE_THRESHOLDS_CM.close) return grade('3-4', '半同胞/祖孙/叔侄');
  if (e.sharedCM >= GRADE_THRESHOLDS_CM.firstCousin) return grade('4-6', '一级表亲/堂亲');
  if (e.sharedCM >= GRADE_THRESHOLDS_CM.secondCousin) return grade('5-6', '二级表亲/堂亲');
  if (e.sharedCM >= GRADE_THRESHOLDS_CM.thirdCousin) return grade('6-9', '三级表亲/堂亲');
  if (e.sharedCM >= GRADE_THRESHOLDS_CM.distant) return grade('9+', '远亲（四级表亲或更远）');
  return grade('10+', e.sharedCM > 0 ? '远亲或无近缘关系' : '未发现共享片段');
}
