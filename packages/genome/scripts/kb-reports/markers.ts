/**
 * Markers read by the disease, carrier and drug items, defined once so every item that reads a
 * marker states the same position and alleles. Positions are GRCh37, alleles on the forward strand;
 * where each fact was checked is recorded in data/SOURCES.md ("Reports knowledge base").
 */
import type { KbMarker } from '../../src/reports/schema.ts';
import { effectFreq, readEasCounts } from '../../src/reports/easFreq.ts';

type Base = 'A' | 'C' | 'G' | 'T';
/**
 * gene, chromosome, GRCh37 position, ref, alt, and the alt allele's East Asian frequency for a marker
 * data/kb/eas-freq.tsv does not count but another verified source does (named next to it).
 */
type Def = [gene: string, chrom: KbMarker['chrom'], pos37: number, ref: Base, alt: Base, altFreqEas?: number];

const DEFS: Record<string, Def> = {
  // Pharmacogenes
  rs4244285: ['CYP2C19', '10', 96541616, 'G', 'A'], // *2, c.681G>A
  rs4986893: ['CYP2C19', '10', 96540410, 'G', 'A'], // *3, c.636G>A
  rs12248560: ['CYP2C19', '10', 96521657, 'C', 'T'], // *17, c.-806C>T
  rs1799853: ['CYP2C9', '10', 96702047, 'C', 'T'], // *2, c.430C>T
  rs1057910: ['CYP2C9', '10', 96741053, 'A', 'C'], // *3, c.1075A>C
  rs9923231: ['VKORC1', '16', 31107689, 'C', 'T'], // c.-1639G>A (ClinVar RCV000002295: NC_000016.9:g.31107689C>T)
  rs4149056: ['SLCO1B1', '12', 21331549, 'T', 'C'], // c.521T>C, *5/*15
  rs2231142: ['ABCG2', '4', 89052323, 'G', 'T'], // c.421C>A, Q141K
  rs776746: ['CYP3A5', '7', 99270539, 'C', 'T'], // *3 (C) is the GRCh37 reference (ClinVar 5066)
  rs1142345: ['TPMT', '6', 18130918, 'T', 'C'], // *3C, c.719A>G
  rs1800460: ['TPMT', '6', 18139228, 'C', 'T'], // *3B, c.460G>A
  rs116855232: ['NUDT15', '13', 48619855, 'C', 'T'], // *3, c.415C>T, R139C
  rs3918290: ['DPYD', '1', 97915614, 'C', 'T'], // *2A, c.1905+1G>A
  rs55886062: ['DPYD', '1', 97981343, 'A', 'C'], // *13, c.1679T>G (ClinVar 88975; GRCh38 97515787); 97981395 is rs1801159 (*5)
  rs67376798: ['DPYD', '1', 97547947, 'T', 'A'], // c.2846A>T, D949V
  rs75017182: ['DPYD', '1', 98045449, 'G', 'C'], // HapB3, c.1129-5923C>G
  rs4148323: ['UGT1A1', '2', 234669144, 'G', 'A'], // *6, c.211G>A, G71R
  rs887829: ['UGT1A1', '2', 234668570, 'C', 'T'], // *80, c.-364C>T, tags *28
  rs1065852: ['CYP2D6', '22', 42526694, 'G', 'A'], // c.100C>T, core of *10 (and *4)
  rs3892097: ['CYP2D6', '22', 42524947, 'C', 'T'], // *4, c.506-1G>A (1846G>A)
  rs3745274: ['CYP2B6', '19', 41512841, 'G', 'T'], // *6/*9, c.516G>T
  rs9263726: ['PSORS1C1', '6', 31106499, 'G', 'A'], // A tags HLA-B*58:01
  rs267606617: ['MT-RNR1', 'MT', 1555, 'A', 'G'], // m.1555A>G
  rs671: ['ALDH2', '12', 112241766, 'G', 'A'], // *2, E504K
  rs1229984: ['ADH1B', '4', 100239319, 'T', 'C'], // R48H, ADH1B*2 (His = T on the forward strand, the GRCh37 reference base)
  // Carrier screening
  rs72474224: ['GJB2', '13', 20763612, 'C', 'T', 143 / 1558], // c.109G>A V37I (ClinVar 17023); not in the EAS table: gnomAD EAS genomes 143/1558
  rs111033313: ['SLC26A4', '7', 107323898, 'A', 'G'], // c.919-2A>G, IVS7-2A>G (ClinVar 4840)
  rs72554665: ['G6PD', 'X', 153760484, 'C', 'A'], // c.1376G>T Canton
  rs72554664: ['G6PD', 'X', 153760472, 'C', 'T'], // c.1388G>A Kaiping, 12 bp from Canton in exon 12
  rs62508588: ['PAH', '12', 103246707, 'C', 'T'], // c.728G>A R243Q (GRCh38 102852929 + chr12 offset)
  rs34451549: ['HBB', '11', 5247153, 'G', 'A'], // c.316-197C>T, IVS-II-654 (GRCh38 5225923)
  rs33950507: ['HBB', '11', 5248173, 'C', 'T'], // c.79G>A, HbE
  rs334: ['HBB', '11', 5248232, 'T', 'A'], // c.20A>T, HbS
  rs1800562: ['HFE', '6', 26093141, 'G', 'A'], // C282Y
  rs28929474: ['SERPINA1', '14', 94844947, 'C', 'T'], // PiZ, E342K
  // Common disease
  // APOE, not in the EAS table. Allele figures of the pooled Chinese sample of Mol Biol Rep 2011;38:489
  // (PMID 20354905: 3,679 people of 19 Chinese populations, ε2 7.6%, ε3 85.5%, ε4 6.9%): the C of
  // rs429358 is ε4's allele, the T of rs7412 is ε2's.
  rs429358: ['APOE', '19', 45411941, 'T', 'C', 0.069], // C → ε4
  rs7412: ['APOE', '19', 45412079, 'C', 'T', 0.076], // T → ε2
  rs7903146: ['TCF7L2', '10', 114758349, 'C', 'T'],
  rs2237892: ['KCNQ1', '11', 2839751, 'C', 'T'],
  rs7756992: ['CDKAL1', '6', 20679709, 'A', 'G'],
  rs13266634: ['SLC30A8', '8', 118184783, 'C', 'T'],
  rs10811661: ['CDKN2A/B', '9', 22134094, 'T', 'C'],
  rs4402960: ['IGF2BP2', '3', 185511687, 'G', 'T'],
  rs5219: ['KCNJ11', '11', 17409572, 'C', 'T'],
  rs1333049: ['CDKN2B-AS1', '9', 22125503, 'G', 'C'],
  rs2200733: ['PITX2', '4', 111710169, 'C', 'T'],
  rs10490924: ['ARMS2', '10', 124214448, 'G', 'T'],
  rs1061170: ['CFH', '1', 196659237, 'T', 'C'],
  rs6025: ['F5', '1', 169519049, 'T', 'C'], // Factor V Leiden: GRCh37 carries the Leiden T (ClinVar 642: NC_000001.10:g.169519049=)
  rs1799963: ['F2', '11', 46761055, 'G', 'A'], // prothrombin G20210A
  rs34778348: ['LRRK2', '12', 40757328, 'G', 'A'], // G2385R (GRCh38 40363526)
  rs33949390: ['LRRK2', '12', 40713845, 'G', 'C'], // R1628P (GRCh38 40320043)
  rs738409: ['PNPLA3', '22', 44324727, 'C', 'G'], // I148M
  rs112735431: ['RNF213', '17', 78358945, 'G', 'A'], // R4810K
  rs662799: ['APOA5', '11', 116663707, 'A', 'G'], // -1131T>C
  rs7574865: ['STAT4', '2', 191964633, 'G', 'T'],
};

const EAS_COUNTS = readEasCounts();

/** The marker as an item states it, with the allele this item counts. */
export function marker(rsid: string, effectAllele: Base): KbMarker {
  const def = DEFS[rsid];
  if (!def) throw new Error(`unknown marker ${rsid}`);
  const [gene, chrom, pos37, ref, alt, freq] = def;
  if (effectAllele !== ref && effectAllele !== alt) throw new Error(`${rsid}: effect allele ${effectAllele} is neither ref nor alt`);
  const m = { rsid, gene, chrom, pos37, ref, alt, effectAllele };
  // DEFS records the alt allele's frequency; flip it when the item counts the ref allele.
  const fallback = freq === undefined ? null : round(effectAllele === alt ? freq : 1 - freq);
  return { ...m, eastAsianFreq: effectFreq(m, EAS_COUNTS) ?? fallback };
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
