export {
  type AncestryEstimate,
  type AncestryOptions,
  type AncestryShare,
  ancestryGenotypes,
  estimateAdmixture,
  estimateAncestry,
  MIN_ANCESTRY_MARKERS,
} from './estimate.ts';
export {
  ANCESTRY_POPULATIONS,
  ANCESTRY_UNAVAILABLE,
  type AncestryPopulation,
  type AncestryPopulationId,
  type AncestryReference,
  loadAncestryReference,
} from './reference.ts';
export {
  type AncestryMix,
  ancestryFrequencies,
  dirichlet,
  mixVector,
  perturbedFrequencies,
  simulateAdmixedGenotypes,
} from './simulate.ts';
