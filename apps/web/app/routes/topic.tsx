import { data } from 'react-router';
import { ContentSections } from '../components/ContentSections.tsx';
import { apiClient } from '../lib/api/index.ts';
import { pageTitle } from '../lib/brand.ts';
import { unwrap } from '../lib/loaders.ts';
import type { Route } from './+types/topic';

/** Which editorial content each topic and info page shows (web-view topics reuse the site's). */
export const CONTENT_SLUGS: Record<string, string> = {
  '/topics': 'topics',
  '/topics/disease': 'topics-disease',
  '/topics/ancestry': 'topics-ancestry',
  '/topics/drugs': 'topics-drugs',
  '/topics/traits': 'topics-traits',
  '/topics/fitness': 'topics-fitness',
  '/topics/carrier-status': 'topics-carrier-status',
  '/white-papers': 'white-papers',
  '/irb': 'irb',
  '/app': 'app',
  '/webview/topics/ancestry': 'topics-ancestry',
  '/webview/topics/disease': 'topics-disease',
  '/webview/topics/drug': 'topics-drugs',
  '/webview/topics/trait': 'topics-traits',
  '/webview/topics/fitness': 'topics-fitness',
  '/webview/topics/carrier-status': 'topics-carrier-status',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname.replace(/\/+$/, '') || '/';
  const slug = CONTENT_SLUGS[pathname];
  if (!slug) throw data(null, { status: 404 });
  return unwrap(await apiClient(context.api).content(slug));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data?.title) },
  { name: 'description', content: data?.summary ?? '' },
];

export default function Topic({ loaderData }: Route.ComponentProps) {
  return (
    <div className="topic container">
      <header className="topic__head">
        <h1>{loaderData.title}</h1>
        <p>{loaderData.summary}</p>
      </header>
      <ContentSections sections={loaderData.sections} />
    </div>
  );
}
