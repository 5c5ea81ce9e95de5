import { Outlet } from 'react-router';

/** In-app web views (§2.4): no site chrome, a phone-width column. */
export default function MobileOnlyViewLayout() {
  return (
    <main className="webview">
      <Outlet />
    </main>
  );
}
