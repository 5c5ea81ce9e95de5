import { DownOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppLink } from '../components/AppLink.tsx';
import { Logo } from '../components/SiteHeader.tsx';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { useRootData } from '../lib/rootData.ts';

/** The health categories of the report (the sidebar without the ancestry entry, §2.6). */
const HEALTH = [
  { to: '/report/disease', label: '疾病风险' },
  { to: '/report/carrier-status', label: '遗传病携带' },
  { to: '/report/drug', label: '药物反应' },
  { to: '/report/traits', label: '个人特质' },
  { to: '/report/nutrition', label: '营养需求' },
  { to: '/report/fitness', label: '运动健身' },
  { to: '/report/tumor', label: '肿瘤风险' },
];
const OPAQUE_AFTER_PX = 40;

/** Report layout (§2.6): its own header that turns opaque on scroll, then the report page. */
export default function ReportLayout() {
  const { device } = useRootData();
  const { pathname } = useLocation();
  const [opaque, setOpaque] = useState(false);
  useEffect(() => {
    const onScroll = () => setOpaque(window.scrollY > OPAQUE_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const inHealth = /trait|drug|disease|inherit|carrier-status|nutrition|fitness|tumor/.test(pathname);
  return (
    <div className="page page--gray report-page">
      {!device.hideSiteHeader && (
        <header className={opaque ? 'report-header report-header--opaque' : 'report-header'} data-testid="report-header">
          <div className="site-header__inner">
            <Logo />
            <nav className="report-nav" aria-label="报告导航">
              <AppLink to="/report" className={pathname === '/report' ? 'active' : undefined}>
                个人首页
              </AppLink>
              <Dropdown menu={{ items: HEALTH.map((h) => ({ key: h.to, label: <AppLink to={h.to}>{h.label}</AppLink> })) }}>
                <span className={inHealth ? 'active' : undefined}>
                  健康 <DownOutlined />
                </span>
              </Dropdown>
              <AppLink to="/report/ancestry" className={pathname.startsWith('/report/ancestry') ? 'active' : undefined}>
                祖源
              </AppLink>
              <AppLink to="/report/gene-relatives" className={pathname.startsWith('/report/gene-relatives') ? 'active' : undefined}>
                寻亲
              </AppLink>
              <AppLink to="/shop/gene/product-select">购买</AppLink>
              <AppLink to="/community/">社区</AppLink>
            </nav>
          </div>
        </header>
      )}
      <main className="page-main report-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
