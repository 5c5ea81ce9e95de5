import type { Lookups } from '../lookup.ts';
import { callHaplogroup, type HaplogroupCall } from './caller.ts';
import { compiledMtTree, compiledYTree } from './tree.ts';

export type { HaplogroupCall } from './caller.ts';
export type { AgeEstimate } from './ages.ts';
export { AGES_YBP } from './ages.ts';
export { haplogroupMarkerPositions, loadMtTree, loadYTree, mtPathOf, type TreeNode, yPathOf } from './tree.ts';

/**
 * Share of the Y markers a file lists that must be called before a Y haplogroup is given: female
 * files list Y sites as no-calls and may carry a few spurious calls, which must not yield a call.
 */
const Y_MIN_CALLED_SHARE = 0.05;

/** Y haplogroup from GRCh37 Y positions (rsids as fallback); null when the genome has no Y calls (female). */
export function callYHaplogroup(lookups: Lookups): HaplogroupCall | null {
  return callHaplogroup(compiledYTree(), lookups, Y_MIN_CALLED_SHARE);
}

/**
 * mt haplogroup from MT positions on rCRS (what 23andMe, AncestryDNA and the GRCh37 'MT' contig use);
 * null when the genome has no MT calls. hg19's 'chrM' is a different sequence with shifted positions:
 * readers must not pass it here as if it were rCRS.
 */
export function callMtHaplogroup(lookups: Lookups): HaplogroupCall | null {
  return callHaplogroup(compiledMtTree(), lookups, 0);
}
