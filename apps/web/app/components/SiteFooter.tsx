import { BRAND } from '../lib/brand.ts';
import { useRootData } from '../lib/rootData.ts';
import { AppLink } from './AppLink.tsx';

const GROUPS = [
  {
    heading: '检测与报告',
    links: [
      { to: '/topics', label: '检测项目' },
      { to: '/shop/gene/product-select', label: '购买检测' },
      { to: '/import', label: '导入原始数据' },
      { to: '/report', label: '样例报告' },
    ],
  },
  {
    heading: '祖源与家族',
    links: [
      { to: '/topics/ancestry', label: '祖源分析' },
      { to: '/ancestry/library-surname', label: '姓氏库' },
      { to: '/ancestry/library-family', label: '家族库' },
      { to: '/ancestry/ytree', label: 'Y 谱系树' },
    ],
  },
  {
    heading: '关于我们',
    links: [
      { to: '/white-papers', label: '白皮书' },
      { to: '/irb', label: '伦理审查' },
      { to: '/protocol/user', label: '用户协议' },
      { to: '/webview/interlocution/privacy', label: '隐私政策' },
      { to: '/app', label: '下载 App' },
      { to: '/gene-club', label: '基因俱乐部' },
    ],
  },
];

/** Site footer; hidden wherever the site header is (native app, messaging-app browser). */
export function SiteFooter() {
  const { device, site } = useRootData();
  const { support } = site;
  if (device.hideSiteHeader) return null;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {GROUPS.map((g) => (
          <div key={g.heading} className="site-footer__group">
            <h4>{g.heading}</h4>
            {g.links.map((l) => (
              <AppLink key={l.to} to={l.to}>
                {l.label}
              </AppLink>
            ))}
          </div>
        ))}
        <div className="site-footer__group">
          <h4>客服</h4>
          {support.phone && (
            <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`} data-testid="support-phone">
              客服电话：{support.phone}
            </a>
          )}
          {support.email && (
            <a href={`mailto:${support.email}`} data-testid="support-email">
              客服邮箱：{support.email}
            </a>
          )}
          <span>服务时间：{support.hours}</span>
          <span>基因检测结果仅供健康参考，不作为临床诊断依据。</span>
        </div>
      </div>
      <div className="site-footer__copy">
        © {new Date().getFullYear()} {BRAND} 版权所有
      </div>
    </footer>
  );
}
