import { OriginMethod } from '../../../components/origin/OriginMethod.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportLink } from '../../../components/report/ReportLink.tsx';
import { pageTitle } from '../../../lib/brand.ts';

export const meta = () => [{ title: pageTitle('基因溯源说明') }];

/** §2.2 /report/gene-origin/protocal: what gene origin uses, how, and the user's rights. */
export default function GeneOriginProtocolPage() {
  return (
    <>
      <Crumbs trail={[{ to: '/report/gene-origin', label: '基因溯源' }, { label: '说明与条款' }]} />
      <section className="report-card origin-method" data-testid="gene-origin-protocol">
        <h3>基因溯源服务说明</h3>
        <ol>
          <li>
            基因溯源是基因亲人服务的一部分，只对已在
            <ReportLink to="/report/gene-relatives/protocol">基因亲人协议</ReportLink>
            中开启该功能的检测人提供。
          </li>
          <li>我们只使用同样开启了基因亲人功能的亲人的出生地（省、市），从不使用区县或更细的地址，也不展示任何人的基因型。</li>
          <li>亲人默认只显示姓氏，除非他本人打开了“向亲人展示完整姓名”。亲人少于 3 位的城市不单独显示。</li>
          <li>您随时可以在基因亲人页关闭功能：关闭后您立即从所有人的亲人列表、分布地图、祖源推算和宗亲关系中消失。</li>
          <li>推算结果是统计推断，仅供了解家族历史参考，不作为亲子、血缘或任何法律关系的证明。</li>
        </ol>
      </section>
      <OriginMethod />
    </>
  );
}
