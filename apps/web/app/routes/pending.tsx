import { PAGE_ROUTES, routeId } from '@jiyin/contracts/routes';
import { type MetaFunction, useMatches } from 'react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageTitle } from '../lib/brand.ts';

const TITLES = new Map(PAGE_ROUTES.map((r) => [routeId(r.path), r.title]));

// Plain react-router types: while routes.pending.ts is empty no route uses this file, so no route types are generated for it.
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(TITLES.get(matches.at(-1)?.id ?? '')) }];

/** Every route listed in routes.pending.ts renders this inside its real layout. */
export default function Pending() {
  const id = useMatches().at(-1)?.id ?? '';
  return <ComingSoon title={TITLES.get(id) ?? '即将上线'} />;
}
