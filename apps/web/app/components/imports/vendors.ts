/**
 * Chip raw-data sources the import reads (the engine's vendors), with where each lets a customer
 * download the file. `id` is the vendor name import summaries carry.
 */
export const CHIP_VENDORS = [
  { id: '23andme', name: '23andMe', howTo: '登录 23andMe → 右上角姓名 → Settings → 23andMe Data → 申请并下载原始数据（.zip）' },
  { id: 'ancestry', name: 'AncestryDNA', howTo: '登录 Ancestry → DNA → Settings → Download DNA Data，通过邮件链接下载（.zip）' },
  { id: 'wegene', name: 'WeGene 微基因', howTo: '登录微基因 → 个人中心 → 我的基因数据 → 下载原始数据（.txt 或 .zip）' },
  { id: 'myheritage', name: 'MyHeritage', howTo: '登录 MyHeritage → DNA → Manage DNA kits → 选择检测 → Download（.zip 或 .csv）' },
  { id: 'ftdna', name: 'FamilyTreeDNA', howTo: '登录 myFTDNA → Family Finder → Download Raw Data → Build 37 Raw Data（.csv.gz）' },
  { id: 'livingdna', name: 'Living DNA', howTo: '登录 Living DNA → Settings → Download your data（.zip 或 .txt）' },
  { id: 'vcf', name: 'VCF 文件', howTo: '其他平台或全基因组测序导出的 VCF 文件（.vcf 或 .vcf.gz，GRCh37 或 GRCh38）' },
] as const;

export function vendorName(id: string | undefined): string {
  return CHIP_VENDORS.find((v) => v.id === id)?.name ?? id ?? '未知';
}
