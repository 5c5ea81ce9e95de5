import { estimateAncestry } from '../ancestry/index.ts';
import { lookupsFromCalls } from '../lookup.ts';
import { parseRawFile } from '../parse/index.ts';
import { assertReportable } from '../qc.ts';
import { GenomeError } from '../types.ts';

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * `genome ancestry FILE [--json]`: ancestry composition (share of each reference group with its 90%
 * band). Refused like `report` when the call rate is too low, and when the file has too few of the
 * reference's markers.
 */
export async function run(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const unknown = args.find((a) => a.startsWith('--') && a !== '--json');
  if (unknown) throw new GenomeError('BAD_ARGUMENT', `未知选项：${unknown}`);
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) throw new GenomeError('BAD_ARGUMENT', '用法：genome ancestry 文件 [--json]');
  const parsed = await parseRawFile(files[0]);
  assertReportable(parsed);
  const e = estimateAncestry(lookupsFromCalls(parsed.calls, parsed.byRsid));
  if (json) {
    process.stdout.write(`${JSON.stringify(e)}\n`);
    return 0;
  }
  const rows = [...e.populations]
    .sort((a, b) => b.share - a.share)
    .map((p) => `${p.name}\t${percent(p.share)}\t${percent(p.low)} – ${percent(p.high)}`);
  process.stdout.write(
    [
      '人群\t占比\t90% 区间',
      ...rows,
      `使用标记\t${e.markersUsed} / ${e.markersInReference}`,
      `方法\t监督混合模型最大似然估计（EM），区间为 ${e.band.replicates} 次分块自助重抽样`,
    ]
      .join('\n')
      .concat('\n'),
  );
  return 0;
}
