/** Drug items (pharmacogenomics), following CPIC and DPWG guidelines. */
import type { KbItem } from '../../src/reports/schema.ts';
import { marker } from './markers.ts';
import { atLeast, cyp2c19, cyp2c9, cyp2d6, otherwise, slco1b1, when, type Outcome } from './phenotypes.ts';

const LIMIT_2C19 = '本检测只读取 CYP2C19 *2、*3、*17 三个位点，它们覆盖了中国人群中绝大多数功能改变的等位基因；更罕见的等位基因无法检出。';
const LIMIT_2C9 = '本检测读取 CYP2C9 *2、*3 两个位点；东亚人群中还有 *13 等少见等位基因，芯片无法检出。';
const LIMIT_2D6 =
  'CYP2D6 结构复杂：芯片只能读取 *4 和 *10 的关键位点，无法检出整个基因缺失（*5，中国人群约 5%）、基因重复（超快代谢）和 *36 杂合基因，因此结果只能作为参考，正式用药前请做临床基因检测。';
const NOTE_2C19 =
  'CYP2C19 *2 在中国人群中的频率约为 30%，*3 约为 5%，约 14% 的中国人为慢代谢型、约 45% 为中间代谢型，远高于欧洲人群；*17 在中国人群中少见（约 1%–2%）。';
const NOTE_2C9 = 'CYP2C9 *3 在中国人群中的频率约为 3%–4%，*2 在东亚人群中几乎不存在。';
const NOTE_2D6 = '中国人群中 CYP2D6 *10 非常常见（等位基因频率约 50%），导致许多人酶活性偏低；*4 在中国人群中罕见。';
const NOTE_SLCO = 'SLCO1B1 rs4149056 C 等位基因在东亚人群中的频率约为 10%–15%，约 1%–2% 的人为 CC 型。';

const CPIC_2C19_CLOPI = { type: 'cpic', id: 'CPIC Guideline for CYP2C19 and Clopidogrel Therapy (2022 update)' } as const;
const CPIC_2C19_PPI = { type: 'cpic', id: 'CPIC Guideline for CYP2C19 and Proton Pump Inhibitor Dosing (2020)' } as const;
const CPIC_SSRI = {
  type: 'cpic',
  id: 'CPIC Guideline for CYP2D6, CYP2C19, CYP2B6, SLC6A4 and HTR2A and Serotonin Reuptake Inhibitor Antidepressants (2023)',
} as const;
const CPIC_TCA = { type: 'cpic', id: 'CPIC Guideline for CYP2D6 and CYP2C19 and Tricyclic Antidepressants (2016)' } as const;
const CPIC_STATIN = {
  type: 'cpic',
  id: 'CPIC Guideline for SLCO1B1, ABCG2 and CYP2C9 and Statin-Associated Musculoskeletal Symptoms (2022)',
} as const;
const CPIC_NSAID = { type: 'cpic', id: 'CPIC Guideline for CYP2C9 and Nonsteroidal Anti-Inflammatory Drugs (2020)' } as const;
const CPIC_OPIOID = { type: 'cpic', id: 'CPIC Guideline for CYP2D6, OPRM1 and COMT Genotypes and Select Opioid Therapy (2021)' } as const;
const CPIC_THIOPURINE = {
  type: 'cpic',
  id: 'CPIC Guideline for Thiopurine Dosing Based on TPMT and NUDT15 Genotypes (2018 update)',
} as const;
const CPIC_DPYD = { type: 'cpic', id: 'CPIC Guideline for Fluoropyrimidines and DPYD (2017, 2024 update)' } as const;
const CLINVAR_VKORC1 = { type: 'clinvar', id: 'RCV000002295' } as const;

const DRUG_NOTE = '药物基因检测结果只说明基因对药物代谢或反应的影响，不能替代医生的诊断和处方。请勿根据本报告自行停药、换药或调整剂量。';

function drugItem(
  id: string,
  title: string,
  drugClass: string,
  drugClassId: string,
  summary: string,
  markers: KbItem['markers'],
  rules: KbItem['rules'],
  advice: string,
  populationNote: string,
  references: KbItem['references'],
  genes?: string[],
): KbItem {
  return {
    id: `drug-${id}`,
    category: 'drug',
    title,
    detail: (genes ?? [...new Set(markers.map((m) => m.gene))]).join('、'),
    summary,
    genes: genes ?? [...new Set(markers.map((m) => m.gene))],
    markers,
    rules,
    advice: `${advice}${DRUG_NOTE}`,
    populationNote,
    drugClass,
    drugClassId,
    references,
  };
}

const m2c19 = () => [marker('rs4244285', 'A'), marker('rs4986893', 'A'), marker('rs12248560', 'T')];
const m2c9 = () => [marker('rs1799853', 'T'), marker('rs1057910', 'C')];
const m2d6 = () => [marker('rs3892097', 'T'), marker('rs1065852', 'A')];

/** CYP2C19 substrate whose effect falls when the enzyme is slow (drug inactivated by CYP2C19). */
function c19Substrate(drug: string, pm: string, im: string, nm: string, rm: string, um: string): Parameters<typeof cyp2c19>[0] {
  return {
    pm: ['慢代谢型', 'poor-metabolizer', `您携带两个无功能 CYP2C19 等位基因（*2 或 *3），${drug}${pm}`],
    im: ['中间代谢型', 'intermediate-metabolizer', `您携带一个无功能 CYP2C19 等位基因，酶活性降低，${drug}${im}`],
    nm: ['正常代谢型', 'normal-metabolizer', `未检出 *2、*3、*17，CYP2C19 活性正常，${drug}${nm}`],
    rm: ['快代谢型', 'rapid-metabolizer', `您携带一个 *17 等位基因，CYP2C19 活性偏高，${drug}${rm}`],
    um: ['超快代谢型', 'ultrarapid-metabolizer', `您携带两个 *17 等位基因，CYP2C19 活性很高，${drug}${um}`],
  };
}

const ppi = (id: string, name: string): KbItem =>
  drugItem(
    id,
    name,
    '质子泵抑制剂',
    'ppi',
    `${name}是治疗胃溃疡、反流性食管炎和根除幽门螺杆菌的常用抑酸药，主要由肝脏 CYP2C19 酶代谢清除。CYP2C19 活性越低，血药浓度越高，抑酸作用越强。`,
    m2c19(),
    cyp2c19(
      c19Substrate(
        name,
        '在体内清除很慢，血药浓度明显升高，抑酸效果较强；CPIC 建议长期使用（超过 12 周）时考虑减少 50% 日剂量。',
        '清除较慢，抑酸效果较好；CPIC 建议按常规剂量开始，长期使用且症状已控制时可考虑减量。',
        '按常规剂量使用即可，治疗幽门螺杆菌或糜烂性食管炎时可考虑略高剂量。',
        '清除较快，抑酸作用可能不足；CPIC 建议起始剂量提高 50%–100%。',
        '清除很快，标准剂量常常抑酸不足；CPIC 建议起始剂量提高 100%，并关注疗效。',
      ),
    ),
    '如果您在使用该药时效果不佳或长期服用，可把本结果告知消化科医生，由医生判断是否调整剂量或换用受 CYP2C19 影响较小的药物（如雷贝拉唑、艾司奥美拉唑的影响相对较小）。',
    NOTE_2C19,
    [CPIC_2C19_PPI],
  );

const statin = (id: string, name: string, extra: string): KbItem =>
  drugItem(
    id,
    name,
    '他汀类降脂药',
    'statin',
    `${name}是常用的降胆固醇药物。肝细胞表面的转运蛋白 OATP1B1（由 SLCO1B1 基因编码）负责把他汀摄入肝脏，转运功能下降时血液中他汀浓度升高，肌肉疼痛、肌病等不良反应的风险增加。`,
    [marker('rs4149056', 'C')],
    slco1b1({
      poor: [
        '转运功能差',
        'altered-response',
        `您为 rs4149056 CC 型（SLCO1B1 功能差），${name}血药浓度会明显升高，肌肉不良反应风险较高。${extra}`,
      ],
      decreased: [
        '转运功能降低',
        'altered-response',
        `您携带一个 rs4149056 C 等位基因（SLCO1B1 功能降低），${name}血药浓度升高，肌肉不良反应风险增加。${extra}`,
      ],
      normal: ['转运功能正常', 'normal-response', `您为 rs4149056 TT 型，SLCO1B1 转运功能正常，按常规剂量使用${name}即可。`],
    }),
    '服用他汀期间如出现不明原因的肌肉疼痛、无力或尿色加深，请及时就医并检查肌酸激酶。请把本结果告知开药医生，由医生决定剂量或是否换用其他他汀。',
    NOTE_SLCO,
    [CPIC_STATIN, { type: 'pubmed', id: '22617227' }, { type: 'pubmed', id: '24918167' }],
  );

const nsaid = (id: string, name: string): KbItem =>
  drugItem(
    id,
    name,
    '非甾体抗炎药',
    'nsaid',
    `${name}是常用的止痛、抗炎药，主要由 CYP2C9 代谢。CYP2C9 活性下降时药物在体内停留更久，胃肠道出血、肾损伤、心血管事件等剂量相关不良反应风险增加。`,
    m2c9(),
    cyp2c9({
      pm: [
        '慢代谢型',
        'poor-metabolizer',
        `您的 CYP2C9 活性评分为 0–0.5（慢代谢），${name}清除明显减慢。CPIC 建议起始剂量减为最低推荐剂量的 25%–50%，或换用不经 CYP2C9 代谢的药物。`,
      ],
      im: [
        '中间代谢型',
        'intermediate-metabolizer',
        `您携带一个或两个功能降低的 CYP2C9 等位基因，${name}清除变慢。活性评分为 1 时 CPIC 建议从最低推荐剂量开始，评分为 1.5 时可按常规剂量使用。`,
      ],
      nm: ['正常代谢型', 'normal-metabolizer', `未检出 CYP2C9 *2、*3，按常规剂量使用${name}即可。`],
    }),
    `${LIMIT_2C9}长期服用止痛药前请咨询医生，尤其是同时有胃病、肾病或心血管病时。`,
    NOTE_2C9,
    [CPIC_NSAID],
  );

const ssriC19 = (id: string, name: string): KbItem =>
  drugItem(
    id,
    name,
    '抗抑郁药',
    'antidepressant',
    `${name}是常用的选择性 5-羟色胺再摄取抑制剂（SSRI），用于抑郁症和焦虑障碍，主要由 CYP2C19 代谢。`,
    m2c19(),
    cyp2c19(
      c19Substrate(
        name,
        '血药浓度明显升高，不良反应（如 QT 间期延长、嗜睡、胃肠不适）风险增加；CPIC 建议考虑较低起始剂量并缓慢加量，或换用不主要经 CYP2C19 代谢的药物。',
        '血药浓度略高，可按常规剂量开始，加量宜更慢。',
        '按常规剂量使用即可。',
        '血药浓度可能略低，一般按常规剂量开始；若疗效不佳，医生可考虑调整。',
        '血药浓度偏低，可能疗效不足；CPIC 建议考虑换用不主要经 CYP2C19 代谢的药物。',
      ),
    ),
    `${LIMIT_2C19}抗抑郁药的剂量调整必须由精神科医生决定。`,
    NOTE_2C19,
    [CPIC_SSRI],
  );

const d6Drug = (
  id: string,
  name: string,
  cls: string,
  clsId: string,
  summary: string,
  texts: { pm: string; im: string; nm: string },
  advice: string,
  refs: KbItem['references'],
): KbItem =>
  drugItem(
    id,
    name,
    cls,
    clsId,
    summary,
    m2d6(),
    cyp2d6({
      pm: ['慢代谢型', 'poor-metabolizer', `您为 *4/*4 型，CYP2D6 几乎没有活性。${texts.pm}`],
      im: ['中间代谢型', 'intermediate-metabolizer', `您携带一个无功能的 *4，或两个活性降低的 *10，CYP2D6 活性偏低。${texts.im}`],
      nm: ['正常代谢型', 'normal-metabolizer', `未检出 CYP2D6 活性明显降低的组合。${texts.nm}`],
    }),
    `${LIMIT_2D6}${advice}`,
    NOTE_2D6,
    refs,
  );

const G6PD_DEFICIENT: Outcome = [
  'G6PD 缺乏',
  'altered-response',
  '检出 G6PD 缺乏的致病变异（男性一份即可致病，女性为两份）。服用伯氨喹、拉布立酶、氨苯砜、呋喃妥因、磺胺类等氧化性药物，或进食蚕豆，可能引起急性溶血。',
];

export const DRUG_ITEMS: KbItem[] = [
  drugItem(
    'clopidogrel',
    '氯吡格雷',
    '抗血小板药',
    'antiplatelet',
    '氯吡格雷（波立维）是冠心病支架术后、急性冠脉综合征和缺血性脑卒中常用的抗血小板药。它本身没有活性，需要肝脏 CYP2C19 酶转化为活性代谢物才能抑制血小板。CYP2C19 功能缺失时，药效减弱，血栓事件风险升高。',
    m2c19(),
    cyp2c19({
      pm: [
        '慢代谢型',
        'poor-metabolizer',
        '您携带两个无功能 CYP2C19 等位基因，氯吡格雷几乎不能被活化，抗血小板效果显著降低。CPIC 建议在心血管和神经血管适应证中避免使用氯吡格雷，换用替格瑞洛或普拉格雷等不依赖 CYP2C19 的药物（如无禁忌）。',
      ],
      im: [
        '中间代谢型',
        'intermediate-metabolizer',
        '您携带一个无功能 CYP2C19 等位基因，氯吡格雷活化减少，抗血小板效果降低。CPIC 建议（如无禁忌）换用替格瑞洛或普拉格雷等替代药物。',
      ],
      nm: ['正常代谢型', 'normal-metabolizer', '未检出 *2、*3、*17，CYP2C19 活性正常，氯吡格雷可按标准剂量使用。'],
      rm: ['快代谢型', 'rapid-metabolizer', '您携带一个 *17 等位基因，氯吡格雷活化正常或略强，可按标准剂量使用。'],
      um: ['超快代谢型', 'ultrarapid-metabolizer', '您携带两个 *17 等位基因，氯吡格雷活化增强，可按标准剂量使用。'],
    }),
    `${LIMIT_2C19}如您正在服用或即将服用氯吡格雷，请把本结果交给心内科或神经内科医生。`,
    `${NOTE_2C19}因此中国患者中氯吡格雷低反应的比例明显高于欧美患者。`,
    [CPIC_2C19_CLOPI, { type: 'pharmgkb', id: 'PA449053' }],
  ),
  ppi('omeprazole', '奥美拉唑'),
  ppi('lansoprazole', '兰索拉唑'),
  ppi('pantoprazole', '泮托拉唑'),
  drugItem(
    'voriconazole',
    '伏立康唑',
    '抗真菌药',
    'antifungal',
    '伏立康唑用于治疗侵袭性曲霉病等严重真菌感染，主要由 CYP2C19 代谢，治疗窗窄：浓度过高易致肝毒性和视觉、神经系统不良反应，浓度过低则疗效不足。',
    m2c19(),
    cyp2c19(
      c19Substrate(
        '伏立康唑',
        '血药浓度会显著升高，不良反应风险高；CPIC 建议换用不依赖 CYP2C19 的抗真菌药（如艾沙康唑、两性霉素 B 或泊沙康唑），若必须使用应减量并监测血药浓度。',
        '血药浓度偏高，可按标准剂量使用并监测血药浓度。',
        '按标准剂量使用即可，仍建议常规监测血药浓度。',
        '血药浓度可能偏低，疗效不足；CPIC 建议换用其他抗真菌药或监测血药浓度。',
        '血药浓度很可能不达标；CPIC 建议换用不依赖 CYP2C19 的抗真菌药。',
      ),
    ),
    `${LIMIT_2C19}伏立康唑一般在住院期间使用，请把本结果告知主治医生和临床药师。`,
    NOTE_2C19,
    [{ type: 'cpic', id: 'CPIC Guideline for CYP2C19 and Voriconazole Therapy (2016)' }],
  ),
  ssriC19('escitalopram', '西酞普兰/艾司西酞普兰'),
  ssriC19('sertraline', '舍曲林'),
  drugItem(
    'amitriptyline',
    '阿米替林',
    '抗抑郁药',
    'antidepressant',
    '阿米替林是三环类抗抑郁药，也常小剂量用于慢性疼痛和偏头痛预防。它先由 CYP2C19 转化为去甲替林，再由 CYP2D6 清除。本项目解读 CYP2C19 部分。',
    m2c19(),
    cyp2c19(
      c19Substrate(
        '阿米替林',
        '阿米替林原形浓度升高、不良反应风险增加；CPIC 建议考虑换用不经 CYP2C19 代谢的药物，若使用应从推荐起始剂量的 50% 开始并监测血药浓度。',
        '按常规剂量开始即可。',
        '按常规剂量开始即可。',
        '阿米替林代谢较快；CPIC 建议考虑换用其他药物，若使用请监测血药浓度。',
        '阿米替林代谢很快；CPIC 建议考虑换用不经 CYP2C19 代谢的药物。',
      ),
    ),
    `${LIMIT_2C19}阿米替林同时受 CYP2D6 影响，完整判断需结合 CYP2D6 结果和临床情况。小剂量用于止痛时影响较小。`,
    NOTE_2C19,
    [CPIC_TCA],
  ),
  drugItem(
    'warfarin',
    '华法林',
    '抗凝药',
    'anticoagulant',
    '华法林用于房颤、人工心脏瓣膜和静脉血栓的抗凝治疗。它的作用靶点 VKORC1 和代谢酶 CYP2C9 的基因变异可解释约三分之一的剂量差异：VKORC1 -1639A（rs9923231 T）使靶点表达减少，所需剂量更低；CYP2C9 *2/*3 使清除变慢，出血风险增加。',
    [marker('rs9923231', 'T'), ...m2c9()],
    [
      when(
        { rs9923231: ['TT'] },
        'highly-sensitive',
        [
          '对华法林高度敏感',
          'altered-response',
          '您为 VKORC1 -1639 AA 型，并携带 CYP2C9 功能降低的等位基因，所需剂量通常明显低于平均水平，出血风险较高。CPIC 建议使用包含基因型的剂量算法计算起始剂量。',
        ],
        { minEffectAlleles: 3 },
      ),
      when({ rs1057910: ['CC'] }, 'highly-sensitive', [
        '对华法林高度敏感',
        'altered-response',
        '您为 CYP2C9 *3/*3 型，华法林清除极慢，所需剂量通常很低，出血风险较高。CPIC 建议使用包含基因型的剂量算法，并考虑显著减量。',
      ]),
      when({ rs9923231: ['TT'] }, 'sensitive', [
        '对华法林较敏感',
        'altered-response',
        '您为 VKORC1 -1639 AA 型（rs9923231 TT），这是中国人中最常见的类型，所需华法林剂量通常低于欧美人群的平均剂量。',
      ]),
      atLeast(1, 'moderately-sensitive', [
        '对华法林略敏感',
        'altered-response',
        '您携带一个 VKORC1 -1639A 或 CYP2C9 功能降低的等位基因，所需剂量可能介于平均水平与低剂量之间。',
      ]),
      otherwise('typical', [
        '敏感性一般',
        'normal-response',
        '您为 VKORC1 -1639 GG 型且未检出 CYP2C9 *2、*3。这在中国人中较少见，所需华法林剂量可能高于中国患者的平均剂量。',
      ]),
    ],
    `${LIMIT_2C9}华法林剂量必须由医生根据 INR 监测调整；基因结果可帮助医生估算起始剂量。服药期间注意饮食中维生素 K 摄入稳定，并告知医生您服用的其他药物。`,
    '中国人群中约 80%–90% 为 VKORC1 -1639 AA 型（rs9923231 TT），这是中国患者华法林平均剂量（约 3 mg/日）低于欧美患者（约 5 mg/日）的主要原因。CYP2C9 *3 在中国人群中约 3%–4%。',
    [
      { type: 'cpic', id: 'CPIC Guideline for Pharmacogenetics-Guided Warfarin Dosing (2017 update)' },
      CLINVAR_VKORC1,
      { type: 'pharmgkb', id: 'PA166155091' },
    ],
  ),
  nsaid('celecoxib', '塞来昔布'),
  nsaid('ibuprofen', '布洛芬'),
  nsaid('meloxicam', '美洛昔康'),
  nsaid('piroxicam', '吡罗昔康'),
  nsaid('flurbiprofen', '氟比洛芬'),
  drugItem(
    'phenytoin',
    '苯妥英',
    '抗癫痫药',
    'antiepileptic',
    '苯妥英是抗癫痫药，治疗窗窄，主要由 CYP2C9 代谢。CYP2C9 活性下降时血药浓度升高，易出现眼球震颤、共济失调等神经毒性。本项目只解读 CYP2C9 部分。',
    m2c9(),
    cyp2c9({
      pm: ['慢代谢型', 'poor-metabolizer', '您的 CYP2C9 活性很低。CPIC 建议维持剂量在常规基础上减少约 50%，并根据血药浓度调整。'],
      im: [
        '中间代谢型',
        'intermediate-metabolizer',
        '您的 CYP2C9 活性降低。活性评分为 1 时 CPIC 建议维持剂量减少约 25%，评分 1.5 时可按常规剂量并监测血药浓度。',
      ],
      nm: ['正常代谢型', 'normal-metabolizer', '未检出 CYP2C9 *2、*3，按常规剂量使用并监测血药浓度即可。'],
    }),
    `${LIMIT_2C9}重要：苯妥英、卡马西平、奥卡西平引起严重皮肤不良反应（SJS/TEN）与 HLA-B*15:02 强相关，而消费级芯片不能可靠判读 HLA-B*15:02，本报告不提供该结果。汉族人群 HLA-B*15:02 携带率较高，首次使用这些药物前请到医院做 HLA-B*15:02 检测。`,
    `${NOTE_2C9}中国南方汉族 HLA-B*15:02 携带率约 10%–15%，北方较低。`,
    [{ type: 'cpic', id: 'CPIC Guideline for CYP2C9 and HLA-B Genotypes and Phenytoin Dosing (2020 update)' }],
  ),
  statin('simvastatin', '辛伐他汀', 'CPIC 建议考虑换用其他他汀或使用较低剂量，避免 80 mg 高剂量。'),
  statin('atorvastatin', '阿托伐他汀', 'CPIC 建议从较低剂量开始，如需较大剂量可考虑换用受 SLCO1B1 影响较小的他汀。'),
  statin('lovastatin', '洛伐他汀', 'CPIC 建议考虑换用其他他汀。'),
  statin('pitavastatin', '匹伐他汀', 'CPIC 建议从较低剂量开始，如需较大剂量可考虑换用其他他汀。'),
  statin('pravastatin', '普伐他汀', 'CPIC 建议从较低剂量开始，并注意肌肉症状。'),
  drugItem(
    'rosuvastatin',
    '瑞舒伐他汀',
    '他汀类降脂药',
    'statin',
    '瑞舒伐他汀的血药浓度受两个转运蛋白影响：肝脏摄取转运蛋白 OATP1B1（SLCO1B1）和外排转运蛋白 BCRP（ABCG2）。ABCG2 Q141K（rs2231142 T）在东亚人群中常见，会使瑞舒伐他汀浓度升高。',
    [marker('rs4149056', 'C'), marker('rs2231142', 'T')],
    [
      when({ rs4149056: ['CC'] }, 'slco1b1-poor-function', [
        'SLCO1B1 转运功能差',
        'altered-response',
        '您为 SLCO1B1 rs4149056 CC 型，瑞舒伐他汀血药浓度升高。CPIC 建议起始剂量不超过 20 mg/日，如需更大剂量可考虑其他降脂方案。',
      ]),
      when({ rs2231142: ['TT'] }, 'abcg2-poor-function', [
        'ABCG2 功能差',
        'altered-response',
        '您为 ABCG2 rs2231142 TT 型，瑞舒伐他汀血药浓度升高。CPIC 建议起始剂量不超过 20 mg/日。',
      ]),
      when({ rs4149056: ['CT'] }, 'slco1b1-decreased-function', [
        'SLCO1B1 转运功能降低',
        'altered-response',
        '您携带一个 SLCO1B1 rs4149056 C 等位基因，瑞舒伐他汀浓度略高。CPIC 建议按常规起始剂量，但注意肌肉症状。',
      ]),
      otherwise('typical', [
        '转运功能基本正常',
        'normal-response',
        '未检出 SLCO1B1 或 ABCG2 功能明显降低的基因型，按常规剂量使用即可。ABCG2 杂合不需要调整剂量。',
      ]),
    ],
    '亚洲患者使用瑞舒伐他汀时药品说明书本身已建议较低起始剂量（如 5 mg）。服药期间出现肌肉疼痛、无力请及时就医。',
    `${NOTE_SLCO}ABCG2 rs2231142 T 等位基因在东亚人群中约 30%，约 10% 的人为 TT 型。`,
    [CPIC_STATIN],
  ),
  drugItem(
    'fluvastatin',
    '氟伐他汀',
    '他汀类降脂药',
    'statin',
    '氟伐他汀的清除同时依赖肝脏摄取转运蛋白 OATP1B1（SLCO1B1）和代谢酶 CYP2C9，两者功能下降都会升高血药浓度和肌肉不良反应风险。',
    [marker('rs4149056', 'C'), ...m2c9()],
    [
      when({ rs4149056: ['CC'] }, 'elevated-exposure', [
        '血药浓度可能明显升高',
        'altered-response',
        '您为 SLCO1B1 rs4149056 CC 型。CPIC 建议每日剂量不超过 40 mg，或换用其他他汀。',
      ]),
      when({ rs1057910: ['CC'] }, 'elevated-exposure', [
        '血药浓度可能明显升高',
        'altered-response',
        '您为 CYP2C9 *3/*3 型。CPIC 建议每日剂量不超过 40 mg，或换用其他他汀。',
      ]),
      atLeast(1, 'mildly-elevated-exposure', [
        '血药浓度可能升高',
        'altered-response',
        '您携带 SLCO1B1 或 CYP2C9 功能降低的等位基因，氟伐他汀浓度可能升高。CPIC 建议避免高剂量（如 80 mg），注意肌肉症状。',
      ]),
      otherwise('typical', ['代谢与转运正常', 'normal-response', '未检出 SLCO1B1 rs4149056 C 或 CYP2C9 *2、*3，按常规剂量使用即可。']),
    ],
    `${LIMIT_2C9}服药期间出现肌肉疼痛、无力请及时就医。`,
    `${NOTE_SLCO}${NOTE_2C9}`,
    [CPIC_STATIN],
  ),
  drugItem(
    'allopurinol',
    '别嘌醇',
    '降尿酸药',
    'urate-lowering',
    '别嘌醇是最常用的降尿酸药，但少数人服用后会出现致命性的严重皮肤不良反应（SJS/TEN、DRESS）。这种反应与 HLA-B*58:01 强相关。rs9263726 是 HLA-B*58:01 的替代标记（在日本人群研究中与 HLA-B*58:01 完全连锁），芯片可以读取。',
    [marker('rs9263726', 'A')],
    [
      when({ rs9263726: ['AA', 'AG'] }, 'hla-b5801-likely', [
        '可能携带 HLA-B*58:01',
        'altered-response',
        '您携带 rs9263726 A 等位基因，提示可能携带 HLA-B*58:01。CPIC 建议 HLA-B*58:01 携带者不要使用别嘌醇，改用非布司他等其他药物。请先做 HLA-B*58:01 基因分型确认。',
      ]),
      otherwise('hla-b5801-not-detected', [
        '未检出 HLA-B*58:01 标记',
        'normal-response',
        '您为 rs9263726 GG 型，未检出 HLA-B*58:01 的替代标记。注意：替代标记与 HLA-B*58:01 并非在所有人群中完全连锁，阴性结果不能完全排除，用药前如条件允许仍建议做 HLA-B*58:01 分型。',
      ]),
    ],
    '本结果来自替代标记，不是 HLA 直接分型。中国台湾、大陆多个指南推荐使用别嘌醇前检测 HLA-B*58:01。无论结果如何，服药后出现发热、皮疹、口腔溃疡请立即停药就医。',
    '汉族人群 HLA-B*58:01 携带率约 10%–20%（南方较高），远高于欧洲人群（约 1%–2%）；华南地区痛风患者研究中 rs9263726 A 等位基因携带率约 11%。',
    [{ type: 'cpic', id: 'CPIC Guideline for HLA-B Genotype and Allopurinol Dosing (2015 update)' }],
  ),
  drugItem(
    'tacrolimus',
    '他克莫司',
    '免疫抑制剂',
    'immunosuppressant',
    '他克莫司是器官移植后最常用的免疫抑制剂，主要由 CYP3A5 代谢。CYP3A5 *3（rs776746）导致剪接异常、不表达功能酶；携带 *1 等位基因的人（表达者）清除他克莫司更快，需要更高剂量才能达到目标血药浓度。',
    [marker('rs776746', 'T')],
    [
      when({ rs776746: ['TT'] }, 'normal-metabolizer', [
        '正常代谢型（*1/*1，表达者）',
        'normal-metabolizer',
        '您为 CYP3A5 *1/*1 型，酶表达正常，他克莫司清除快。CPIC 建议起始剂量提高到标准剂量的 1.5–2 倍（不超过 0.3 mg/kg/日），并监测血药浓度。',
      ]),
      when({ rs776746: ['CT'] }, 'intermediate-metabolizer', [
        '中间代谢型（*1/*3）',
        'intermediate-metabolizer',
        '您为 CYP3A5 *1/*3 型，他克莫司清除较快。CPIC 建议起始剂量提高到标准剂量的 1.5–2 倍（不超过 0.3 mg/kg/日），并监测血药浓度。',
      ]),
      otherwise('poor-metabolizer', [
        '慢代谢型（*3/*3，非表达者）',
        'poor-metabolizer',
        '您为 CYP3A5 *3/*3 型，这是东亚人群中最常见的类型。CPIC 建议按标准起始剂量使用，并监测血药浓度。',
      ]),
    ],
    '他克莫司剂量由移植医生根据血药浓度监测决定，请把本结果告知移植团队。本检测不读取 *6、*7 等主要见于非洲人群的等位基因。',
    'CYP3A5 *3 在东亚人群中频率约 71%，约一半的中国人为 *3/*3 型（非表达者），约 40% 为 *1/*3。',
    [
      { type: 'cpic', id: 'CPIC Guideline for CYP3A5 Genotype and Tacrolimus Dosing (2015)' },
      { type: 'clinvar', id: '5066' },
    ],
  ),
  ...(['azathioprine', 'mercaptopurine'] as const).map((id) => {
    const name = id === 'azathioprine' ? '硫唑嘌呤' : '巯嘌呤';
    return drugItem(
      id,
      name,
      id === 'azathioprine' ? '免疫抑制剂' : '抗肿瘤药',
      id === 'azathioprine' ? 'immunosuppressant' : 'anticancer',
      `${name}属于硫嘌呤类药物，用于白血病、炎症性肠病、自身免疫病和器官移植。TPMT 和 NUDT15 负责灭活其毒性代谢物，功能缺失时常规剂量即可引起严重骨髓抑制。NUDT15 R139C（rs116855232）是东亚人群硫嘌呤不耐受的主要原因。`,
      [marker('rs116855232', 'T'), marker('rs1142345', 'C'), marker('rs1800460', 'T')],
      [
        when({ rs116855232: ['TT'] }, 'poor-metabolizer', [
          '慢代谢型',
          'poor-metabolizer',
          '您为 NUDT15 R139C 纯合（rs116855232 TT），对硫嘌呤极度敏感。CPIC 建议非恶性疾病换用其他药物；恶性疾病时起始剂量大幅降低（如减至约 10 mg/m²/日）并密切监测血象。',
        ]),
        when({ rs1142345: ['CC'] }, 'poor-metabolizer', [
          '慢代谢型',
          'poor-metabolizer',
          '您为 TPMT *3C 纯合，TPMT 几乎无活性。CPIC 建议非恶性疾病换用其他药物；恶性疾病时剂量大幅降低并减少给药频率。',
        ]),
        when({ rs1800460: ['TT'] }, 'poor-metabolizer', [
          '慢代谢型',
          'poor-metabolizer',
          '您为 TPMT *3B 纯合，TPMT 几乎无活性。CPIC 建议非恶性疾病换用其他药物；恶性疾病时剂量大幅降低。',
        ]),
        atLeast(1, 'intermediate-metabolizer', [
          '中间代谢型',
          'intermediate-metabolizer',
          '您携带 NUDT15 或 TPMT 的一个功能缺失等位基因。CPIC 建议起始剂量减为常规的 30%–80%，并根据血象调整。若同时携带 TPMT *3B 和 *3C 各一份，可能是同一条染色体上的 *3A，也可能是两条染色体各一份（慢代谢），需临床检测确认。',
        ]),
        otherwise('normal-metabolizer', [
          '正常代谢型',
          'normal-metabolizer',
          '未检出 NUDT15 R139C 和 TPMT *3B、*3C，可按常规剂量使用，仍需定期监测血象。',
        ]),
      ],
      '本检测未读取 NUDT15 的其他致病变异（如 p.V18_V19insGV）和罕见 TPMT 等位基因。用药前如条件允许请做临床 TPMT/NUDT15 检测，用药期间定期查血常规。',
      'NUDT15 R139C 在东亚人群中频率约 10%，约 20% 的中国人携带至少一份，约 1% 为纯合；TPMT 功能缺失在中国人群中较少（主要为 *3C，约 1%–2%）。',
      [CPIC_THIOPURINE],
    );
  }),
  ...(['fluorouracil', 'capecitabine'] as const).map((id) => {
    const name = id === 'fluorouracil' ? '氟尿嘧啶' : '卡培他滨';
    return drugItem(
      id,
      name,
      '抗肿瘤药',
      'anticancer',
      `${name}是治疗结直肠癌、胃癌、乳腺癌等的常用化疗药，约 80% 经二氢嘧啶脱氢酶（DPD，由 DPYD 基因编码）降解。DPD 缺乏者常规剂量即可发生严重甚至致命的骨髓抑制、黏膜炎和腹泻。`,
      [marker('rs3918290', 'T'), marker('rs55886062', 'C'), marker('rs67376798', 'A'), marker('rs75017182', 'C')],
      [
        when({ rs3918290: ['TT'] }, 'poor-metabolizer', [
          'DPD 严重缺乏',
          'poor-metabolizer',
          '您携带两个无功能 DPYD 等位基因。CPIC 建议避免使用氟尿嘧啶类药物。',
        ]),
        when({ rs55886062: ['CC'] }, 'poor-metabolizer', [
          'DPD 严重缺乏',
          'poor-metabolizer',
          '您携带两个无功能 DPYD 等位基因。CPIC 建议避免使用氟尿嘧啶类药物。',
        ]),
        when({ rs3918290: ['CT'], rs55886062: ['AC'] }, 'poor-metabolizer', [
          'DPD 严重缺乏',
          'poor-metabolizer',
          '您同时携带 *2A 和 *13 两个无功能等位基因。CPIC 建议避免使用氟尿嘧啶类药物。',
        ]),
        atLeast(1, 'intermediate-metabolizer', [
          'DPD 活性降低',
          'intermediate-metabolizer',
          '您携带至少一个功能缺失或降低的 DPYD 等位基因。CPIC 建议起始剂量减少约 50%，再根据耐受情况调整；若携带两个不同的变异，活性可能更低，需临床检测确认。',
        ]),
        otherwise('normal-metabolizer', [
          '未检出 DPD 缺乏变异',
          'normal-metabolizer',
          '未检出 4 个主要 DPYD 变异，可按常规剂量使用。注意：这 4 个变异主要见于欧洲人群，阴性结果不能排除中国人群中的其他 DPYD 变异。',
        ]),
      ],
      '化疗剂量由肿瘤科医生决定。用药前如条件允许可做 DPYD 基因检测或血浆尿嘧啶浓度检测。',
      '本检测读取的 DPYD *2A、*13、c.2846A>T 和 HapB3 在中国人群中极为罕见，东亚人群中的 DPD 缺乏多由其他变异引起，芯片难以检出。',
      [CPIC_DPYD, { type: 'dpwg', id: 'DPWG DPYD - fluoropyrimidines' }],
    );
  }),
  drugItem(
    'irinotecan',
    '伊立替康',
    '抗肿瘤药',
    'anticancer',
    '伊立替康用于结直肠癌等化疗，其活性代谢物 SN-38 由 UGT1A1 灭活。UGT1A1 *6（rs4148323）和 *28（本检测用连锁标记 rs887829 *80 代替）使 UGT1A1 活性降低，严重中性粒细胞减少和腹泻的风险增加。',
    [marker('rs4148323', 'A'), marker('rs887829', 'T')],
    [
      when({ rs4148323: ['AA'] }, 'poor-metabolizer', [
        'UGT1A1 慢代谢',
        'poor-metabolizer',
        '您为 UGT1A1 *6/*6 型。DPWG 建议起始剂量减少约 30%，并根据耐受情况调整。',
      ]),
      when({ rs887829: ['TT'] }, 'poor-metabolizer', [
        'UGT1A1 慢代谢',
        'poor-metabolizer',
        '您可能为 UGT1A1 *28/*28 型（rs887829 TT）。DPWG 建议起始剂量减少约 30%。',
      ]),
      when({ rs4148323: ['AG'], rs887829: ['CT'] }, 'poor-metabolizer', [
        'UGT1A1 慢代谢',
        'poor-metabolizer',
        '您可能同时携带 *6 和 *28（东亚人群中二者通常位于不同染色体），UGT1A1 活性明显降低。DPWG 建议起始剂量减少约 30%。',
      ]),
      atLeast(1, 'intermediate-metabolizer', [
        'UGT1A1 中间代谢',
        'intermediate-metabolizer',
        '您携带一个 *6 或 *28 等位基因，UGT1A1 活性轻度降低，一般按常规剂量使用，注意监测血象。',
      ]),
      otherwise('normal-metabolizer', ['UGT1A1 正常代谢', 'normal-metabolizer', '未检出 *6 和 *28 标记，按常规剂量使用即可。']),
    ],
    '*28 是启动子区 TA 重复序列，芯片无法直接读取，本检测用强连锁的 rs887829 代替，可能存在少量误判。化疗剂量请遵从肿瘤科医生。',
    'UGT1A1 *6 在东亚人群中频率约 15%–20%（欧洲人群几乎没有），*28 约 10%–15%，因此东亚患者须同时关注 *6 和 *28。',
    [{ type: 'dpwg', id: 'DPWG UGT1A1 - irinotecan' }],
  ),
  drugItem(
    'atazanavir',
    '阿扎那韦',
    '抗病毒药',
    'antiviral',
    '阿扎那韦是抗 HIV 药物，会抑制 UGT1A1，使胆红素升高、出现黄疸。UGT1A1 活性本来较低的人更容易因黄疸而停药。',
    [marker('rs4148323', 'A'), marker('rs887829', 'T')],
    [
      when({ rs887829: ['TT'] }, 'poor-metabolizer', [
        'UGT1A1 慢代谢',
        'poor-metabolizer',
        '您可能为 UGT1A1 *28/*28 型，使用阿扎那韦后出现黄疸而停药的风险较高。CPIC 建议考虑换用其他抗病毒药。',
      ]),
      when({ rs4148323: ['AA'] }, 'poor-metabolizer', [
        'UGT1A1 慢代谢',
        'poor-metabolizer',
        '您为 UGT1A1 *6/*6 型，胆红素升高的风险较高。CPIC 建议考虑换用其他抗病毒药。',
      ]),
      when({ rs4148323: ['AG'], rs887829: ['CT'] }, 'poor-metabolizer', [
        'UGT1A1 慢代谢',
        'poor-metabolizer',
        '您可能同时携带 *6 和 *28，胆红素升高风险较高。CPIC 建议考虑换用其他抗病毒药。',
      ]),
      atLeast(1, 'intermediate-metabolizer', [
        'UGT1A1 中间代谢',
        'intermediate-metabolizer',
        '您携带一个 *6 或 *28 等位基因，黄疸导致停药的风险较低，可按常规使用。',
      ]),
      otherwise('normal-metabolizer', ['UGT1A1 正常代谢', 'normal-metabolizer', '未检出 *6 和 *28 标记，因黄疸停药的风险很低。']),
    ],
    '抗病毒方案由感染科医生制定，请把本结果告知医生。',
    'UGT1A1 *6 在东亚人群中频率约 15%–20%，*28 约 10%–15%。',
    [{ type: 'cpic', id: 'CPIC Guideline for UGT1A1 and Atazanavir Prescribing (2015)' }],
  ),
  d6Drug(
    'codeine',
    '可待因',
    '镇痛药',
    'analgesic',
    '可待因（常见于复方止咳药和止痛药）本身作用很弱，需经 CYP2D6 转化为吗啡才能止痛。CYP2D6 活性低时止痛效果差；活性极高（超快代谢）时吗啡生成过多，可能导致呼吸抑制。',
    {
      pm: 'CPIC 建议避免使用可待因（几乎无效），换用非 CYP2D6 依赖的止痛药（如吗啡或非阿片类）。',
      im: '可待因转化为吗啡减少，止痛效果可能较差；CPIC 建议按标准剂量使用，效果不佳时换用其他止痛药。',
      nm: '可按标准剂量使用。注意：芯片不能检出 CYP2D6 基因重复（超快代谢），超快代谢者使用可待因有吗啡中毒风险。',
    },
    '12 岁以下儿童禁用可待因。',
    [CPIC_OPIOID],
  ),
  d6Drug(
    'tramadol',
    '曲马多',
    '镇痛药',
    'analgesic',
    '曲马多需经 CYP2D6 转化为活性代谢物 O-去甲基曲马多才能发挥主要止痛作用。',
    {
      pm: 'CPIC 建议避免使用曲马多，换用非 CYP2D6 依赖的止痛药。',
      im: '活性代谢物生成减少，止痛效果可能较弱；CPIC 建议按标准剂量使用，效果不佳时换用其他止痛药。',
      nm: '可按标准剂量使用。芯片不能检出基因重复（超快代谢）。',
    },
    '',
    [CPIC_OPIOID],
  ),
  d6Drug(
    'tamoxifen',
    '他莫昔芬',
    '抗肿瘤药',
    'anticancer',
    '他莫昔芬是激素受体阳性乳腺癌的内分泌治疗药物，需经 CYP2D6 转化为活性更强的恩多昔芬。CYP2D6 活性低时恩多昔芬浓度低，复发风险可能增加。',
    {
      pm: 'CPIC 建议考虑换用芳香化酶抑制剂（绝经后女性）或其他内分泌治疗方案。',
      im: 'CPIC 建议考虑换用芳香化酶抑制剂；如必须使用他莫昔芬，可考虑较高剂量（40 mg/日）。同时避免合用强效 CYP2D6 抑制剂（如帕罗西汀、氟西汀）。',
      nm: '可按标准剂量（20 mg/日）使用，避免合用强效 CYP2D6 抑制剂。',
    },
    '内分泌治疗方案必须由肿瘤科医生决定。',
    [{ type: 'cpic', id: 'CPIC Guideline for CYP2D6 and Tamoxifen Therapy (2018)' }],
  ),
  d6Drug(
    'metoprolol',
    '美托洛尔',
    '心血管药',
    'cardiovascular',
    '美托洛尔是常用的 β 受体阻滞剂，用于高血压、冠心病和心衰，主要由 CYP2D6 代谢。CYP2D6 活性低时血药浓度升高，心率过慢的风险增加。',
    {
      pm: 'DPWG 建议如需逐步加量，每次加量幅度宜更小，或起始剂量不超过常规的 25%；注意心率。',
      im: 'DPWG 建议如需逐步加量，每次加量幅度宜更小，注意心率。',
      nm: '按常规剂量使用即可。',
    },
    '',
    [{ type: 'dpwg', id: 'DPWG CYP2D6 - metoprolol' }],
  ),
  d6Drug(
    'propafenone',
    '普罗帕酮',
    '心血管药',
    'cardiovascular',
    '普罗帕酮是抗心律失常药，主要由 CYP2D6 代谢。CYP2D6 活性低时血药浓度升高，心律失常和中枢神经系统不良反应风险增加。',
    {
      pm: 'DPWG 建议起始剂量减至常规的 30%，并监测心电图和血药浓度。',
      im: 'DPWG 建议监测心电图和血药浓度，必要时减量。',
      nm: '按常规剂量使用即可。',
    },
    '',
    [{ type: 'dpwg', id: 'DPWG CYP2D6 - propafenone' }],
  ),
  d6Drug(
    'paroxetine',
    '帕罗西汀',
    '抗抑郁药',
    'antidepressant',
    '帕罗西汀是常用的抗抑郁药（SSRI），主要由 CYP2D6 代谢，同时自身是强效 CYP2D6 抑制剂。',
    {
      pm: '血药浓度明显升高；CPIC 建议考虑换用不主要经 CYP2D6 代谢的药物，如使用应从较低剂量开始（约常规的 50%）并缓慢加量。',
      im: '可按常规剂量开始，加量宜谨慎。',
      nm: '按常规剂量使用即可。',
    },
    '抗抑郁药剂量由精神科医生决定。',
    [CPIC_SSRI],
  ),
  d6Drug(
    'fluvoxamine',
    '氟伏沙明',
    '抗抑郁药',
    'antidepressant',
    '氟伏沙明是用于抑郁症和强迫症的 SSRI，部分由 CYP2D6 代谢。',
    {
      pm: '血药浓度升高；CPIC 建议考虑较低起始剂量并缓慢加量，或换用其他药物。',
      im: '可按常规剂量开始，加量宜谨慎。',
      nm: '按常规剂量使用即可。',
    },
    '抗抑郁药剂量由精神科医生决定。',
    [CPIC_SSRI],
  ),
  d6Drug(
    'nortriptyline',
    '去甲替林',
    '抗抑郁药',
    'antidepressant',
    '去甲替林是三环类抗抑郁药，主要由 CYP2D6 清除，治疗窗窄，浓度过高可致心律失常。',
    {
      pm: 'CPIC 建议避免使用；如必须使用，起始剂量减少 50% 并监测血药浓度。',
      im: 'CPIC 建议起始剂量减少 25%，并监测血药浓度。',
      nm: '按常规剂量使用即可。',
    },
    '抗抑郁药剂量由精神科医生决定。',
    [CPIC_TCA],
  ),
  d6Drug(
    'aripiprazole',
    '阿立哌唑',
    '精神科用药',
    'psychiatric',
    '阿立哌唑是常用的非典型抗精神病药，主要由 CYP2D6 和 CYP3A4 代谢。',
    {
      pm: '血药浓度约增加 80%；药品说明书和 DPWG 建议剂量减至常规的 50%–67%。',
      im: '一般按常规剂量使用。',
      nm: '按常规剂量使用即可。',
    },
    '精神科用药请遵医嘱，切勿自行调整。',
    [{ type: 'dpwg', id: 'DPWG CYP2D6 - aripiprazole' }],
  ),
  d6Drug(
    'atomoxetine',
    '托莫西汀',
    '精神科用药',
    'psychiatric',
    '托莫西汀用于治疗注意缺陷多动障碍（ADHD），主要由 CYP2D6 代谢。慢代谢者血药浓度可高出约 10 倍。',
    {
      pm: 'CPIC 建议按常规起始剂量开始，如 2 周后疗效不佳且无不良反应，可在血药浓度监测下缓慢加量；注意心率、血压等不良反应。',
      im: 'CPIC 建议按常规起始剂量开始，加量前评估疗效和不良反应。',
      nm: '按常规剂量使用即可。',
    },
    '儿童用药请遵医嘱。',
    [{ type: 'cpic', id: 'CPIC Guideline for CYP2D6 Genotype and Atomoxetine Therapy (2019)' }],
  ),
  drugItem(
    'aminoglycosides',
    '氨基糖苷类抗生素',
    '抗生素',
    'antibiotic',
    '庆大霉素、链霉素、阿米卡星等氨基糖苷类抗生素在携带线粒体 MT-RNR1 m.1555A>G 变异的人身上，即使单次、常规剂量也可能引起不可逆的耳聋。该变异经母亲遗传。',
    [marker('rs267606617', 'G')],
    [
      when({ rs267606617: ['G', 'GG', 'AG'] }, 'aminoglycoside-sensitive', [
        '药物性耳聋易感',
        'altered-response',
        '检出线粒体 m.1555A>G 变异。CPIC 建议避免使用氨基糖苷类抗生素，除非严重感染且没有替代药物。您的母系亲属（母亲、兄弟姐妹、姨舅等）也可能携带该变异。',
      ]),
      otherwise('not-detected', [
        '未检出',
        'normal-response',
        '未检出 m.1555A>G 变异，氨基糖苷类抗生素引起耳聋的遗传风险未见升高，仍应遵医嘱使用并注意听力。',
      ]),
    ],
    '就医时请主动告知医生本结果，尤其是儿童。本检测不读取 m.1494C>T 等其他致聋线粒体变异。',
    '中国人群中 m.1555A>G 携带率约 0.2%–0.3%，是中国药物性耳聋最常见的遗传原因；新生儿耳聋基因筛查通常包含该位点。',
    [{ type: 'cpic', id: 'CPIC Guideline for MT-RNR1 and Aminoglycosides (2021)' }],
  ),
  drugItem(
    'nitroglycerin',
    '硝酸甘油',
    '心血管药',
    'cardiovascular',
    '硝酸甘油是心绞痛发作时的急救药，需要线粒体乙醛脱氢酶 ALDH2 把它转化为一氧化氮才能扩张血管。ALDH2*2（rs671 A）使酶活性大幅下降，舌下含服硝酸甘油的效果可能减弱。',
    [marker('rs671', 'A')],
    [
      when({ rs671: ['AA'] }, 'markedly-reduced-response', [
        '硝酸甘油效果可能明显减弱',
        'altered-response',
        '您为 ALDH2*2/*2 型，ALDH2 几乎无活性，舌下含服硝酸甘油可能缓解心绞痛的效果较差。',
      ]),
      when({ rs671: ['AG'] }, 'reduced-response', [
        '硝酸甘油效果可能减弱',
        'altered-response',
        '您携带一个 ALDH2*2 等位基因，ALDH2 活性明显降低，硝酸甘油效果可能减弱。',
      ]),
      otherwise('normal-response', ['反应正常', 'normal-response', '您为 ALDH2 GG 型，硝酸甘油活化正常。']),
    ],
    '如果您有冠心病并携带 ALDH2*2，请告知心内科医生：含服硝酸甘油后胸痛不缓解时应立即就医，医生可考虑其他硝酸酯类药物。',
    'ALDH2*2 几乎只见于东亚人群，中国人中约 30%–40% 至少携带一份；它同时是饮酒脸红和酒精相关食管癌风险的主要原因。',
    [{ type: 'pharmgkb', id: 'PA24640' }],
  ),
  drugItem(
    'efavirenz',
    '依非韦伦',
    '抗病毒药',
    'antiviral',
    '依非韦伦是抗 HIV 药物，主要由 CYP2B6 代谢。CYP2B6 516G>T（rs3745274）使酶活性降低，血药浓度升高，头晕、失眠、多梦等中枢神经系统不良反应风险增加。',
    [marker('rs3745274', 'T')],
    [
      when({ rs3745274: ['TT'] }, 'poor-metabolizer', [
        '慢代谢型',
        'poor-metabolizer',
        '您为 516TT 型（可能为 *6/*6），依非韦伦浓度明显升高。CPIC 建议考虑起始剂量减至 400 mg 或 200 mg/日。',
      ]),
      when({ rs3745274: ['GT'] }, 'intermediate-metabolizer', [
        '中间代谢型',
        'intermediate-metabolizer',
        '您携带一个 516T 等位基因，依非韦伦浓度偏高。CPIC 建议考虑起始剂量 400 mg/日。',
      ]),
      otherwise('normal-metabolizer', ['正常代谢型', 'normal-metabolizer', '未检出 516T，按常规剂量使用即可。']),
    ],
    '本检测只读取 516G>T，不能区分 *6 与 *9，也不读取 *18 等主要见于非洲人群的等位基因。抗病毒方案请遵医嘱。',
    'CYP2B6 516T 在东亚人群中频率约 15%–25%。',
    [{ type: 'cpic', id: 'CPIC Guideline for CYP2B6 and Efavirenz-Containing Antiretroviral Therapy (2019)' }],
  ),
  drugItem(
    'g6pd-oxidant-drugs',
    '伯氨喹、拉布立酶等氧化性药物',
    '其他药物',
    'other',
    'G6PD（葡萄糖-6-磷酸脱氢酶）保护红细胞免受氧化损伤。G6PD 缺乏（俗称蚕豆病）的人使用伯氨喹、他非诺喹、拉布立酶、氨苯砜、亚甲蓝、呋喃妥因、部分磺胺类药物时可能发生急性溶血。本项目读取中国南方最常见的两个变异 Canton（c.1376G>T）和 Kaiping（c.1388G>A）。',
    [marker('rs72554665', 'A'), marker('rs72554664', 'T')],
    [
      when({ rs72554665: ['A', 'AA'] }, 'deficient', G6PD_DEFICIENT),
      when({ rs72554664: ['T', 'TT'] }, 'deficient', G6PD_DEFICIENT),
      when({ rs72554665: ['AC'], rs72554664: ['CT'] }, 'deficient', G6PD_DEFICIENT),
      atLeast(1, 'variable', [
        '可能部分缺乏',
        'altered-response',
        '您（女性）携带一份 G6PD 缺乏变异。由于 X 染色体随机失活，酶活性可正常也可明显降低。CPIC 建议先测定 G6PD 酶活性再使用高风险药物。',
      ]),
      otherwise('normal', [
        '未检出 G6PD 缺乏变异',
        'normal-response',
        '未检出 Canton 和 Kaiping 变异。G6PD 缺乏还有其他多种变异，本结果不能完全排除，使用高风险药物前可查 G6PD 酶活性。',
      ]),
    ],
    '携带者请避免进食蚕豆及其制品，就医时主动告知医生。新生儿期已做过 G6PD 筛查的，以筛查结果为准。',
    'G6PD 缺乏在广东、广西、海南、云南、四川等南方省份常见（男性患病率约 3%–9%），Canton 和 Kaiping 是中国人群中最常见的两个变异。',
    [{ type: 'cpic', id: 'CPIC Guideline for G6PD Genotype and Drug Prescribing (2022)' }],
  ),
];
