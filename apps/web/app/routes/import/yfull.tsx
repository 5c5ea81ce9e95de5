import { SERVICE_HOURS } from '@jiyin/contracts/constants';
import { CustomerServiceOutlined, LeftOutlined } from '@ant-design/icons';
import { AppLink } from '../../components/AppLink.tsx';
import { pageTitle } from '../../lib/brand.ts';
import '../../components/imports/import.css';
import { LinkButton } from '../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('导入 Y 全序列数据') }];

const FORMATS = [
  {
    name: 'BAM / CRAM（推荐）',
    text: '比对到 GRCh37（hg19）或 GRCh38 的 Y 染色体读段，附 .bai/.crai 索引。可以读出所有位置的覆盖情况，用于确认新的私有突变。',
  },
  {
    name: 'Y 染色体 VCF',
    text: '包含全部检出位置（而不仅是变异位置）的 chrY VCF（gVCF 更佳），注明参考基因组版本。',
  },
];

const SOURCES = [
  'FamilyTreeDNA Big Y-500 / Big Y-700',
  'YSEQ WGS / Y Elite',
  'Nebula、Dante Labs 等全基因组测序（30× 及以上）',
  '其他机构的 Y 染色体捕获测序',
];

/**
 * §2.1 /import/yfull. Y full-sequencing data is read by the lab, not by the automatic import: a
 * BAM runs to gigabytes and placing a person below the tree's newest branches means reviewing
 * private variants by hand. The page says which files are needed and how to hand them over.
 */
export default function ImportYFull() {
  return (
    <div className="container import-page">
      <AppLink to="/import" className="import-back muted">
        <LeftOutlined /> 导入数据
      </AppLink>
      <header className="import-head">
        <h1>导入 Y 染色体全序列数据</h1>
        <p className="muted">
          Y 全序列数据可以把父系单倍群定位到 Y 谱系树最新的分支，找到与你父系最近的同姓或异姓支系。由于数据量大、需要人工核对新突变，Y
          全序列数据由实验室分析师解读，不经过自动导入。
        </p>
      </header>

      <section className="import-card" aria-labelledby="yfull-formats-title">
        <h2 id="yfull-formats-title">需要准备的文件</h2>
        <dl className="import-formats">
          {FORMATS.map((f) => (
            <div key={f.name}>
              <dt>{f.name}</dt>
              <dd className="muted">{f.text}</dd>
            </div>
          ))}
        </dl>
        <p className="muted">常见来源：</p>
        <ul className="import-vendors">
          {SOURCES.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </section>

      <section className="import-card" aria-labelledby="yfull-steps-title">
        <h2 id="yfull-steps-title">解读流程</h2>
        <ol className="import-flow">
          <li>
            <strong>联系祖源顾问</strong>
            <span className="muted">说明数据来源、参考基因组与文件大小，顾问会告诉你提交文件的方式。</span>
          </li>
          <li>
            <strong>上传数据</strong>
            <span className="muted">按顾问提供的方式提交 BAM 或 VCF 文件，文件仅用于你的解读。</span>
          </li>
          <li>
            <strong>实验室解读</strong>
            <span className="muted">比对 Y 谱系树，核对私有突变，一般 2–4 周完成。</span>
          </li>
          <li>
            <strong>查看结果</strong>
            <span className="muted">结果写入你的父系报告与 Y 谱系树，完成时会通知你。</span>
          </li>
        </ol>
        <div className="import-contact">
          <CustomerServiceOutlined className="import-contact__icon" />
          <div>
            <strong>祖源顾问</strong>
            <p className="muted">服务时间：{SERVICE_HOURS}</p>
          </div>
          <LinkButton to="/ancestry/service" type="primary">
            联系祖源顾问
          </LinkButton>
        </div>
      </section>

      <section className="import-card" aria-labelledby="yfull-alt-title">
        <h2 id="yfull-alt-title">只想知道父系单倍群？</h2>
        <p className="muted">
          芯片数据（23andMe、AncestryDNA、WeGene 等）导入后会自动给出父系与母系单倍群，几分钟即可完成。还没有 Y
          全序列数据，也可以直接购买检测。
        </p>
        <div className="import-actions">
          <LinkButton to="/import/chip">导入芯片数据</LinkButton>
          <LinkButton to="/shop/yfull">了解 Y 染色体全序列检测</LinkButton>
        </div>
      </section>
    </div>
  );
}
