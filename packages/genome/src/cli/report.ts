import { lookupsFromCalls } from '../lookup.ts';
import { parseRawFile } from '../parse/index.ts';
import { assertReportable } from '../qc.ts';
import { badgeOf, evaluateReports } from '../reports/index.ts';
import { GenomeError } from '../types.ts';

/**
 * `genome report FILE [--json]`: every knowledge-base item read from the file. A file whose call rate
 * is too low for reports is refused with a one-line error rather than given partial results.
 */
export async function run(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) throw new GenomeError('BAD_ARGUMENT', '用法：genome report 文件 [--json]');
  const parsed = await parseRawFile(files[0]);
  assertReportable(parsed);
  const results = evaluateReports(lookupsFromCalls(parsed.calls, parsed.byRsid));
  const items = results.map((r) => ({
    id: r.id,
    category: r.category,
    title: r.title,
    rsids: r.rsids,
    genotypes: r.genotypes,
    status: r.status,
    result: r.result && {
      code: r.result.code,
      label: r.result.label,
      level: badgeOf(r.category, r.result.level, r.result.label),
      levelCode: r.result.level,
    },
  }));
  if (json) {
    process.stdout.write(`${JSON.stringify({ items })}\n`);
    return 0;
  }
  const lines = items.map((i) =>
    [
      i.category,
      i.id,
      i.title,
      i.result ? `${i.result.label}（${i.result.level}）` : '未检出',
      i.rsids.map((r) => `${r}=${i.genotypes[r] ?? '无'}`).join(' '),
    ].join('\t'),
  );
  const out = items.filter((i) => i.status === 'out').length;
  process.stdout.write(`${lines.join('\n')}\n共 ${items.length} 项，出结果 ${out} 项，未检出 ${items.length - out} 项\n`);
  return 0;
}
