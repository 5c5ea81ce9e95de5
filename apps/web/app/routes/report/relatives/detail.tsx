import { ArrowLeftOutlined, MessageOutlined } from '@ant-design/icons';
import { CODES } from '@jiyin/contracts/codes';
import { isOk } from '@jiyin/contracts/envelope';
import { INSUFFICIENT_OVERLAP_TEXT, type RelativeDetailView } from '@jiyin/contracts/relativesApi';
import { Alert, App, Button, Descriptions, Result, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { ScrollHint } from '../../../components/ScrollHint.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportStatusView } from '../../../components/report/ReportStatusView.tsx';
import { ChromosomePainting } from '../../../components/relatives/ChromosomePainting.tsx';
import { genderLabel, gradeColour, RelativeAvatar, regionLabel } from '../../../components/relatives/RelativeAvatar.tsx';
import { RelativesGate } from '../../../components/relatives/RelativesGate.tsx';
import { apiClient } from '../../../lib/api/index.ts';
import { useBrowserApi } from '../../../lib/browserApi.ts';
import { useLive } from '../../../lib/live.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import { formatBeijingTime } from '../../../lib/dates.ts';
import { relativesHref, relativesSubject } from '../../../lib/relatives.ts';
import { answerStatus } from '../../../lib/reportContext.ts';
import { useReportLayoutData } from '../../../lib/reportData.ts';
import '../../../relatives.css';
import type { Route } from './+types/detail';
import { LinkButton } from '../../../components/LinkButton.tsx';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.kind === 'detail' ? `基因亲人 ${loaderData.detail.relative.name}` : '基因亲人详情') },
];

/**
 * §2.2 /report/gene-relatives/detail/:id: one relative of the current person — what they show of
 * themself, the shared DNA in figures, the §9 grade row, the shared segments painted on the
 * chromosomes and listed, and the message button (the chat comes later).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const subject = await relativesSubject(request, context);
  if (subject.kind !== 'own') return subject;
  if (!params.id) return { kind: 'pick' as const, barcode: subject.barcode };
  const res = await apiClient(context.api).relativeDetail(params.id, subject.barcode);
  if (res.code === CODES.NOT_FOUND.code || res.code === CODES.BAD_REQUEST.code) return { kind: 'gone' as const, barcode: subject.barcode };
  if (!isOk(res)) {
    const { status, message } = answerStatus(subject.ctx, res);
    return { kind: 'status' as const, status: status === 'out' ? ('error' as const) : status, message };
  }
  return { kind: 'detail' as const, barcode: subject.barcode, detail: res.data };
}

const mb = (bp: number) => (bp / 1_000_000).toFixed(1);

/** 发私信: opens (or finds) the thread with this relative in the chat dialog. */
function MessageButton({ d, barcode }: { d: RelativeDetailView; barcode: string }) {
  const api = useBrowserApi();
  const { openChat } = useLive();
  const { message } = App.useApp();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    const res = await api.openChatWithRelative(barcode, d.id);
    setOpening(false);
    if (isOk(res)) openChat(res.data.relatedId);
    else message.error(res.msg);
  };
  return (
    <Tooltip title={d.chat.available ? undefined : d.chat.note}>
      <Button icon={<MessageOutlined />} disabled={!d.chat.available} loading={opening} onClick={open} data-testid="relative-message">
        发私信
      </Button>
    </Tooltip>
  );
}

function Detail({ d, barcode }: { d: RelativeDetailView; barcode: string }) {
  const rel = d.relative;
  return (
    <>
      <section className="report-card relative-profile" data-testid="relative-profile">
        <RelativeAvatar relative={rel} size={64} />
        <div className="relative-profile__text">
          <h1 data-testid="relative-name">{rel.name}</h1>
          <p className="muted">
            {genderLabel(rel.gender)} · {regionLabel(rel.region)}
            {rel.yHaplogroup && ` · 父系 ${rel.yHaplogroup}`}
            {rel.mtHaplogroup && ` · 母系 ${rel.mtHaplogroup}`}
          </p>
          <p className="muted">发现于 {formatBeijingTime(d.foundAt)}</p>
        </div>
        <div className="relative-profile__message">
          <MessageButton d={d} barcode={barcode} />
          {!d.chat.available && d.chat.note && (
            <small className="muted" data-testid="relative-message-note">
              {d.chat.note}
            </small>
          )}
        </div>
      </section>

      <section className="report-card" data-testid="relative-grade-row">
        <h3>可能的关系</h3>
        {d.grade ? (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 3 }}
            items={[
              {
                key: 'grade',
                label: '关系等级',
                children: (
                  <Tag color={gradeColour(d.grade.grade)} data-testid="relative-grade">
                    {d.grade.grade}
                  </Tag>
                ),
              },
              { key: 'meaning', label: '含义', children: d.grade.meaning },
              { key: 'timeframe', label: '共同祖先年代', children: d.grade.timeframe },
            ]}
          />
        ) : (
          <Alert
            type="warning"
            showIcon
            data-testid="relative-insufficient"
            message={INSUFFICIENT_OVERLAP_TEXT}
            description={`你们的检测芯片只有 ${d.overlapMarkers.toLocaleString('zh-CN')} 个共同位点，少于可靠判断亲缘关系所需的数量，下面的共享片段可能只是偶然相同，不能据此推断关系。对方换用位点更多的芯片重新检测或导入数据后，系统会自动重新比对。`}
          />
        )}
        <div className="relative-figures" data-testid="relative-figures">
          <div>
            <b>{d.sharedPercent}%</b>
            <span>共享 DNA 比例</span>
          </div>
          <div>
            <b>{d.sharedCm}</b>
            <span>共享 cM</span>
          </div>
          <div>
            <b>{d.segmentCount}</b>
            <span>共享片段</span>
          </div>
          <div>
            <b>{d.longestCm}</b>
            <span>最长片段 cM</span>
          </div>
          <div>
            <b data-testid="relative-overlap">{d.overlapMarkers.toLocaleString('zh-CN')}</b>
            <span>共同位点</span>
          </div>
        </div>
        <p className="muted relative-figures__note">
          cM（厘摩）衡量遗传距离：共享的片段越多、越长，共同祖先越近。比例按半相同和完全相同片段合计，父母子女与全同胞约
          50%。共同位点是双方芯片都检测的位点数，不同芯片之间只比对这些位点。关系等级是统计估计，同样的共享量可能对应不同的亲属关系。
        </p>
      </section>

      <section className="report-card">
        <h3>共享片段分布</h3>
        <ChromosomePainting chromosomes={d.chromosomes} segments={d.segments} />
      </section>

      <section className="report-card">
        <h3>共享片段（{d.segments.length}）</h3>
        <ScrollHint />
        <Table
          size="small"
          rowKey={(s) => `${s.chrom}:${s.start}`}
          pagination={d.segments.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          scroll={{ x: 420 }}
          dataSource={d.segments}
          data-testid="relative-segments"
          columns={[
            { title: '染色体', dataIndex: 'chrom', width: 70 },
            { title: '起止（Mb）', key: 'range', render: (_, s) => `${mb(s.start)}–${mb(s.end)}` },
            { title: '长度（cM）', dataIndex: 'cM', width: 100 },
            { title: '位点数', dataIndex: 'markers', width: 90 },
          ]}
        />
      </section>
      <LinkButton to={relativesHref('/report/gene-relatives', barcode)} icon={<ArrowLeftOutlined />}>
        返回基因亲人列表
      </LinkButton>
    </>
  );
}

export default function GeneRelativeDetailPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  if (loaderData.kind === 'gate') return <RelativesGate kind={loaderData.gate} loggedIn={ctx.loggedIn} />;
  if (loaderData.kind === 'status')
    return <ReportStatusView status={loaderData.status} loggedIn={ctx.loggedIn} message={loaderData.message} />;
  const back = relativesHref('/report/gene-relatives', loaderData.barcode);
  return (
    <>
      <Crumbs
        trail={[
          { to: '/report', label: '个人首页' },
          { to: back, label: '基因亲人' },
          { label: loaderData.kind === 'detail' ? loaderData.detail.relative.name : '亲人详情' },
        ]}
      />
      {loaderData.kind === 'detail' ? (
        <Detail d={loaderData.detail} barcode={loaderData.barcode} />
      ) : (
        <Result
          status={loaderData.kind === 'gone' ? '404' : 'info'}
          title={loaderData.kind === 'gone' ? '这位基因亲人不存在或已退出' : '请选择一位基因亲人'}
          subTitle={
            loaderData.kind === 'gone'
              ? '对方可能已退出基因亲人，或者这条链接不属于当前检测人。'
              : '在基因亲人列表中点一位亲人，查看你们共享的 DNA。'
          }
          data-testid="relative-gone"
          extra={
            <LinkButton to={back} type="primary">
              返回基因亲人列表
            </LinkButton>
          }
        />
      )}
    </>
  );
}
