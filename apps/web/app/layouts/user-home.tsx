import { Outlet, useLocation } from 'react-router';
import { AppLink } from '../components/AppLink.tsx';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';

const MENU = [
  { to: '/user', label: '个人首页' },
  { to: '/user/persons', label: '检测人管理' },
  { to: '/user/info', label: '账户信息' },
  { to: '/user/orders', label: '我的订单' },
  { to: '/user/coupon', label: '优惠券' },
  { to: '/user/settings', label: '账户设置' },
];

/** The user area's own navigation, the header's second row on both sizes. */
function UserNav() {
  const { pathname } = useLocation();
  const current = (to: string) => (to === '/user' ? pathname === '/user' : pathname.startsWith(to));
  return (
    <nav className="area-nav" aria-label="个人中心导航">
      {MENU.map((m) => (
        <AppLink key={m.to} to={m.to} className={current(m.to) ? 'active' : undefined}>
          {m.label}
        </AppLink>
      ))}
    </nav>
  );
}

/** User-home layout (§2.6): the site header with the account area's navigation; footer hidden in app and messenger. */
export default function UserHomeLayout() {
  return (
    <div className="page page--gray">
      <SiteHeader subNav={<UserNav />} />
      <main className="page-main user-home">
        <section className="user-home__body">
          <Outlet />
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
