import { callMtHaplogroup, callYHaplogroup } from '../haplogroups/index.ts';
import { layoutOfCalls } from '../layout.ts';
import { lookupsFromCalls } from '../lookup.ts';
import { parseRawFile } from '../parse/index.ts';
import { GenomeError } from '../types.ts';

/** `genome inspect FILE [--json]`: vendor, build, counts, sex, haplogroups, what was dropped. */
export async function run(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) throw new GenomeError('BAD_ARGUMENT', '用法：genome inspect 文件 [--json]');
  const g = await parseRawFile(files[0]);
  const lookups = lookupsFromCalls(g.calls, g.byRsid);
  const y = g.sex === 'female' ? null : callYHaplogroup(lookups);
  const mt = callMtHaplogroup(lookups);
  const layout = layoutOfCalls(g.calls);
  const out = {
    vendor: g.vendor,
    build: g.build,
    markers: g.markers,
    called: g.called,
    callRate: Number(g.callRate.toFixed(4)),
    sex: g.sex,
    layoutId: layout.id,
    layoutMarkers: layout.size,
    yHaplogroup: y?.haplogroup ?? null,
    mtHaplogroup: mt?.haplogroup ?? null,
    dropped: g.dropped,
  };
  if (json) {
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  }
  const SEX = { male: '男', female: '女', unknown: '无法判断' } as const;
  const rows: [string, string][] = [
    ['厂商格式', g.vendor],
    ['参考基因组', `GRCh${g.build}${g.build === 37 ? '' : '（已换算到 GRCh37）'}`],
    ['标记数', String(g.markers)],
    ['检出数', String(g.called)],
    ['检出率', `${(g.callRate * 100).toFixed(2)}%${g.lowCallRate ? '（过低，无法生成报告）' : ''}`],
    ['推断性别', SEX[g.sex]],
    ['芯片位点布局', `${layout.id}（常染色体与 X 共 ${layout.size} 个位点，用于亲缘比对）`],
    ['父系单倍群', out.yHaplogroup ?? '—'],
    ['母系单倍群', out.mtHaplogroup ?? '—'],
  ];
  for (const d of g.dropped) rows.push(['舍弃', `${d.reason}：${d.count}`]);
  for (const d of g.adjusted) rows.push(['调整', `${d.reason}：${d.count}`]);
  process.stdout.write(`${rows.map(([k, v]) => `${k}\t${v}`).join('\n')}\n`);
  return 0;
}
