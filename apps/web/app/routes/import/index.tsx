import { DeleteOutlined, EyeInvisibleOutlined, LockOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { AppLink } from '../../components/AppLink.tsx';
import { CHIP_VENDORS } from '../../components/imports/vendors.ts';
import { pageTitle } from '../../lib/brand.ts';
import '../../components/imports/import.css';

export const meta = () => [{ title: pageTitle('导入数据') }];

const PRIVACY = [
  {
    icon: <LockOutlined />,
    title: '私密存储',
    text: '原始数据保存在私有存储中，只有你本人登录后可以查看和下载，不会公开。',
  },
  {
    icon: <DeleteOutlined />,
    title: '随时删除',
    text: '在「检测人管理」中可随时删除原始数据；删除后文件无法恢复，已生成的报告会保留。',
  },
  {
    icon: <EyeInvisibleOutlined />,
    title: '由你决定是否被亲人找到',
    text: '是否在基因亲人中展示、是否展示完整姓名，都由检测人的隐私开关决定，默认关闭。',
  },
];

/** §2.1 /import: what can be imported, where each kind goes, and how the data is kept. */
export default function ImportHome() {
  return (
    <div className="container import-page">
      <header className="import-head">
        <h1>导入原始数据</h1>
        <p className="muted">已经在其他平台做过基因检测？导入原始数据文件，即可免费查看健康与特质报告、父母系单倍群，并寻找基因亲人。</p>
      </header>

      <div className="import-kinds">
        <AppLink to="/import/chip" className="import-kind" data-testid="import-kind-chip">
          <span className="import-kind__badge">最常用</span>
          <h2>芯片数据（SNP）</h2>
          <p className="muted">消费级基因检测的原始数据文件，约 60–70 万个位点。支持：</p>
          <ul className="import-vendors">
            {CHIP_VENDORS.map((v) => (
              <li key={v.id}>{v.name}</li>
            ))}
          </ul>
          <p className="muted">文件格式 .txt、.csv、.zip、.gz、.vcf 或 .vcf.gz，不超过 100 MB。</p>
          <Button type="primary" className="import-kind__go">
            导入芯片数据 <RightOutlined />
          </Button>
        </AppLink>
        <AppLink to="/import/yfull" className="import-kind" data-testid="import-kind-yfull">
          <h2>Y 染色体全序列数据</h2>
          <p className="muted">Y 染色体测序（如 Big Y、YSEQ 等）的 BAM 或 VCF 文件，用于精细的父系单倍群定位与 Y 谱系树上的位置。</p>
          <p className="muted">由实验室人工解读，了解提交方式与所需文件。</p>
          <Button className="import-kind__go">
            了解 Y 全序列导入 <RightOutlined />
          </Button>
        </AppLink>
      </div>

      <section className="import-privacy" aria-labelledby="import-privacy-title">
        <h2 id="import-privacy-title">你的数据，由你掌控</h2>
        <div className="import-privacy__grid">
          {PRIVACY.map((p) => (
            <div key={p.title} className="import-privacy__item">
              <span className="content-icon">{p.icon}</span>
              <div>
                <h3>{p.title}</h3>
                <p className="muted">
                  {p.text}
                  {p.title === '随时删除' && (
                    <>
                      {' '}
                      <AppLink to="/user/persons" className="text-link">
                        前往检测人管理
                      </AppLink>
                    </>
                  )}
                </p>
              </div>
            </div>
          ))}
        </div>
        <p className="muted import-note">导入数据生成的报告仅供健康参考，不作为临床诊断依据。</p>
      </section>
    </div>
  );
}
