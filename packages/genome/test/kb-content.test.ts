import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, evaluateItem, KbFileSchema, loadKnowledgeBase, VERDICT_WORDS, VERDICTS } from '../src/reports/index.ts';
import type { KbItem, KbRule } from '../src/reports/index.ts';
import { readEasCounts } from '../src/reports/easFreq.ts';

const FILES = CATEGORIES;
const load = (name: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../data/kb/${name}.json`, import.meta.url)), 'utf8'));
const files = FILES.map((name) => ({ name, kb: KbFileSchema.parse(load(name)) }));
const allItems: KbItem[] = files.flatMap((f) => f.kb.items);

const CJK = /[\u4e00-\u9fff]/;
const sortedGenotype = (g: string): boolean => g.length <= 2 && [...g].sort().join('') === g;

/** Every genotype of one marker, sorted alphabetically; X, Y and MT also have haploid calls (males). */
const genotypesOf = (m: KbItem['markers'][number]): string[] => {
  const [a, b] = [m.ref, m.alt].sort() as [string, string];
  const diploid = [a + a, a + b, b + b];
  return ['X', 'Y', 'MT'].includes(m.chrom) ? [a, b, ...diploid] : diploid;
};

/** Rule matching as the brief defines it: `when` all hold, effect-allele counts within bounds. */
function ruleMatches(rule: KbRule, item: KbItem, gts: Record<string, string>): boolean {
  if (rule.default) return true;
  for (const [rsid, accepted] of Object.entries(rule.when ?? {})) {
    if (!accepted.includes(gts[rsid]!)) return false;
  }
  if (rule.minEffectAlleles !== undefined || rule.maxEffectAlleles !== undefined) {
    let n = 0;
    for (const m of item.markers) n += [...(gts[m.rsid] ?? '')].filter((a) => a === m.effectAllele).length;
    if (rule.minEffectAlleles !== undefined && n < rule.minEffectAlleles) return false;
    if (rule.maxEffectAlleles !== undefined && n > rule.maxEffectAlleles) return false;
  }
  return true;
}

/** All genotype combinations over the item's markers (items carry at most a handful of markers). */
function combinations(item: KbItem): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const m of item.markers) {
    out = out.flatMap((c) => genotypesOf(m).map((g) => ({ ...c, [m.rsid]: g })));
  }
  return out;
}

const firstMatch = (item: KbItem, gts: Record<string, string>): number => item.rules.findIndex((r) => ruleMatches(r, item, gts));

describe('knowledge base content: every category', () => {
  it('has every category and at least 120 items in all, all loaded by the engine', () => {
    for (const f of files) expect(f.kb.items.length, f.name).toBeGreaterThanOrEqual(7);
    expect(allItems.length).toBeGreaterThanOrEqual(120);
    expect(loadKnowledgeBase().length).toBe(allItems.length);
  });

  it('keeps the category of each file on every item, ids unique and prefixed', () => {
    const prefix = (category: string) => `${category}-`;
    for (const f of files) {
      expect(f.kb.category).toBe(f.name);
      for (const item of f.kb.items) {
        expect(item.category, item.id).toBe(f.name);
        expect(item.id.startsWith(prefix(f.name)), item.id).toBe(true);
      }
    }
    const ids = allItems.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has well-formed markers: distinct rsids, effect allele is ref or alt, ref differs from alt', () => {
    for (const item of allItems) {
      const rsids = item.markers.map((m) => m.rsid);
      expect(new Set(rsids).size, item.id).toBe(rsids.length);
      for (const m of item.markers) {
        expect(m.ref, `${item.id} ${m.rsid}`).not.toBe(m.alt);
        expect([m.ref, m.alt], `${item.id} ${m.rsid}`).toContain(m.effectAllele);
        expect(item.genes, `${item.id} ${m.rsid}`).toContain(m.gene);
      }
      for (const r of item.requiredMarkers ?? []) expect(rsids, item.id).toContain(r);
    }
  });

  it('gives the same marker the same position and alleles wherever it appears', () => {
    const seen = new Map<string, string>();
    for (const item of allItems) {
      for (const m of item.markers) {
        const key = `${m.chrom}:${m.pos37}:${[m.ref, m.alt].join('>')}`;
        const before = seen.get(m.rsid);
        if (before) expect(key, `${item.id} ${m.rsid}`).toBe(before);
        else seen.set(m.rsid, key);
      }
    }
  });

  it('has well-formed rules: default only last, when-rsids are markers, genotypes sorted and possible', () => {
    for (const item of allItems) {
      const byRsid = new Map(item.markers.map((m) => [m.rsid, m]));
      item.rules.forEach((rule, i) => {
        const where = `${item.id} rule ${rule.code}`;
        if (rule.default) {
          expect(i, where).toBe(item.rules.length - 1);
          expect(rule.when, where).toBeUndefined();
        } else {
          expect(rule.when !== undefined || rule.minEffectAlleles !== undefined || rule.maxEffectAlleles !== undefined, where).toBe(true);
        }
        for (const [rsid, accepted] of Object.entries(rule.when ?? {})) {
          const m = byRsid.get(rsid);
          expect(m, `${where}: ${rsid} is not a marker`).toBeDefined();
          for (const g of accepted) {
            expect(sortedGenotype(g), `${where}: ${g} not sorted`).toBe(true);
            expect(genotypesOf(m!), `${where}: ${g} impossible for ${rsid}`).toContain(g);
          }
        }
      });
      // One result may be reached by several rules, but a code always means the same label and level.
      const meaning = new Map<string, string>();
      for (const r of item.rules) {
        const m = `${r.label}|${r.level}`;
        expect(meaning.get(r.code) ?? m, `${item.id} ${r.code}`).toBe(m);
        meaning.set(r.code, m);
      }
    }
  });

  it('reaches every rule with some genotype combination and leaves no combination unmatched', () => {
    for (const item of allItems) {
      const hit = new Set<number>();
      for (const gts of combinations(item)) {
        const i = firstMatch(item, gts);
        expect(i, `${item.id}: ${JSON.stringify(gts)} matches no rule`).toBeGreaterThanOrEqual(0);
        hit.add(i);
      }
      for (const [i, r] of item.rules.entries()) expect(hit.has(i), `${item.id}: rule ${r.code} unreachable`).toBe(true);
    }
  });

  it('uses only levels its category has words for (VERDICTS), and no label that states a verdict', () => {
    for (const item of allItems) {
      for (const r of item.rules) {
        expect(Object.keys(VERDICTS[item.category]), `${item.id} ${r.code}`).toContain(r.level);
        for (const w of VERDICT_WORDS) expect(r.label, `${item.id} ${r.code}`).not.toContain(w);
      }
    }
  });

  it('writes every user-facing text in Chinese and cites real-looking references', () => {
    for (const item of allItems) {
      for (const text of [item.title, item.summary, item.advice, item.populationNote]) {
        expect(CJK.test(text), `${item.id}: ${text}`).toBe(true);
      }
      for (const r of item.rules) {
        expect(CJK.test(r.label), `${item.id} ${r.code} label`).toBe(true);
        expect(CJK.test(r.explanation), `${item.id} ${r.code} explanation`).toBe(true);
      }
      for (const ref of item.references) {
        if (ref.type === 'pubmed') expect(ref.id, item.id).toMatch(/^\d{6,9}$/);
        if (ref.type === 'gwas') expect(ref.id, item.id).toMatch(/^GCST\d+$/);
      }
    }
  });

  it('reminds in every tumour item that a result is not a diagnosis', () => {
    for (const item of allItems.filter((i) => i.category === 'tumor')) {
      expect(/诊断/.test(item.summary + item.advice), item.id).toBe(true);
    }
  });

  it("gives each rule's code back from the reports engine for a genotype that reaches it", () => {
    for (const item of allItems) {
      const reached = new Map<number, Record<string, string>>();
      for (const gts of combinations(item)) {
        const i = firstMatch(item, gts);
        if (!reached.has(i)) reached.set(i, gts);
      }
      for (const [i, gts] of reached) {
        const res = evaluateItem(item, { byRsid: (rsid) => gts[rsid] ?? null });
        expect(res.status, `${item.id} ${JSON.stringify(gts)}`).toBe('out');
        expect(res.result?.code, `${item.id} ${JSON.stringify(gts)}`).toBe(item.rules[i]!.code);
      }
    }
  });

  it('reports unDetected, never a guess, when markers are absent or no-calls', () => {
    for (const item of allItems) {
      expect(evaluateItem(item, { byRsid: () => null }).status, item.id).toBe('unDetected');
      expect(evaluateItem(item, { byRsid: () => '--' }).result, item.id).toBeNull();
    }
  });

  it('carries the East Asian frequency of the counted table, for the effect allele, on every marker it counts', () => {
    const counts = readEasCounts();
    const listed = new Set(allItems.flatMap((i) => i.markers.map((m) => m.rsid)));
    for (const c of counts.values()) expect(listed.has(c.rsid), `${c.rsid} is in eas-freq.tsv but in no item`).toBe(true);
    for (const item of allItems) {
      for (const m of item.markers) {
        const c = counts.get(m.rsid);
        if (!c) continue;
        const where = `${item.id} ${m.rsid}`;
        // The table was counted at the marker's own position and alleles; a KB edit must recount it.
        expect(`${c.chrom}:${c.pos37}:${c.ref}>${c.alt}`, where).toBe(`${m.chrom}:${m.pos37}:${m.ref}>${m.alt}`);
        const effectCount = m.effectAllele === c.alt ? c.altCount : c.alleleNumber - c.altCount;
        expect(m.eastAsianFreq, where).toBeCloseTo(effectCount / c.alleleNumber, 4);
      }
    }
  });
});
