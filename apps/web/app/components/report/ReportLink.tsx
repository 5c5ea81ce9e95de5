import type { ComponentProps } from 'react';
import { useReportHref } from '../../lib/reportData.ts';
import { AppLink } from '../AppLink.tsx';

/** A link inside the report: in share mode it keeps the share token (§4 share mode). */
export function ReportLink({ to, ...rest }: ComponentProps<typeof AppLink>) {
  const href = useReportHref();
  return <AppLink to={href(to)} {...rest} />;
}
