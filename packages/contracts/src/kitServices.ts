import { z } from 'zod';

/**
 * §1 kit services: tests other than the SNP chip whose results a lab reports and staff enter (§7.10
 * product types hpv, hp, amh, vade, ngs). Each item carries the lab's own reference range.
 */
export const LAB_TEST_TYPES = ['HPV', 'HP', 'AMH', 'VADE', 'NGS'] as const;
export type LabTestType = (typeof LAB_TEST_TYPES)[number];

export const LAB_TEST_LABELS: Record<LabTestType, string> = {
  HPV: 'HPV 检测（宫颈癌筛查）',
  HP: '幽门螺杆菌检测',
  AMH: 'AMH（抗缪勒管激素）检测',
  VADE: '维生素 A/D/E 检测',
  NGS: '高通量测序检测',
};

/** The commodity tags (§9) whose kits carry each test type. */
export const LAB_TEST_TAGS: Record<LabTestType, string> = { HPV: 'HPV', HP: 'HP', AMH: 'AMH', VADE: 'VitaminADE', NGS: 'NGS' };

/** How the lab flags an item: its own words for a qualitative result, or against its own range. */
export const LAB_FLAGS = ['negative', 'positive', 'normal', 'low', 'high'] as const;
export type LabFlag = (typeof LAB_FLAGS)[number];
export const LAB_FLAG_LABELS: Record<LabFlag, string> = {
  negative: '阴性',
  positive: '阳性',
  normal: '在参考范围内',
  low: '低于参考范围',
  high: '高于参考范围',
};

export interface LabResultItem {
  /** The lab's item name, e.g. "HPV 16", "25-羟基维生素 D". */
  name: string;
  /** The value as the lab wrote it (a number or a word). */
  value: string;
  unit: string;
  /** The lab's stated reference range or cut-off, as printed; empty when the lab gives none. */
  refRange: string;
  flag: LabFlag;
}

const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}最多 ${max} 个字`);

export const labResultItemSchema = z.object({
  name: text('项目名称', 40),
  value: text('结果', 30),
  unit: z.string().trim().max(20, '单位最多 20 个字').default(''),
  refRange: z.string().trim().max(60, '参考范围最多 60 个字').default(''),
  flag: z.enum(LAB_FLAGS, { error: '请选择结果判定' }),
});

/** What staff enter from the lab's report for one kit. */
export const labResultSchema = z
  .object({
    barcode: z
      .string({ error: '请输入条码' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}\d{10}$/, '条码格式不正确，应为 2 位字母加 10 位数字'),
    testType: z.enum(LAB_TEST_TYPES, { error: '请选择检测类型' }),
    items: z.array(labResultItemSchema).min(1, '至少填写一个检测项目').max(30, '最多 30 个检测项目'),
    conclusion: text('检测结论', 500),
    labName: text('检测机构', 60),
    sampledAt: z.iso.date('采样日期格式不正确').optional(),
    reportedAt: z.iso.date('报告日期格式不正确'),
  })
  .refine((v) => !v.sampledAt || v.sampledAt <= v.reportedAt, { message: '采样日期不能晚于报告日期', path: ['sampledAt'] });
export type LabResultInput = z.infer<typeof labResultSchema>;

/** A result as its owner (or a person they were shared with) reads it. */
export interface LabResultView {
  id: string;
  barcode: string;
  testType: LabTestType;
  testLabel: string;
  personId: string;
  personName: string;
  items: LabResultItem[];
  conclusion: string;
  labName: string;
  sampledAt: string | null;
  reportedAt: string;
}

export const KIT_RESULT_PATHS = {
  /** GET ?personId= : the person's results of one test type (§7.10 product types), newest first. */
  list: '/v3/report/product/:type',
  /** GET one result by id (the caller must own or be shared the person). */
  one: '/v3/report/product/:type/:id',
} as const;

/** Path segment of each test type in the report calls and pages. */
export const LAB_TYPE_SLUG: Record<LabTestType, string> = { HPV: 'hpv', HP: 'hp', AMH: 'amh', VADE: 'vade', NGS: 'ngs' };
export function labTypeOfSlug(slug: string): LabTestType | null {
  return (Object.keys(LAB_TYPE_SLUG) as LabTestType[]).find((t) => LAB_TYPE_SLUG[t] === slug) ?? null;
}
