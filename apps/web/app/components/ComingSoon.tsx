import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { AppLink } from './AppLink.tsx';

/** The honest body of a page whose capability is not built yet (listed in routes.pending.ts). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div className="coming-soon" data-testid="coming-soon">
      <Result
        icon={<ToolOutlined />}
        title={title}
        subTitle="该功能正在建设中，即将上线，敬请期待。"
        extra={
          <AppLink to="/">
            <Button type="primary">返回首页</Button>
          </AppLink>
        }
      />
    </div>
  );
}
