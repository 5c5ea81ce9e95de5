import { miniProgramEnvVersion } from '@jiyin/contracts/embed';
import { useLocation, useSearchParams } from 'react-router';
import { useWechatReadiness } from '../lib/bridge/EmbedHost.tsx';
import { useRootData } from '../lib/rootData.ts';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An open tag's button: the platform renders it from a template inside the tag. */
function template(label: string, primary: boolean) {
  const style = primary
    ? 'background:#1677ff;color:#fff;border:0;border-radius:18px;padding:8px 18px;font-size:14px'
    : 'background:#fff;color:#1677ff;border:1px solid #1677ff;border-radius:18px;padding:8px 18px;font-size:14px';
  return `<script type="text/wxtag-template"><button style="${style}">${label}</button></script>`;
}

/**
 * §7.5 open tags, in the messaging app's browser once its JS-SDK is configured: open this page in our
 * app, or open our mini-program (its env version from the query, release by default, §9). Inside a
 * mini-program or the app they would lead nowhere, so they are not shown there.
 */
export function OpenTagBar() {
  const { device, site } = useRootData();
  const readiness = useWechatReadiness();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  if (!device.isWechat || device.isMiniProgram || device.isApp || readiness !== 'ready') return null;
  const { appId, miniProgram } = site.openTags;
  if (!appId && !miniProgram) return null;
  const fullPath = `${pathname}${search}`;
  const tags = [
    appId &&
      `<wx-open-launch-app appid="${attr(appId)}" extinfo="${attr(fullPath)}">${template('在 App 中打开', true)}</wx-open-launch-app>`,
    miniProgram &&
      `<wx-open-launch-weapp username="${attr(miniProgram)}" path="${attr(`pages/webview/index.html?url=${encodeURIComponent(fullPath)}`)}" env-version="${miniProgramEnvVersion(params.get('env_version'))}">${template('打开小程序', false)}</wx-open-launch-weapp>`,
  ]
    .filter(Boolean)
    .join('');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the platform's open tags are custom elements with a template inside; every value is escaped above
  return <div className="wv-open-bar" data-testid="open-tags" dangerouslySetInnerHTML={{ __html: tags }} />;
}
