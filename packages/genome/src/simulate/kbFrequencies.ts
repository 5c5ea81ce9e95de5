/**
 * East Asian allele frequencies of the report markers, for simulating typical people: the demo person,
 * the sample report's genome and the reports benchmark draw their report genotypes from these rather
 * than from the simulator's synthetic frequencies, so a simulated report looks like a real East Asian
 * customer's.
 *
 * Where a figure comes from, in this order: the allele counts of data/kb/eas-freq.tsv (1000 Genomes
 * phase 3 EAS), then the knowledge base's `eastAsianFreq` (which also carries a few figures from other
 * sources, see data/SOURCES.md). A marker without any East Asian figure is simulated as absent (its
 * effect allele never drawn) when it is a rare pathogenic variant (the markers of carrier items and of
 * results that read "confirm") or one the knowledge base itself describes as absent or very rare in
 * East Asians (RARE_IN_EAST_ASIANS): a typical person carries none of them, and a made-up frequency
 * would be worse. This is a simulation choice, never shown as a figure. Every other marker without a
 * figure keeps the simulator's synthetic frequency; the benchmark lists those items as having no
 * expected share.
 */
import type { Chrom } from '../types.ts';
import { readEasCounts } from '../reports/easFreq.ts';
import { loadKnowledgeBase } from '../reports/index.ts';
import type { KbItem } from '../reports/schema.ts';

export type KbFrequencySource = 'eas-freq.tsv' | 'knowledge base' | 'rare, no figure';

export interface KbMarkerFrequency {
  rsid: string;
  chrom: Chrom;
  pos37: number;
  /** The knowledge base's alleles (GRCh37 forward strand). */
  ref: string;
  alt: string;
  /** Frequency of `alt` in East Asians. */
  altFreq: number;
  source: KbFrequencySource;
}

/**
 * Markers without an East Asian figure that the knowledge base's population notes describe as absent
 * or very rare in East Asians (the note's words, shortened, beside each).
 */
const RARE_IN_EAST_ASIANS: ReadonlySet<string> = new Set([
  'rs55886062', // DPYD *13: 在中国人群中极为罕见
  'rs1805007', // MC1R R151C: 在东亚人群中几乎不存在
  'rs1805008', // MC1R R160W: 在东亚人群中几乎不存在
  'rs12203592', // IRF4: 在东亚人群中几乎不存在
  'rs601338', // FUT2 W143X: 在东亚人群中几乎不存在
  'rs4988235', // MCM6 -13910T: 在东亚人群中频率接近 0
  'rs16969968', // CHRNA5 D398N: 在东亚人群中非常少见
  'rs11803731', // TCHH: 在东亚人群中很少见
  'rs12821256', // KITLG: 主要见于北欧人群
]);

/** Items whose effect alleles are rare pathogenic variants: carrier items and results to confirm. */
const rarePathogenic = (item: KbItem): boolean => item.category === 'carrier' || item.rules.some((r) => r.level === 'confirm');

let cache: Map<string, KbMarkerFrequency> | undefined;

/** Every report marker with an East Asian frequency to simulate from, by rsid. */
export function kbMarkerFrequencies(): ReadonlyMap<string, KbMarkerFrequency> {
  if (cache) return cache;
  const counts = readEasCounts();
  const out = new Map<string, KbMarkerFrequency>();
  for (const item of loadKnowledgeBase()) {
    for (const m of item.markers) {
      if (out.has(m.rsid)) continue;
      const base = { rsid: m.rsid, chrom: m.chrom, pos37: m.pos37, ref: m.ref, alt: m.alt };
      const c = counts.get(m.rsid);
      if (c && c.chrom === m.chrom && c.pos37 === m.pos37 && c.ref === m.ref && c.alt === m.alt) {
        out.set(m.rsid, { ...base, altFreq: c.altCount / c.alleleNumber, source: 'eas-freq.tsv' });
      } else if (m.eastAsianFreq !== null) {
        const altFreq = m.effectAllele === m.alt ? m.eastAsianFreq : 1 - m.eastAsianFreq;
        out.set(m.rsid, { ...base, altFreq, source: 'knowledge base' });
      } else if (rarePathogenic(item) || RARE_IN_EAST_ASIANS.has(m.rsid)) {
        // Absent: the effect allele has frequency 0.
        out.set(m.rsid, { ...base, altFreq: m.effectAllele === m.alt ? 0 : 1, source: 'rare, no figure' });
      }
    }
  }
  cache = out;
  return out;
}

/**
 * The same frequencies as the simulator's `PopulationOptions.freqAt` takes them: keyed
 * `${chrom}:${pos37}`, as the frequency of the panel's alt allele (a marker the panel codes the other
 * way round is flipped; one the panel lacks or reads with other alleles is left out).
 */
export function kbFrequencyOverrides(panel: {
  ref: string[];
  alt: string[];
  indexOfPosition(chrom: Chrom, pos37: number): number;
}): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of kbMarkerFrequencies().values()) {
    const k = panel.indexOfPosition(f.chrom, f.pos37);
    if (k < 0) continue;
    const key = `${f.chrom}:${f.pos37}`;
    if (panel.ref[k] === f.ref && panel.alt[k] === f.alt) out.set(key, f.altFreq);
    else if (panel.ref[k] === f.alt && panel.alt[k] === f.ref) out.set(key, 1 - f.altFreq);
  }
  return out;
}
