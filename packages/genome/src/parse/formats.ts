import { type Build, CHROMS, type Chrom, GenomeError, type Vendor } from '../types.ts';

/** Column layouts shared by vendors: 23andMe/WeGene/LivingDNA, AncestryDNA, MyHeritage/FTDNA, VCF. */
export type Layout = 'tsv4' | 'tsv5' | 'csv4' | 'vcf';

export interface FormatInfo {
  vendor: Vendor;
  layout: Layout;
  /** Build stated in the header, null when it says nothing. */
  headerBuild: Build | null;
}

/**
 * Chromosome names as files write them. AncestryDNA numbers X/Y/PAR/MT as 23/24/25/26; PAR calls
 * (25, 'XY') are filed under X, where GRCh37 places them.
 */
const CHROM_NAMES = new Map<string, Chrom>();
for (const c of CHROMS) {
  CHROM_NAMES.set(c, c);
  CHROM_NAMES.set(`chr${c}`, c);
}
for (const [name, c] of [
  ['23', 'X'],
  ['24', 'Y'],
  ['25', 'X'],
  ['26', 'MT'],
  ['XY', 'X'],
  ['M', 'MT'],
  ['chrM', 'MT'],
  ['chrXY', 'X'],
  ['x', 'X'],
  ['y', 'Y'],
  ['mt', 'MT'],
] as const)
  CHROM_NAMES.set(name, c);

export function chromOf(name: string): Chrom | undefined {
  return CHROM_NAMES.get(name);
}

// GRCh37 / GRCh38 / NCBI36 lengths of chromosome 1 and 2 (NCBI assembly reports), as VCF
// ##contig lines carry them.
const CONTIG_LENGTH_BUILD = new Map<number, Build>([
  [247249719, 36],
  [249250621, 37],
  [248956422, 38],
  [242951149, 36],
  [243199373, 37],
  [242193529, 38],
]);

/** Build named by a header text (already lower-cased), or null. */
export function headerBuildOf(header: string): Build | null {
  for (const m of header.matchAll(/length=(\d+)/g)) {
    const b = CONTIG_LENGTH_BUILD.get(Number(m[1]));
    if (b) return b;
  }
  if (/grch38|hg38|build\s*38|\bb38\b/.test(header)) return 38;
  if (/ncbi\s*36|hg18|build\s*36|\bb36\b/.test(header)) return 36;
  if (/grch37|hg19|build\s*37|\bb37\b|hs37d5|release 104/.test(header)) return 37;
  return null;
}

const unquote = (s: string) =>
  s
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/** Whether a non-comment line is a column-name line rather than data. */
export function isColumnLine(line: string): boolean {
  const first = unquote(line.split(/[\t,]/)[0] ?? '').toLowerCase();
  return first === 'rsid' || first === 'snp' || first === 'name' || first === 'snp name';
}

/**
 * Vendor and layout from the header lines (comments and column names) and the first data line,
 * never from the file name. Files without a vendor header are recognised by their columns.
 */
export function detectFormat(header: string[], firstData: string | null, firstDataLine: number): FormatInfo {
  const text = header.join('\n').toLowerCase();
  const build = headerBuildOf(text);
  if (header[0]?.toLowerCase().startsWith('##fileformat=vcf')) return { vendor: 'vcf', layout: 'vcf', headerBuild: build };
  const columns =
    header
      .filter((l) => isColumnLine(l.replace(/^#\s*/, '')))
      .pop()
      ?.toLowerCase() ?? '';
  const csvColumns = /^"?rsid"?,"?chromosome"?,"?position"?,"?result"?/.test(columns);
  const fiveColumns = /allele1\s+allele2/.test(columns);
  const dataTabs = firstData ? firstData.split('\t').length : 0;
  const dataCsv = firstData ? firstData.split(',').length === 4 && !firstData.includes('\t') : false;
  let vendor: Vendor | null = null;
  if (text.includes('wegene')) vendor = 'wegene';
  else if (text.includes('23andme')) vendor = '23andme';
  else if (text.includes('ancestrydna') || fiveColumns) vendor = 'ancestry';
  else if (text.includes('myheritage')) vendor = 'myheritage';
  else if (text.includes('living dna') || text.includes('livingdna')) vendor = 'livingdna';
  else if (text.includes('familytreedna') || text.includes('family tree dna') || csvColumns) vendor = 'ftdna';
  else if (firstData && dataTabs === 4) vendor = '23andme';
  else if (firstData && dataTabs === 5) vendor = 'ancestry';
  else if (dataCsv) vendor = 'ftdna';
  if (!vendor) {
    if (!firstData) throw new GenomeError('NO_MARKERS', '文件里没有基因型数据行');
    throw new GenomeError(
      'UNSUPPORTED_FORMAT',
      `无法识别文件格式（第 ${firstDataLine} 行），支持 23andMe、WeGene、AncestryDNA、MyHeritage、FamilyTreeDNA、LivingDNA 和 VCF`,
      firstDataLine,
    );
  }
  const layout: Layout = vendor === 'ancestry' ? 'tsv5' : vendor === 'myheritage' || vendor === 'ftdna' ? 'csv4' : 'tsv4';
  return { vendor, layout, headerBuild: build };
}
