import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { LinkButton } from './LinkButton.tsx';

/** The honest body of a page whose capability is not built yet (listed in routes.pending.ts). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div className="coming-soon" data-testid="coming-soon">
      <Result
        icon={<ToolOutlined />}
        title={title}
        subTitle="该功能正在建设中，即将上线，敬请期待。"
        extra={
          <LinkButton to="/" type="primary">
            返回首页
          </LinkButton>
        }
      />
    </div>
  );
}
