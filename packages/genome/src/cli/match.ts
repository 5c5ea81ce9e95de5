import { matchPair } from '../ibd/index.ts';
import { layoutOfCalls, packOnLayout } from '../layout.ts';
import { parseRawFile } from '../parse/index.ts';
import { GenomeError } from '../types.ts';

const round = (x: number) => Math.round(x * 100) / 100;

/**
 * `genome match FILE_A FILE_B [--json]`: half-identical segments and the relationship grade, each file
 * packed over its own chip layout and compared on the markers both carry.
 */
export async function run(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const files = args.filter((a) => a !== '--json');
  const unknown = files.find((a) => a.startsWith('--'));
  if (unknown) throw new GenomeError('BAD_ARGUMENT', `未知选项：${unknown}`);
  if (files.length !== 2) throw new GenomeError('BAD_ARGUMENT', '用法：genome match 文件A 文件B [--json]');
  const [a, b] = await Promise.all(files.map((f) => parseRawFile(f)));
  const la = layoutOfCalls(a.calls);
  const lb = layoutOfCalls(b.calls);
  const r = matchPair(la, packOnLayout(a.calls, la, a.sex), lb, packOnLayout(b.calls, lb, b.sex));
  const out = {
    overlapMarkers: r.overlapMarkers,
    insufficientOverlap: r.insufficientOverlap,
    sharedCM: round(r.sharedCM),
    longestCM: round(r.longestCM),
    fraction: Math.round(r.fraction * 10000) / 10000,
    ibd2CM: round(r.ibd2CM),
    segments: r.segments.map((s) => ({ chrom: s.chrom, start: s.start, end: s.end, cM: round(s.cM), markers: s.markers })),
    xCM: round(r.xCM),
    relationship: r.relationship,
  };
  if (json) {
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  }
  const lines = [
    `共同位点 ${out.overlapMarkers} 个`,
    `共享 ${out.sharedCM} cM（常染色体的 ${(out.fraction * 100).toFixed(1)}%），最长片段 ${out.longestCM} cM，共 ${out.segments.length} 段；X 染色体 ${out.xCM} cM`,
    r.relationship
      ? `关系等级 ${r.relationship.grade}：${r.relationship.meaning}（${r.relationship.label}），共同祖先时间：${r.relationship.timeframe}`
      : '共同位点不足，无法可靠比对',
    ...out.segments.map((s) => `  ${s.chrom}\t${s.start}-${s.end}\t${s.cM} cM\t${s.markers} 个位点`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
