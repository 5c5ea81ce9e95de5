import type { SiteContent } from '@jiyin/contracts/api';
import { ANCESTRY_POPULATIONS, ANCESTRY_UNAVAILABLE, chipMarkerCount, loadAncestryReference, loadKnowledgeBase } from '@jiyin/genome';
import { LAB_KIT_CHIP } from '../imports/simulated.ts';

/**
 * What the public pages claim about the product, read from the data the reports use (the engine's
 * kit's chip layout, knowledge base and ancestry reference), so the marketing text cannot drift from what
 * a report computes. Editorial content names a fact as {{name}}; the content API fills it in.
 */
export interface ProductFacts {
  /** Markers the kit's chip reads (its layout; the reports and ancestry use the subsets below). */
  chipMarkers: number;
  /** Health, trait and drug items a report interprets (some are for one sex only). */
  healthItems: number;
  /** Distinct markers those items read. */
  healthMarkers: number;
  /** Ancestry-informative markers of the ancestry reference (a report uses those its chip called). */
  ancestryMarkers: number;
  /** Reference groups an ancestry composition is estimated against, in the report's order. */
  ancestryGroups: string[];
  /** Groups customers ask about that the reference does not include yet. */
  ancestryMissingGroups: string[];
}

let facts: ProductFacts | undefined;

export function productFacts(): ProductFacts {
  if (facts) return facts;
  const kb = loadKnowledgeBase();
  facts = {
    chipMarkers: chipMarkerCount(LAB_KIT_CHIP),
    healthItems: kb.length,
    healthMarkers: new Set(kb.flatMap((item) => item.markers.map((m) => m.rsid))).size,
    ancestryMarkers: loadAncestryReference().size,
    ancestryGroups: ANCESTRY_POPULATIONS.map((p) => p.name),
    ancestryMissingGroups: ANCESTRY_UNAVAILABLE.map((u) => u.name),
  };
  return facts;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The words each fact reads as in Chinese text. */
export function factWords(f: ProductFacts = productFacts()): Record<string, string> {
  return {
    chipMarkersWan: String(Math.round(f.chipMarkers / 10_000)),
    healthItems: String(f.healthItems),
    healthMarkers: count(f.healthMarkers),
    ancestryMarkers: count(f.ancestryMarkers),
    ancestryGroupCount: String(f.ancestryGroups.length),
    ancestryGroups: f.ancestryGroups.join('、'),
    ancestryMissingGroups: f.ancestryMissingGroups.join('、'),
  };
}

const TOKEN = /\{\{(\w+)\}\}/g;

/** The facts a text names ({{name}}); an unknown name is a content error, reported by the seed test. */
export function factNames(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((m) => m[1]);
}

function fill(text: string, words: Record<string, string>): string {
  return text.replace(TOKEN, (whole, name: string) => words[name] ?? whole);
}

/** Page content with its {{facts}} filled in. */
export function withFacts(content: SiteContent, words: Record<string, string> = factWords()): SiteContent {
  if (!JSON.stringify(content).includes('{{')) return content;
  return {
    ...content,
    title: fill(content.title, words),
    summary: fill(content.summary, words),
    sections: content.sections.map((s) => ({
      ...s,
      heading: fill(s.heading, words),
      ...(s.body === undefined ? {} : { body: fill(s.body, words) }),
      items: s.items?.map((i) => ({ ...i, title: fill(i.title, words), text: fill(i.text, words) })),
    })),
  };
}
