/**
 * Rebuilds data/kb/disease.json, carrier.json and drug.json from the curated items in
 * scripts/kb-reports/ (markers defined once, shared phenotype rules), and sets eastAsianFreq in the
 * hand-curated files (traits, nutrition, fitness, tumor) from data/kb/eas-freq.tsv, leaving every
 * marker the table does not count as it is. Run from the repository root:
 *   npx node packages/genome/scripts/build-kb-reports.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KbFileSchema, type Category, type KbItem } from '../src/reports/schema.ts';
import { CARRIER_ITEMS } from './kb-reports/carrier.ts';
import { DISEASE_ITEMS } from './kb-reports/disease.ts';
import { DRUG_ITEMS } from './kb-reports/drug.ts';
import { effectFreq, readEasCounts } from '../src/reports/easFreq.ts';

const kbPath = (category: Category): string => fileURLToPath(new URL(`../data/kb/${category}.json`, import.meta.url));

function write(category: Category, items: KbItem[]): void {
  const kb = KbFileSchema.parse({ category, items });
  writeFileSync(kbPath(category), `${JSON.stringify(kb, null, 2)}\n`);
  process.stdout.write(`${category}: ${kb.items.length} items → ${kbPath(category)}\n`);
}

const generated: [Category, KbItem[]][] = [
  ['disease', DISEASE_ITEMS],
  ['carrier', CARRIER_ITEMS],
  ['drug', DRUG_ITEMS],
];
for (const [category, items] of generated) write(category, items);

const counts = readEasCounts();
for (const category of ['traits', 'nutrition', 'fitness', 'tumor'] as const) {
  const kb = KbFileSchema.parse(JSON.parse(readFileSync(kbPath(category), 'utf8')));
  for (const item of kb.items) {
    for (const m of item.markers) m.eastAsianFreq = effectFreq(m, counts) ?? m.eastAsianFreq;
  }
  write(category, kb.items);
}
