import { useNavigate } from 'react-router';
import { ReunionForm } from '../../components/reunion/ReunionForm.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import '../../components/trees/trees.css';
import type { Route } from './+types/reunion-edit';

export const meta = () => [{ title: pageTitle('编辑寻亲登记') }];

/** §2.1 /ancestry/reunion/edit/:id? (guarded, §6): an own entry, or a new one without an id. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return params.id ? unwrap(await apiClient(context.api).reunionEntry(params.id)) : null;
}

export default function ReunionEdit({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  return (
    <div className="reunion-page">
      <h1>{loaderData ? '编辑寻亲登记' : '寻亲登记'}</h1>
      <ReunionForm entry={loaderData} onSaved={() => navigate('/ancestry/reunion/list')} />
    </div>
  );
}
