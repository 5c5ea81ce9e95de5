import {
  LOCK_ICON,
  LOCKED_ITEM_TOAST,
  PRODUCT_STATUS,
  REPORT_CATEGORIES,
  REPORT_THEMES,
  type ReportCategory,
  type ReportCategoryView,
  type ReportItemDetail,
  type ReportItemSummary,
  type ReportOverview,
  type ReportReference,
  type ReportTheme,
  type SideBarData,
  type SideBarItem,
} from '@jiyin/contracts/reportApi';
import { reportAccess } from '@jiyin/contracts/reports';
import {
  adviceOf,
  badgeOf,
  categorySummary,
  type KbItem,
  type Level,
  levelName,
  loadKnowledgeBase,
  VERDICTS,
  verdictOf,
} from '@jiyin/genome';
import { ApiError } from '../http/errors.ts';
import type { ReportSubject } from './access.ts';
import { sampleLockedItems } from './sample.ts';

const theme = (i: number): ReportTheme => REPORT_THEMES[i % REPORT_THEMES.length];

/** What the side bar and category headers say about each report (our wording). */
const DESCRIPTIONS: Record<ReportCategory['page'] | 'ancestry', string> = {
  ancestry: '父系、母系单倍群与祖源构成，追溯你的家族迁徙之路',
  disease: '常见复杂疾病的遗传风险，早知道早预防',
  traits: '外貌、感知与生活习惯相关的遗传特质',
  'carrier-status': '隐性遗传病致病变异的携带情况，关系到下一代的健康',
  drug: '常用药物的代谢与反应差异，用药前的基因参考',
  nutrition: '维生素、矿物质与饮食代谢相关的营养需求',
  fitness: '耐力、爆发力与运动损伤相关的基因特点',
  tumor: '常见肿瘤的遗传易感性评估',
};

interface KbIndex {
  byId: Map<string, KbItem>;
  byCategory: Map<string, KbItem[]>;
  /** Drug classes in knowledge-base order. */
  drugClasses: { id: string; name: string; items: KbItem[] }[];
}
let kbIndex: KbIndex | undefined;

function kb(): KbIndex {
  if (kbIndex) return kbIndex;
  const byId = new Map<string, KbItem>();
  const byCategory = new Map<string, KbItem[]>();
  const classes = new Map<string, { id: string; name: string; items: KbItem[] }>();
  for (const item of loadKnowledgeBase()) {
    byId.set(item.id, item);
    byCategory.set(item.category, [...(byCategory.get(item.category) ?? []), item]);
    if (item.drugClassId && item.drugClass) {
      const c = classes.get(item.drugClassId) ?? { id: item.drugClassId, name: item.drugClass, items: [] };
      c.items.push(item);
      classes.set(c.id, c);
    }
  }
  kbIndex = { byId, byCategory, drugClasses: [...classes.values()] };
  return kbIndex;
}

/** Items about one sex only (prostate, male-pattern baldness...) are left out for the other. */
const forPerson = (s: ReportSubject, item: KbItem): boolean => !item.sex || item.sex === s.person.gender;

/** A category's items for this person, in the knowledge base's fixed order. */
const itemsOf = (s: ReportSubject, cat: ReportCategory): KbItem[] =>
  (kb().byCategory.get(cat.kb) ?? []).filter((item) => forPerson(s, item));

/** A category by the name a call uses for it: the API's (trait, inherit) or the page's (traits, carrier-status). */
export function categoryByName(name: string): ReportCategory | undefined {
  return REPORT_CATEGORIES.find((c) => c.api === name || c.page === name);
}

const categoryIndex = (cat: ReportCategory) => REPORT_CATEGORIES.findIndex((c) => c.api === cat.api);

/** The product lacks this report (§6 locked products): shown locked, its calls answer 2700. */
function categoryLocked(s: ReportSubject, cat: ReportCategory): boolean {
  return !s.submodules.has(cat.page);
}

function itemLocked(s: ReportSubject, cat: ReportCategory, item: KbItem): boolean {
  return categoryLocked(s, cat) || (s.sample && sampleLockedItems().has(item.id));
}

/** §4 tumor-share limit: tumour risks are for the tested person's owner only, not for people it is shared with. */
function tumorLimited(s: ReportSubject, cat: ReportCategory): boolean {
  return cat.api === 'tumor' && (s.via === 'shared' || s.via === 'shareLink');
}

function lockDescription(s: ReportSubject, cat: ReportCategory): string {
  return categoryLocked(s, cat) ? `当前产品不含${cat.name}报告，升级产品后解锁` : '购买基因检测后解锁此项目';
}

function summaryOf(s: ReportSubject, cat: ReportCategory, item: KbItem): ReportItemSummary {
  const index = itemsOf(s, cat).indexOf(item);
  const drug = item.drugClassId ? { drugClass: item.drugClass, drugClassId: item.drugClassId } : {};
  const base = { id: item.id, title: item.title, detail: item.detail, theme: theme(index), ...drug };
  if (itemLocked(s, cat, item)) {
    // A locked item's result is withheld altogether, detected or not.
    return {
      ...base,
      status: 'out',
      label: null,
      level: null,
      levelLabel: null,
      tone: null,
      productStatus: PRODUCT_STATUS.lock,
      tags: [LOCK_ICON],
      lockDescription: lockDescription(s, cat),
    };
  }
  // An item added to the knowledge base after this report was computed has no stored result yet;
  // until the detection is recomputed it reads as not detected.
  const r = s.results?.get(item.id);
  const result = r?.status === 'out' ? r.result : null;
  return {
    ...base,
    status: result ? 'out' : 'unDetected',
    label: result?.label ?? null,
    level: result?.level ?? null,
    levelLabel: result ? badgeOf(item.category, result.level, result.label) : null,
    tone: result ? verdictOf(item.category, result.level).tone : null,
    productStatus: PRODUCT_STATUS.normal,
    tags: [],
  };
}

const rank = (i: ReportItemSummary) => {
  if (i.productStatus === PRODUCT_STATUS.lock) return 1;
  return i.status === 'unDetected' ? 2 : 0;
};

/**
 * Results in the knowledge base's fixed order (whatever they say, so a list reads the same for
 * everyone), then locked items, then the undetected.
 */
function ordered(list: ReportItemSummary[]): ReportItemSummary[] {
  return list
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.i - b.i)
    .map(({ item }) => item);
}

/**
 * May the subject read this category's results? Throws the §4 code when not: 1110 for a report type
 * without health reports, 2700 for a product without this report, 2702 before the report exists.
 * Returns the tumor-share text status when that applies.
 */
export function checkCategory(s: ReportSubject, cat: ReportCategory): 'tumorShareSctLimit' | null {
  if (!reportAccess(s.reportType).health) throw new ApiError('NO_PERMISSION', '当前产品不提供健康类报告');
  if (categoryLocked(s, cat)) throw new ApiError('SHOULD_UPGRADE', `当前产品不含${cat.name}报告，请升级产品后查看`);
  if (!s.results) throw new ApiError('REPORT_NOT_READY');
  return tumorLimited(s, cat) ? 'tumorShareSctLimit' : null;
}

function categoryView(s: ReportSubject, cat: ReportCategory, items: KbItem[]): Omit<ReportCategoryView, 'name' | 'description' | 'theme'> {
  const summaries = ordered(items.map((item) => summaryOf(s, cat, item)));
  const levelCounts: Record<string, number> = {};
  for (const i of summaries) if (i.level) levelCounts[i.level] = (levelCounts[i.level] ?? 0) + 1;
  const verdictCounts = (Object.keys(VERDICTS[cat.kb]) as Level[])
    .filter((level) => levelCounts[level])
    .map((level) => ({ level, badge: levelName(cat.kb, level), tone: verdictOf(cat.kb, level).tone, count: levelCounts[level] as number }));
  return { category: cat.api, sample: s.sample, total: summaries.length, levelCounts, verdictCounts, items: summaries };
}

export function categoryPage(s: ReportSubject, cat: ReportCategory): ReportCategoryView {
  return {
    ...categoryView(s, cat, itemsOf(s, cat)),
    name: cat.name,
    description: DESCRIPTIONS[cat.page],
    theme: theme(categoryIndex(cat) + 1),
  };
}

export const DRUG = REPORT_CATEGORIES.find((c) => c.api === 'drug') as ReportCategory;

export function drugClassPage(s: ReportSubject, classId: string): ReportCategoryView {
  const classes = kb().drugClasses;
  const index = classes.findIndex((c) => c.id === classId);
  if (index < 0) throw new ApiError('NOT_FOUND', '药物类别不存在');
  const c = classes[index];
  return {
    ...categoryView(s, DRUG, c.items),
    categoryId: c.id,
    name: c.name,
    description: `${c.name}的用药基因提示`,
    theme: theme(index),
  };
}

/** The public page of a reference: PubMed, ClinVar, the CPIC and DPWG guidelines, PharmGKB, GWAS Catalog. */
export function referenceOf(ref: { type: ReportReference['type']; id: string }): ReportReference {
  const q = encodeURIComponent(ref.id);
  const url = {
    pubmed: () => `https://pubmed.ncbi.nlm.nih.gov/${q}/`,
    clinvar: () =>
      ref.id.startsWith('RCV') ? `https://www.ncbi.nlm.nih.gov/clinvar/${q}/` : `https://www.ncbi.nlm.nih.gov/clinvar/variation/${q}/`,
    // CPIC and DPWG references are guideline titles: the guideline index (CPIC) or PharmGKB, which hosts DPWG's.
    cpic: () => 'https://cpicpgx.org/guidelines/',
    dpwg: () => `https://www.pharmgkb.org/search?query=${encodeURIComponent(ref.id.replace(/^DPWG\s*/, ''))}`,
    pharmgkb: () => `https://www.pharmgkb.org/search?query=${q}`,
    gwas: () => (/^GCST\d+$/.test(ref.id) ? `https://www.ebi.ac.uk/gwas/studies/${q}` : `https://www.ebi.ac.uk/gwas/search?query=${q}`),
  }[ref.type]();
  return { type: ref.type, id: ref.id, url };
}

/**
 * One item's detail. 4003 for an item this category does not have, 2700 for a locked one; the text
 * status 'unDetected' when its markers were not read (the page then shows the undetected state).
 */
export function itemDetail(
  s: ReportSubject,
  cat: ReportCategory,
  id: string,
  feel: ReportItemDetail['feel'],
): ReportItemDetail | 'unDetected' | 'tumorShareSctLimit' {
  const limited = checkCategory(s, cat);
  const item = kb().byId.get(id);
  if (!item || item.category !== cat.kb || !forPerson(s, item)) throw new ApiError('ITEM_NOT_SUPPORTED');
  const summary = summaryOf(s, cat, item);
  if (summary.productStatus === PRODUCT_STATUS.lock) throw new ApiError('SHOULD_UPGRADE', LOCKED_ITEM_TOAST);
  if (limited) return limited;
  const result = s.results?.get(id);
  if (summary.status === 'unDetected' || !result?.result) return 'unDetected';
  const advice = adviceOf(item.category, result.result.level, item.advice);
  return {
    ...summary,
    category: cat.api,
    sample: s.sample,
    summary: item.summary,
    genes: item.genes,
    explanation: result.result.explanation,
    verdict: verdictOf(item.category, result.result.level).summary,
    adviceKind: advice.kind,
    advice: advice.text,
    populationNote: item.populationNote,
    genotypes: item.markers.map((m) => ({
      rsid: m.rsid,
      gene: m.gene,
      genotype: result.genotypes[m.rsid] ?? null,
      effectAllele: m.effectAllele,
      eastAsianFreq: m.eastAsianFreq,
    })),
    references: item.references.map(referenceOf),
    feel,
  };
}

/** Checks that the subject may rate an item (§7.4 feel): the item exists and its result is readable. */
export function checkFeelItem(s: ReportSubject, cat: ReportCategory, id: string): void {
  if (checkCategory(s, cat)) throw new ApiError('NO_PERMISSION', '肿瘤风险报告仅限本人查看');
  const item = kb().byId.get(id);
  if (!item || item.category !== cat.kb || !forPerson(s, item)) throw new ApiError('ITEM_NOT_SUPPORTED');
  if (itemLocked(s, cat, item)) throw new ApiError('SHOULD_UPGRADE', LOCKED_ITEM_TOAST);
}

/** How many items a dashboard card previews. */
export const PREVIEW_ITEMS = 4;

/**
 * The dashboard (§2.2 /report): per category a summary line in its own words and a preview of its
 * first results in the fixed order, never a pick of the worst ones.
 */
export function overview(s: ReportSubject): ReportOverview {
  const health = reportAccess(s.reportType).health;
  const categories = health
    ? REPORT_CATEGORIES.map((cat) => {
        const locked = categoryLocked(s, cat);
        const items = itemsOf(s, cat);
        const withheld = locked || !s.results || tumorLimited(s, cat);
        const results = withheld
          ? []
          : items.map((item) => summaryOf(s, cat, item)).filter((i) => i.productStatus === PRODUCT_STATUS.normal && i.status === 'out');
        const counts: Partial<Record<Level, number>> = {};
        for (const i of results) counts[i.level as Level] = (counts[i.level as Level] ?? 0) + 1;
        return {
          category: cat.api,
          page: cat.page,
          name: cat.name,
          total: items.length,
          productStatus: locked ? PRODUCT_STATUS.lock : PRODUCT_STATUS.normal,
          summary: withheld ? null : categorySummary(cat.kb, items.length, counts),
          preview: results.slice(0, PREVIEW_ITEMS),
        };
      })
    : [];
  return { person: s.person, sample: s.sample, categories, computedAt: s.computedAt };
}

function lockFields(locked: boolean, description: string): Pick<SideBarItem, 'tags' | 'productStatus' | 'lockDescription'> {
  return locked
    ? { tags: [LOCK_ICON], productStatus: PRODUCT_STATUS.lock, lockDescription: description }
    : { tags: [], productStatus: PRODUCT_STATUS.normal };
}

/**
 * §7.4 side bar: group 0 the reports (ancestry first, for the dashboard; the health submenu leaves it
 * out), group 1 the drug classes. A report the product lacks is listed locked; a report type without
 * health reports lists none of them, and types without ancestry (offline, third-party, child-talent)
 * leave out ancestry.
 */
export function sideBar(s: ReportSubject): SideBarData {
  const access = reportAccess(s.reportType);
  const reports: SideBarItem[] = [];
  if (access.ancestry || s.reportType === 'noAncestry') {
    const locked = !s.submodules.has('ancestry');
    reports.push({
      name: '祖源分析',
      enName: 'parentage',
      path: '/report/ancestry',
      icon: 'ancestry',
      colours: theme(0),
      description: DESCRIPTIONS.ancestry,
      // Its reports: ancestry composition and the maternal line, plus the paternal line for men.
      total: s.person.gender === 'male' ? 3 : 2,
      ...lockFields(locked, '当前产品不含祖源报告，升级产品后解锁'),
    });
  }
  const drugLocked = categoryLocked(s, DRUG);
  const drugClasses: SideBarItem[] = access.health
    ? kb().drugClasses.map((c, i) => ({
        name: c.name,
        enName: c.id,
        path: `/report/drug/class/${c.id}`,
        icon: 'drug',
        colours: theme(i),
        description: `${c.name}的用药基因提示`,
        total: c.items.length,
        ...lockFields(drugLocked, lockDescription(s, DRUG)),
        categoryId: c.id,
        webSceneClassifyIcon: c.id,
      }))
    : [];
  if (access.health) {
    for (const cat of REPORT_CATEGORIES) {
      reports.push({
        name: cat.name,
        enName: cat.enName,
        path: `/report/${cat.page}`,
        icon: cat.page,
        colours: theme(categoryIndex(cat) + 1),
        description: DESCRIPTIONS[cat.page],
        total: itemsOf(s, cat).length,
        ...lockFields(categoryLocked(s, cat), lockDescription(s, cat)),
        ...(cat.api === 'drug' ? { children: drugClasses } : {}),
      });
    }
  }
  return [{ data: { list: reports, sample: s.sample } }, { data: { list: drugClasses, sample: s.sample } }];
}
