import { DownOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { isOk } from '@jiyin/contracts/envelope';
import { Button, Drawer, Dropdown } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/report';
import { AppLink } from '../components/AppLink.tsx';
import { AppDownloadCard } from '../components/report/AppDownloadCard.tsx';
import { ConsultCard } from '../components/report/ConsultCard.tsx';
import { PersonCard } from '../components/report/PersonCard.tsx';
import { PersonSwitcher, saveBarcodeCookie } from '../components/report/PersonSwitcher.tsx';
import { ReportLink } from '../components/report/ReportLink.tsx';
import { ReportSidebar } from '../components/report/ReportSidebar.tsx';
import { SampleBanner } from '../components/report/SampleBanner.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { isKitServicePath } from '../lib/kitTests/load.ts';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { HEALTH_PATH, healthEntries, type ReportLayoutData, useReportHref, withShareToken } from '../lib/reportData.ts';
import { reportApi, reportContext, SHARE_QUERY, SHARE_STORAGE_KEY } from '../lib/reportContext.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { useRootData } from '../lib/rootData.ts';
import '../report.css';

const OPAQUE_AFTER_PX = 40;
/** §4 Drawer and toggles: the drawer's opened flag is kept in local storage. */
const DRAWER_OPENED_KEY = 'jy_report_drawer_opened';

/** Who is reading and whose report (§4), and the sidebar every report page shows (§7.4). */
export async function loader({ request, context }: Route.LoaderArgs): Promise<ReportLayoutData> {
  const ctx = await reportContext(request, context);
  // §7.4: the app and mini-programs draw their own side bar.
  if (ctx.status !== 'out' || context.device.isApp || context.device.isMiniProgram) return { ctx, sideBar: null };
  const res = await reportApi(context, ctx).sideBarData(ctx.barcode);
  return { ctx, sideBar: isOk(res) ? res.data : null };
}

/**
 * A barcode from the query (app, mini-program, notice or import links) becomes the saved choice, so
 * the next report page without it shows the same person (§4 current person).
 */
function useKeepQueryBarcode(ctx: ReportLayoutData['ctx']) {
  const { search } = useLocation();
  useEffect(() => {
    const fromQuery = new URLSearchParams(search).get('barcode');
    if (fromQuery && ctx.mode === 'own' && ctx.current?.barcode === fromQuery) saveBarcodeCookie(fromQuery);
  }, [search, ctx.mode, ctx.current?.barcode]);
}

/** Share mode lives in the URL for the server and in the tab's session storage (§4). */
function useShareSession(data: ReportLayoutData, loggedIn: boolean) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { ctx } = data;
  useEffect(() => {
    const inUrl = new URLSearchParams(search).get(SHARE_QUERY);
    if (ctx.mode === 'share' && ctx.shareToken) {
      sessionStorage.setItem(SHARE_STORAGE_KEY, ctx.shareToken);
    } else if (inUrl) {
      // A failed share lookup turns share mode off for the rest of the session.
      sessionStorage.removeItem(SHARE_STORAGE_KEY);
    } else {
      const kept = sessionStorage.getItem(SHARE_STORAGE_KEY);
      // A visitor who opened a share link keeps seeing it; a signed-in reader's own report wins.
      if (kept && !loggedIn) navigate(withShareToken(`${pathname}${search}`, kept), { replace: true });
    }
  }, [ctx.mode, ctx.shareToken, search, pathname, loggedIn, navigate]);
}

function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

function ReportNav({ data }: { data: ReportLayoutData }) {
  const { pathname } = useLocation();
  const href = useReportHref();
  const { ctx, sideBar } = data;
  const health = healthEntries(sideBar);
  return (
    <nav className="area-nav" aria-label="报告导航">
      <ReportLink to="/report" className={pathname === '/report' ? 'active' : undefined}>
        个人首页
      </ReportLink>
      <Dropdown menu={{ items: health.map((h) => ({ key: h.path, label: <AppLink to={href(h.path)}>{h.name}</AppLink> })) }}>
        <span className={HEALTH_PATH.test(pathname) ? 'active' : undefined} data-testid="health-menu">
          健康 <DownOutlined />
        </span>
      </Dropdown>
      <ReportLink to="/report/ancestry" className={pathname.startsWith('/report/ancestry') ? 'active' : undefined}>
        祖源
      </ReportLink>
      {ctx.mode === 'own' && ctx.loggedIn && (
        <AppLink to="/report/gene-relatives" className={pathname.startsWith('/report/gene-relatives') ? 'active' : undefined}>
          基因亲人
        </AppLink>
      )}
    </nav>
  );
}

/** The left column on PC, and the drawer's content on phones (§2.6 dashboard). */
function ReportAside({ data, onNavigate }: { data: ReportLayoutData; onNavigate?: () => void }) {
  return (
    <>
      <PersonCard ctx={data.ctx} />
      <ReportSidebar sideBar={data.sideBar} onNavigate={onNavigate} />
      <AppDownloadCard />
      {data.ctx.mode !== 'share' && <ConsultCard />}
    </>
  );
}

/**
 * Report layout (§2.6): the site header with the report navigation and the person switcher as its
 * second row (opaque past a scroll threshold), the sample banner in sample mode, the sidebar (a drawer on phones, with the hint
 * 查看其他检测项目 until the drawer is opened or the page scrolls), then the report page.
 */
export default function ReportLayout({ loaderData }: Route.ComponentProps) {
  const { user } = useRootData();
  const hydrated = useHydrated();
  const scrolled = useScrolled(OPAQUE_AFTER_PX);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerOpened, setDrawerOpened] = useState(true);
  const { pathname } = useLocation();
  useShareSession(loaderData, Boolean(user));
  useKeepQueryBarcode(loaderData.ctx);
  useEffect(() => setDrawerOpened(localStorage.getItem(DRAWER_OPENED_KEY) === '1'), []);
  const openDrawer = () => {
    setDrawerOpen(true);
    setDrawerOpened(true);
    localStorage.setItem(DRAWER_OPENED_KEY, '1');
  };
  const { ctx } = loaderData;
  // Once the page has scrolled the hint stays away, even back at the top.
  const [scrolledOnce, setScrolledOnce] = useState(false);
  useEffect(() => {
    if (scrolled) setScrolledOnce(true);
  }, [scrolled]);
  const showHint = hydrated && !drawerOpened && !scrolledOnce;
  return (
    <div className="page page--gray report-page">
      <SiteHeader
        className={scrolled ? 'report-header report-header--opaque' : 'report-header'}
        testId="report-header"
        account={ctx.mode !== 'share'}
        subNav={
          <>
            <ReportNav data={loaderData} />
            {ctx.mode === 'own' && (
              <div className="report-subnav__switcher">
                <PersonSwitcher entries={ctx.entries} current={ctx.barcode} />
              </div>
            )}
            <Button
              className="report-header__drawer"
              type="text"
              icon={<UnorderedListOutlined />}
              aria-label="报告目录"
              onClick={openDrawer}
              data-testid="report-drawer-button"
            >
              目录
            </Button>
          </>
        }
      />
      {/* Kit-service results are the user's own even without a genome report: no sample banner over them. */}
      {ctx.mode === 'sample' && !isKitServicePath(pathname) && <SampleBanner loggedIn={ctx.loggedIn} />}
      {showHint && (
        <button type="button" className="report-hint" onClick={openDrawer} data-testid="report-hint">
          <UnorderedListOutlined /> 查看其他检测项目
        </button>
      )}
      <main className="page-main report-main">
        <div className="report-body">
          <aside className="report-aside" aria-label="报告侧栏">
            <ReportAside data={loaderData} />
          </aside>
          <section className="report-content">
            <Outlet />
          </section>
        </div>
      </main>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="left" size={320} title="报告目录" className="report-drawer">
        <ReportAside data={loaderData} onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      <SiteFooter />
    </div>
  );
}
