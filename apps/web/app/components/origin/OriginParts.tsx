import { type Envelope, isOk } from '@jiyin/contracts/envelope';
import type { ClanUnavailable, OriginRelative } from '@jiyin/contracts/originApi';
import type { ReportStatus } from '@jiyin/contracts/reports';
import { Alert, Button, List, Progress, Tag } from 'antd';
import type { AppLoadContext } from 'react-router';
import type { ApiClient } from '../../lib/api/index.ts';
import { answerStatus, reportApi, reportContext } from '../../lib/reportContext.ts';
import { useReportLayoutData } from '../../lib/reportData.ts';
import { ReportLink } from '../report/ReportLink.tsx';
import { ReportStatusView } from '../report/ReportStatusView.tsx';
import './origin.css';

export interface OriginLoaderData<T> {
  status: ReportStatus;
  message: string | null;
  view: T | null;
}

/** One origin call in a report page's loader, with the report context's barcode and mode headers. */
export async function loadOrigin<T>(
  request: Request,
  context: AppLoadContext,
  call: (api: ApiClient, barcode: string | null) => Promise<Envelope<T>>,
): Promise<OriginLoaderData<T>> {
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out') return { status: ctx.status, message: ctx.statusMessage, view: null };
  const res = await call(reportApi(context, ctx), ctx.barcode);
  return { ...answerStatus(ctx, res), view: isOk(res) ? res.data : null };
}

const UNAVAILABLE: Record<ClanUnavailable, { title: string; text: string; action?: { to: string; label: string } }> = {
  sample: {
    title: '示例报告没有基因亲人',
    text: '基因亲人、亲人分布和基因溯源都来自真实用户之间的 DNA 比对，只对已开启基因亲人功能的检测人显示。绑定检测盒或导入基因数据后即可使用。',
    action: { to: '/import', label: '去导入数据' },
  },
  notJoined: {
    title: '尚未开启基因亲人',
    text: '开启后，我们才会把您与其他同样开启的用户比对，并用亲人们授权的出生地（省、市）推算分布和祖源。您随时可以关闭，关闭后立即对所有人隐藏。',
    action: { to: '/report/gene-relatives/protocol', label: '阅读协议并开启' },
  },
  female: {
    title: '宗亲关系按父系 Y 染色体查找',
    text: 'Y 染色体只由父亲传给儿子，女性检测人没有 Y 染色体。可以请父亲或兄弟检测后查看家族的父系宗亲。',
  },
  noY: {
    title: '暂无 Y 单倍群结果',
    text: '这份数据没有读出足够的 Y 染色体位点，无法判断父系单倍群，因此无法查找宗亲。',
  },
  clanClosed: {
    title: '宗亲关系已关闭',
    text: '您关闭了宗亲关系：您不会出现在别人的宗亲列表里，也看不到宗亲。打开下方开关即可重新加入。',
  },
};

/** Why there is nothing to show, and what to do about it. */
export function UnavailableNotice({ why }: { why: ClanUnavailable }) {
  const u = UNAVAILABLE[why];
  return (
    <Alert
      type="info"
      showIcon
      data-testid={`origin-unavailable-${why}`}
      title={u.title}
      description={u.text}
      action={
        u.action ? (
          <ReportLink to={u.action.to}>
            <Button size="small" type="primary">
              {u.action.label}
            </Button>
          </ReportLink>
        ) : undefined
      }
    />
  );
}

/** The page body once the call answered; a failed call shows the §4 status view instead. */
export function OriginPage<T extends { unavailable: ClanUnavailable | null }>({
  data,
  children,
}: {
  data: OriginLoaderData<T>;
  children: (view: T) => React.ReactNode;
}) {
  const { ctx } = useReportLayoutData();
  if (data.status !== 'out' || !data.view) {
    return <ReportStatusView status={data.status === 'out' ? 'error' : data.status} loggedIn={ctx.loggedIn} message={data.message} />;
  }
  return <>{children(data.view)}</>;
}

export const percent = (share: number) => `${(share * 100).toFixed(share >= 0.1 ? 0 : 1)}%`;

/** Places with a share bar, largest first. */
export function ShareList({
  items,
  link,
  testId,
}: {
  items: { code: string; name: string; share: number; count: number }[];
  link?: (code: string) => string;
  testId?: string;
}) {
  return (
    <ul className="origin-rank" data-testid={testId}>
      {items.map((p) => (
        <li key={p.code}>
          <span className="origin-rank__name">{link ? <ReportLink to={link(p.code)}>{p.name}</ReportLink> : p.name}</span>
          <Progress percent={Math.round(p.share * 1000) / 10} showInfo={false} size="small" />
          <span className="origin-rank__value">
            {percent(p.share)} · {p.count} 位亲人
          </span>
        </li>
      ))}
    </ul>
  );
}

function placeText(r: OriginRelative): string {
  if (!r.province) return '未填写出生地';
  return r.city && r.city.name !== r.province.name ? `${r.province.name} ${r.city.name}` : r.province.name;
}

/** Relatives as origin pages list them: masked name, grade, shared cM, birthplace no finer than city. */
export function RelativeList({ relatives, withCommonOrigin = true }: { relatives: OriginRelative[]; withCommonOrigin?: boolean }) {
  return (
    <List
      className="origin-relatives"
      itemLayout="vertical"
      dataSource={relatives}
      locale={{ emptyText: '暂无亲人' }}
      renderItem={(r) => (
        <List.Item
          key={r.relativeId}
          actions={[
            <ReportLink key="detail" to={`/report/gene-relatives/detail/${encodeURIComponent(r.relativeId)}`}>
              亲人详情
            </ReportLink>,
            ...(withCommonOrigin
              ? [
                  <ReportLink key="common" to={`/report/gene-origin/common-origin?relative=${encodeURIComponent(r.relativeId)}`}>
                    共同祖源
                  </ReportLink>,
                ]
              : []),
          ]}
        >
          <List.Item.Meta
            title={
              <span data-testid="origin-relative-name">
                {r.name} <Tag>{r.gender === 'female' ? '女' : '男'}</Tag>
              </span>
            }
            description={`${placeText(r)} · 关系等级 ${r.grade} · 共享 ${r.sharedCm} cM`}
          />
        </List.Item>
      )}
    />
  );
}
