/**
 * East Asian allele counts of knowledge-base markers, from data/kb/eas-freq.tsv (1000 Genomes phase 3
 * EAS, counted from genotypes by scripts/derive-eas-freq.py; origin in data/SOURCES.md). Read by the
 * knowledge-base build and by the simulator (simulate/kbFrequencies.ts).
 */
import { readFileSync } from 'node:fs';
import type { KbMarker } from './schema.ts';

export interface EasCount {
  rsid: string;
  chrom: string;
  pos37: number;
  ref: string;
  alt: string;
  altCount: number;
  alleleNumber: number;
  source: string;
}

export const EAS_FREQ_FILE = new URL('../../data/kb/eas-freq.tsv', import.meta.url);

export function readEasCounts(file: URL = EAS_FREQ_FILE): Map<string, EasCount> {
  const out = new Map<string, EasCount>();
  const lines = readFileSync(file, 'utf8').split('\n');
  const header = lines.find((l) => l && !l.startsWith('#'));
  if (header !== 'rsid\tchrom\tpos37\tref\talt\talt_count\tallele_number\tsource') throw new Error(`${file}: unexpected header`);
  for (const line of lines) {
    if (!line || line.startsWith('#') || line === header) continue;
    const [rsid, chrom, pos37, ref, alt, altCount, alleleNumber, source] = line.split('\t');
    const row = { rsid, chrom, pos37: Number(pos37), ref, alt, altCount: Number(altCount), alleleNumber: Number(alleleNumber), source };
    if (!rsid || !source || !(row.alleleNumber > 0) || !(row.altCount >= 0 && row.altCount <= row.alleleNumber)) {
      throw new Error(`${file}: bad line ${line}`);
    }
    out.set(rsid, row);
  }
  return out;
}

/**
 * The effect allele's East Asian frequency (4 decimals) when the table counts this very marker, i.e.
 * the same position and alleles; undefined otherwise.
 */
export function effectFreq(
  m: Pick<KbMarker, 'rsid' | 'chrom' | 'pos37' | 'ref' | 'alt' | 'effectAllele'>,
  counts: Map<string, EasCount>,
): number | undefined {
  const c = counts.get(m.rsid);
  if (!c || c.chrom !== m.chrom || c.pos37 !== m.pos37 || c.ref !== m.ref || c.alt !== m.alt) return undefined;
  const n = m.effectAllele === c.alt ? c.altCount : c.alleleNumber - c.altCount;
  return Math.round((n / c.alleleNumber) * 10_000) / 10_000;
}
