import type { CSSProperties } from 'react';

/**
 * Columns for a grid of `count` cards, at most `max`, so the last row is never a single card alone
 * (7 cards: 4 + 3 rather than 3 + 3 + 1). The grid's CSS reads `--cols` on wide screens only.
 */
export function gridColumns(count: number, max: number): CSSProperties {
  let cols = Math.min(Math.max(count, 1), max);
  for (let c = cols; c >= 2 && count > c; c--) {
    if (count % c !== 1) {
      cols = c;
      break;
    }
  }
  return { '--cols': cols } as CSSProperties;
}
