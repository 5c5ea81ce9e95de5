/**
 * One verdict per result: each category's vocabulary, keyed by the result level its rule gives. The
 * badge, the summary line, the colour, the advice kind and the PDF wording of a result all come from
 * this table, so no two places can word the same result differently.
 */
import type { Category, Level } from './schema.ts';

/**
 * How loudly a result is shown. Only `alert` (red) is for what someone should act on (a chip call
 * to confirm clinically, a drug dose a guideline changes); `attention` (orange) is an elevated
 * tendency, `notice` (gold) a mild one; `neutral` a typical result or a description; `favourable` green.
 */
export type Tone = 'alert' | 'attention' | 'notice' | 'neutral' | 'favourable';

/**
 * Which advice a result gets: `confirm` (a chip call to confirm with a clinical test), `counsel`
 * (a result that needs a clinical test and genetic counselling), `carrier` (one copy: family
 * planning), `clear` (nothing found: what the test cannot rule out), `item` (the item's own advice).
 */
export type AdviceKind = 'confirm' | 'counsel' | 'carrier' | 'clear' | 'item';

export interface Verdict {
  /** The one word a badge shows; null for descriptive traits, whose result label is the verdict. */
  badge: string | null;
  /** The summary line the detail page and the PDF print under the result. */
  summary: string;
  tone: Tone;
  adviceKind: AdviceKind;
}

/**
 * Rarity threshold for a chip call: Weedon et al., BMJ 2021;372:n214 (UK Biobank, 49,908 people with
 * both chip and exome data) found that the chance a chip call is real falls steeply with the
 * variant's frequency; below 0.001% only 16% of heterozygous chip calls were confirmed by
 * sequencing. Our East Asian frequencies come from 1,008 alleles (1000 Genomes EAS), which cannot
 * tell 0.001% from zero, so we draw the line where our data can: a pathogenic variant whose East
 * Asian effect-allele frequency is below 0.1%, or unknown, is treated as too rare for a chip call
 * to stand on its own.
 */
export const RARE_CALL_THRESHOLD = 0.001;
export const RARE_CALL_SOURCE = 'Weedon MN et al. Use of SNP chips to detect rare pathogenic variants. BMJ 2021;372:n214';

/** A pathogenic marker whose chip call must be confirmed: East Asian frequency under the threshold, or unknown. */
export function isRareForChip(eastAsianFreq: number | null): boolean {
  return eastAsianFreq === null || eastAsianFreq < RARE_CALL_THRESHOLD;
}

const CONFIRM: Verdict = {
  badge: '芯片检出，需临床检测确认',
  summary: '芯片读到了一个罕见致病变异。芯片对这类罕见变异的检出误报率很高，这不是诊断，需要临床基因检测确认。',
  tone: 'alert',
  adviceKind: 'confirm',
};

const RISK: Partial<Record<Level, Verdict>> = {
  high: { badge: '较高风险', summary: '你的遗传风险高于人群平均水平。', tone: 'attention', adviceKind: 'item' },
  typical: { badge: '一般风险', summary: '你的遗传风险与人群平均水平相近。', tone: 'neutral', adviceKind: 'item' },
  low: { badge: '较低风险', summary: '你的遗传风险低于人群平均水平。', tone: 'favourable', adviceKind: 'item' },
};

const TENDENCY: Partial<Record<Level, Verdict>> = {
  high: { badge: '倾向较高', summary: '你在这一项上的遗传倾向高于人群平均水平。', tone: 'notice', adviceKind: 'item' },
  typical: { badge: '倾向一般', summary: '你在这一项上的遗传倾向与人群平均水平相近。', tone: 'neutral', adviceKind: 'item' },
  low: { badge: '倾向较低', summary: '你在这一项上的遗传倾向低于人群平均水平。', tone: 'favourable', adviceKind: 'item' },
  trait: { badge: null, summary: '这是基因决定的一项特征倾向，没有好坏之分。', tone: 'neutral', adviceKind: 'item' },
};

/** Each category's words for each level it uses; a level missing here is not allowed in that category. */
export const VERDICTS: Record<Category, Partial<Record<Level, Verdict>>> = {
  disease: { ...RISK, confirm: CONFIRM },
  tumor: RISK,
  carrier: {
    'not-carrier': { badge: '未检出', summary: '未检出本项目所检测的致病变异。', tone: 'favourable', adviceKind: 'clear' },
    carrier: { badge: '携带', summary: '检出一份致病变异：你是携带者，本人通常不发病。', tone: 'attention', adviceKind: 'carrier' },
    'two-copies': {
      badge: '检出两份',
      summary: '芯片在两条染色体上都读到了这个致病变异。这需要临床基因检测确认，并由医生结合症状判断，不能据此自行诊断。',
      tone: 'alert',
      adviceKind: 'counsel',
    },
    hemizygous: {
      badge: '检出（男性一份即有影响）',
      summary: '男性只有一条 X 染色体，检出一份即可能有影响。这需要临床检测确认，不能据此自行诊断。',
      tone: 'alert',
      adviceKind: 'counsel',
    },
    confirm: CONFIRM,
  },
  drug: {
    'normal-metabolizer': {
      badge: '正常代谢',
      summary: '按 CPIC 分型为正常代谢型，可按常规剂量用药。',
      tone: 'favourable',
      adviceKind: 'item',
    },
    'intermediate-metabolizer': {
      badge: '中间代谢',
      summary: '按 CPIC 分型为中间代谢型，部分药物需调整。',
      tone: 'notice',
      adviceKind: 'item',
    },
    'poor-metabolizer': {
      badge: '慢代谢',
      summary: '按 CPIC 分型为慢代谢型，用药指南建议调整剂量或换药。',
      tone: 'alert',
      adviceKind: 'item',
    },
    'rapid-metabolizer': { badge: '快代谢', summary: '按 CPIC 分型为快代谢型，部分药物需调整。', tone: 'notice', adviceKind: 'item' },
    'ultrarapid-metabolizer': {
      badge: '超快代谢',
      summary: '按 CPIC 分型为超快代谢型，用药指南建议调整剂量或换药。',
      tone: 'alert',
      adviceKind: 'item',
    },
    'altered-response': { badge: '反应改变', summary: '药物反应与常规不同，用药前请告知医生。', tone: 'attention', adviceKind: 'item' },
    'normal-response': { badge: '正常反应', summary: '未见影响这种药物反应的基因变化。', tone: 'favourable', adviceKind: 'item' },
  },
  traits: TENDENCY,
  fitness: TENDENCY,
  nutrition: {
    high: { badge: '需求偏高', summary: '你在这一项上的营养需求或需要注意的程度高于人群平均水平。', tone: 'notice', adviceKind: 'item' },
    typical: { badge: '需求略高', summary: '你在这一项上的营养需求略高于人群平均水平。', tone: 'neutral', adviceKind: 'item' },
    low: { badge: '需求一般', summary: '你在这一项上的营养需求与人群平均水平相近。', tone: 'favourable', adviceKind: 'item' },
    confirm: CONFIRM,
  },
};

export function verdictOf(category: Category, level: Level): Verdict {
  const v = VERDICTS[category][level];
  if (!v) throw new Error(`level ${level} is not used by category ${category}`);
  return v;
}

/** The badge text of a result: the category's word for its level, or the label of a descriptive trait. */
export function badgeOf(category: Category, level: Level, label: string): string {
  return verdictOf(category, level).badge ?? label;
}

/** What a count of results at this level is called in a category's summary (descriptive traits have no badge). */
export function levelName(category: Category, level: Level): string {
  return verdictOf(category, level).badge ?? '特征描述';
}

/** Advice texts that depend on the result, not on the item (the item's own advice covers `item`). */
export const KIND_ADVICE: Record<Exclude<AdviceKind, 'item' | 'carrier'>, string> = {
  confirm:
    '请不要据此做任何医疗决定，也不必过度担心：消费级芯片检出的罕见变异多数经测序证实并不存在。请带上本报告到医院遗传咨询门诊或相关专科，用临床级基因检测（如 Sanger 测序）确认；确认之前，本结果不能用于诊断、治疗或生育决策。',
  counsel:
    '请到医院遗传咨询门诊或相关专科，用临床级基因检测确认这一结果，并由医生结合症状和化验结果判断是否有临床意义；成年人检出两份常见变异时多数症状轻微或没有症状。确认后，家人和备孕伴侣可考虑做针对性检测。',
  clear:
    '本检测只读取少数常见位点，未检出不代表完全不携带该病的其他致病变异。备孕夫妇如有家族史或来自高发地区，可到医院做更全面的携带者筛查。',
};

/** Which advice a result gets and its text: the kind's own text, else the item's advice. */
export function adviceOf(category: Category, level: Level, itemAdvice: string): { kind: AdviceKind; text: string } {
  const kind = verdictOf(category, level).adviceKind;
  return { kind, text: kind === 'item' || kind === 'carrier' ? itemAdvice : KIND_ADVICE[kind] };
}

/** Words that state a verdict: a result label may not use them, so it cannot contradict its badge. */
export const VERDICT_WORDS = [
  '高风险',
  '一般风险',
  '低风险',
  '风险较高',
  '风险略高',
  '风险一般',
  '风险较低',
  '可能患病',
  '需关注',
  '倾向较高',
  '倾向略高',
  '倾向一般',
  '倾向较低',
  '需求较高',
  '需求偏高',
  '需求略高',
  '需求一般',
];

/**
 * The summary line of a category card (dashboard): how many of its results stand out, in the
 * category's own words. `counts` are results per level (detected items only).
 */
export function categorySummary(category: Category, total: number, counts: Partial<Record<Level, number>>): string {
  const n = (...levels: Level[]) => levels.reduce((s, l) => s + (counts[l] ?? 0), 0);
  switch (category) {
    case 'disease':
    case 'tumor': {
      const confirm = n('confirm');
      return `${total} 项中 ${n('high')} 项高于人群平均${confirm ? `，${confirm} 项需临床检测确认` : ''}`;
    }
    case 'carrier': {
      const found = n('carrier');
      const confirm = n('two-copies', 'hemizygous', 'confirm');
      if (!found && !confirm) return `${total} 项均未检出所测致病变异`;
      return `${total} 项中 ${found} 项为携带者${confirm ? `，${confirm} 项需临床检测确认` : ''}`;
    }
    case 'drug':
      return `${total} 种药物中 ${n('intermediate-metabolizer', 'poor-metabolizer', 'rapid-metabolizer', 'ultrarapid-metabolizer', 'altered-response')} 种与常规反应不同`;
    case 'nutrition':
      return `${total} 项中 ${n('high')} 项需求偏高`;
    case 'traits':
    case 'fitness':
      return n('high') ? `${total} 项中 ${n('high')} 项倾向较高` : `${total} 项特征倾向`;
  }
}
