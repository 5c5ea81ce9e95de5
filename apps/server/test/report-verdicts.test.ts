/**
 * Acceptance of issue 18: every item of every category, over every genotype class its rules tell
 * apart, says one verdict everywhere: the list badge, the detail page (badge, summary line, advice
 * kind and text), the dashboard summary and the PDF all come from the same result level; and no
 * carrier item calls a rare variant anything but a chip call to confirm.
 */
import { REPORT_CATEGORIES, type ReportCategory } from '@jiyin/contracts/reportApi';
import { STANDARD_SUBMODULES } from '@jiyin/contracts/reports';
import {
  badgeOf,
  evaluateItem,
  type ItemResult,
  isRareForChip,
  type KbItem,
  KIND_ADVICE,
  loadKnowledgeBase,
  RARE_CALL_THRESHOLD,
  VERDICT_WORDS,
  verdictOf,
} from '@jiyin/genome';
import { describe, expect, it } from 'vitest';
import { renderElectronicReport } from '../src/electronic-report/render.ts';
import { electronicReportInput } from '../src/electronic-report/service.ts';
import type { ReportSubject } from '../src/reports/access.ts';
import { categoryPage, itemDetail, overview } from '../src/reports/service.ts';
import { pdfPages } from './pdfText.ts';

const KB = loadKnowledgeBase();
const categoryOf = (item: KbItem) => REPORT_CATEGORIES.find((c) => c.kb === item.category) as ReportCategory;
type Sex = 'male' | 'female';

/** Every call a chip can give at a marker: a man's X, Y and MT are haploid. */
function callsAt(m: KbItem['markers'][number], sex: Sex): string[] {
  const [a, b] = [m.ref, m.alt].sort() as [string, string];
  const haploid = m.chrom === 'Y' || m.chrom === 'MT' || (m.chrom === 'X' && sex === 'male');
  return haploid ? [a, b] : [a + a, a + b, b + b];
}

interface GenotypeClass {
  sex: Sex;
  genotypes: Record<string, string>;
  result: ItemResult;
}

/** One genotype combination per rule the item can reach (its genotype classes), for each sex it concerns. */
function classesOf(item: KbItem): GenotypeClass[] {
  const byCode = new Map<string, GenotypeClass>();
  for (const sex of item.sex ? [item.sex] : (['male', 'female'] as const)) {
    let combos: Record<string, string>[] = [{}];
    for (const m of item.markers) combos = combos.flatMap((c) => callsAt(m, sex).map((g) => ({ ...c, [m.rsid]: g })));
    for (const genotypes of combos) {
      const result = evaluateItem(item, { byRsid: (rsid) => genotypes[rsid] ?? null });
      const code = result.result?.code;
      if (code && !byCode.has(code)) byCode.set(code, { sex, genotypes, result });
    }
  }
  return [...byCode.values()];
}

const CLASSES = new Map(KB.map((item) => [item.id, classesOf(item)]));

/** A reader of one person of this sex whose stored results are the given ones. */
function subject(sex: Sex, results: ItemResult[]): ReportSubject {
  return {
    via: 'owner',
    userId: 'u',
    person: {
      personId: 'p',
      barcode: 'JY-VERDICTS',
      name: '测试',
      gender: sex,
      productName: '测试全能版',
      reportType: 'standard',
      hasReport: true,
      yHaplogroup: null,
      mtHaplogroup: null,
    },
    reportType: 'standard',
    submodules: new Set(STANDARD_SUBMODULES),
    results: new Map(results.map((r) => [r.id, r])),
    computedAt: '2026-11-24T00:00:00.000Z',
    sample: false,
  };
}

const squash = (s: string) => s.replace(/\s+/g, '');

describe('one verdict per result (issue 18)', () => {
  it('reaches every rule of every item as a genotype class', () => {
    for (const item of KB) {
      const codes = new Set(item.rules.map((r) => r.code));
      expect(new Set(CLASSES.get(item.id)?.map((c) => c.result.result?.code)), item.id).toEqual(codes);
    }
  });

  it('list badge, detail badge, summary line, advice kind and text, and dashboard agree for every class', () => {
    for (const item of KB) {
      const cat = categoryOf(item);
      for (const c of CLASSES.get(item.id) ?? []) {
        const r = c.result.result;
        if (!r) throw new Error(`${item.id}: no result`);
        const where = `${item.id} ${r.code} ${JSON.stringify(c.genotypes)}`;
        const verdict = verdictOf(item.category, r.level);
        const badge = badgeOf(item.category, r.level, r.label);
        const s = subject(c.sex, [c.result]);
        const row = categoryPage(s, cat).items.find((i) => i.id === item.id);
        expect(row, where).toMatchObject({ levelLabel: badge, tone: verdict.tone, label: r.label, level: r.level });
        const detail = itemDetail(s, cat, item.id, null);
        if (typeof detail === 'string') throw new Error(`${where}: ${detail}`);
        expect(detail, where).toMatchObject({
          levelLabel: badge,
          tone: verdict.tone,
          verdict: verdict.summary,
          adviceKind: verdict.adviceKind,
        });
        // Advice by result: the kind's own text, or the item's (carrier advice only for a carrier).
        const kind = verdict.adviceKind;
        expect(detail.advice, where).toBe(kind === 'item' || kind === 'carrier' ? item.advice : KIND_ADVICE[kind]);
        if (kind === 'confirm' || kind === 'counsel') expect(detail.advice, where).toMatch(/临床.*检测/);
        if (item.category === 'carrier' && kind !== 'carrier') expect(detail.advice, where).not.toContain('携带者本人通常没有症状');
        // The rule's own words never state a verdict, and nothing reads as a diagnosis.
        for (const w of VERDICT_WORDS) expect(r.label, where).not.toContain(w);
        for (const text of [badge, verdict.summary, r.label, r.explanation, detail.advice]) expect(text, where).not.toContain('可能患病');
        // The dashboard counts this result in its category's summary line and shows the same badge.
        const card = overview(s).categories.find((x) => x.category === cat.api);
        expect(
          card?.preview.map((p) => [p.id, p.levelLabel, p.tone]),
          where,
        ).toEqual([[item.id, badge, verdict.tone]]);
        expect(card?.summary, where).toMatch(/^\d+ (项|种药物)/);
      }
    }
  });

  it('reads every call of a rare variant on a carrier item as a chip call to confirm, never as a diagnosis', () => {
    let rareCalls = 0;
    for (const item of KB.filter((i) => i.category === 'carrier')) {
      for (const c of CLASSES.get(item.id) ?? []) {
        const r = c.result.result;
        const rare = item.markers.some((m) => isRareForChip(m.eastAsianFreq) && [...(c.genotypes[m.rsid] ?? '')].includes(m.effectAllele));
        if (!rare) continue;
        rareCalls++;
        expect(r?.level, `${item.id} ${JSON.stringify(c.genotypes)}`).toBe('confirm');
        expect(badgeOf(item.category, 'confirm', '')).toBe('芯片检出，需临床检测确认');
      }
    }
    expect(RARE_CALL_THRESHOLD).toBe(0.001);
    expect(rareCalls).toBeGreaterThan(0);
  });

  it('says the same in the PDF: badge and result line, summary line and advice of every class', async () => {
    const rounds = Math.max(...[...CLASSES.values()].map((c) => c.length));
    for (let k = 0; k < rounds; k++) {
      for (const sex of ['male', 'female'] as const) {
        // Round k: the k-th genotype class of every item that has one for this sex.
        const picked = KB.flatMap((item) => {
          const own = (CLASSES.get(item.id) ?? []).filter((c) => c.sex === sex);
          const c = own[k];
          return c ? [{ item, c }] : [];
        });
        if (!picked.length) continue;
        const s = subject(
          sex,
          picked.map(({ c }) => c.result),
        );
        const pdf = await renderElectronicReport(electronicReportInput(s, new Date('2026-11-24T00:00:00Z')));
        const text = squash(pdfPages(pdf).join(''));
        for (const { item, c } of picked) {
          const r = c.result.result;
          if (!r) continue;
          const where = `${item.id} ${r.code} (${sex})`;
          const badge = badgeOf(item.category, r.level, r.label);
          const verdict = verdictOf(item.category, r.level);
          expect(text, where).toContain(squash(badge === r.label ? r.label : `${badge}：${r.label}`));
          expect(text, where).toContain(squash(verdict.summary));
          expect(text, where).toContain(
            squash(verdict.adviceKind === 'item' || verdict.adviceKind === 'carrier' ? item.advice : KIND_ADVICE[verdict.adviceKind]).slice(
              0,
              40,
            ),
          );
        }
        expect(text).not.toContain('可能患病');
      }
    }
  }, 180_000);
});
