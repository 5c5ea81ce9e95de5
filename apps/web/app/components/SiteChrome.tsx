import type { ReactNode } from 'react';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

/** Header, page body and footer: the frame of the default and default-gray layouts. */
export function SiteChrome({ gray = false, children }: { gray?: boolean; children: ReactNode }) {
  return (
    <div className={gray ? 'page page--gray' : 'page'}>
      <SiteHeader />
      <main className="page-main">{children}</main>
      <SiteFooter />
    </div>
  );
}
