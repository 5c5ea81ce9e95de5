/**
 * Rebuilds data/kb/disease.json, carrier.json and drug.json from the curated items in
 * scripts/kb-reports/ (markers defined once, shared phenotype rules). Run from the repository root:
 *   npx node packages/genome/scripts/build-kb-reports.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KbFileSchema, type Category, type KbItem } from '../src/reports/schema.ts';
import { CARRIER_ITEMS } from './kb-reports/carrier.ts';
import { DISEASE_ITEMS } from './kb-reports/disease.ts';
import { DRUG_ITEMS } from './kb-reports/drug.ts';

const files: [Category, KbItem[]][] = [
  ['disease', DISEASE_ITEMS],
  ['carrier', CARRIER_ITEMS],
  ['drug', DRUG_ITEMS],
];
for (const [category, items] of files) {
  const kb = KbFileSchema.parse({ category, items });
  const path = fileURLToPath(new URL(`../data/kb/${category}.json`, import.meta.url));
  writeFileSync(path, `${JSON.stringify(kb, null, 2)}\n`);
  process.stdout.write(`${category}: ${kb.items.length} items → ${path}\n`);
}
