/**
 * The genome engine's public API (`@jiyin/genome`): parse any consumer raw-data file, normalise to
 * GRCh37 forward strand, QC, pack against the marker panel, compute reports and haplogroups, match
 * relatives, and simulate pedigrees for demo content and tests.
 */
export * from './types.ts';
export { parseRawFile, parseRawStream, detectFormat, type ParsedFile, type ParseOptions } from './parse/index.ts';
export {
  type BuildVotes,
  buildVotes,
  decideBuild,
  knownMarkers,
  normaliseCalls,
  panelIndexes,
  REASONS as NORMALISE_REASONS,
  Tally,
} from './normalise/index.ts';
export { assertReportable, inferSex, MIN_CALL_RATE, qcOf, type QcFigures } from './qc.ts';
export {
  checkPlausibility,
  PLAUSIBILITY_LIMITS,
  type PlausibilityCode,
  type PlausibilityFigures,
  type PlausibilityInput,
  type PlausibilityReason,
  type PlausibilityResult,
  VENDOR_MARKERS,
} from './plausibility.ts';
export { loadPanel, type Panel } from './panel.ts';
export { inSlices } from './slices.ts';
export {
  type ChipLayout,
  codeCall,
  deserialiseLayout,
  LAYOUT_CHROMS,
  layoutFromMarkers,
  layoutOfCalls,
  packOnLayout,
  serialiseLayout,
} from './layout.ts';
export { codeAt, deserialisePacked, emptyPacked, packedHeader, packGenome, type PackedGenome, serialisePacked } from './pack.ts';
export { genotypeString, type Lookups, lookupsFromCalls, lookupsFromPacked, type RsidLookups } from './lookup.ts';
export {
  CATEGORIES,
  type Category,
  evaluateItem,
  evaluateReports,
  type ItemResult,
  type AdviceKind,
  adviceOf,
  badgeOf,
  categorySummary,
  isRareForChip,
  type KbItem,
  KIND_ADVICE,
  type Level,
  LEVELS,
  levelName,
  loadKnowledgeBase,
  RARE_CALL_SOURCE,
  RARE_CALL_THRESHOLD,
  type Tone,
  type Verdict,
  VERDICT_WORDS,
  VERDICTS,
  verdictOf,
} from './reports/index.ts';
export {
  AGES_YBP,
  callMtHaplogroup,
  callYHaplogroup,
  type HaplogroupCall,
  loadMtTree,
  loadYTree,
  mtPathOf,
  type TreeNode,
  yPathOf,
} from './haplogroups/index.ts';
export {
  classifyRelationship,
  HALF_IBD_DEFAULTS,
  GRADES,
  type Grade,
  type GroupOptions,
  GenomeStore,
  type GroupStats,
  type LayoutHit,
  type LayoutMatch,
  type MatchResult,
  matchGroup,
  matchPair,
  OVERLAP_FLOOR,
  type LayoutPairing,
  pairLayouts,
  type PreparedQuery,
  prepareQuery,
  matchGenomes,
  matchOneToMany,
  type OneToManyHit,
  type OneToManyOptions,
  type OneToManyStats,
  type Relationship,
  type Segment,
  type StoreMatchFigures,
  type StoreOptions,
} from './ibd/index.ts';
export {
  CHIP_NAMES,
  type ChipName,
  callsOf,
  callsOnChip,
  chipLayout,
  chipMarkerCount,
  createPopulation,
  createRng,
  isPedigreeName,
  type KbMarkerFrequency,
  kbFrequencyOverrides,
  kbMarkerFrequencies,
  PEDIGREES,
  type PedigreeName,
  simulatedOnChip,
  simulatePedigree,
  type Simulation,
  type SimulationPanel,
  simulationPanel,
} from './simulate/index.ts';
export { GRCH37_LENGTH, VENDORS, vendorExtension, writeVendorFile, writeVendorFileToPath } from './write/index.ts';
export { cmAt, cmForPanel } from './geneticmap/index.ts';
export {
  ANCESTRY_POPULATIONS,
  ANCESTRY_UNAVAILABLE,
  type AncestryEstimate,
  type AncestryMix,
  type AncestryOptions,
  type AncestryPopulation,
  type AncestryPopulationId,
  type AncestryShare,
  estimateAdmixture,
  estimateAncestry,
  loadAncestryReference,
  MIN_ANCESTRY_MARKERS,
  simulateAdmixedGenotypes,
} from './ancestry/index.ts';
