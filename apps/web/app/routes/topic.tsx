import { AndroidFilled, AppleFilled } from '@ant-design/icons';
import { Button, QRCode } from 'antd';
import { data } from 'react-router';
import { ContentSections } from '../components/ContentSections.tsx';
import { apiClient } from '../lib/api/index.ts';
import { pageTitle } from '../lib/brand.ts';
import { unwrap } from '../lib/loaders.ts';
import { useRootData } from '../lib/rootData.ts';
import type { Route } from './+types/topic';
import { LinkButton } from '../components/LinkButton.tsx';

/** Which editorial content each topic and info page shows (web-view topics reuse the site's). */
export const CONTENT_SLUGS: Record<string, string> = {
  '/topics': 'topics',
  '/topics/disease': 'topics-disease',
  '/topics/ancestry': 'topics-ancestry',
  '/topics/drugs': 'topics-drugs',
  '/topics/traits': 'topics-traits',
  '/topics/fitness': 'topics-fitness',
  '/topics/carrier-status': 'topics-carrier-status',
  '/white-papers': 'white-papers',
  '/irb': 'irb',
  '/protocol/user': 'user-agreement',
  '/app': 'app',
  '/webview/interlocution/privacy': 'privacy',
  '/webview/topics/ancestry': 'topics-ancestry',
  '/webview/topics/disease': 'topics-disease',
  '/webview/topics/drug': 'topics-drugs',
  '/webview/topics/trait': 'topics-traits',
  '/webview/topics/fitness': 'topics-fitness',
  '/webview/topics/carrier-status': 'topics-carrier-status',
  '/webview/topics/hpv': 'topics-hpv',
  '/webview/topics/skin': 'topics-skin',
  '/webview/statement/hp': 'statement-hp',
  '/webview/statement/hpv': 'statement-hpv',
  '/webview/statement/ngs': 'statement-ngs',
  '/webview/interlocution/familystory': 'familystory',
  '/webview/interlocution/qualification': 'qualification',
  '/webview/balance/rule': 'balance-rule',
  '/webview/balance/protocol': 'balance-protocol',
  '/webview/coupon/protocol': 'coupon-protocol',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname.replace(/\/+$/, '') || '/';
  const slug = CONTENT_SLUGS[pathname];
  if (!slug) throw data(null, { status: 404 });
  return unwrap(await apiClient(context.api).content(slug));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data?.title) },
  { name: 'description', content: data?.summary ?? '' },
];

/** The sample report each topic's 查看样例报告 opens (the report pages show the sample to visitors). */
const SAMPLE_REPORTS: Record<string, string> = {
  topics: '/report',
  'topics-disease': '/report/disease',
  'topics-ancestry': '/report/ancestry',
  'topics-drugs': '/report/drug',
  'topics-traits': '/report/traits',
  'topics-fitness': '/report/fitness',
  'topics-carrier-status': '/report/carrier-status',
};

/** /app: the configured app by name, a QR code of its download address and its store pages. */
function AppDownload() {
  const { app } = useRootData().site;
  return (
    <section className="app-download" data-testid="app-download">
      <QRCode value={app.downloadUrl} size={168} bordered={false} />
      <div>
        <h2>{app.name}</h2>
        <p className="muted">用手机扫描二维码下载，支持 iOS 与 Android。</p>
        <div className="topic__actions">
          {app.iosUrl && (
            <a href={app.iosUrl} target="_blank" rel="noopener noreferrer">
              <Button icon={<AppleFilled />}>App Store 下载</Button>
            </a>
          )}
          {app.androidUrl && (
            <a href={app.androidUrl} target="_blank" rel="noopener noreferrer">
              <Button icon={<AndroidFilled />}>安卓版下载</Button>
            </a>
          )}
        </div>
      </div>
    </section>
  );
}

export default function Topic({ loaderData }: Route.ComponentProps) {
  const sample = SAMPLE_REPORTS[loaderData.slug];
  return (
    <div className="topic container">
      <header className="topic__head">
        <h1>{loaderData.title}</h1>
        <p>{loaderData.summary}</p>
        {sample && (
          <div className="topic__actions">
            <LinkButton to="/shop/gene/product-select" type="primary" size="large">
              选购检测
            </LinkButton>
            <LinkButton to={sample} size="large">
              查看样例报告
            </LinkButton>
          </div>
        )}
      </header>
      {loaderData.slug === 'app' && <AppDownload />}
      <ContentSections sections={loaderData.sections} />
    </div>
  );
}
