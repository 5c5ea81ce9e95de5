import { Space } from 'antd';
import { pageTitle } from '../lib/brand.ts';
import '../components/trees/trees.css';
import { LinkButton } from '../components/LinkButton.tsx';

const DESCRIPTION = '把祖辈的迁徙、名字里的字辈和老照片记进家谱树，再用基因检测看看 DNA 讲的是不是同一个故事。';

export const meta = () => [
  { title: pageTitle('基因故事') },
  { name: 'description', content: DESCRIPTION },
  { property: 'og:title', content: '基因故事：把家族的故事写进家谱树' },
  { property: 'og:description', content: DESCRIPTION },
];

/** §2.1 /genestory: the family-tree story intro (a named share route). */
export default function GeneStory() {
  return (
    <div className="service-page">
      <section className="service-hero">
        <h1>基因故事</h1>
        <p>{DESCRIPTION}</p>
        <Space wrap>
          <LinkButton to="/ancestry/family-tree" type="primary">
            开始记录家谱
          </LinkButton>
          <LinkButton to="/ancestry/reunion/platform">寻亲平台</LinkButton>
        </Space>
      </section>
      <div className="service-grid">
        <section>
          <h2>记下名、字、号</h2>
          <p>老一辈常有名、字、号；家谱树为每个人分别记录，分享给亲友时也不会混淆。</p>
        </section>
        <section>
          <h2>农历和年号</h2>
          <p>祖辈的生日多按农历，清代和民国的记录常写年号。家谱树支持农历闰月和明清、民国年号，并换算成公历。</p>
        </section>
        <section>
          <h2>生平故事</h2>
          <p>每位家人都可以写下生平故事，供家族成员一起补充、代代相传。</p>
        </section>
        <section>
          <h2>DNA 对照</h2>
          <p>在家谱中关联检测人后，可以看到父系、母系单倍群，以及基因亲人之间的共享 DNA 是否与家谱关系相符。</p>
        </section>
      </div>
    </div>
  );
}
