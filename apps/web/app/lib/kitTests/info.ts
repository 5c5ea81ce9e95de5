import type { LabTestType } from '@jiyin/contracts/kitServices';

/**
 * What each kit-service report says about its test beyond the lab's own result: short statements,
 * each from the cited source (SOURCES.md beside this file). Reference ranges are never here: they
 * are the lab's, entered with each result.
 */
export interface TestNote {
  text: string;
  source: { name: string; url: string };
}

const WHO_CERVICAL = {
  name: '世界卫生组织：宫颈癌（Cervical cancer）事实清单',
  url: 'https://www.who.int/news-room/fact-sheets/detail/cervical-cancer',
};

export const TEST_NOTES: Record<Exclude<LabTestType, 'NGS'>, TestNote[]> = {
  HPV: [
    { text: '几乎所有宫颈癌病例（99%）都与高危型人乳头瘤病毒（HPV）感染有关。', source: WHO_CERVICAL },
    { text: '大多数 HPV 感染会自行清除；持续感染高危型 HPV 才可能发展为宫颈病变。', source: WHO_CERVICAL },
    {
      text: '世界卫生组织建议以 HPV DNA 检测作为宫颈癌筛查的首选方法。',
      source: {
        name: 'WHO guideline for screening and treatment of cervical pre-cancer lesions for cervical cancer prevention, 2nd ed. (2021)',
        url: 'https://www.who.int/publications/i/item/9789240030824',
      },
    },
  ],
  HP: [
    {
      text: '国际癌症研究机构（IARC）将幽门螺杆菌感染列为 1 类致癌因素（对人类致癌）。',
      source: {
        name: 'IARC Monographs Vol. 61: Schistosomes, Liver Flukes and Helicobacter pylori (1994)',
        url: 'https://publications.iarc.who.int/79',
      },
    },
    {
      text: '京都全球共识认为幽门螺杆菌胃炎是一种感染性疾病，建议感染者在无禁忌时接受根除治疗，具体方案请遵医嘱。',
      source: {
        name: 'Sugano K, et al. Kyoto global consensus report on Helicobacter pylori gastritis. Gut 2015;64:1353–67',
        url: 'https://doi.org/10.1136/gutjnl-2015-309252',
      },
    },
  ],
  AMH: [
    {
      text: '血清 AMH 由卵巢中生长的小卵泡分泌，是评估卵巢储备的指标；它不能单独用来预测自然受孕的能力。',
      source: {
        name: 'Practice Committee of the ASRM. Testing and interpreting measures of ovarian reserve: a committee opinion. Fertil Steril 2020;114:1151–7',
        url: 'https://doi.org/10.1016/j.fertnstert.2020.09.134',
      },
    },
  ],
  VADE: [
    {
      text: '维生素 D 的营养状况以血清 25-羟基维生素 D［25(OH)D］水平评估。',
      source: {
        name: 'Holick MF, et al. Evaluation, treatment, and prevention of vitamin D deficiency: an Endocrine Society clinical practice guideline. J Clin Endocrinol Metab 2011;96:1911–30',
        url: 'https://doi.org/10.1210/jc.2011-0385',
      },
    },
    {
      text: '血清视黄醇浓度是评估维生素 A 状况的常用指标。',
      source: {
        name: 'WHO. Serum retinol concentrations for determining the prevalence of vitamin A deficiency in populations (VMNIS, 2011)',
        url: 'https://www.who.int/publications/i/item/WHO-NMH-NHD-MNM-11.3',
      },
    },
    {
      text: '血液中的维生素 E 主要以 α-生育酚的形式存在。',
      source: {
        name: 'NIH Office of Dietary Supplements. Vitamin E — Fact Sheet for Health Professionals',
        url: 'https://ods.od.nih.gov/factsheets/VitaminE-HealthProfessional/',
      },
    },
  ],
};

/** Where each test is bought (§2.1 /shop/ngs?commodityTag=…). */
export const SHOP_TAG: Record<LabTestType, string> = { HPV: 'HPV', HP: 'HP', AMH: 'AMH', VADE: 'VitaminADE', NGS: 'NGS' };
