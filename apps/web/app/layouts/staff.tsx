import { CODES } from '@jiyin/contracts/codes';
import { isOk } from '@jiyin/contracts/envelope';
import { signinPath } from '@jiyin/contracts/guards';
import { App, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { data, Outlet, redirect, useLocation, useRevalidator } from 'react-router';
import { AppLink } from '../components/AppLink.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { apiClient } from '../lib/api/index.ts';
import { useBrowserApi } from '../lib/browserApi.ts';
import type { Route } from './+types/staff';

const MENU = [
  { to: '/staff', label: '概览' },
  { to: '/staff/orders', label: '订单' },
  { to: '/staff/kits', label: '采样盒与检测结果' },
  { to: '/staff/products', label: '商品' },
  { to: '/staff/activities', label: '活动' },
  { to: '/staff/holds', label: '基因亲人审核' },
  { to: '/staff/audit', label: '操作记录' },
];

/**
 * The back office's own sign-in policy: staff only (others get no-permission), a session younger
 * than STAFF_SESSION_MAX_HOURS, and the password re-entered within STAFF_CONFIRM_MINUTES; until then
 * the pages show the password step instead of their content. The API checks the same on every call.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const res = await apiClient(context.api).staffSession();
  const url = new URL(request.url);
  if (res.code === CODES.NOT_LOGGED_IN.code || res.code === CODES.SESSION_EXPIRED.code || res.code === CODES.SESSION_REVOKED.code)
    throw redirect(signinPath(`${url.pathname}${url.search}`));
  if (res.code === CODES.NO_PERMISSION.code) throw data({ message: '工作人员后台仅限工作人员访问' }, { status: 403 });
  if (!isOk(res)) throw data({ message: res.msg }, { status: 500 });
  return res.data;
}

function StaffNav() {
  const { pathname } = useLocation();
  return (
    <nav className="area-nav" aria-label="工作人员后台导航">
      {MENU.map((m) => (
        <AppLink
          key={m.to}
          to={m.to}
          className={(m.to === '/staff' ? pathname === m.to : pathname.startsWith(m.to)) ? 'active' : undefined}
        >
          {m.label}
        </AppLink>
      ))}
    </nav>
  );
}

/** The password step: the back office opens for STAFF_CONFIRM_MINUTES after it. */
function Confirm({ name, minutes }: { name: string; minutes: number }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);
  if (expired) {
    return (
      <Result
        status="warning"
        title="登录已超过时限"
        subTitle={CODES.STAFF_SIGNIN_REQUIRED.msg}
        extra={
          <a href={`/user/logout?redirect=${encodeURIComponent(signinPath(pathname))}`}>
            <Button type="primary">退出并重新登录</Button>
          </a>
        }
      />
    );
  }
  return (
    <div className="staff-confirm" data-testid="staff-confirm">
      <h2>确认身份</h2>
      <p className="muted">
        {name}，进入工作人员后台前请再次输入登录密码；确认后 {minutes} 分钟内有效。
      </p>
      <Form
        layout="vertical"
        onFinish={async ({ password }: { password: string }) => {
          setBusy(true);
          const res = await api.staffConfirm(password);
          setBusy(false);
          if (res.code === CODES.STAFF_SIGNIN_REQUIRED.code) return setExpired(true);
          if (!isOk(res)) return message.error(res.msg);
          await revalidate();
        }}
      >
        <Form.Item label="登录密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          确认
        </Button>
      </Form>
    </div>
  );
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page page--gray">
      <SiteHeader subNav={<StaffNav />} />
      <main className="page-main staff-area">
        {loaderData.confirmed ? <Outlet /> : <Confirm name={loaderData.name} minutes={loaderData.confirmMinutes} />}
      </main>
    </div>
  );
}
