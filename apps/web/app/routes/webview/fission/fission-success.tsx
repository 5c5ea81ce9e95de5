import { Result } from 'antd';
import { pageTitle } from '../../../lib/brand.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('邀请成功') }];

/** §2.4 /webview/fission/fission-success: the invitation was accepted. */
export default function FissionSuccess() {
  return (
    <div className="container" data-testid="fission-success">
      <Result
        status="success"
        title="已接受邀请"
        subTitle="现在选购检测，订单完成后邀请你的好友会获得奖励。"
        extra={[
          <LinkButton key="buy" to="/shop/gene/product-select" type="primary">
            去选购检测
          </LinkButton>,
          <LinkButton key="home" to="/webview/fission">
            查看活动
          </LinkButton>,
        ]}
      />
    </div>
  );
}
