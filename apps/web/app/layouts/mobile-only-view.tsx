import { Outlet } from 'react-router';
import { OpenTagBar } from '../components/OpenTagBar.tsx';

/** In-app web views (§2.4): no site chrome in any context, a phone-width column; the messaging app's open tags below. */
export default function MobileOnlyViewLayout() {
  return (
    <main className="webview">
      <Outlet />
      <OpenTagBar />
    </main>
  );
}
