import { Outlet } from 'react-router';
import { SiteChrome } from '../components/SiteChrome.tsx';

export default function DefaultLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}
