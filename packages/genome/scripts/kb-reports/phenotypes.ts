/**
 * Genotype → phenotype rule sets shared by several items (one gene read the same way for many
 * drugs). Each takes the drug-specific wording, so the rules are written once and the advice per
 * drug stays specific.
 */
import type { KbRule, Level } from '../../src/reports/schema.ts';

export type Outcome = [label: string, level: Level, explanation: string];

const rule = (code: string, [label, level, explanation]: Outcome, cond: Partial<KbRule> = {}): KbRule => ({
  ...cond,
  code,
  label,
  level,
  explanation,
});
export const when = (w: Record<string, string[]>, code: string, o: Outcome, extra: Partial<KbRule> = {}): KbRule =>
  rule(code, o, { when: w, ...extra });
export const atLeast = (n: number, code: string, o: Outcome): KbRule => rule(code, o, { minEffectAlleles: n });
export const otherwise = (code: string, o: Outcome): KbRule => rule(code, o, { default: true });

/** CYP2C19 from *2 (rs4244285 A), *3 (rs4986893 A) and *17 (rs12248560 T), CPIC phenotypes. */
export function cyp2c19(o: { pm: Outcome; im: Outcome; nm: Outcome; rm: Outcome; um: Outcome }): KbRule[] {
  return [
    when({ rs4244285: ['AA'] }, 'poor-metabolizer', o.pm),
    when({ rs4986893: ['AA'] }, 'poor-metabolizer', o.pm),
    when({ rs4244285: ['AG'], rs4986893: ['AG'] }, 'poor-metabolizer', o.pm),
    when({ rs4244285: ['AG'] }, 'intermediate-metabolizer', o.im),
    when({ rs4986893: ['AG'] }, 'intermediate-metabolizer', o.im),
    when({ rs12248560: ['TT'] }, 'ultrarapid-metabolizer', o.um),
    when({ rs12248560: ['CT'] }, 'rapid-metabolizer', o.rm),
    otherwise('normal-metabolizer', o.nm),
  ];
}

/** CYP2C9 from *2 (rs1799853 T, activity 0.5) and *3 (rs1057910 C, activity 0), CPIC activity score. */
export function cyp2c9(o: { pm: Outcome; im: Outcome; nm: Outcome }): KbRule[] {
  return [
    when({ rs1057910: ['CC'] }, 'poor-metabolizer', o.pm),
    when({ rs1799853: ['CT', 'TT'], rs1057910: ['AC'] }, 'poor-metabolizer', o.pm),
    atLeast(1, 'intermediate-metabolizer', o.im),
    otherwise('normal-metabolizer', o.nm),
  ];
}

/**
 * CYP2D6 from *4 (rs3892097 T) and 100C>T (rs1065852 A, the core of *10, also carried by *4).
 * *4/*4 is poor; one *4, or *10/*10, is intermediate (activity score ≤ 1); the rest normal.
 */
export function cyp2d6(o: { pm: Outcome; im: Outcome; nm: Outcome }): KbRule[] {
  return [
    when({ rs3892097: ['TT'] }, 'poor-metabolizer', o.pm),
    when({ rs3892097: ['CT'] }, 'intermediate-metabolizer', o.im),
    when({ rs1065852: ['AA'] }, 'intermediate-metabolizer', o.im),
    otherwise('normal-metabolizer', o.nm),
  ];
}

/** SLCO1B1 function from rs4149056 (C = decreased-function *5/*15), CPIC 2022. */
export function slco1b1(o: { poor: Outcome; decreased: Outcome; normal: Outcome }): KbRule[] {
  return [
    when({ rs4149056: ['CC'] }, 'poor-function', o.poor),
    when({ rs4149056: ['CT'] }, 'decreased-function', o.decreased),
    otherwise('normal-function', o.normal),
  ];
}
