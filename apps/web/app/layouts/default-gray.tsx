import { Outlet } from 'react-router';
import { SiteChrome } from '../components/SiteChrome.tsx';

export default function DefaultGrayLayout() {
  return (
    <SiteChrome gray>
      <Outlet />
    </SiteChrome>
  );
}
