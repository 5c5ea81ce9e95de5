import { Space } from 'antd';
import { pageTitle } from '../../lib/brand.ts';
import { useRootData } from '../../lib/rootData.ts';
import '../../components/trees/trees.css';
import { LinkButton } from '../../components/LinkButton.tsx';

export const meta = () => [
  { title: pageTitle('祖源咨询') },
  { property: 'og:title', content: '祖源咨询服务' },
  { property: 'og:description', content: '家谱整理、祖源报告解读、寻亲登记，客服为您解答。' },
];

/** §2.1 /ancestry/service: what the ancestry consultation covers and how to reach it. */
export default function Service() {
  const { site } = useRootData();
  const { phone, email, hours } = site.support;
  return (
    <div className="service-page">
      <section className="service-hero">
        <h1>祖源咨询</h1>
        <p>对祖源报告、家谱整理或寻亲有疑问，可以联系客服。服务时间：{hours}。</p>
        <Space wrap>
          {phone && <span>电话：{phone}</span>}
          {email && <span>邮箱：{email}</span>}
          {!phone && !email && <span className="tree-muted">客服联系方式暂无数据</span>}
        </Space>
      </section>
      <div className="service-grid">
        <section>
          <h2>整理家谱</h2>
          <p>在家谱树中记录祖先的名、字、号和农历或年号日期，导入导出 GEDCOM 文件，与亲友共同编辑。</p>
          <LinkButton to="/ancestry/family-tree">打开家谱树</LinkButton>
        </section>
        <section>
          <h2>解读祖源报告</h2>
          <p>父系、母系单倍群和基因亲人如何与家谱对照：在家谱中关联检测人，即可看到共享 DNA 与家谱关系是否相符。</p>
          <LinkButton to="/report/ancestry">查看祖源报告</LinkButton>
        </section>
        <section>
          <h2>寻亲</h2>
          <p>登记寻亲信息，查看基因亲人和同姓同地的线索。</p>
          <LinkButton to="/ancestry/reunion/platform">进入寻亲平台</LinkButton>
        </section>
        <section>
          <h2>联系家族成员</h2>
          <p>与同意参与基因亲人的亲人互发私信。</p>
          <LinkButton to="/user/messages">我的私信</LinkButton>
        </section>
      </div>
    </div>
  );
}
