import { Space } from 'antd';
import { pageTitle } from '../../lib/brand.ts';
import '../../components/trees/trees.css';
import { LinkButton } from '../../components/LinkButton.tsx';

const DESCRIPTION = '登记您记得的姓名、地点、时间和故事，结合基因亲人、同姓同地的寻亲登记寻找线索。';

export const meta = () => [
  { title: pageTitle('寻亲平台') },
  { name: 'description', content: DESCRIPTION },
  { property: 'og:title', content: '寻亲平台：用基因和记忆寻找失散的亲人' },
  { property: 'og:description', content: DESCRIPTION },
];

/** §2.1 /ancestry/reunion/platform: how 寻亲 works here, and the way in. */
export default function ReunionPlatform() {
  return (
    <div className="service-page">
      <section className="service-hero">
        <h1>寻亲平台</h1>
        <p>{DESCRIPTION}</p>
        <Space wrap>
          <LinkButton to="/ancestry/reunion" type="primary">
            登记寻亲
          </LinkButton>
          <LinkButton to="/ancestry/reunion/list">我的寻亲登记</LinkButton>
        </Space>
      </section>
      <div className="service-grid">
        <section>
          <h2>1. 登记您知道的</h2>
          <p>寻找对象的姓名、与您的关系、走失的时间和地点、当时的情形和照片。登记只有您自己能查看和修改。</p>
        </section>
        <section>
          <h2>2. 关联检测人</h2>
          <p>关联您账户中的检测人后，他/她的基因亲人会作为线索列出：共享 DNA 越多，关系越近。</p>
        </section>
        <section>
          <h2>3. 查看线索</h2>
          <p>其他寻亲者登记了同一姓氏、同一省份的情况时，您会看到这条线索（不显示对方的姓名和故事）。</p>
        </section>
        <section>
          <h2>4. 联系</h2>
          <p>双方都关联了检测人、且互为基因亲人时，可以通过站内私信联系；其余情况暂未开放联系，以保护双方隐私。</p>
        </section>
      </div>
    </div>
  );
}
