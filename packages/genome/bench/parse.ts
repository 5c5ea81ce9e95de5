import { packGenome, serialisePacked } from '../src/pack.ts';
import { loadPanel } from '../src/panel.ts';
import { parseRawFile } from '../src/parse/index.ts';

export interface ParseBench {
  /** Read + decompress + parse + normalise + QC, panel already loaded. */
  parseMs: number;
  /** Peak resident set size of the process so far (includes the panel and the parsed calls). */
  peakRssMB: number;
  /** Resident set size just before the parse: Node itself and the loaded panel. */
  rssBeforeMB: number;
  markers: number;
  packedBytes: number;
  panelLoadMs: number;
  packMs: number;
}

/** Times parsing one raw-data file (the panel is loaded first and timed apart). */
export async function benchParse(file: string): Promise<ParseBench> {
  const t0 = performance.now();
  const panel = loadPanel();
  const panelLoadMs = performance.now() - t0;
  const rssBeforeMB = Math.round(process.memoryUsage.rss() / 1024 / 1024);
  const t1 = performance.now();
  const g = await parseRawFile(file, { panel });
  const parseMs = performance.now() - t1;
  const t2 = performance.now();
  const packedBytes = serialisePacked(packGenome(g.calls, panel, g.sex)).length;
  const packMs = performance.now() - t2;
  return {
    parseMs: Math.round(parseMs),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    rssBeforeMB,
    markers: g.markers,
    packedBytes,
    panelLoadMs: Math.round(panelLoadMs),
    packMs: Math.round(packMs),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: node bench/parse.ts FILE\n');
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(await benchParse(file))}\n`);
}
