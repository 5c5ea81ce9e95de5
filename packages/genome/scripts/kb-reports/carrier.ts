/** Carrier items: recessive (or X-linked, maternal) conditions a chip can read reliably. */
import type { KbItem } from '../../src/reports/schema.ts';
import { isRareForChip } from '../../src/reports/verdicts.ts';
import { marker } from './markers.ts';
import { otherwise, when, type Outcome } from './phenotypes.ts';

const CARRIER_NOTE =
  '携带者本人通常没有症状。如果夫妻双方携带同一基因的致病变异，每次怀孕有 25% 的概率生育患病孩子，备孕前可到医院遗传咨询门诊做针对性检测。本检测只读取少数常见位点，未检出不代表完全不携带该病的其他致病变异。';

/** "遗传性耳聋（GJB2 c.109G>A）" → title "遗传性耳聋", detail "GJB2 c.109G>A": codes go on the detail line. */
function split(name: string): { title: string; detail: string } {
  const m = /^(.*?)（(.*)）$/.exec(name);
  if (!m) throw new Error(`carrier item name without a detail: ${name}`);
  return { title: m[1] as string, detail: m[2] as string };
}

/**
 * One pathogenic SNV, autosomal recessive. A variant a chip cannot be trusted to call (East Asian
 * frequency under RARE_CALL_THRESHOLD or unknown, see verdicts.ts) reads "confirm" whenever it is
 * seen; a common one reads carrier for one copy and "two copies, to confirm" for two.
 */
function recessive(
  id: string,
  name: string,
  gene: string,
  rsid: string,
  effect: 'A' | 'C' | 'G' | 'T',
  summary: string,
  variantName: string,
  twoCopies: string,
  populationNote: string,
  references: KbItem['references'],
): KbItem {
  const m = marker(rsid, effect);
  const other = m.effectAllele === m.ref ? m.alt : m.ref;
  const het = [effect, other].sort().join('');
  const rules = isRareForChip(m.eastAsianFreq)
    ? [
        when({ [rsid]: [effect + effect] }, 'confirm-two', [
          `芯片读到两份 ${variantName}`,
          'confirm',
          `芯片在这个位点读到两份 ${variantName}。该变异在东亚人群中罕见或没有可靠的频率数据，芯片对这类罕见变异的读数经测序核对多数并不存在，因此这不是诊断。${twoCopies}如确认存在，才有临床意义。`,
        ]),
        when({ [rsid]: [het] }, 'confirm-one', [
          `芯片读到一份 ${variantName}`,
          'confirm',
          `芯片在这个位点读到一份 ${variantName}。该变异在东亚人群中罕见或没有可靠的频率数据，芯片对这类罕见变异的读数经测序核对多数并不存在，需要临床基因检测确认后才能判断你是否为携带者。`,
        ]),
      ]
    : [
        when({ [rsid]: [effect + effect] }, 'two-copies', [
          `两份 ${variantName}`,
          'two-copies',
          `芯片读到两份 ${variantName}。${twoCopies}芯片结果需要临床基因检测确认，并由医生结合听力、血液等检查判断是否有临床意义。`,
        ]),
        when({ [rsid]: [het] }, 'carrier', [
          `一份 ${variantName}`,
          'carrier',
          `检出一份 ${variantName}，你是携带者。携带者本人通常不发病，但可能把该变异传给孩子。`,
        ]),
      ];
  return {
    id: `carrier-${id}`,
    category: 'carrier',
    ...split(name),
    summary,
    genes: [gene],
    markers: [m],
    rules: [...rules, otherwise('not-carrier', [`未检出 ${variantName}`, 'not-carrier', `未检出 ${variantName}。`])],
    advice: CARRIER_NOTE,
    populationNote,
    references,
  };
}

const G6PD_MALE: Outcome = [
  '男性检出 G6PD 缺乏变异',
  'hemizygous',
  '检出 G6PD 缺乏变异。男性只有一条 X 染色体，一份即可能表现为 G6PD 缺乏：平时多无症状，但进食蚕豆或使用某些氧化性药物后可能发生急性溶血。请用 G6PD 酶活性检测确认。',
];
const G6PD_FEMALE_TWO: Outcome = [
  '两条 X 染色体均检出变异',
  'two-copies',
  '两条 X 染色体上都检出 G6PD 缺乏变异，可能表现为 G6PD 缺乏：平时多无症状，但进食蚕豆或使用某些氧化性药物后可能发生急性溶血。请用 G6PD 酶活性检测确认。',
];

export const CARRIER_ITEMS: KbItem[] = [
  recessive(
    'gjb2-hearing-loss',
    '遗传性耳聋（GJB2 c.109G>A）',
    'GJB2',
    'rs72474224',
    'T',
    'GJB2 基因编码缝隙连接蛋白 Connexin 26，是遗传性非综合征型耳聋最常见的致病基因。c.109G>A（p.V37I）是东亚人群中最常见的 GJB2 变异，纯合或与其他 GJB2 致病变异复合杂合时通常引起轻到中度、可能随年龄进展的听力下降。',
    'GJB2 c.109G>A（V37I）变异',
    '两份 V37I 可引起轻到中度听力下降，外显程度不一，部分人听力正常。',
    'c.109G>A 在东亚人群中频率很高（gnomAD 东亚约 8%–9%），约 1/6 的中国人为携带者；ClinGen 听力损失专家组仍将其评为致病（表型较轻）。中国人群 GJB2 最常见的重度致聋变异 c.235delC 为缺失变异，本检测无法读取。',
    [
      { type: 'clinvar', id: '17023' },
      { type: 'pubmed', id: '31160754' },
    ],
  ),
  recessive(
    'slc26a4-hearing-loss',
    '大前庭导水管综合征（SLC26A4 IVS7-2A>G）',
    'SLC26A4',
    'rs111033313',
    'G',
    'SLC26A4 基因变异可引起大前庭导水管综合征（EVA）和 Pendred 综合征，表现为波动性、进行性听力下降，头部外伤或感冒后可能突然加重。c.919-2A>G（IVS7-2A>G）是中国人群中最常见的 SLC26A4 致病变异。',
    'SLC26A4 c.919-2A>G 变异',
    '两份可引起大前庭导水管综合征或 Pendred 综合征。',
    'IVS7-2A>G 在中国耳聋患者的 SLC26A4 变异中约占一半以上，普通人群携带率约 1%；中国新生儿耳聋基因筛查常规包含该位点。',
    [{ type: 'clinvar', id: '4840' }],
  ),
  {
    id: 'carrier-mt-rnr1-hearing',
    category: 'carrier',
    title: '药物性耳聋易感',
    detail: '线粒体 MT-RNR1 m.1555A>G',
    summary:
      '线粒体 MT-RNR1 基因 m.1555A>G 变异使人对氨基糖苷类抗生素（庆大霉素、链霉素等）极度敏感，用药后可致不可逆耳聋，部分携带者即使未用药也可能出现听力下降。线粒体只经母亲遗传。',
    genes: ['MT-RNR1'],
    markers: [marker('rs267606617', 'G')],
    rules: [
      when({ rs267606617: ['G', 'GG', 'AG'] }, 'confirm', [
        '芯片读到 m.1555A>G',
        'confirm',
        '芯片读到 m.1555A>G。芯片对这类罕见变异的读数需要临床检测确认。如确认存在，您应终身避免氨基糖苷类抗生素；您的母亲、兄弟姐妹以及（若您是女性）您的孩子也很可能携带，建议他们检测。',
      ]),
      otherwise('not-carrier', ['未检出 m.1555A>G', 'not-carrier', '未检出 m.1555A>G。']),
    ],
    advice:
      '就医、住院时请主动告知医生您携带该变异并出示本报告。线粒体变异不遵循“夫妻双方携带”规律：携带者女性会把它传给所有孩子，男性不会传给孩子。',
    populationNote: '中国人群携带率约 0.2%–0.3%，是中国药物性耳聋最常见的遗传原因。',
    references: [{ type: 'cpic', id: 'CPIC Guideline for MT-RNR1 and Aminoglycosides (2021)' }],
  },
  {
    id: 'carrier-g6pd-deficiency',
    category: 'carrier',
    title: '蚕豆病',
    detail: 'G6PD 缺乏症（Canton、Kaiping 变异）',
    summary:
      'G6PD 缺乏症是最常见的红细胞酶缺陷，X 连锁遗传：男性一份变异即患病，女性多为携带者。患者平时无症状，进食蚕豆、接触樟脑丸或使用某些药物后可能发生急性溶血。本项目读取中国最常见的 Canton（c.1376G>T）和 Kaiping（c.1388G>A）两个变异。',
    genes: ['G6PD'],
    markers: [marker('rs72554665', 'A'), marker('rs72554664', 'T')],
    rules: [
      // A man's X is haploid (one allele); two alleles are a woman's.
      when({ rs72554665: ['A'] }, 'hemizygous', G6PD_MALE),
      when({ rs72554664: ['T'] }, 'hemizygous', G6PD_MALE),
      when({ rs72554665: ['AA'] }, 'two-copies', G6PD_FEMALE_TWO),
      when({ rs72554664: ['TT'] }, 'two-copies', G6PD_FEMALE_TWO),
      when({ rs72554665: ['AC'], rs72554664: ['CT'] }, 'two-copies', G6PD_FEMALE_TWO),
      when({ rs72554665: ['AC'] }, 'canton-carrier', [
        '一份 Canton 变异',
        'carrier',
        '您（女性）携带一份 Canton 变异。女性携带者的酶活性可正常也可降低，您的儿子有 50% 的概率患病。',
      ]),
      when({ rs72554664: ['CT'] }, 'kaiping-carrier', [
        '一份 Kaiping 变异',
        'carrier',
        '您（女性）携带一份 Kaiping 变异。女性携带者的酶活性可正常也可降低，您的儿子有 50% 的概率患病。',
      ]),
      otherwise('not-carrier', [
        '未检出 Canton 和 Kaiping 变异',
        'not-carrier',
        '未检出 Canton 和 Kaiping 变异。G6PD 缺乏还有 c.95A>G、c.1024C>T 等其他变异，本结果不能完全排除。',
      ]),
    ],
    advice: '患者或携带者请避免进食蚕豆及其制品、避免接触樟脑丸，就医时告知医生。可通过测定 G6PD 酶活性确认。',
    populationNote:
      'G6PD 缺乏在广东、广西、海南、云南、四川等南方省份常见（男性患病率约 3%–9%），北方少见。Canton 和 Kaiping 合计约占中国患者变异的一半以上。',
    references: [{ type: 'cpic', id: 'CPIC Guideline for G6PD Genotype and Drug Prescribing (2022)' }],
  },
  recessive(
    'phenylketonuria',
    '苯丙酮尿症（PAH R243Q）',
    'PAH',
    'rs62508588',
    'T',
    '苯丙酮尿症（PKU）是苯丙氨酸羟化酶（PAH）缺乏导致的代谢病，患儿若不及早低苯丙氨酸饮食治疗，会出现智力障碍。中国新生儿常规筛查该病。p.R243Q（c.728G>A）是中国 PKU 患者中最常见的 PAH 变异。',
    'PAH c.728G>A（R243Q）变异',
    '两份 R243Q 可导致苯丙酮尿症。',
    '中国 PKU 发病率约 1/11000，北方高于南方；R243Q 约占中国患者 PAH 变异的 15%–20%。',
    [{ type: 'clinvar', id: '612' }],
  ),
  recessive(
    'beta-thalassemia',
    'β-地中海贫血（HBB IVS-II-654）',
    'HBB',
    'rs34451549',
    'A',
    'β-地中海贫血是 β 珠蛋白合成减少导致的遗传性贫血。携带者（轻型）通常只有轻度小细胞低色素贫血；两份致病变异可导致需要终身输血的重型地贫。IVS-II-654（c.316-197C>T）是中国南方常见的 β 地贫变异之一。',
    'HBB IVS-II-654 变异',
    '两份可导致中间型或重型 β-地中海贫血。',
    '广东、广西、海南等地 β 地贫携带率约 2%–6%，IVS-II-654 是中国最常见的 4–5 种 β 地贫变异之一。中国最常见的 CD41/42（-TTCT）为缺失变异，α 地贫的 --SEA 缺失也无法由芯片读取，请以血常规和地贫基因检测为准。',
    [{ type: 'clinvar', id: '15460' }],
  ),
  recessive(
    'hemoglobin-e',
    '血红蛋白 E 病（HBB c.79G>A）',
    'HBB',
    'rs33950507',
    'T',
    '血红蛋白 E（HbE，c.79G>A，p.Glu27Lys）是一种结构异常的 β 珠蛋白，同时合成减少，表现类似轻型 β 地贫。HbE 与另一种 β 地贫变异组合（HbE/β 地贫）可引起中重度贫血。',
    'HbE（HBB c.79G>A）变异',
    '两份 HbE（HbE 纯合）通常只有轻度贫血；若与 β 地贫变异组合则可能为中重度贫血。',
    'HbE 在东南亚（泰国、柬埔寨、老挝）非常常见，在中国云南、广西等西南地区也有一定频率。',
    [{ type: 'clinvar', id: '15161' }],
  ),
  recessive(
    'sickle-cell',
    '镰状细胞病（HBB HbS）',
    'HBB',
    'rs334',
    'A',
    '镰状细胞病由 β 珠蛋白 HbS 变异（c.20A>T，p.Glu7Val）引起，两份时红细胞变成镰刀形，引起溶血、疼痛危象和器官损害。携带一份（镰状细胞特征）通常无症状。',
    'HbS（HBB c.20A>T）变异',
    '两份 HbS 可导致镰状细胞病。',
    'HbS 主要见于非洲、中东和南亚人群，中国人群中极为罕见。',
    [{ type: 'clinvar', id: '15333' }],
  ),
  recessive(
    'hemochromatosis',
    '遗传性血色病（HFE C282Y）',
    'HFE',
    'rs1800562',
    'A',
    '遗传性血色病是铁吸收过多、在肝脏、心脏、胰腺等器官沉积的疾病，HFE C282Y 纯合是欧洲人群最常见的病因。',
    'HFE C282Y 变异',
    'C282Y 纯合者铁过载的风险较高（男性更明显），但并非所有人都会发病。',
    'C282Y 在北欧人群中携带率可达 10%，在中国人群中几乎不存在；中国人的铁过载多由其他原因引起。',
    [{ type: 'clinvar', id: '9' }],
  ),
  recessive(
    'alpha1-antitrypsin',
    'α1-抗胰蛋白酶缺乏症（SERPINA1 PiZ）',
    'SERPINA1',
    'rs28929474',
    'T',
    'α1-抗胰蛋白酶缺乏症可导致早发性肺气肿（吸烟者尤甚）和肝病。PiZ（p.Glu342Lys）是最主要的致病等位基因。',
    'SERPINA1 PiZ 变异',
    'PiZZ 型 α1-抗胰蛋白酶水平很低，早发肺气肿和肝病风险高，务必戒烟。',
    'PiZ 主要见于欧洲人群（携带率约 2%–4%），在中国人群中极为罕见。',
    [{ type: 'clinvar', id: '17967' }],
  ),
];
