/** Shares as the ancestry pages print them: one decimal, as the estimator's precision allows. */
export function percent(x: number): string {
  const v = Math.round(x * 1000) / 10;
  return `${v.toFixed(1)}%`;
}

/** "90% 区间 43.6%–73.6%" for one group. */
export function bandText(p: { low: number; high: number }, level: number): string {
  return `${Math.round(level * 100)}% 区间 ${percent(p.low)}–${percent(p.high)}`;
}

/** One colour per reference group, the same on every chart and list. */
const COLOURS: Record<string, string> = {
  han_north: '#2f6bff',
  han_south: '#13a8a8',
  uyghur: '#d4862a',
  mongol: '#8c5cd6',
  japanese: '#e0558b',
  dai_sea: '#52a447',
  south_asian: '#c9a227',
  european: '#5b7083',
  african: '#a0522d',
};

export function populationColour(id: string): string {
  return COLOURS[id] ?? '#8c8c8c';
}

/** "约 34,042 年前" (years before present as the tree's cited ages give them). */
export function yearsAgo(ybp: number): string {
  return `约 ${ybp.toLocaleString('en-US')} 年前`;
}
