/**
 * The guard's probing comparison, pure (no DB): it runs on a pool thread (pool/tasks.ts); guard.ts
 * reads the genomes and records the verdict.
 */
import { type ChipLayout, codeAt, deserialiseLayout, deserialisePacked, type PackedGenome, prepareQuery } from '@jiyin/genome';

/**
 * A probing series: the new genome equals one of the account's earlier ones in at least this share
 * of its windows (`PROBE_WINDOW` markers both files carry, under 1% of genotypes differing), yet
 * differs in some window (over 5%). Relatives share windows only where they are fully identical by
 * descent (full siblings: about a quarter), identical twins or re-uploads of one genome share all of
 * them. Files of different chips (an attacker may drop markers to change the layout) are compared on
 * the markers both carry, so a window always spans 2,000 real markers whatever the overlap.
 */
const PROBE_WINDOW = 2000;
/** Windows with fewer markers called in both genomes are not judged. */
const PROBE_MIN_CALLED = PROBE_WINDOW / 4;
const PROBE_SAME_SHARE = 0.5;
const PROBE_SAME_BELOW = 0.01;
const PROBE_CHANGED_ABOVE = 0.05;
/**
 * How the genome compares with the account's earlier ones (null when nothing looks like probing):
 * over every marker of one genome pair, or over `at`, the markers to compare (ascending indexes).
 */
function probingAgainst(
  mine: PackedGenome,
  earlier: PackedGenome,
  at?: ArrayLike<number>,
): { sameShare: number; changedWindows: number } | null {
  if (earlier.panelId !== mine.panelId || earlier.n !== mine.n) return null;
  const count = at ? at.length : mine.n;
  let same = 0;
  let changed = 0;
  let windows = 0;
  for (let start = 0; start < count; start += PROBE_WINDOW) {
    let both = 0;
    let diff = 0;
    for (let i = start; i < Math.min(count, start + PROBE_WINDOW); i++) {
      const k = at ? at[i] : i;
      const a = codeAt(mine, k);
      const b = codeAt(earlier, k);
      if (a === 3 || b === 3) continue;
      both++;
      if (a !== b) diff++;
    }
    if (both < PROBE_MIN_CALLED) continue;
    windows++;
    if (diff / both < PROBE_SAME_BELOW) same++;
    else if (diff / both > PROBE_CHANGED_ABOVE) changed++;
  }
  const sameShare = windows ? same / windows : 0;
  return sameShare >= PROBE_SAME_SHARE && changed > 0 ? { sameShare, changedWindows: changed } : null;
}

/**
 * The new genome against an earlier one of another chip layout: projected onto the earlier one's
 * layout and compared over the markers both layouts carry.
 */
export function probingAcrossLayouts(
  mineLayout: ChipLayout,
  mine: PackedGenome,
  earlierLayout: ChipLayout,
  earlier: PackedGenome,
): { sameShare: number; changedWindows: number } | null {
  const { pairing, genome } = prepareQuery(mineLayout, mine, earlierLayout);
  const map = pairing.map;
  const projected = { ...genome, sex: mine.sex, panelId: earlier.panelId };
  if (!map) return probingAgainst(projected, earlier);
  const shared: number[] = [];
  for (let k = 0; k < map.length; k++) if (map[k] >= 0) shared.push(k);
  return probingAgainst(projected, earlier, shared);
}

/** One genome of the probing comparison as stored: its layout's id and its packed genotypes. */
export interface ProbeGenome {
  layoutId: string;
  packed: Uint8Array;
}

/** Layouts by id, kept for the thread (an id is its layout's content hash; an account uses a few). */
const layoutCache = new Map<string, ChipLayout>();
const LAYOUT_CACHE_SIZE = 16;

function layoutOf(id: string, layouts: Map<string, Uint8Array>): ChipLayout | null {
  const hit = layoutCache.get(id);
  if (hit) return hit;
  const bytes = layouts.get(id);
  if (!bytes) return null;
  const layout = deserialiseLayout(bytes);
  if (layoutCache.size >= LAYOUT_CACHE_SIZE) layoutCache.delete(layoutCache.keys().next().value as string);
  layoutCache.set(id, layout);
  return layout;
}

/**
 * The first of the account's earlier genomes (newest first) the new one looks like a probe of, if
 * any. `layouts` holds each layout's stored bytes once; an earlier genome whose layout is missing is
 * passed over.
 */
export function firstProbing(
  layouts: Map<string, Uint8Array>,
  mine: ProbeGenome,
  earlier: (ProbeGenome & { barcode: string })[],
): { sameShare: number; changedWindows: number; earlier: string } | null {
  const mineLayout = layoutOf(mine.layoutId, layouts);
  if (!mineLayout) return null;
  const minePacked = deserialisePacked(mine.packed);
  for (const e of earlier) {
    const earlierLayout = layoutOf(e.layoutId, layouts);
    if (!earlierLayout) continue;
    const p = probingAcrossLayouts(mineLayout, minePacked, earlierLayout, deserialisePacked(e.packed));
    if (p) return { ...p, earlier: e.barcode };
  }
  return null;
}
