import { CODES } from '@jiyin/contracts/codes';
import type { FissionMe } from '@jiyin/contracts/fission';
import { signinPath } from '@jiyin/contracts/guards';
import { App, Button, Input, List } from 'antd';
import { useEffect, useState } from 'react';
import { apiClient } from '../../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../../lib/brand.ts';
import { formatBeijingTime } from '../../../lib/dates.ts';
import { unwrap } from '../../../lib/loaders.ts';
import type { Route } from './+types/invitation-friend';
import { LinkButton } from '../../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('邀请好友') }];

/** §2.4 /webview/fission/invitation-friend: the user's code and link to pass on, whom they invited, what they earned. */
export async function loader({ context }: Route.LoaderArgs) {
  const res = await apiClient(context.api).fissionMe();
  // Web views are not guarded pages (§6): a visitor is asked to sign in here.
  if (res.code === CODES.NOT_LOGGED_IN.code) return null;
  return unwrap(res);
}

export default function InvitationFriend({ loaderData: me }: Route.ComponentProps) {
  if (!me) {
    return (
      <div className="container fission" data-testid="invitation-friend">
        <h1>邀请好友</h1>
        <p>登录后获取你的邀请码和邀请链接。</p>
        <LinkButton to={signinPath('/webview/fission/invitation-friend')} type="primary" block size="large">
          登录
        </LinkButton>
      </div>
    );
  }
  return <Invitation me={me} />;
}

function Invitation({ me }: { me: FissionMe }) {
  const { message } = App.useApp();
  const path = `/webview/fission/single-index?code=${me.code}`;
  // The address needs the page's own origin, known in the browser only.
  const [link, setLink] = useState(path);
  useEffect(() => setLink(`${window.location.origin}${path}`), [path]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      message.success('邀请链接已复制，发给好友吧');
    } catch {
      message.info('请长按链接手动复制');
    }
  };
  return (
    <div className="container fission" data-testid="invitation-friend">
      <h1>邀请好友</h1>
      <p>把邀请码或邀请链接发给还没有在本站下过单的好友，好友接受邀请后下单，订单完成即得奖励。</p>
      <p>
        我的邀请码 <strong className="fission-code">{me.code}</strong>
      </p>
      <Input.TextArea aria-label="邀请链接" value={link} readOnly autoSize />
      <Button type="primary" block size="large" className="section-gap" onClick={copy}>
        复制邀请链接
      </Button>
      <h2 className="section-gap">已邀请的好友（{me.invitees.length}）</h2>
      <List
        size="small"
        locale={{ emptyText: '还没有好友接受邀请' }}
        dataSource={me.invitees}
        renderItem={(i) => (
          <List.Item>
            {i.name}
            <span className="muted">{formatBeijingTime(i.joinedAt).slice(0, 10)} 接受邀请</span>
          </List.Item>
        )}
      />
      <h2 className="section-gap">奖励记录（累计 {formatPrice(me.rewardTotal)}）</h2>
      <List
        size="small"
        locale={{ emptyText: '暂无奖励' }}
        dataSource={me.rewards}
        renderItem={(r) => (
          <List.Item data-testid="fission-reward">
            {r.inviteeName} 的订单完成
            <strong>+{formatPrice(r.amount)}</strong>
          </List.Item>
        )}
      />
    </div>
  );
}
