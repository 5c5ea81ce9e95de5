import { SURNAME_HAPLOGROUP_MIN_USERS } from '@jiyin/contracts/libraryApi';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { redirect } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import {
  Field,
  HistoryList,
  NO_DATA,
  PeopleList,
  ProposeEdit,
  ReviewPanel,
  Section,
  SurnameHead,
  surnameHref,
} from '../../components/library/SurnameParts.tsx';
import { ChinaMap } from '../../components/origin/ChinaMap.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/surname-base';

type Page = 'rr' | 'celebrity' | 'live';
const PAGE_TITLES: Record<Page, string> = { rr: '姓氏源流', celebrity: '历史名人', live: '当代人物' };
const pageOf = (pathname: string): Page => (pathname.endsWith('/celebrity') ? 'celebrity' : pathname.endsWith('/live') ? 'live' : 'rr');

export const meta = ({ data }: Route.MetaArgs) => [
  { title: pageTitle(data ? `${data.view.name}姓 · ${PAGE_TITLES[data.page]}` : '姓氏库') },
];

/** §2.1 /ancestry/surname-base/rr|celebrity|live?surname=: one surname's origins, historical figures, living people. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const name = url.searchParams.get('surname')?.trim();
  if (!name) throw redirect('/ancestry/library-surname');
  return { page: pageOf(url.pathname), view: unwrap(await apiClient(context.api).surname(name)) };
}

const list = (items: string[]) => (items.length ? items.join('、') : NO_DATA);
const source = (s: string | undefined) => (s ? <div className="muted">出处：{s}</div> : null);

/** Stable props of the map: new arrays would redraw it. */
const MAP_LEGEND = ['第一大姓', '其他'] as const;

function Origins({ view }: { view: Route.ComponentProps['loaderData']['view'] }) {
  const mapValues = useMemo(
    () => view.largestInProvinces.filter((p) => p.code).map((p) => ({ code: p.code, value: 1 })),
    [view.largestInProvinces],
  );
  return (
    <>
      <Section title="姓氏源流" testId="surname-origins">
        <Field label="拼音">{view.pinyin}</Field>
        <Field label="得姓始祖">
          {view.founder ?? NO_DATA}
          {source(view.fieldSources.founder)}
        </Field>
        <Field label="郡望">
          {list(view.junwang)}
          {view.fieldSources.junwang ? source(view.fieldSources.junwang) : view.junwang.length ? source('《百家姓》郡望注') : null}
        </Field>
        <Field label="堂号">
          {list(view.tanghao)}
          {source(view.fieldSources.tanghao)}
        </Field>
        <Field label="《百家姓》">{view.baijiaxingOrder ? `第 ${view.baijiaxingOrder} 位` : '未收录'}</Field>
      </Section>
      <Section title="人口与分布" testId="surname-population">
        <Field label="人口排名">{view.rank ? `第 ${view.rank} 位` : NO_DATA}</Field>
        <Field label="人口">{view.population ? `约 ${(view.population / 10_000).toLocaleString('zh-CN')} 万人` : NO_DATA}</Field>
        <Field label="人口占比">
          {view.share !== null ? `${view.share}%` : NO_DATA}
          {view.statsSource && <div className="muted">来源：{view.statsSource}</div>}
        </Field>
        <Field label="第一大姓省份">
          {view.largestInProvinces.length ? view.largestInProvinces.map((p) => p.name).join('、') : NO_DATA}
          {view.largestInProvinces.length > 0 && <div className="muted">来源：公安部户政管理研究中心《二〇一九年全国姓名报告》</div>}
        </Field>
        {view.largestInProvinces.length > 0 ? (
          <ChinaMap
            values={mapValues}
            format={(v) => (v ? `${view.name}姓为该省第一大姓` : '—')}
            legend={MAP_LEGEND}
            testId="surname-map"
          />
        ) : (
          <p className="muted">各省分布：{NO_DATA}</p>
        )}
      </Section>
      <Section title="父系单倍群（同意参与的用户）" testId="surname-haplogroups">
        {view.haplogroups.length ? (
          <ul className="people-list">
            {view.haplogroups.map((h) => (
              <li key={h.haplogroup}>
                <AppLink to={`/ancestry/ytree?haplogroup=${encodeURIComponent(h.haplogroup)}`}>{h.haplogroup}</AppLink>：{h.users} 位用户
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{NO_DATA}</p>
        )}
        <p className="muted">
          只统计开启了基因亲人与宗亲关系的{view.name}姓用户，只显示人数；同一单倍群不足 {SURNAME_HAPLOGROUP_MIN_USERS} 位用户时不显示。
        </p>
      </Section>
      <Section title="相关姓氏" testId="surname-related">
        {view.related.length > 0 && (
          <Field label="相关姓氏">
            {view.related.map((r) => (
              <Tag key={r}>
                <AppLink to={surnameHref(r)}>{r}</AppLink>
              </Tag>
            ))}
            {source(view.fieldSources.related)}
          </Field>
        )}
        {view.sameJunwang.map((g) => (
          <Field key={g.junwang} label={`同望 ${g.junwang}`}>
            {g.surnames.length
              ? g.surnames.map((r) => (
                  <Tag key={r}>
                    <AppLink to={surnameHref(r)}>{r}</AppLink>
                  </Tag>
                ))
              : NO_DATA}
          </Field>
        ))}
        {!view.related.length && !view.sameJunwang.length && <p className="muted">{NO_DATA}</p>}
        <p className="muted">“同望”为《百家姓》郡望注中郡望相同的姓氏，只说明郡望相同，不代表同源。</p>
      </Section>
      <Section title="家族" testId="surname-families">
        <p>
          家族库中有 {view.families} 个{view.name}姓家族。{' '}
          <AppLink to={`/ancestry/library-family/search?keyword=${encodeURIComponent(view.name)}`}>查看{view.name}姓家族</AppLink>
        </p>
      </Section>
    </>
  );
}

export default function SurnameBase({ loaderData }: Route.ComponentProps) {
  const { page, view } = loaderData;
  return (
    <div className="library-page" data-testid={`surname-base-${page}`}>
      <SurnameHead view={view} active={page} />
      {page === 'rr' && <Origins view={view} />}
      {page === 'celebrity' && (
        <Section title="历史名人" testId="surname-figures">
          <PeopleList people={view.figures} />
          <p className="muted">只收录生卒年明确、见于正史等可查出处的人物。</p>
        </Section>
      )}
      {page === 'live' && (
        <Section title="当代知名人物" testId="surname-living">
          <PeopleList people={view.living} />
          <p className="muted">只收录公开、可查出处的公众人物信息。</p>
        </Section>
      )}
      <Section title="修订历史">
        <HistoryList history={view.history} />
        <div className="library-actions">
          <ProposeEdit
            surname={view.name}
            fields={page === 'celebrity' ? ['figures'] : page === 'live' ? ['living'] : ['founder', 'tanghao', 'junwang', 'related']}
          />
        </div>
      </Section>
      <ReviewPanel surname={view.name} />
    </div>
  );
}
