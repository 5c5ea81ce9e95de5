import { signinPath } from '@jiyin/contracts/guards';
import { DownOutlined, MenuOutlined, ShoppingOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Dropdown } from 'antd';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { formatUnread } from '@jiyin/contracts/constants';
import { BRAND } from '../lib/brand.ts';
import { useLive } from '../lib/live.tsx';
import { useRootData } from '../lib/rootData.ts';
import { AppLink } from './AppLink.tsx';
import { BuyPanel } from './BuyPanel.tsx';
import { InboxDropdowns } from './InboxDropdowns.tsx';
import { UserAvatar } from './UserAvatar.tsx';
import { LinkButton } from './LinkButton.tsx';

export const MAIN_NAV = [
  { to: '/', label: '首页' },
  { to: '/topics', label: '检测项目' },
  { to: '/report', label: '我的报告' },
  { to: '/topics/ancestry', label: '祖源寻根' },
  { to: '/ancestry/library-surname', label: '姓氏库' },
  { to: '/community/', label: '社区' },
] as const;

export function Logo() {
  return (
    <AppLink to="/" className="logo" aria-label={`${BRAND}首页`}>
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#1677ff" />
            <stop offset="1" stopColor="#13c2c2" />
          </linearGradient>
        </defs>
        <rect width="28" height="28" rx="8" fill="url(#logo-g)" />
        <path
          d="M9 6c0 6 10 10 10 16M19 6c0 6-10 10-10 16M10 10h8M10 18h8"
          stroke="#fff"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span>{BRAND}</span>
    </AppLink>
  );
}

/** The current page as a sign-in `from` value; none on the home and sign-in pages (sign-in then opens the reports). */
function useSigninPath(): string {
  const { pathname, search } = useLocation();
  return pathname === '/' || pathname.startsWith('/auth/') ? '/auth/signin' : signinPath(`${pathname}${search}`);
}

/** Where the account menu leads, the same on every page and both sizes. */
const ACCOUNT_LINKS = [
  { to: '/user', label: '个人中心' },
  { to: '/report', label: '我的报告' },
  { to: '/user/persons', label: '切换检测人' },
  { to: '/import', label: '导入数据' },
] as const;
const LOGOUT_HREF = '/user/logout?redirect=%2F';
/** The phone's way to notices and messages (the header icons are PC only), with their live counts. */
const INBOX_LINKS = [
  { key: 'info', to: '/user/notices', label: '通知' },
  { key: 'msg', to: '/user/messages', label: '私信' },
] as const;

function AccountArea() {
  const { user } = useRootData();
  const signin = useSigninPath();
  if (!user) {
    return (
      <div className="account-area">
        <LinkButton to={signin} type="text">
          登录/注册
        </LinkButton>
        <LinkButton to="/import" type="primary" ghost>
          导入数据
        </LinkButton>
      </div>
    );
  }
  const menu = [
    ...ACCOUNT_LINKS.map((l) => ({ key: l.to, label: <AppLink to={l.to}>{l.label}</AppLink> })),
    { type: 'divider' as const },
    { key: 'logout', label: <a href={LOGOUT_HREF}>退出登录</a> },
  ];
  return (
    <div className="account-area">
      <InboxDropdowns />
      <Dropdown menu={{ items: menu }} placement="bottomRight">
        <button type="button" className="icon-button" aria-label="账户菜单">
          <UserAvatar user={user} />
        </button>
      </Dropdown>
    </div>
  );
}

/** The phone menu's account part: the same destinations as the PC account menu, as plain links. */
function SideMenuAccount({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useRootData();
  const { counts } = useLive();
  const signin = useSigninPath();
  if (!user) {
    return (
      <nav className="side-menu__nav" aria-label="账户">
        <AppLink to={signin} onClick={onNavigate}>
          登录/注册
        </AppLink>
        <AppLink to="/import" onClick={onNavigate}>
          导入数据
        </AppLink>
      </nav>
    );
  }
  return (
    <nav className="side-menu__nav" aria-label="账户">
      <div className="side-menu__user">
        <UserAvatar user={user} size={36} />
        <strong>{user.userName}</strong>
      </div>
      {INBOX_LINKS.map((l) => (
        <AppLink key={l.to} to={l.to} onClick={onNavigate} data-testid={`side-${l.key}`}>
          {l.label} <Badge count={counts[l.key] ? formatUnread(counts[l.key]) : 0} size="small" />
        </AppLink>
      ))}
      {ACCOUNT_LINKS.map((l) => (
        <AppLink key={l.to} to={l.to} onClick={onNavigate}>
          {l.label}
        </AppLink>
      ))}
      <a href={LOGOUT_HREF}>退出登录</a>
    </nav>
  );
}

/**
 * The one site header of §2.6 on every page (marketing, report area, import, user area): logo, main
 * navigation, Buy dropdown, account menu; at ≤768 px a menu button opens the side menu with the same
 * links and the account's. An area's own navigation (`subNav`) is a second row on both sizes. Hidden
 * inside the native app and the messaging-app browser. `account={false}` leaves out the account menu
 * (a share link's viewer sees the shared report only, no way into anyone's account).
 */
export function SiteHeader({
  subNav,
  className,
  testId = 'site-header',
  account = true,
}: {
  subNav?: ReactNode;
  className?: string;
  testId?: string;
  account?: boolean;
}) {
  const { device, products, user } = useRootData();
  const { counts } = useLive();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The side menu is mounted when first opened: closed, it renders nothing, yet its hooks ran in every render.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (device.hideSiteHeader) return null;
  const close = () => setDrawerOpen(false);
  return (
    <header className={className ? `site-header ${className}` : 'site-header'} data-testid={testId}>
      <div className="site-header__inner">
        <Logo />
        <nav className="site-nav" aria-label="主导航">
          {MAIN_NAV.map((n) => (
            <AppLink key={n.to} to={n.to} className="site-nav__link">
              {n.label}
            </AppLink>
          ))}
          <Dropdown popupRender={() => <BuyPanel products={products} />} placement="bottom">
            <button type="button" className="site-nav__link site-nav__buy" data-testid="buy-menu">
              <ShoppingOutlined /> 购买 <DownOutlined />
            </button>
          </Dropdown>
        </nav>
        {account && (
          <div className="site-header__account">
            <AccountArea />
          </div>
        )}
        <Badge dot={Boolean(account && user && counts.info + counts.msg > 0)} offset={[-6, 6]} className="site-header__menu">
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label="打开菜单"
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          />
        </Badge>
      </div>
      {subNav && (
        <div className="site-subnav">
          <div className="site-subnav__inner">{subNav}</div>
        </div>
      )}
      {drawerUsed && (
        <Drawer open={drawerOpen} onClose={close} placement="right" size={300} title={BRAND} className="side-menu">
          <nav className="side-menu__nav" aria-label="移动端导航">
            {MAIN_NAV.map((n) => (
              <AppLink key={n.to} to={n.to} onClick={close}>
                {n.label}
              </AppLink>
            ))}
          </nav>
          {account && (
            <>
              <h4 className="side-menu__heading">我的账户</h4>
              <SideMenuAccount onNavigate={close} />
            </>
          )}
          <h4 className="side-menu__heading">购买检测</h4>
          <BuyPanel products={products} onNavigate={close} />
        </Drawer>
      )}
    </header>
  );
}
