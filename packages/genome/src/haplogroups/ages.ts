/**
 * Published age estimates for haplogroups, only where a citable study gives one; every other node's
 * age is null. Figures are point estimates in years before present.
 *
 * Y: TMRCA of each clade from Karmin et al. 2015, "A recent bottleneck of Y chromosome diversity
 * coincides with a global change in culture", Genome Res 25:459-466 (PMID 25770088), as tabulated in
 * Y-LineageTracker's haplogroup_calibration.csv (MIT). Each row is placed on the node that carries its
 * defining SNP in the shipped ISOGG tree: Karmin's D (M174) is D1 and NO (M214) is NO1 there. Rows
 * whose SNPs point at another or an approximate node (K2/M2335, P1/M45, GHIJK) and the root are left out.
 * mt: Soares et al. 2009, Am J Hum Genet 84:740-759 (PMID 19500773), haplogroup D 48.3 kya.
 * (Per-branch ages from YFull exist but their reuse terms were not checked, so none are shipped.)
 */
export interface AgeEstimate {
  ybp: number;
  reference: string;
}

const KARMIN_2015 = 'Karmin et al. 2015, Genome Res 25:459 (PMID 25770088)';
const SOARES_2009 = 'Soares et al. 2009, Am J Hum Genet 84:740 (PMID 19500773)';

const Y_TMRCA: [string, number][] = [
  ['A0T', 148050],
  ['BT', 99802],
  ['CT', 71760],
  ['CF', 71048],
  ['DE', 68555],
  ['E', 54140],
  ['B2', 64034],
  ['C', 50865],
  ['C1', 49346],
  ['C2', 35383],
  ['D1', 49866],
  ['HIJK', 51328],
  ['H', 48486],
  ['H1', 43837],
  ['H1a', 40662],
  ['IJK', 50460],
  ['IJ', 45439],
  ['I', 29435],
  ['I2', 24240],
  ['J', 33417],
  ['J2', 30261],
  ['J2a', 19494],
  ['J2b', 16315],
  ['K', 48995],
  ['LT', 45610],
  ['NO1', 41900],
  ['N', 19153],
  ['O', 34042],
  ['O1', 33103],
  ['O1a', 16538],
  ['K2b', 48572],
  ['K2b1', 47932],
  ['S', 47628],
  ['P', 48142],
  ['Q', 28894],
  ['R', 28891],
  ['R1', 23729],
  ['R1b', 20912],
];

export const AGES_YBP: Record<'Y' | 'MT', Map<string, AgeEstimate>> = {
  Y: new Map(Y_TMRCA.map(([name, ybp]) => [name, { ybp, reference: KARMIN_2015 }])),
  MT: new Map([['D', { ybp: 48300, reference: SOARES_2009 }]]),
};
