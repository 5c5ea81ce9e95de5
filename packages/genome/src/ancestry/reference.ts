import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { CHROMS, type Chrom, GenomeError } from '../types.ts';

/**
 * The ancestry reference panel: alt-allele frequencies of the reference groups at ancestry-informative
 * SNPs (GRCh37 forward strand). Built by scripts/derive-ancestry.py into data/ancestry/reference.tsv.gz;
 * origin and licences in data/SOURCES.md ("Ancestry reference panel").
 */
export const ANCESTRY_REFERENCE_FILE = new URL('../../data/ancestry/reference.tsv.gz', import.meta.url);

export type AncestryPopulationId =
  | 'han_north'
  | 'han_south'
  | 'uyghur'
  | 'mongol'
  | 'japanese'
  | 'dai_sea'
  | 'south_asian'
  | 'european'
  | 'african';

export interface AncestryPopulation {
  id: AncestryPopulationId;
  /** Name shown to users. */
  name: string;
  /** Which reference samples stand for the group (shown in the method note). */
  source: string;
}

/** Reference groups in the panel's column order. */
export const ANCESTRY_POPULATIONS: readonly AncestryPopulation[] = [
  { id: 'han_north', name: '北方汉族', source: '千人基因组计划 CHB（北京汉族，103 人）' },
  { id: 'han_south', name: '南方汉族', source: '千人基因组计划 CHS（华南汉族，105 人）' },
  { id: 'uyghur', name: '维吾尔族/中亚', source: 'HGDP-CEPH 维吾尔族（8 人）' },
  { id: 'mongol', name: '蒙古族', source: 'HGDP-CEPH 蒙古族（8 人）' },
  { id: 'japanese', name: '日本', source: '千人基因组计划 JPT（东京日本人，104 人）' },
  { id: 'dai_sea', name: '傣族/东南亚', source: '千人基因组计划 CDX（西双版纳傣族，93 人）与 KHV（越南京族，99 人）' },
  { id: 'south_asian', name: '南亚', source: '千人基因组计划 GIH、PJL、BEB、STU、ITU（489 人）' },
  { id: 'european', name: '欧洲', source: '千人基因组计划 CEU、TSI、GBR、IBS、FIN（503 人）' },
  { id: 'african', name: '非洲', source: '千人基因组计划 YRI、LWK、ESN、MSL、GWD（504 人）' },
];

/** Groups the product asked for that no open reference data could be found for (see METHOD.zh.md). */
export const ANCESTRY_UNAVAILABLE: readonly { id: string; name: string; reason: string }[] = [
  {
    id: 'tibetan',
    name: '藏族',
    reason: '千人基因组计划和 HGDP 都没有藏族样本，暂未找到可商业使用的公开藏族频率数据，因此暂不纳入。',
  },
  {
    id: 'korean',
    name: '朝鲜族/韩国',
    reason: '千人基因组计划和 HGDP 都没有朝鲜族或韩国人样本，暂未找到可商业使用的公开频率数据，因此暂不纳入。',
  },
];

export interface AncestryReference {
  id: string;
  populations: readonly AncestryPopulation[];
  /** Reference chromosomes per group (after pooling), for the shrinkage and the validation. */
  chromosomes: number[];
  size: number;
  rsid: string[];
  chrom: Chrom[];
  pos: Int32Array;
  ref: string[];
  alt: string[];
  /** Alt-allele frequency, row-major: freq[i * K + k] for marker i and group k. */
  freq: Float64Array;
}

/** Parses the gzip TSV written by scripts/derive-ancestry.py (format described there). */
export function parseAncestryReference(gz: Uint8Array): AncestryReference {
  const lines = gunzipSync(gz).toString('utf8').split('\n');
  const first = lines[0] ?? '';
  const id = first.startsWith('# ') ? first.slice(2).split(':')[0] : '';
  const groupsLine = lines.find((l) => l.startsWith('#groups\t'));
  const headerAt = lines.findIndex((l) => l.startsWith('rsid\t'));
  if (!id || !groupsLine || headerAt < 0) throw new GenomeError('IO_ERROR', '祖源参考数据文件格式不对');
  const groups = groupsLine.split('\t').slice(1);
  const header = lines[headerAt].split('\t').slice(5);
  const K = ANCESTRY_POPULATIONS.length;
  if (header.length !== K || header.some((h, k) => h !== ANCESTRY_POPULATIONS[k].id || !groups[k]?.startsWith(`${h}:`))) {
    throw new GenomeError('IO_ERROR', '祖源参考数据的人群与程序不一致');
  }
  const rows = lines.slice(headerAt + 1).filter((l) => l.length > 0);
  const size = rows.length;
  const ref: AncestryReference = {
    id,
    populations: ANCESTRY_POPULATIONS,
    chromosomes: groups.map((g) => Number(g.split(':')[1])),
    size,
    rsid: new Array(size),
    chrom: new Array(size),
    pos: new Int32Array(size),
    ref: new Array(size),
    alt: new Array(size),
    freq: new Float64Array(size * K),
  };
  const chroms = new Set<string>(CHROMS);
  for (let i = 0; i < size; i++) {
    const f = rows[i].split('\t');
    if (f.length !== 5 + K || !chroms.has(f[1])) throw new GenomeError('IO_ERROR', `祖源参考数据第 ${headerAt + 2 + i} 行已损坏`);
    ref.rsid[i] = f[0];
    ref.chrom[i] = f[1] as Chrom;
    ref.pos[i] = Number(f[2]);
    ref.ref[i] = f[3];
    ref.alt[i] = f[4];
    for (let k = 0; k < K; k++) ref.freq[i * K + k] = Number(f[5 + k]) / 10_000;
  }
  return ref;
}

let cached: AncestryReference | null = null;

/** The shipped reference, decoded once per process. */
export function loadAncestryReference(): AncestryReference {
  if (!cached) cached = parseAncestryReference(readFileSync(ANCESTRY_REFERENCE_FILE));
  return cached;
}
