import { CODES } from '@jiyin/contracts/codes';
import { isOk } from '@jiyin/contracts/envelope';
import { signinPath } from '@jiyin/contracts/guards';
import { App, Button, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActivityHero, NoActivity } from '../../../components/fission/Activity.tsx';
import { apiClient } from '../../../lib/api/index.ts';
import { pageTitle } from '../../../lib/brand.ts';
import { useBrowserApi } from '../../../lib/browserApi.ts';
import type { Route } from './+types/single-index';
import { LinkButton } from '../../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('邀请有礼') }];

/** §2.4 /webview/fission/single-index?code=: the invitee's landing page, where an invitation is accepted. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const code = (new URL(request.url).searchParams.get('code') ?? '').trim().toUpperCase();
  const api = apiClient(context.api);
  const [invite, user] = await Promise.all([code ? api.fissionInvite(code) : null, api.userInfo()]);
  return {
    code,
    loggedIn: isOk(user),
    invite: invite && isOk(invite) ? invite.data : null,
    error: invite && !isOk(invite) ? invite.msg : null,
  };
}

export default function SingleIndex({ loaderData }: Route.ComponentProps) {
  const { code, loggedIn, invite, error } = loaderData;
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [typed, setTyped] = useState(code);
  const [busy, setBusy] = useState(false);
  const here = `/webview/fission/single-index?code=${encodeURIComponent(typed || code)}`;
  const accept = async () => {
    setBusy(true);
    const res = await api.acceptInvite(typed);
    setBusy(false);
    if (res.code === CODES.NOT_LOGGED_IN.code) return navigate(signinPath(here));
    if (!isOk(res)) return message.error(res.msg);
    navigate('/webview/fission/fission-success');
  };
  if (invite && !invite.activity) return <NoActivity text="当前没有进行中的邀请活动" />;
  return (
    <div className="container fission" data-testid="fission-landing">
      {invite?.activity && <ActivityHero activity={invite.activity} />}
      {invite ? <p className="fission-invited">{invite.inviterName} 邀请你一起了解自己的基因</p> : <h1>接受好友邀请</h1>}
      {error && <p className="form-error">{error}</p>}
      <Input
        aria-label="邀请码"
        value={typed}
        maxLength={8}
        placeholder="输入 8 位邀请码"
        onChange={(e) => setTyped(e.target.value.trim().toUpperCase())}
      />
      {loggedIn ? (
        <Button type="primary" block size="large" className="section-gap" loading={busy} disabled={typed.length !== 8} onClick={accept}>
          接受邀请
        </Button>
      ) : (
        <LinkButton to={signinPath(here)} type="primary" block size="large" className="section-gap">
          登录后接受邀请
        </LinkButton>
      )}
      <p className="muted section-gap">邀请仅限尚未在本站下过单的新用户，每人只能接受一次。</p>
    </div>
  );
}
