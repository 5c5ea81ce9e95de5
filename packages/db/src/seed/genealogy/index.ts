import { sql } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { families, type SurnamePersonEntry, surnames } from '../../schema/index.ts';
import SURNAME_ROWS from './surnames.json' with { type: 'json' };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface SurnameRow {
  name: string;
  pinyin: string;
  pinyinPlain: string;
  initials: string;
  baijiaxingOrder: number | null;
  junwang: string[];
  rank: number | null;
  population: number | null;
  share: number | null;
  largestInProvinces: string[];
  figures: SurnamePersonEntry[];
}

export const SURNAME_STATS_SOURCE = '国家统计局 2010 年第六次全国人口普查（前 20 位姓氏）';

/**
 * The surname library's reference rows (SOURCES.md). Fields users may change through reviewed
 * proposals (郡望, figures …) are written only when the row is new, so accepted edits survive re-seeding.
 */
export async function seedSurnames(tx: Tx): Promise<void> {
  const rows = (SURNAME_ROWS as SurnameRow[]).map((r) => ({
    name: r.name,
    pinyin: r.pinyin,
    pinyinPlain: r.pinyinPlain,
    initials: r.initials,
    baijiaxingOrder: r.baijiaxingOrder,
    rank: r.rank,
    population: r.population,
    share: r.share,
    statsSource: r.rank ? SURNAME_STATS_SOURCE : null,
    junwang: r.junwang,
    largestInProvinces: r.largestInProvinces,
    figures: r.figures,
  }));
  await tx
    .insert(surnames)
    .values(rows)
    .onConflictDoUpdate({
      target: surnames.name,
      set: {
        pinyin: sql`excluded.pinyin`,
        pinyinPlain: sql`excluded.pinyin_plain`,
        initials: sql`excluded.initials`,
        baijiaxingOrder: sql`excluded.baijiaxing_order`,
        rank: sql`excluded.rank`,
        population: sql`excluded.population`,
        share: sql`excluded.share`,
        statsSource: sql`excluded.stats_source`,
        largestInProvinces: sql`excluded.largest_in_provinces`,
      },
    });
}

/**
 * Demo families: invented examples so the library has something to open. Their names say 示例 and
 * every page marks them as demo content; they describe no real lineage.
 */
export const DEMO_FAMILIES = [
  {
    id: 'demo-family-wang',
    name: '示例家族·王氏（演示数据）',
    surname: '王',
    type: 'genealogy' as const,
    origin: '示例地点',
    intro: '这是一个演示用的示例家族，用于展示家族库的功能，并非真实家族。',
    generationNames: '示 例 字 辈 仅 供 演 示',
    ancestor: '示例始迁祖（演示）',
    haplogroup: null,
    celebrities: [],
    researching: true,
  },
  {
    id: 'demo-family-lin',
    name: '示例家族·林氏（演示数据）',
    surname: '林',
    type: 'gene' as const,
    origin: '示例地点',
    intro: '这是一个演示用的示例基因家族：以一条示例父系单倍群组织，并非真实家族。',
    generationNames: null,
    ancestor: null,
    haplogroup: 'O-M175',
    celebrities: [],
    researching: false,
  },
  {
    id: 'demo-family-chen',
    name: '示例家族·陈氏（演示数据）',
    surname: '陈',
    type: 'genealogy' as const,
    origin: null,
    intro: '这是一个演示用的示例家族，资料尚少，用来展示“升级星级”需要补充哪些内容。',
    generationNames: null,
    ancestor: null,
    haplogroup: null,
    celebrities: [],
    researching: false,
  },
];

export async function seedDemoFamilies(tx: Tx): Promise<void> {
  await tx
    .insert(families)
    .values(DEMO_FAMILIES.map((f) => ({ ...f, demo: true, ownerUserId: null })))
    .onConflictDoNothing();
}
