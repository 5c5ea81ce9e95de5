import { ExperimentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { AppLink } from '../AppLink.tsx';

/** §4 sample mode: marks the sample report and leads to buying a kit or importing data. */
export function SampleBanner({ loggedIn }: { loggedIn: boolean }) {
  return (
    <div className="sample-banner" data-testid="sample-banner">
      <div className="sample-banner__inner">
        <span className="sample-banner__title">
          <ExperimentOutlined /> 样例报告
        </span>
        <span className="sample-banner__text">
          {loggedIn ? '你还没有自己的报告，下面是基于合成基因组的样例。' : '你正在查看基于合成基因组的样例报告。'}
          购买检测或导入其他平台的原始数据，生成你自己的报告。
        </span>
        <span className="sample-banner__actions">
          <AppLink to="/shop/gene/product-select">
            <Button type="primary" size="small">
              购买检测
            </Button>
          </AppLink>
          <AppLink to="/import">
            <Button size="small">导入数据</Button>
          </AppLink>
        </span>
      </div>
    </div>
  );
}
