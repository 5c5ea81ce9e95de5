import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CHIP_NAMES,
  type ChipName,
  callsOf,
  callsOnChip,
  isPedigreeName,
  PEDIGREES,
  simulatePedigree,
  simulationPanel,
} from '../simulate/index.ts';
import { GenomeError, type Vendor } from '../types.ts';
import { VENDORS, vendorExtension, writeVendorFileToPath } from '../write/index.ts';

const round = (x: number) => Math.round(x * 100) / 100;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new GenomeError('BAD_ARGUMENT', `选项 ${name} 缺少取值`);
  return v;
}

/**
 * `genome simulate --pedigree NAME --format VENDOR --out DIR [--chip CHIP] [--seed N] [--json]`: one
 * raw-data file per simulated person, carrying the markers of a simulated chip layout (real rsids at
 * real positions, data/SOURCES.md "Chip layouts"; default 23andme-v5), plus truth.json (people,
 * relationship and true shared segments of the pedigree's pairs).
 */
export async function run(args: string[]): Promise<number> {
  const known = new Set(['--pedigree', '--format', '--out', '--chip', '--seed', '--json']);
  const unknown = args.find((a, i) => a.startsWith('--') && !known.has(a) && !known.has(args[i - 1]));
  if (unknown) throw new GenomeError('BAD_ARGUMENT', `未知选项：${unknown}`);
  const name = option(args, '--pedigree');
  const format = option(args, '--format');
  const out = option(args, '--out');
  const seedText = option(args, '--seed') ?? '1';
  const chip = option(args, '--chip') ?? '23andme-v5';
  if (!(CHIP_NAMES as readonly string[]).includes(chip))
    throw new GenomeError('BAD_ARGUMENT', `请用 --chip 指定芯片：${CHIP_NAMES.join('、')}`);
  if (!name || !isPedigreeName(name)) {
    throw new GenomeError('BAD_ARGUMENT', `请用 --pedigree 指定家系：${PEDIGREES.join('、')}`);
  }
  if (!format || !VENDORS.includes(format as Vendor)) {
    throw new GenomeError('BAD_ARGUMENT', `请用 --format 指定格式：${VENDORS.join('、')}`);
  }
  if (!out) throw new GenomeError('BAD_ARGUMENT', '请用 --out 指定输出目录');
  const seed = Number(seedText);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new GenomeError('BAD_ARGUMENT', `--seed 必须是非负整数：${seedText}`);

  const panel = simulationPanel();
  const sim = simulatePedigree(name, { panel, seed });
  try {
    await mkdir(out, { recursive: true });
  } catch {
    throw new GenomeError('IO_ERROR', `无法创建输出目录：${out}`);
  }
  const vendor = format as Vendor;
  const generatedAt = new Date(Date.UTC(2024, 0, 1));
  const people = [];
  for (const p of sim.people) {
    const file = `${p.id}.${vendorExtension(vendor)}`;
    await writeVendorFileToPath(join(out, file), vendor, callsOnChip(callsOf(sim.family, p.genome), chip as ChipName), {
      panel,
      generatedAt,
      sample: p.id,
    });
    people.push({ id: p.id, role: p.role, sex: p.sex, father: p.father, mother: p.mother, file });
  }
  const truth = {
    pedigree: sim.pedigree,
    seed,
    format: vendor,
    chip,
    panelId: sim.panelId,
    note: '模拟数据：位点为真实标记（HapMap3 及报告、祖源、单倍群位点，rsid 与 GRCh37 位置真实），芯片位点组成按真实芯片的规模与重叠抽取；基因型为模拟值，祖源参考位点的等位基因频率取北方汉族与南方汉族参考频率各半，部分位点取千人基因组东亚频率，其余为合成值；共享片段为家系内真实遗传的常染色体片段（不含群体背景共享）',
    people,
    pairs: sim.pairs.map((q) => ({
      a: q.a,
      b: q.b,
      relationship: q.relationship,
      sharedCM: round(q.sharedCM),
      ibd2CM: round(q.ibd2CM),
      segments: q.segments.map((s) => ({ chrom: s.chrom, start: s.start, end: s.end, cM: round(s.cM), markers: s.markers, ibd: s.ibd })),
    })),
  };
  await writeFile(join(out, 'truth.json'), `${JSON.stringify(truth, null, 2)}\n`);
  const summary = { out, pedigree: sim.pedigree, seed, format: vendor, chip, files: people.map((p) => p.file), truth: 'truth.json' };
  process.stdout.write(
    args.includes('--json') ? `${JSON.stringify(summary)}\n` : `已写入 ${people.length} 个文件和 truth.json 到 ${out}\n`,
  );
  return 0;
}
