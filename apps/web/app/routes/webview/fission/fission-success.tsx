import { Button, Result } from 'antd';
import { AppLink } from '../../../components/AppLink.tsx';
import { pageTitle } from '../../../lib/brand.ts';

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
          <AppLink key="buy" to="/shop/gene/product-select">
            <Button type="primary">去选购检测</Button>
          </AppLink>,
          <AppLink key="home" to="/webview/fission">
            <Button>查看活动</Button>
          </AppLink>,
        ]}
      />
    </div>
  );
}
