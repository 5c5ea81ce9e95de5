import { CLAN_MAX_YEAR_DEFAULT } from '@jiyin/contracts/constants';
import { CLAN_MAX_YEAR_LIMIT, CLAN_SORTS, type ClanSort } from '@jiyin/contracts/originApi';
import { InputNumber, Pagination, Select, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ClanGroups, ClanMembers } from '../../../components/origin/ClanParts.tsx';
import { loadOrigin, OriginPage, UnavailableNotice } from '../../../components/origin/OriginParts.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import { useReportHref } from '../../../lib/reportData.ts';
import type { Route } from './+types/more-clues';

export const meta = () => [{ title: pageTitle('更多线索') }];

const SORT_LABELS: Record<ClanSort, string> = {
  COMMON_ANCESTOR_YEAR_ASC: '共同祖先由近及远',
  COMMON_ANCESTOR_YEAR_DESC: '共同祖先由远及近',
};

function optionsOf(search: URLSearchParams) {
  const num = (k: string) => {
    const v = Number(search.get(k));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  };
  const sort = search.get('sort');
  return {
    maxYear: num('maxYear'),
    page: num('page'),
    sort: CLAN_SORTS.includes(sort as ClanSort) ? (sort as ClanSort) : undefined,
  };
}

/** §2.2 /report/ancestry/more-clues: every clan relative, sorted and paged, with the max clan year. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const opts = optionsOf(new URL(request.url).searchParams);
  return loadOrigin(request, context, (api, barcode) => api.clanRelations(barcode, opts));
}

export default function MoreCluesPage({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const href = useReportHref();
  const go = (patch: Record<string, string | number>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) next.set(k, String(v));
    navigate(href(`/report/ancestry/more-clues?${next}`));
  };
  return (
    <>
      <Crumbs
        trail={[{ to: '/report/ancestry', label: '祖源分析' }, { to: '/report/ancestry/family', label: '家族线索' }, { label: '更多线索' }]}
      />
      <OriginPage data={loaderData}>
        {(view) => (
          <section className="report-card" data-testid="more-clues">
            <h3>全部宗亲</h3>
            {view.unavailable ? (
              <UnavailableNotice why={view.unavailable} />
            ) : (
              <>
                <Space wrap style={{ marginBottom: 12 }}>
                  <Select
                    value={view.sort}
                    style={{ width: 180 }}
                    options={CLAN_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
                    onChange={(sort) => go({ sort, page: 1 })}
                    data-testid="clan-sort"
                  />
                  <span>
                    共同祖先不早于{' '}
                    <InputNumber
                      min={100}
                      max={CLAN_MAX_YEAR_LIMIT}
                      step={1000}
                      defaultValue={view.maxYear}
                      onPressEnter={(e) => go({ maxYear: Number((e.target as HTMLInputElement).value) || CLAN_MAX_YEAR_DEFAULT, page: 1 })}
                      onBlur={(e) => {
                        const v = Number(e.target.value);
                        if (v && v !== view.maxYear) go({ maxYear: v, page: 1 });
                      }}
                      data-testid="clan-max-year"
                    />{' '}
                    年前
                  </span>
                </Space>
                <ClanGroups groups={view.groups} />
                <ClanMembers list={view.list} />
                <Pagination
                  style={{ marginTop: 12 }}
                  current={view.page}
                  pageSize={view.pageSize}
                  total={view.total}
                  hideOnSinglePage
                  showSizeChanger={false}
                  onChange={(page) => go({ page })}
                />
              </>
            )}
          </section>
        )}
      </OriginPage>
    </>
  );
}
