/** Disease-risk items: common diseases with well-replicated markers, framed for East Asian users. */
import type { KbItem } from '../../src/reports/schema.ts';
import { marker } from './markers.ts';
import { atLeast, otherwise, when } from './phenotypes.ts';

const RISK_NOTE =
  '遗传风险只是影响健康的因素之一，生活方式、年龄、家族史和环境同样重要。较高风险不代表一定会患病，一般风险也不代表不会患病。';

function disease(
  id: string,
  title: string,
  detail: string,
  summary: string,
  markers: KbItem['markers'],
  rules: KbItem['rules'],
  advice: string,
  populationNote: string,
  references: KbItem['references'],
): KbItem {
  return {
    id: `disease-${id}`,
    category: 'disease',
    title,
    detail,
    summary,
    genes: [...new Set(markers.map((m) => m.gene))],
    markers,
    rules,
    advice: `${advice}${RISK_NOTE}`,
    populationNote,
    references,
  };
}

/**
 * One risk marker: two risk alleles high, none typical. One copy of a common risk allele (the usual
 * genotype) is typical: its modest per-allele effect is near the population average; one copy of an
 * uncommon allele with a large effect (`oneCopy: 'high'`) is high.
 */
const single = (
  rsid: string,
  risk: 'A' | 'C' | 'G' | 'T',
  what: string,
  hi: string,
  mid: string,
  lo: string,
  oneCopy: 'high' | 'typical' = 'typical',
) => {
  const m = marker(rsid, risk);
  const other = m.effectAllele === m.ref ? m.alt : m.ref;
  const near = oneCopy === 'typical' ? '一份风险等位基因在人群中很常见，你的总体遗传风险与人群平均水平相近。' : '';
  return {
    markers: [m],
    rules: [
      when({ [rsid]: [risk + risk] }, 'high', [
        '两份风险等位基因',
        'high',
        `您携带两份 ${what}风险等位基因（${rsid} ${risk}${risk}）。${hi}`,
      ]),
      when({ [rsid]: [[risk, other].sort().join('')] }, 'raised', [
        '一份风险等位基因',
        oneCopy,
        `您携带一份 ${what}风险等位基因。与不携带者相比${mid}${near}`,
      ]),
      otherwise('typical', ['未携带风险等位基因', 'typical', `您未携带该位点的风险等位基因（${rsid} ${other}${other}）。${lo}`]),
    ],
  };
};

const t2d = [
  marker('rs7903146', 'T'),
  marker('rs2237892', 'C'),
  marker('rs7756992', 'G'),
  marker('rs13266634', 'C'),
  marker('rs10811661', 'T'),
  marker('rs4402960', 'T'),
  marker('rs5219', 'T'),
];

const cad = single(
  'rs1333049',
  'C',
  '冠心病',
  '9p21 位点每多一份风险等位基因，冠心病风险约增加 20%–30%，两份约为无风险者的 1.5 倍。',
  '风险轻度升高（约 1.2–1.3 倍）。',
  '该位点不增加冠心病风险。',
);
const gout = single(
  'rs2231142',
  'T',
  '痛风',
  'ABCG2 Q141K 使肠道和肾脏排泄尿酸的能力下降约一半，两份者高尿酸血症和痛风风险明显升高（约 2–3 倍）。',
  '尿酸排泄能力降低，痛风风险约增加 1.5–2 倍。',
  '该位点的尿酸排泄功能正常。',
);
const af = single(
  'rs2200733',
  'T',
  '心房颤动',
  'PITX2 附近的 4q25 位点是房颤最强的常见遗传风险位点，两份者风险约为无风险者的 2–3 倍。',
  '房颤风险约增加 1.5 倍。',
  '该位点不增加房颤风险。',
);
const nafld = single(
  'rs738409',
  'G',
  '脂肪肝',
  'PNPLA3 I148M 纯合者肝脏脂肪含量更高，发展为脂肪性肝炎、肝纤维化的风险明显增加，饮酒者酒精性肝病风险也升高。',
  '肝脏脂肪沉积风险轻度增加。',
  '该位点不增加脂肪肝风险。',
);
const moyamoya = single(
  'rs112735431',
  'A',
  '烟雾病',
  'RNF213 R4810K 纯合者烟雾病风险极高，且发病更早、病情更重。',
  'RNF213 R4810K 是东亚人群烟雾病最主要的易感变异，携带者风险显著升高（数十倍），但绝大多数携带者终生不发病；它也与颅内动脉狭窄有关。',
  '未检出 RNF213 R4810K。',
  'high',
);
const trig = single(
  'rs662799',
  'G',
  '高甘油三酯血症',
  'APOA5 -1131C 纯合者甘油三酯水平明显偏高，高甘油三酯血症和胰腺炎风险增加。',
  '甘油三酯水平轻度偏高的倾向。',
  '该位点不增加甘油三酯水平。',
);
const sle = single(
  'rs7574865',
  'T',
  '系统性红斑狼疮',
  'STAT4 风险等位基因纯合者狼疮风险约为无风险者的 2 倍。',
  '狼疮风险约增加 1.3–1.5 倍。',
  '该位点不增加狼疮风险。',
);

const FLUSH_PROTECT = '（ALDH2*2 和 ADH1B*2 使饮酒后乙醛蓄积、引起脸红心悸，从而抑制大量饮酒）';

export const DISEASE_ITEMS: KbItem[] = [
  disease(
    'alzheimers',
    '阿尔茨海默病',
    'APOE ε2/ε3/ε4（rs429358、rs7412）',
    '阿尔茨海默病是最常见的老年痴呆类型。APOE 基因有 ε2、ε3、ε4 三种常见类型，由 rs429358 和 rs7412 两个位点决定：ε4 是迟发型阿尔茨海默病最强的常见遗传风险因素，ε2 有一定保护作用。',
    [marker('rs429358', 'C'), marker('rs7412', 'T')],
    [
      when({ rs429358: ['CC'], rs7412: ['CC'] }, 'e4-e4', [
        'ε4/ε4 型',
        'high',
        '您为 APOE ε4/ε4 型，阿尔茨海默病风险约为 ε3/ε3 型的 8–12 倍，发病年龄也更早。',
      ]),
      when({ rs429358: ['CT'], rs7412: ['CC'] }, 'e3-e4', [
        'ε3/ε4 型',
        'high',
        '您为 APOE ε3/ε4 型，阿尔茨海默病风险约为 ε3/ε3 型的 3 倍。',
      ]),
      when({ rs429358: ['CT'], rs7412: ['CT'] }, 'e2-e4', ['ε2/ε4 型', 'high', '您为 APOE ε2/ε4 型，风险介于 ε3/ε3 与 ε3/ε4 之间。']),
      when({ rs429358: ['TT'], rs7412: ['CT', 'TT'] }, 'e2', [
        '携带 ε2',
        'low',
        '您携带 APOE ε2（ε2/ε3 或 ε2/ε2），阿尔茨海默病风险低于平均水平。ε2/ε2 少数人可能出现 III 型高脂蛋白血症。',
      ]),
      otherwise('e3-e3', ['ε3/ε3 型', 'typical', '您为 APOE ε3/ε3 型，这是最常见的类型，阿尔茨海默病遗传风险为平均水平。']),
    ],
    '坚持规律运动、控制血压血糖、戒烟、保持社交和学习有助于降低痴呆风险。APOE 检测结果可能带来心理压力，如有顾虑可咨询专业人员。',
    '中国 19 个人群合计 3,679 人的研究中，APOE ε4 等位基因频率约 6.9%（北方较高、南方较低），低于欧洲人群（约 14%）；ε4 在东亚人群中的风险效应与欧洲人群相近甚至更强。',
    [
      { type: 'pubmed', id: '8346443' },
      { type: 'pubmed', id: '9343467' },
      { type: 'pubmed', id: '20354905' },
    ],
  ),
  disease(
    'apoe-lipids',
    '血脂与心血管',
    'APOE ε2/ε3/ε4（rs429358、rs7412）',
    'APOE 除了与阿尔茨海默病相关，也影响血液中胆固醇的清除：ε4 携带者低密度脂蛋白胆固醇（LDL-C）略高、冠心病风险略高；ε2 携带者 LDL-C 较低，但 ε2/ε2 纯合者少数会出现 III 型高脂蛋白血症。',
    [marker('rs429358', 'C'), marker('rs7412', 'T')],
    [
      when({ rs429358: ['TT'], rs7412: ['TT'] }, 'e2-e2', [
        'ε2/ε2 型',
        'high',
        '您为 APOE ε2/ε2 型。约 5%–10% 的 ε2/ε2 者（多在肥胖、糖尿病或甲减时）会出现 III 型高脂蛋白血症：甘油三酯和胆固醇同时升高，冠心病和外周血管病风险随之上升，因此血脂异常的遗传风险高于人群平均。没有出现 III 型高脂蛋白血症时，ε2/ε2 者的 LDL-C 反而常偏低。',
      ]),
      when({ rs429358: ['CC', 'CT'], rs7412: ['CC'] }, 'e4', [
        '携带 ε4',
        'high',
        '您携带 APOE ε4（ε3/ε4 或 ε4/ε4），LDL-C 往往偏高，冠心病风险轻度升高。',
      ]),
      when({ rs429358: ['TT'], rs7412: ['CT'] }, 'e2-e3', [
        'ε2/ε3 型',
        'low',
        '您为 APOE ε2/ε3 型，LDL-C 通常偏低，冠心病风险略低于平均水平。',
      ]),
      otherwise('typical', ['ε3/ε3 或 ε2/ε4 型', 'typical', '您为 APOE ε3/ε3 或 ε2/ε4 型，APOE 对血脂的影响处于平均水平。']),
    ],
    '低饱和脂肪饮食、规律运动、控制体重。成年人至少每 5 年查一次血脂，40 岁以上每年一次。',
    '中国 19 个人群合计 3,679 人的研究中，APOE ε4 等位基因频率约 6.9%，ε2 约 7.6%，ε3 约 85.5%。',
    [
      { type: 'pubmed', id: '17878422' },
      { type: 'pubmed', id: '20354905' },
    ],
  ),
  disease(
    'type-2-diabetes',
    '2 型糖尿病',
    'KCNQ1、CDKAL1、SLC30A8 等 7 个位点',
    '2 型糖尿病受大量遗传位点和生活方式共同影响。本项目综合 7 个在东亚人群中反复验证的位点（KCNQ1、CDKAL1、SLC30A8、CDKN2A/B、IGF2BP2、KCNJ11、TCF7L2），按风险等位基因总数评估遗传倾向。',
    t2d,
    [
      atLeast(10, 'high', ['风险等位基因较多', 'high', '您携带的 2 型糖尿病风险等位基因数量较多（≥10/14），遗传倾向高于大多数人。']),
      atLeast(7, 'typical', [
        '风险等位基因数量中等',
        'typical',
        '您携带的风险等位基因数量处于中等水平（7–9/14），遗传倾向与大多数人相近。',
      ]),
      otherwise('low', ['风险等位基因较少', 'low', '您携带的风险等位基因较少（≤6/14），遗传倾向低于大多数人。']),
    ],
    '控制体重（尤其是腰围）、规律运动、减少精制碳水和含糖饮料可显著降低糖尿病风险。40 岁以上或有家族史者每年查空腹血糖和糖化血红蛋白。',
    '中国成人糖尿病患病率约 12%。KCNQ1 位点最早在东亚人群中发现；TCF7L2 rs7903146 风险等位基因在欧洲人群中约 30%，但在中国人群中仅约 3%–5%。',
    [
      { type: 'pubmed', id: '18711367' },
      { type: 'pubmed', id: '18711366' },
      { type: 'pubmed', id: '16415884' },
    ],
  ),
  disease(
    'coronary-heart-disease',
    '冠心病',
    '9p21（rs1333049）',
    '冠心病是冠状动脉粥样硬化引起的心肌缺血。9p21 染色体区域（CDKN2B-AS1 附近）是在各人群中都得到验证的冠心病风险位点，与传统危险因素（血脂、血压、吸烟）无关。',
    cad.markers,
    cad.rules,
    '控制血脂、血压、血糖，戒烟限酒，规律运动。40 岁以上定期体检血脂和血压。',
    '9p21 风险等位基因在中国人群中的频率约 50%，与欧洲人群相近，其效应在中国人群中也得到验证。',
    [
      { type: 'pubmed', id: '17478679' },
      { type: 'pubmed', id: '17478681' },
    ],
  ),
  disease(
    'gout',
    '痛风',
    'ABCG2 Q141K（rs2231142）',
    '痛风由高尿酸血症引起尿酸盐结晶沉积于关节。ABCG2 基因编码的转运蛋白负责把尿酸排到肠道和尿中，Q141K 变异（rs2231142 T）使排泄能力下降。',
    gout.markers,
    gout.rules,
    '少喝含糖饮料和啤酒，减少动物内脏、海鲜等高嘌呤食物，多喝水，控制体重。定期检查血尿酸。',
    'ABCG2 Q141K 在东亚人群中频率约 30%，明显高于欧洲人群（约 10%），是中国人高尿酸血症最重要的遗传因素之一。',
    [
      { type: 'pubmed', id: '18834626' },
      { type: 'pubmed', id: '19506252' },
    ],
  ),
  disease(
    'atrial-fibrillation',
    '心房颤动',
    '4q25 PITX2 附近（rs2200733）',
    '心房颤动是最常见的心律失常，会显著增加脑卒中风险。4q25 染色体区域（PITX2 附近）的 rs2200733 是房颤最强的常见遗传风险位点。',
    af.markers,
    af.rules,
    '控制血压、体重，限制饮酒，治疗睡眠呼吸暂停。如出现心悸、心跳不规则，请就医做心电图。',
    'rs2200733 风险等位基因在东亚人群中的频率（约 40%–50%）高于欧洲人群（约 10%–15%），该位点在中国人群中同样与房颤相关。',
    [{ type: 'pubmed', id: '17603472' }],
  ),
  disease(
    'macular-degeneration',
    '年龄相关性黄斑变性',
    'ARMS2 A69S、CFH Y402H',
    '年龄相关性黄斑变性（AMD）是老年人视力丧失的主要原因之一。ARMS2 A69S（rs10490924）和补体因子 H 的 Y402H（rs1061170）是两个最强的遗传风险位点。',
    [marker('rs10490924', 'T'), marker('rs1061170', 'C')],
    [
      when({ rs10490924: ['TT'] }, 'arms2-tt', [
        'ARMS2 两份风险等位基因',
        'high',
        '您为 ARMS2 rs10490924 TT 型，AMD 风险约为无风险等位基因者的 5–8 倍。',
      ]),
      atLeast(2, 'high', [
        '两份或更多风险等位基因',
        'high',
        '您在 ARMS2 和 CFH 两个位点上共携带两份或更多风险等位基因，AMD 风险明显升高。',
      ]),
      atLeast(1, 'raised', [
        '一份风险等位基因',
        'typical',
        '您携带一份风险等位基因。ARMS2 风险等位基因在东亚人群中约 40%，一份很常见，你的总体遗传风险与人群平均水平相近。',
      ]),
      otherwise('typical', ['未携带风险等位基因', 'typical', '您未携带这两个位点的风险等位基因。']),
    ],
    '戒烟是最有效的预防措施；多吃深绿色蔬菜和鱼类，户外戴太阳镜。50 岁以上定期检查眼底，出现视物变形请及时就医。',
    'ARMS2 风险等位基因在东亚人群中约 40%，是东亚 AMD（包括息肉状脉络膜血管病变）的主要遗传因素；CFH Y402H 风险等位基因在东亚人群中仅约 5%–10%，远低于欧洲人群。',
    [{ type: 'pubmed', id: '15761122' }],
  ),
  disease(
    'venous-thrombosis',
    '静脉血栓栓塞',
    'F5 Leiden、F2 G20210A',
    '静脉血栓栓塞包括深静脉血栓和肺栓塞。凝血因子 V Leiden（F5 rs6025）和凝血酶原 G20210A（F2 rs1799963）是欧洲人群最常见的遗传性易栓因素。',
    [marker('rs6025', 'T'), marker('rs1799963', 'A')],
    [
      // Both variants are all but absent in East Asians (F5 Leiden 0/1008 in 1000 Genomes EAS): a chip
      // call is far more likely an error than a finding, so it reads as a call to confirm.
      atLeast(1, 'confirm', [
        '芯片读到易栓变异',
        'confirm',
        '芯片读到 Factor V Leiden 或凝血酶原 G20210A。这两个变异在中国人群中几乎不存在，芯片对这类罕见变异的读数经测序核对多数并不存在，因此这不是诊断。如经临床检测确认，静脉血栓风险约为一般人的 3–5 倍（两份更高），长途旅行、手术、妊娠和雌激素类药物会进一步增加风险。',
      ]),
      otherwise('typical', ['未检出所测易栓变异', 'typical', '未检出 Factor V Leiden 和凝血酶原 G20210A。']),
    ],
    '长时间坐飞机或乘车时多活动下肢、多喝水；术后遵医嘱预防血栓。',
    'Factor V Leiden 和凝血酶原 G20210A 在中国人群中几乎不存在，中国人的遗传性易栓症主要由蛋白 C、蛋白 S、抗凝血酶缺乏引起，这些芯片无法检测。因此在中国用户中本项目绝大多数为“一般风险”，并不代表没有血栓风险。',
    [
      { type: 'pubmed', id: '8164741' },
      { type: 'pubmed', id: '8916933' },
    ],
  ),
  disease(
    'parkinsons',
    '帕金森病',
    'LRRK2 G2385R、R1628P（东亚变异）',
    '帕金森病是常见的神经退行性疾病。LRRK2 基因的 G2385R（rs34778348）和 R1628P（rs33949390）是东亚人群特有的帕金森病易感变异，各使风险增加约 2 倍。',
    [marker('rs34778348', 'A'), marker('rs33949390', 'C')],
    [
      atLeast(2, 'high', ['两份 LRRK2 易感变异', 'high', '您携带两份 LRRK2 东亚易感变异，帕金森病风险较一般人明显升高。']),
      atLeast(1, 'raised', [
        '一份 LRRK2 易感变异',
        'high',
        '您携带一份 LRRK2 G2385R 或 R1628P，帕金森病风险约为一般人的 2 倍，但绝大多数携带者不会发病。',
      ]),
      otherwise('typical', ['未检出 LRRK2 易感变异', 'typical', '未检出 LRRK2 G2385R 和 R1628P。']),
    ],
    '规律的有氧运动可能降低帕金森病风险。如出现静止性震颤、动作迟缓、嗅觉减退，请到神经内科就诊。',
    'G2385R 在中国人群中携带率约 3%–5%，R1628P 约 2%–3%（南方较高）；欧洲人群常见的 G2019S 在中国人群中罕见。',
    [{ type: 'pubmed', id: '16333314' }],
  ),
  disease(
    'fatty-liver',
    '非酒精性脂肪肝',
    'PNPLA3 I148M（rs738409）',
    '非酒精性脂肪性肝病在中国成人中的患病率约 30%。PNPLA3 I148M（rs738409 G）是脂肪肝和其进展为肝纤维化、肝硬化最强的遗传风险因素。',
    nafld.markers,
    nafld.rules,
    '控制体重和腰围、减少含糖饮料与精制碳水、限酒、规律运动是最有效的预防和治疗方法。定期做肝脏 B 超和肝功能检查。',
    'PNPLA3 I148M 在东亚人群中频率约 35%–45%，高于欧洲人群（约 20%–25%），这是东亚人在体重不高时也容易出现脂肪肝的原因之一。',
    [{ type: 'pubmed', id: '18820647' }],
  ),
  disease(
    'moyamoya',
    '烟雾病',
    'RNF213 R4810K（rs112735431）',
    '烟雾病是颅内大动脉进行性狭窄、形成烟雾状侧支血管的疾病，可引起儿童和成人脑梗死或脑出血，在东亚人群中最常见。RNF213 R4810K（rs112735431）是其最主要的易感变异。',
    moyamoya.markers,
    moyamoya.rules,
    '如出现反复短暂肢体无力、麻木、言语不清或头痛，尤其是儿童在哭闹、吹奏乐器后出现，请尽快到神经内科就诊。携带者应控制血压、戒烟。',
    'R4810K 在中国人群中携带率约 1%–2%，日本、韩国约 2%；在欧洲人群中几乎不存在。超过 70% 的东亚烟雾病患者携带该变异。',
    [{ type: 'pubmed', id: '21048783' }],
  ),
  disease(
    'gilbert-syndrome',
    '吉尔伯特综合征',
    'UGT1A1 *6、*28',
    '吉尔伯特综合征是 UGT1A1 活性降低导致的良性间接胆红素升高，常在空腹、熬夜、感冒后出现轻度黄疸，不损害肝脏。东亚人群中 UGT1A1 *6 与 *28 都是常见原因。',
    [marker('rs4148323', 'A'), marker('rs887829', 'T')],
    [
      when({ rs887829: ['TT'] }, 'star28-star28', [
        '可能为 *28/*28',
        'high',
        '您可能为 UGT1A1 *28/*28 型，这是吉尔伯特综合征的典型基因型，胆红素偏高很常见。',
      ]),
      when({ rs4148323: ['AA'] }, 'star6-star6', ['*6/*6 型', 'high', '您为 UGT1A1 *6/*6 型，UGT1A1 活性明显降低，间接胆红素偏高较常见。']),
      when({ rs4148323: ['AG'], rs887829: ['CT'] }, 'star6-star28', [
        '可能为 *6/*28',
        'high',
        '您可能同时携带 *6 和 *28，UGT1A1 活性明显降低，间接胆红素偏高较常见。',
      ]),
      atLeast(1, 'raised', [
        '携带一个 *6 或 *28',
        'typical',
        '您携带一个 *6 或 *28，UGT1A1 活性轻度降低，少数人胆红素轻度偏高。东亚人群中约三分之一的人携带一个，你的情况与人群平均水平相近。',
      ]),
      otherwise('low', ['未检出 *6 和 *28', 'low', '未检出 UGT1A1 *6 和 *28 标记，胆红素因此偏高的可能低于人群平均。']),
    ],
    '体检发现间接胆红素轻度升高而肝功能其他指标正常时，可把本结果告知医生。吉尔伯特综合征不需要治疗，但会影响伊立替康等药物的代谢。',
    'UGT1A1 *6 在东亚人群中约 15%–20%，是东亚新生儿高胆红素血症的重要遗传因素；*28 约 10%–15%。',
    [{ type: 'dpwg', id: 'DPWG UGT1A1 - irinotecan' }],
  ),
  disease(
    'alcohol-dependence',
    '酒精依赖',
    'ALDH2*2、ADH1B*2',
    '酒精依赖受遗传和环境共同影响。ALDH2*2（rs671 A）和 ADH1B*2（rs1229984 T）使饮酒后乙醛快速蓄积，引起脸红、心悸、恶心，这种不适感使携带者较少大量饮酒，因而是东亚人群中最强的酒精依赖保护因素。',
    [marker('rs671', 'A'), marker('rs1229984', 'T')],
    [
      when({ rs671: ['AA'] }, 'aldh2-null', [
        'ALDH2*2 纯合',
        'low',
        `您为 ALDH2*2/*2 型，饮酒后反应强烈，很难大量饮酒，酒精依赖风险很低${FLUSH_PROTECT}。但这类人群少量饮酒也对健康有害。`,
      ]),
      atLeast(1, 'low', [
        '携带 ALDH2*2 或 ADH1B*2',
        'low',
        `您携带 ALDH2*2 或 ADH1B*2，酒精依赖风险低于平均水平${FLUSH_PROTECT}。注意：ALDH2*2 携带者如果长期饮酒，食管癌风险显著升高。`,
      ]),
      otherwise('typical', [
        '未携带 ALDH2*2 和 ADH1B*2',
        'typical',
        '您未携带 ALDH2*2 和 ADH1B*2，饮酒后不易脸红，容易不知不觉喝多，酒精依赖的遗传保护较少。',
      ]),
    ],
    '无论基因型如何，少喝或不喝酒都是最健康的选择。如发现难以控制饮酒，请寻求专业帮助。',
    'ALDH2*2 几乎只见于东亚人群（中国人约 30%–40% 至少携带一份），ADH1B*2 在中国人群中频率约 70%；欧洲人群二者都很少见。',
    [{ type: 'pubmed', id: '7635462' }],
  ),
  disease(
    'hypertriglyceridemia',
    '高甘油三酯血症',
    'APOA5 -1131T>C（rs662799）',
    '甘油三酯升高是心血管疾病和急性胰腺炎的危险因素。APOA5 -1131T>C（rs662799）是东亚人群中影响甘油三酯水平最强的常见变异之一。',
    trig.markers,
    trig.rules,
    '限制精制碳水、含糖饮料和酒精，增加鱼类摄入，控制体重。定期检查血脂。',
    'APOA5 -1131C 在东亚人群中频率约 25%–35%，明显高于欧洲人群（约 5%–8%）。',
    [{ type: 'pubmed', id: '11588264' }],
  ),
  disease(
    'lupus',
    '系统性红斑狼疮',
    'STAT4（rs7574865）',
    '系统性红斑狼疮是多系统受累的自身免疫病，好发于育龄女性，亚洲人群患病率高于欧洲人群。STAT4 基因 rs7574865 是在中国人群中反复验证的风险位点。',
    sle.markers,
    sle.rules,
    '出现面部红斑、光过敏、关节痛、口腔溃疡、不明原因发热时请到风湿免疫科就诊。注意防晒。',
    'STAT4 rs7574865 风险等位基因在中国人群中约 30%–40%，高于欧洲人群（约 20%）。',
    [{ type: 'pubmed', id: '17804842' }],
  ),
  disease(
    'hemochromatosis',
    '遗传性铁过载',
    'HFE C282Y（rs1800562）',
    '遗传性血色病导致体内铁逐年累积，沉积于肝脏、胰腺、心脏和关节。HFE C282Y 纯合是欧洲人群最常见的原因。',
    [marker('rs1800562', 'A')],
    [
      // C282Y is all but absent in East Asians: a chip call of it is more likely an error than a finding.
      when({ rs1800562: ['AA'] }, 'confirm', [
        '芯片读到 C282Y 纯合',
        'confirm',
        '芯片读到 HFE C282Y 纯合。C282Y 在中国人群中几乎不存在，芯片对这类罕见变异的读数经测序核对多数并不存在，因此这不是诊断。如经临床检测确认，铁过载的可能较高，可检查血清铁蛋白和转铁蛋白饱和度。',
      ]),
      otherwise('typical', ['不是 C282Y 纯合', 'typical', '您不是 HFE C282Y 纯合，该原因导致铁过载的风险未见升高。']),
    ],
    '不要自行长期补铁。铁蛋白偏高时请就医查明原因。',
    'C282Y 在中国人群中几乎不存在，中国用户中本项目几乎都是“一般风险”。',
    [{ type: 'pubmed', id: '8696333' }],
  ),
];
