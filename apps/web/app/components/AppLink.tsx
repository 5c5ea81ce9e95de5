import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { resolveHref } from '../lib/links.ts';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; children: ReactNode };

/** Every in-site link: plain anchors where §2.5 says so, client navigation otherwise. */
export function AppLink({ to, children, ...rest }: Props) {
  const { kind, href } = resolveHref(to);
  if (kind === 'document') {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} prefetch="intent" {...rest}>
      {children}
    </Link>
  );
}
