/**
 * Schema of the reports knowledge base: one JSON file per category under data/kb/, each
 * `{ category, items: [Item, ...] }`. Every file is validated against this at load time.
 */
import { z } from 'zod';
import { type Chrom, CHROMS } from '../types.ts';
import { VERDICT_WORDS, VERDICTS } from './verdicts.ts';

export const CATEGORIES = ['disease', 'traits', 'carrier', 'drug', 'nutrition', 'fitness', 'tumor'] as const;
export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

/**
 * Result levels a rule can give. What each level is called depends on the category (risk, carrier
 * status, CPIC phenotype, tendency, need): see VERDICTS in verdicts.ts, which also says which levels
 * a category may use.
 */
export const LEVELS = [
  'low',
  'typical',
  'high',
  'not-carrier',
  'carrier',
  'two-copies',
  'hemizygous',
  'confirm',
  'normal-metabolizer',
  'intermediate-metabolizer',
  'poor-metabolizer',
  'rapid-metabolizer',
  'ultrarapid-metabolizer',
  'normal-response',
  'altered-response',
  'trait',
] as const;
export type Level = (typeof LEVELS)[number];
export const LevelSchema = z.enum(LEVELS);

const CHROM_NAMES = CHROMS as [Chrom, ...Chrom[]];

/** Bases on the GRCh37 forward strand (the panel packs two bits per marker, so no indels). */
const Allele = z.enum(['A', 'C', 'G', 'T']);

export const MarkerSchema = z
  .object({
    rsid: z.string().regex(/^rs\d+$/),
    gene: z.string().min(1),
    chrom: z.enum(CHROM_NAMES),
    pos37: z.number().int().positive(),
    /** Alleles on the GRCh37 forward strand. */
    ref: Allele,
    alt: Allele,
    effectAllele: Allele,
    /** Effect-allele frequency in East Asians (1000 Genomes EAS or gnomAD EAS); null when unknown. */
    eastAsianFreq: z.number().min(0).max(1).nullable(),
  })
  .refine((m) => m.ref !== m.alt, { message: 'ref and alt must differ' })
  .refine((m) => m.effectAllele === m.ref || m.effectAllele === m.alt, { message: 'effectAllele must be ref or alt' });
export type KbMarker = z.infer<typeof MarkerSchema>;

/** Genotype as the lookup gives it: sorted alleles ("AG"), or one allele for haploid calls. */
const Genotype = z
  .string()
  .regex(/^[ACGT]{1,2}$/)
  .refine((g) => g.length < 2 || g[0]! <= g[1]!, {
    message: 'genotype alleles must be sorted alphabetically',
  });

export const RuleSchema = z.object({
  /** rsid → accepted genotypes; all entries must hold. */
  when: z.record(z.string().regex(/^rs\d+$/), z.array(Genotype).min(1)).optional(),
  /** Bounds on the count of effect alleles over all the item's markers. */
  minEffectAlleles: z.number().int().min(0).optional(),
  maxEffectAlleles: z.number().int().min(0).optional(),
  /** Matches anything; only allowed as the last rule. */
  default: z.literal(true).optional(),
  code: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  label: z.string().min(1),
  level: LevelSchema,
  explanation: z.string().min(1),
});
export type KbRule = z.infer<typeof RuleSchema>;

export const ReferenceSchema = z.object({
  type: z.enum(['pubmed', 'clinvar', 'cpic', 'dpwg', 'pharmgkb', 'gwas']),
  id: z.string().min(1),
});
export type KbReference = z.infer<typeof ReferenceSchema>;

export const ItemSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    category: CategorySchema,
    /** A plain Chinese name that fits a card; gene and variant codes go in `detail`. */
    title: z
      .string()
      .min(1)
      .max(16)
      .refine((t) => !/[A-Za-z]{2,}/.test(t), { message: 'gene and variant codes belong in detail, not in the title' }),
    /** The line under the title: genes and variants read (e.g. "GJB2 c.109G>A"). */
    detail: z.string().min(1),
    /** Items about one sex only (prostate, male-pattern baldness...) are shown to that sex only. */
    sex: z.enum(['male', 'female']).optional(),
    summary: z.string().min(1),
    genes: z.array(z.string().min(1)).min(1),
    markers: z.array(MarkerSchema).min(1),
    rules: z.array(RuleSchema).min(1),
    /** Markers that must be called for any result; default all markers. */
    requiredMarkers: z
      .array(z.string().regex(/^rs\d+$/))
      .min(1)
      .optional(),
    advice: z.string().min(1),
    populationNote: z.string().min(1),
    /** Drug items only: the class shown on /report/drug/class/{drugClassId}. */
    drugClass: z.string().min(1).optional(),
    drugClassId: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .optional(),
    references: z.array(ReferenceSchema).min(1),
  })
  .superRefine((item, ctx) => {
    const issue = (message: string): void => ctx.addIssue({ code: 'custom', message: `${item.id}: ${message}` });
    if (!item.id.startsWith(`${item.category}-`)) issue('id must start with its category');
    const rsids = new Set(item.markers.map((m) => m.rsid));
    if (rsids.size !== item.markers.length) issue('duplicate marker rsid');
    for (const r of item.requiredMarkers ?? []) if (!rsids.has(r)) issue(`required marker ${r} is not a marker`);
    item.rules.forEach((rule, i) => {
      const last = i === item.rules.length - 1;
      if (rule.default && !last) issue(`rule ${rule.code}: default only as the last rule`);
      if (rule.default && (rule.when || rule.minEffectAlleles !== undefined || rule.maxEffectAlleles !== undefined)) {
        issue(`rule ${rule.code}: a default rule has no conditions`);
      }
      if (!rule.default && !rule.when && rule.minEffectAlleles === undefined && rule.maxEffectAlleles === undefined) {
        issue(`rule ${rule.code}: no condition (use default)`);
      }
      for (const r of Object.keys(rule.when ?? {})) if (!rsids.has(r)) issue(`rule ${rule.code}: ${r} is not a marker`);
      if (!VERDICTS[item.category][rule.level]) issue(`rule ${rule.code}: level ${rule.level} is not used by ${item.category}`);
      // The badge states the verdict; a label that states one too could contradict it.
      for (const w of VERDICT_WORDS) if (rule.label.includes(w)) issue(`rule ${rule.code}: label "${rule.label}" states a verdict (${w})`);
    });
    // Several rules may lead to one result (e.g. two routes to a poor metabolizer); they must agree.
    const byCode = new Map<string, KbRule>();
    for (const rule of item.rules) {
      const seen = byCode.get(rule.code);
      if (seen && (seen.label !== rule.label || seen.level !== rule.level)) issue(`rule ${rule.code}: same code, different label or level`);
      byCode.set(rule.code, rule);
    }
    const isDrug = item.category === 'drug';
    if (isDrug !== (item.drugClass !== undefined) || isDrug !== (item.drugClassId !== undefined)) {
      issue('drugClass and drugClassId are required for drug items and only for them');
    }
  });
export type KbItem = z.infer<typeof ItemSchema>;

export const KbFileSchema = z
  .object({
    category: CategorySchema,
    items: z.array(ItemSchema).min(1),
  })
  .superRefine((file, ctx) => {
    for (const item of file.items) {
      if (item.category !== file.category) {
        ctx.addIssue({ code: 'custom', message: `${item.id}: category ${item.category} in the ${file.category} file` });
      }
    }
  });
export type KbFile = z.infer<typeof KbFileSchema>;
