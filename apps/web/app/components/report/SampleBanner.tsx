import { ExperimentOutlined } from '@ant-design/icons';
import { LinkButton } from '../LinkButton.tsx';

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
          <LinkButton to="/shop/gene/product-select" type="primary" size="small">
            购买检测
          </LinkButton>
          <LinkButton to="/import" size="small">
            导入数据
          </LinkButton>
        </span>
      </div>
    </div>
  );
}
