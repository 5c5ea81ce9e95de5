import { TeamOutlined } from '@ant-design/icons';
import { signinPath } from '@jiyin/contracts/guards';
import { Result } from 'antd';
import { useLocation } from 'react-router';
import { LinkButton } from '../LinkButton.tsx';

/**
 * What visitors, sample-mode readers and share-link viewers see instead of gene relatives (§2.6: the
 * finder is hidden in sample mode): relatives are real people who opted in, never sample data.
 */
export function RelativesGate({
  kind,
  loggedIn,
  protocolLink = true,
}: {
  kind: 'sample' | 'share';
  loggedIn: boolean;
  protocolLink?: boolean;
}) {
  const { pathname, search } = useLocation();
  if (kind === 'share') {
    return (
      <Result
        icon={<TeamOutlined />}
        title="分享查看不包含基因亲人"
        subTitle="基因亲人是检测人本人选择加入后才能使用的服务，分享链接只展示报告，不展示任何人的亲人。"
        data-testid="relatives-gate"
      />
    );
  }
  return (
    <Result
      icon={<TeamOutlined />}
      title="基因亲人：通过 DNA 找到你的亲人"
      subTitle={
        loggedIn
          ? '示例报告没有基因亲人：亲人都是选择加入的真实用户。绑定检测盒或导入基因数据、报告生成后，阅读并同意《基因亲人服务协议》即可加入，系统会把你与其他加入者逐一比对，找出与你共享 DNA 片段的人并估计亲缘关系。'
          : '登录后，为你的检测人阅读并同意《基因亲人服务协议》即可加入。系统会把你与其他加入者逐一比对，找出与你共享 DNA 片段的人，并按共享 DNA 估计亲缘关系等级。未加入的人不会被比对，也不会出现在任何人的列表中。'
      }
      data-testid="relatives-gate"
      extra={[
        loggedIn ? (
          <LinkButton key="import" to="/import" type="primary">
            导入基因数据
          </LinkButton>
        ) : (
          <LinkButton key="signin" to={signinPath(`${pathname}${search}`)} type="primary">
            登录 / 注册
          </LinkButton>
        ),
        protocolLink && (
          <LinkButton key="protocol" to="/report/gene-relatives/protocol">
            查看服务协议
          </LinkButton>
        ),
      ]}
    />
  );
}
