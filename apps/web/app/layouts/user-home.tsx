import { Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';

const MENU = [
  { key: '/user/persons', label: '检测人管理' },
  { key: '/user/info', label: '账户信息' },
  { key: '/user/orders', label: '我的订单' },
  { key: '/user/coupon', label: '优惠券' },
  { key: '/user/settings', label: '账户设置' },
];

/** User-home layout (§2.6): the account menu beside the page; footer hidden in app and messenger. */
export default function UserHomeLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const selected = MENU.find((m) => pathname.startsWith(m.key))?.key;
  return (
    <div className="page page--gray">
      <SiteHeader />
      <main className="page-main user-home">
        <aside className="user-home__menu">
          <Menu mode="inline" items={MENU} selectedKeys={selected ? [selected] : []} onClick={({ key }) => navigate(key)} />
        </aside>
        <section className="user-home__body">
          <Outlet />
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
