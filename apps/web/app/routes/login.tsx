import { EMBED_PATHS } from '@jiyin/contracts/embed';
import { safeReturnPath } from '@jiyin/contracts/guards';
import { Alert, App } from 'antd';
import { redirectDocument } from 'react-router';
import { pageTitle } from '../lib/brand.ts';
import { useBrowserApi } from '../lib/browserApi.ts';
import type { Route } from './+types/login';
import { SignInCard } from './auth/signin.tsx';

/**
 * §2.1 /login?from= on the bridge host (§6): inside the messaging app on a phone, the platform's
 * authorization comes first; it signs a known visitor straight in, and sends a new one back here
 * (bind=1) to sign in with their phone once, which binds the two. Elsewhere, or when authorization
 * failed (error=1), it is the phone sign-in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const from = safeReturnPath(url.searchParams.get('from'), '/');
  const bind = url.searchParams.get('bind') === '1';
  const failed = url.searchParams.get('error') === '1';
  if (context.device.isWechat && context.device.isMobile && !bind && !failed) {
    // A server route, not a page: the browser must load it as a document.
    throw redirectDocument(`${EMBED_PATHS.wechatOauth}?from=${encodeURIComponent(from)}`);
  }
  return { bind, failed };
}

export const meta = () => [{ title: pageTitle('登录') }];

export default function Login({ loaderData: { bind, failed } }: Route.ComponentProps) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const bindIdentity = async () => {
    const res = await api.wechatBind();
    if (res.code !== 0) message.error(res.msg);
    return res.code === 0;
  };
  return (
    <div className="wv-page">
      <SignInCard
        afterSignIn={bind ? bindIdentity : undefined}
        notice={
          bind ? (
            <Alert type="info" showIcon message="首次使用微信登录：请用手机号登录，登录后微信将与该账户绑定，下次直接登录。" />
          ) : failed ? (
            <Alert type="warning" showIcon message="微信授权未完成，请用手机号登录。" />
          ) : null
        }
      />
    </div>
  );
}
