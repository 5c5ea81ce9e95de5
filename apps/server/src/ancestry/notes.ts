import type { BranchNote } from '@jiyin/contracts/ancestryApi';

/**
 * Short notes on the major East Asian branches (and a few others users meet), shown on the paternal
 * and maternal pages for every noted branch on the user's path. They say where a branch is common
 * today and what it is usually linked with, without dates: ages come only from the tree's cited
 * estimates (AGES_YBP), shown beside each branch of the path.
 */
export const Y_NOTES: readonly BranchNote[] = [
  {
    branch: 'C',
    title: 'C：最早走出非洲的支系之一',
    text: 'C（M130）是现代人走出非洲后最早扩散的父系支系之一，今天从东亚、西伯利亚一直分布到大洋洲和美洲，在各地人群中比例差别很大。',
  },
  {
    branch: 'C2',
    title: 'C2：北方草原与东北亚常见',
    text: 'C2（M217）在蒙古族、哈萨克族、满族、鄂温克族等北方和东北亚人群中比例很高，在汉族中也占有一定比例，北方多于南方。',
  },
  {
    branch: 'D',
    title: 'D：青藏高原与日本列岛的古老支系',
    text: 'D（CTS3946，主干 M174）今天主要见于青藏高原（在藏族中比例很高）、日本列岛（阿伊努人和部分日本人）以及安达曼群岛原住民，在其他东亚人群中较少。',
  },
  {
    branch: 'N',
    title: 'N：横跨欧亚大陆北部',
    text: 'N（M231）分布于欧亚大陆北部：东起中国北方和西伯利亚，西到芬兰和波罗的海一带，其中 N1a1（M46，又称 Tat）在芬兰人、雅库特人中比例很高。在中国北方人群中也有一定比例。',
  },
  {
    branch: 'O',
    title: 'O：东亚和东南亚最主要的父系类型',
    text: 'O（M175）是东亚和东南亚最主要的父系类型，今天大多数汉族男性属于它的某个下游分支。它分为 O1 和 O2 两大支，分别在南方沿海和东亚各地广泛分布。',
  },
  {
    branch: 'O1a',
    title: 'O1a：东南沿海与南岛语族',
    text: 'O1a（M119）在中国东南沿海、台湾原住民和东南亚岛屿人群中比例较高，常被与古代百越人群以及南岛语族的扩散联系在一起；在汉族中也常见，南方多于北方。',
  },
  {
    branch: 'O1b',
    title: 'O1b：南方与朝鲜半岛、日本',
    text: 'O1b（M268）分为两支：O1b1a1a（M95）在东南亚大陆和中国南方的侗台语、南亚语人群中常见；O1b2（P49）则主要见于朝鲜半岛和日本列岛。',
  },
  {
    branch: 'O2',
    title: 'O2：汉族中最常见的父系类型',
    text: 'O2（M122）是汉族中比例最高的父系类型，广泛分布于东亚各地。其下的 O2a2b1（M134）在汉族和藏缅语人群中常见，O2a1b（含 F11 等分支）和 O2a2a（M188）等也在汉族中占有相当比例。',
  },
  {
    branch: 'Q',
    title: 'Q：西伯利亚与美洲原住民',
    text: 'Q（M242）分布于中亚和西伯利亚，并随最早进入美洲的人群到达美洲，是美洲原住民最主要的父系类型。在中国，Q 主要见于西北和北方人群，在汉族中比例较低。',
  },
  {
    branch: 'R',
    title: 'R：欧洲、中亚和南亚常见',
    text: 'R（M207）主要分布于欧洲、中亚和南亚，其下 R1a、R1b 分别在东欧与南亚、西欧比例很高。在中国境内主要见于新疆等西北人群。',
  },
];

export const MT_NOTES: readonly BranchNote[] = [
  {
    branch: 'A',
    title: 'A：东北亚与美洲原住民',
    text: 'A 在东北亚、西伯利亚和中国北方较常见，它的一支（A2）是美洲原住民的主要母系类型之一。',
  },
  {
    branch: 'B4',
    title: 'B4：中国南方与太平洋岛屿',
    text: 'B4 在中国南方和东南亚常见；其下的 B4a1a 随南岛语族的航海扩散到达太平洋岛屿，是波利尼西亚人群最常见的母系类型的来源。',
  },
  {
    branch: 'B5',
    title: 'B5：中国南方和东南亚',
    text: 'B5 主要见于中国南方和东南亚，在日本和朝鲜半岛也有分布。',
  },
  {
    branch: 'D4',
    title: 'D4：东亚最常见的母系类型之一',
    text: 'D4 是东亚最常见的母系类型之一，在中国北方、日本和朝鲜半岛比例很高；它的一些分支随古代人群进入西伯利亚，其中 D4h3a 还到达了美洲。',
  },
  {
    branch: 'D5',
    title: 'D5：东亚各地都有分布',
    text: 'D5 与 D4 同属 D，在中国、日本和朝鲜半岛都有分布，比例一般低于 D4。',
  },
  {
    branch: 'F',
    title: 'F：中国南方与东南亚',
    text: 'F 是 R9 的下游分支，在中国南方和东南亚常见，其中 F1 在东亚各地都有一定比例。',
  },
  {
    branch: 'G',
    title: 'G：东北亚',
    text: 'G 主要分布于东北亚：日本、朝鲜半岛、中国北方，以及堪察加半岛和西伯利亚的人群（G1 在堪察加原住民中比例很高）。',
  },
  {
    branch: 'H',
    title: 'H：欧洲最常见的母系类型',
    text: 'H 是欧洲最常见的母系类型，在中东和中亚也常见；在中国主要见于新疆等西北人群。',
  },
  {
    branch: 'M7',
    title: 'M7：东亚沿海',
    text: 'M7 主要分布于东亚沿海：M7a 多见于日本和琉球，M7b 多见于中国南方、日本和朝鲜半岛，M7c 见于中国南方和东南亚。',
  },
  {
    branch: 'M8',
    title: 'M8（含 C、Z）：北方与西伯利亚',
    text: 'M8 的两个下游分支 C 和 Z 在西伯利亚和中国北方人群中常见；C 的一支（C1）是美洲原住民的母系类型之一，Z 则一直分布到北欧的萨米人。M8a 多见于中国。',
  },
  {
    branch: 'N9',
    title: 'N9：东亚北部与阿伊努人',
    text: 'N9a 多见于中国、日本和朝鲜半岛；N9 的另一支 Y 在阿伊努人、尼夫赫人等东北亚沿海人群中比例很高。',
  },
];

/** The notes of the noted branches on a path (root first). */
export function notesOnPath(kind: 'Y' | 'MT', path: readonly string[]): BranchNote[] {
  const notes = kind === 'Y' ? Y_NOTES : MT_NOTES;
  const byBranch = new Map(notes.map((n) => [n.branch, n]));
  return path.flatMap((name) => byBranch.get(name) ?? []);
}
