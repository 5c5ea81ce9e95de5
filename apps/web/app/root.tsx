import { isOk } from '@jiyin/contracts/envelope';
import { anonymousRedirect, isGuardedPath } from '@jiyin/contracts/guards';
import { redirectTarget } from '@jiyin/contracts/redirects';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, redirect, Scripts, ScrollRestoration, useLocation } from 'react-router';
import type { Route } from './+types/root';
import { ErrorView } from './components/ErrorView.tsx';
import { LinkButtonTheme } from './components/LinkButton.tsx';
import { NotFoundView } from './components/NotFoundView.tsx';
import { PageLoadBar } from './components/PageLoadBar.tsx';
import { SetUserInfo } from './components/SetUserInfo.tsx';
import { SiteChrome } from './components/SiteChrome.tsx';
import { apiClient } from './lib/api/index.ts';
import { isChunkLoadError, reloadForChunkError } from './lib/chunkReload.ts';
import type { RootData } from './lib/rootData.ts';
import { useOptionalRootData, useRootData } from './lib/rootData.ts';
import './lib/context.ts';
// antd's styles baked at build time (vite.config.ts): listed before the app's own so those win.
import 'virtual:antd.css';
import './app.css';
import { ANTD_THEME } from './lib/theme.ts';
import { LiveProvider } from './lib/live.tsx';
import { EmbedHost } from './lib/bridge/EmbedHost.tsx';
import { HeadScripts } from './lib/headScripts.tsx';

/** One theme object for every render: antd keys its token caches on the object. */
const THEME = { ...ANTD_THEME, zeroRuntime: true };

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/**
 * Runs on every document request and client navigation (see shouldRevalidate): legacy redirects and
 * guards for client navigations (document requests were already handled by the server), then who is
 * visiting and the header's products.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const url = new URL(request.url);
  const legacy = redirectTarget(url.pathname, url.search);
  if (legacy) throw redirect(legacy, 301);

  const api = apiClient(context.api);
  const [userRes, productsRes] = await Promise.all([context.signedIn === false ? null : api.userInfo(), api.commodityList()]);
  const user = userRes && isOk(userRes) ? userRes.data : null;
  if (!user && isGuardedPath(url.pathname)) {
    throw redirect(
      anonymousRedirect({
        pathWithQuery: `${url.pathname}${url.search}`,
        query: url.searchParams,
        host: url.hostname,
        device: context.device,
        env: context.env.appEnv,
        reunionHosts: context.env.reunionHosts,
        bridgeLoginUrl: context.env.bridgeLoginUrl,
      }),
    );
  }
  return {
    device: context.device,
    user,
    products: isOk(productsRes) ? productsRes.data.list : [],
    signKeys: context.signKeys,
    site: context.site,
  };
}

/** The header's unread counts and the guards must be fresh on every navigation. */
export const shouldRevalidate = () => true;

export function Layout({ children }: { children: React.ReactNode }) {
  // Lets browser tests (and support scripts) know the page is interactive, error pages included.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <HeadScripts />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        <Links />
      </head>
      <body>
        <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={THEME}>
          <AntApp>
            <LinkButtonTheme>
              <PageLoadBar />
              {children}
            </LinkButtonTheme>
          </AntApp>
        </ConfigProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { user, device } = useRootData();
  const { pathname } = useLocation();
  // §2.6: outside the app, the messaging app and mini-programs, a user without profile info sets it first.
  const needsProfile =
    user && !user.hasProfile && !device.isApp && !device.isWechat && !device.isMiniProgram && !pathname.startsWith('/auth/');
  return (
    <LiveProvider>
      <EmbedHost>
        {needsProfile ? (
          <SiteChrome gray>
            <SetUserInfo />
          </SiteChrome>
        ) : (
          <Outlet />
        )}
      </EmbedHost>
    </LiveProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useOptionalRootData();
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError) reloadForChunkError();
  }, [chunkError]);

  let body: React.ReactNode;
  if (isRouteErrorResponse(error) && error.status === 404) {
    body = <NotFoundView />;
  } else {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const message = isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : undefined;
    body = <ErrorView status={status} message={message} />;
  }
  return root ? <SiteChrome>{body}</SiteChrome> : body;
}
