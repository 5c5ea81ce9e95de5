import { FilterOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { CODES } from '@jiyin/contracts/codes';
import { isOk } from '@jiyin/contracts/envelope';
import {
  INSUFFICIENT_OVERLAP_TEXT,
  RELATIVE_SORTS,
  RELATIVES_PAGE_SIZE,
  type RelativeSort,
  type RelativeSummary,
  type RelativesListView,
} from '@jiyin/contracts/relativesApi';
import { Alert, Button, Empty, Pagination, Select, Tag } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { AppLink } from '../../../components/AppLink.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportStatusView } from '../../../components/report/ReportStatusView.tsx';
import { genderLabel, gradeColour, RelativeAvatar, regionLabel } from '../../../components/relatives/RelativeAvatar.tsx';
import { RelativesGate } from '../../../components/relatives/RelativesGate.tsx';
import { RelativesHeldNotice, RelativesRecheck } from '../../../components/relatives/RelativesHold.tsx';
import { apiClient } from '../../../lib/api/index.ts';
import { pageTitle } from '../../../lib/brand.ts';
import { formatBeijingTime } from '../../../lib/dates.ts';
import { relativesHref, relativesSubject } from '../../../lib/relatives.ts';
import { answerStatus } from '../../../lib/reportContext.ts';
import { useReportLayoutData } from '../../../lib/reportData.ts';
import '../../../relatives.css';
import type { Route } from './+types/list';
import { LinkButton } from '../../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('基因亲人') }];

const SORT_VALUES = new Set<string>(RELATIVE_SORTS.map((s) => s.value));
const LIST_PATH = '/report/gene-relatives';

/**
 * §2.2 /report/gene-relatives: the current person's relatives found by shared DNA, 10 a page, sorted
 * by similarity unless the reader picks another order, filterable by §9 grade. Page, sort and grade
 * live in the address, so a reload or a shared notice link lands on the same view.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const subject = await relativesSubject(request, context);
  if (subject.kind !== 'own') return subject;
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const sortParam = url.searchParams.get('sort') ?? '';
  const sort = SORT_VALUES.has(sortParam) ? (sortParam as RelativeSort) : undefined;
  const grade = url.searchParams.get('grade') || null;
  const res = await apiClient(context.api).relativesList({ barcode: subject.barcode, page, sort, grade });
  if (res.code === CODES.RELATIVES_RECHECK_REQUIRED.code) return { kind: 'recheck' as const };
  if (!isOk(res)) {
    const { status, message } = answerStatus(subject.ctx, res);
    return { kind: 'status' as const, status: status === 'out' ? ('error' as const) : status, message };
  }
  return { kind: 'list' as const, barcode: subject.barcode, view: res.data };
}

function RelativeCard({ r, barcode }: { r: RelativeSummary; barcode: string }) {
  const rel = r.relative;
  return (
    <AppLink to={relativesHref(`${LIST_PATH}/detail/${r.id}`, barcode)} className="relative-card" data-testid="relative-card">
      <RelativeAvatar relative={rel} />
      <div className="relative-card__body">
        <div className="relative-card__head">
          <strong className="relative-card__name" data-testid="relative-name">
            {rel.name}
          </strong>
          <span className="muted">
            {genderLabel(rel.gender)} · {regionLabel(rel.region)}
          </span>
        </div>
        <div className="relative-card__grade">
          {r.grade ? (
            <>
              <Tag color={gradeColour(r.grade.grade)} data-testid="relative-grade">
                {r.grade.grade}
              </Tag>
              <span>{r.grade.meaning}</span>
            </>
          ) : (
            <Tag color="default" data-testid="relative-insufficient">
              {INSUFFICIENT_OVERLAP_TEXT}
            </Tag>
          )}
        </div>
        <div className="relative-card__figures">
          <span>
            共享 <b>{r.sharedPercent}%</b>
          </span>
          <span>{r.sharedCm} cM</span>
          <span>{r.segmentCount} 个片段</span>
          <span>最长 {r.longestCm} cM</span>
          <span data-testid="relative-overlap">共同位点 {r.overlapMarkers.toLocaleString('zh-CN')}</span>
        </div>
        <div className="relative-card__meta muted">
          {rel.yHaplogroup && <span>父系 {rel.yHaplogroup}</span>}
          {rel.mtHaplogroup && <span>母系 {rel.mtHaplogroup}</span>}
          <span>发现于 {formatBeijingTime(r.foundAt).slice(0, 10)}</span>
        </div>
      </div>
    </AppLink>
  );
}

function NotJoined({ view, barcode }: { view: RelativesListView; barcode: string }) {
  const { consent } = view;
  return (
    <section className="report-card relatives-join" data-testid="relatives-not-joined">
      <h3>
        <SafetyCertificateOutlined /> {consent.withdrawnAt ? `${consent.personName}已退出基因亲人` : `为${consent.personName}加入基因亲人`}
      </h3>
      <ul>
        <li>系统把你的 DNA 与其他同样加入的人逐一比对，找出共享 DNA 片段的亲人，并估计亲缘关系等级。</li>
        <li>
          对方只能看到你选择展示的信息：默认只显示姓氏加“先生/女士”、出生地的省和市、单倍群和你们共享的片段位置，看不到你的基因数据和健康报告。
        </li>
        <li>随时可以退出，退出后立即从所有人的列表中消失。</li>
      </ul>
      {consent.canChange ? (
        <LinkButton to={relativesHref(`${LIST_PATH}/protocol`, barcode)} type="primary" size="large" data-testid="relatives-join">
          阅读协议并加入
        </LinkButton>
      ) : (
        <Alert type="info" showIcon message="这位检测人是别人分享给你的，只有检测人的创建者可以为其加入基因亲人。" />
      )}
    </section>
  );
}

/** Right after joining, matching is still running: ask again a few times while nobody is listed. */
const REFRESH_MS = 4000;
const REFRESH_TIMES = 15;

function useRefreshWhileEmpty(view: RelativesListView) {
  const { revalidate } = useRevalidator();
  const waiting = view.total === 0 && view.page === 1 && view.grade === null;
  useEffect(() => {
    if (!waiting) return;
    let times = 0;
    const timer = setInterval(() => {
      if (++times > REFRESH_TIMES) clearInterval(timer);
      else if (document.visibilityState === 'visible') void revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, revalidate]);
}

function RelativesList({ view, barcode }: { view: RelativesListView; barcode: string }) {
  const navigate = useNavigate();
  useRefreshWhileEmpty(view);
  const go = (change: { page?: number; sort?: RelativeSort; grade?: string | null }) => {
    const next = { page: change.page ?? 1, sort: change.sort ?? view.sort, grade: change.grade === undefined ? view.grade : change.grade };
    navigate(
      relativesHref(LIST_PATH, barcode, {
        page: next.page > 1 ? next.page : undefined,
        sort: next.sort === RELATIVE_SORTS[0].value ? undefined : next.sort,
        grade: next.grade ?? undefined,
      }),
      { preventScrollReset: change.page === undefined },
    );
  };
  const filtered = view.grade !== null;
  return (
    <>
      <div className="relatives-toolbar" data-testid="relatives-toolbar">
        <Select
          aria-label="排序"
          value={view.sort}
          onChange={(sort) => go({ sort })}
          options={RELATIVE_SORTS.map((s) => ({ value: s.value, label: `按${s.label}` }))}
          style={{ minWidth: 150 }}
        />
        <Select
          aria-label="关系等级"
          value={view.grade ?? ''}
          onChange={(grade) => go({ grade: grade || null })}
          suffixIcon={<FilterOutlined />}
          options={[
            { value: '', label: '全部关系等级' },
            ...view.grades.map((g) => ({ value: g.grade, label: `${g.grade} ${g.meaning}` })),
          ]}
          style={{ minWidth: 190 }}
        />
        <span className="muted relatives-toolbar__count" data-testid="relatives-total">
          {filtered ? `该等级 ${view.total} 位` : `共 ${view.total} 位基因亲人`}
        </span>
      </div>
      {view.list.length ? (
        <div className="relatives-list" data-testid="relatives-list">
          {view.list.map((r) => (
            <RelativeCard key={r.id} r={r} barcode={barcode} />
          ))}
        </div>
      ) : (
        <Empty
          className="relatives-empty"
          data-testid="relatives-empty"
          description={
            filtered
              ? '这个关系等级下暂时没有亲人'
              : view.page > 1
                ? '这一页没有更多亲人了'
                : '暂时还没有找到与你共享 DNA 的亲人。每当有人导入数据并加入基因亲人，系统都会自动比对；刚加入时比对通常需要几分钟，找到后会通知你。'
          }
        >
          {filtered && <Button onClick={() => go({ grade: null })}>查看全部关系等级</Button>}
        </Empty>
      )}
      {view.total > RELATIVES_PAGE_SIZE && (
        <Pagination
          className="relatives-pagination"
          current={view.page}
          pageSize={RELATIVES_PAGE_SIZE}
          total={view.total}
          showSizeChanger={false}
          onChange={(page) => go({ page, sort: view.sort, grade: view.grade })}
          data-testid="relatives-pagination"
        />
      )}
    </>
  );
}

export default function GeneRelativesPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  if (loaderData.kind === 'gate') return <RelativesGate kind={loaderData.gate} loggedIn={ctx.loggedIn} />;
  if (loaderData.kind === 'status')
    return <ReportStatusView status={loaderData.status} loggedIn={ctx.loggedIn} message={loaderData.message} />;
  if (loaderData.kind === 'recheck') return <RelativesRecheck />;
  const { view, barcode } = loaderData;
  const { consent } = view;
  return (
    <>
      <Crumbs trail={[{ to: '/report', label: '个人首页' }, { label: '基因亲人' }]} />
      <section className="report-hero relatives-hero" data-testid="relatives-hero">
        <h1>
          <TeamOutlined /> 基因亲人
        </h1>
        <p>
          {consent.joined
            ? `与${consent.personName}共享 DNA 片段、同样加入了基因亲人的人。共享越多，亲缘关系越近；关系等级根据共享 DNA 的总量和片段长度估计，仅供参考。`
            : '通过共享的 DNA 片段找到你的亲人：兄弟姐妹、表亲堂亲，乃至几代以前同一祖先的远亲。'}
        </p>
        {consent.joined && (
          <div className="report-hero__meta">
            <Tag>已加入 · 协议 v{consent.protocolVersion}</Tag>
            <AppLink to={relativesHref(`${LIST_PATH}/protocol`, barcode)} className="relatives-hero__link">
              协议与隐私设置
            </AppLink>
          </div>
        )}
      </section>
      {consent.olderVersion && consent.canChange && (
        <Alert
          type="warning"
          showIcon
          message="《基因亲人服务协议》已更新"
          description="请阅读新版协议；你仍在基因亲人中，同意新版后继续展示。"
          action={
            <LinkButton to={relativesHref(`${LIST_PATH}/protocol`, barcode)} size="small">
              去阅读
            </LinkButton>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {consent.hold && <RelativesHeldNotice hold={consent.hold} />}
      {consent.joined ? !consent.hold && <RelativesList view={view} barcode={barcode} /> : <NotJoined view={view} barcode={barcode} />}
    </>
  );
}
