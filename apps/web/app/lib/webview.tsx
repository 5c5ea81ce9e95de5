import { INVALID_SESSION_CODES } from '@jiyin/contracts/codes';
import type { Envelope } from '@jiyin/contracts/envelope';
import { anonymousRedirect } from '@jiyin/contracts/guards';
import { Result } from 'antd';
import type { AppLoadContext } from 'react-router';
import { useRootData } from './rootData.ts';
import { unwrap } from './loaders.ts';
import { LinkButton } from '../components/LinkButton.tsx';

/** A web-view page's data, or where an anonymous visitor signs in (§6 for this context). */
export type Signed<T> = { signin: null; data: T } | { signin: string; data: null };

/**
 * Web views are not guarded pages: inside the app the token arrives through the bridge after the page
 * loads (updateToken), so an anonymous visitor sees a sign-in prompt instead of being sent away.
 */
export function signedIn<T>(res: Envelope<T>, request: Request, context: AppLoadContext): Signed<T> {
  if (INVALID_SESSION_CODES.includes(res.code)) {
    const url = new URL(request.url);
    return {
      signin: anonymousRedirect({
        pathWithQuery: `${url.pathname}${url.search}`,
        query: url.searchParams,
        host: url.hostname,
        device: context.device,
        env: context.env.appEnv,
        reunionHosts: context.env.reunionHosts,
        bridgeLoginUrl: context.env.bridgeLoginUrl,
      }),
      data: null,
    };
  }
  return { signin: null, data: unwrap(res) };
}

/** The anonymous state of a web view: the app is asked for its token; elsewhere a sign-in link. */
export function SignInPrompt({ signin }: { signin: string }) {
  const { device } = useRootData();
  return (
    <Result
      status="info"
      title="请先登录"
      subTitle={device.isApp ? '正在从 App 获取登录状态，请稍候；若长时间没有反应，请在 App 中重新登录。' : '登录后查看你的余额与优惠券。'}
      extra={
        device.isApp ? null : (
          <LinkButton to={signin} type="primary">
            去登录
          </LinkButton>
        )
      }
      data-testid="webview-signin"
    />
  );
}
