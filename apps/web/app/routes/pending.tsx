import { PAGE_ROUTES, routeId } from '@jiyin/contracts/routes';
import { useMatches } from 'react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageTitle } from '../lib/brand.ts';
import type { Route } from './+types/pending';

const TITLES = new Map(PAGE_ROUTES.map((r) => [routeId(r.path), r.title]));

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(TITLES.get(matches.at(-1)?.id ?? '')) }];

/** Every route listed in routes.pending.ts renders this inside its real layout. */
export default function Pending() {
  const id = useMatches().at(-1)?.id ?? '';
  return <ComingSoon title={TITLES.get(id) ?? '即将上线'} />;
}
