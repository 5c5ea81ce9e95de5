import type { ReportGenotypeRow } from '@jiyin/contracts/reportApi';
import { Table } from 'antd';
import { ScrollHint } from '../ScrollHint.tsx';

/** East Asian effect-allele frequency as a percentage, or 暂无数据 when unknown. */
export function formatFrequency(f: number | null): string {
  if (f === null) return '暂无数据';
  const pct = f * 100;
  return `${pct < 1 && pct > 0 ? pct.toFixed(2) : pct.toFixed(1)}%`;
}

/** How a genotype reads: the sorted alleles, 未检出 for a no-call, 芯片未覆盖 when the chip lacks the marker. */
export function formatGenotype(g: string | null): string {
  if (g === null) return '芯片未覆盖';
  if (g === '--' || g === '') return '未检出';
  return g;
}

/** The genotypes read for an item (§2.2): rsid, gene, your genotype, effect allele, East Asian frequency. */
export function GenotypeTable({ rows }: { rows: ReportGenotypeRow[] }) {
  return (
    <div data-testid="genotype-table">
      <ScrollHint />
      <Table
        className="genotype-table"
        size="small"
        pagination={false}
        rowKey="rsid"
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: '位点',
            dataIndex: 'rsid',
            render: (rsid: string) => (
              <a href={`https://www.ncbi.nlm.nih.gov/snp/${rsid}`} target="_blank" rel="noreferrer">
                {rsid}
              </a>
            ),
          },
          { title: '基因', dataIndex: 'gene', render: (g: string) => <i>{g}</i> },
          { title: '你的基因型', dataIndex: 'genotype', render: (g: string | null) => <strong>{formatGenotype(g)}</strong> },
          { title: '效应等位基因', dataIndex: 'effectAllele' },
          { title: '东亚人群频率', dataIndex: 'eastAsianFreq', render: (f: number | null) => formatFrequency(f) },
        ]}
      />
    </div>
  );
}
