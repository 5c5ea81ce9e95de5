/**
 * Reports knowledge base: loads the curated items of every category (data/kb/<category>.json,
 * validated by the schema) and evaluates them against one genome's genotypes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RsidLookups } from '../lookup.ts';
import { CATEGORIES, KbFileSchema } from './schema.ts';
import type { Category, KbItem, KbMarker, KbRule, Level } from './schema.ts';

export * from './schema.ts';
export * from './verdicts.ts';

export interface ItemResult {
  id: string;
  category: Category;
  title: string;
  rsids: string[];
  /** Genotype per marker as read: sorted alleles, '--' for a no-call, null when absent. */
  genotypes: Record<string, string | null>;
  /** 'out' when a result was given; 'unDetected' when a required marker is missing or unreadable. */
  status: 'out' | 'unDetected';
  result: { code: string; label: string; level: Level; explanation: string } | null;
}

const KB_DIR = new URL('../../data/kb/', import.meta.url);

let cache: KbItem[] | undefined;

/**
 * All items of every category, validated and cached. A category whose file is not there yet is
 * skipped (categories are written independently); a file that is there but invalid throws.
 */
export function loadKnowledgeBase(): KbItem[] {
  if (cache) return cache;
  const items: KbItem[] = [];
  for (const category of CATEGORIES) {
    const path = fileURLToPath(new URL(`${category}.json`, KB_DIR));
    if (!existsSync(path)) continue;
    const parsed = KbFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new Error(`knowledge base ${category}.json: ${first?.path.join('.')} ${first?.message}`);
    }
    if (parsed.data.category !== category) throw new Error(`knowledge base ${category}.json: category is ${parsed.data.category}`);
    items.push(...parsed.data.items);
  }
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) throw new Error(`knowledge base: duplicate item id ${item.id}`);
    seen.add(item.id);
    // Titles are what a reader tells items apart by, now that codes sit on the detail line.
    const title = `${item.category}:${item.title}`;
    if (seen.has(title)) throw new Error(`knowledge base: two ${item.category} items titled ${item.title}`);
    seen.add(title);
  }
  cache = items;
  return items;
}

/**
 * A genotype the rules can read: every allele is the marker's ref or alt. Anything else (a
 * no-call, a third allele, a strand we cannot trust) is unreadable rather than guessed at.
 */
function readable(marker: KbMarker, genotype: string | null): genotype is string {
  if (genotype === null || genotype === '' || genotype.length > 2) return false;
  for (const a of genotype) if (a !== marker.ref && a !== marker.alt) return false;
  return true;
}

function ruleMatches(rule: KbRule, item: KbItem, usable: Map<string, string>): boolean {
  if (rule.default) return true;
  for (const [rsid, accepted] of Object.entries(rule.when ?? {})) {
    const g = usable.get(rsid);
    if (g === undefined || !accepted.includes(g)) return false;
  }
  if (rule.minEffectAlleles !== undefined || rule.maxEffectAlleles !== undefined) {
    // Unreadable optional markers count as zero effect alleles: rules needing them are written with
    // the marker listed in requiredMarkers.
    let n = 0;
    for (const m of item.markers) {
      for (const a of usable.get(m.rsid) ?? '') if (a === m.effectAllele) n++;
    }
    if (rule.minEffectAlleles !== undefined && n < rule.minEffectAlleles) return false;
    if (rule.maxEffectAlleles !== undefined && n > rule.maxEffectAlleles) return false;
  }
  return true;
}

export function evaluateItem(item: KbItem, lookups: RsidLookups): ItemResult {
  const genotypes: Record<string, string | null> = {};
  const usable = new Map<string, string>();
  for (const m of item.markers) {
    const g = lookups.byRsid(m.rsid);
    genotypes[m.rsid] = g;
    if (readable(m, g)) usable.set(m.rsid, g);
  }
  const base = {
    id: item.id,
    category: item.category,
    title: item.title,
    rsids: item.markers.map((m) => m.rsid),
    genotypes,
  };
  const required = item.requiredMarkers ?? base.rsids;
  if (!required.every((r) => usable.has(r))) return { ...base, status: 'unDetected', result: null };
  const rule = item.rules.find((r) => ruleMatches(r, item, usable));
  if (!rule) return { ...base, status: 'unDetected', result: null };
  return {
    ...base,
    status: 'out',
    result: { code: rule.code, label: rule.label, level: rule.level, explanation: rule.explanation },
  };
}

export function evaluateReports(lookups: RsidLookups, opts: { categories?: Category[] } = {}): ItemResult[] {
  const wanted = opts.categories ? new Set(opts.categories) : undefined;
  const out: ItemResult[] = [];
  for (const item of loadKnowledgeBase()) {
    if (!wanted || wanted.has(item.category)) out.push(evaluateItem(item, lookups));
  }
  return out;
}
