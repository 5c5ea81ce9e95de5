import { DownloadOutlined, FilePdfOutlined, LoadingOutlined } from '@ant-design/icons';
import { isOk } from '@jiyin/contracts/envelope';
import { signinPath } from '@jiyin/contracts/guards';
import {
  ELECTRONIC_REPORT_STATE_LABELS,
  type ElectronicReportState,
  type ElectronicReportStatus,
  REPORT_CATEGORIES,
} from '@jiyin/contracts/reportApi';
import { Alert, Button, Descriptions, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Crumbs } from '../../components/report/CategoryView.tsx';
import { ReportStatusView } from '../../components/report/ReportStatusView.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { electronicReportFileUrl } from '../../lib/api/electronicReport.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { answerStatus, reportContext } from '../../lib/reportContext.ts';
import { useReportLayoutData } from '../../lib/reportData.ts';
import type { Route } from './+types/electronic-report';
import { LinkButton } from '../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('电子报告') }];

/** How often the page asks again while the PDF is being rendered. */
const POLL_MS = 2000;
const IN_PROGRESS: ReadonlySet<ElectronicReportState> = new Set(['queued', 'rendering']);
const CATEGORY_NAMES = REPORT_CATEGORIES.map((c) => c.name).join('、');

/**
 * §2.2 /report/electronic-report: the reader's own (or shared-with-them) person's reports as a PDF.
 * Share-link viewers and sample mode get an explanation instead: the PDF is a copy of a real report,
 * kept for the signed-in user who asked for it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out') return { kind: 'status' as const, status: ctx.status, message: ctx.statusMessage };
  if (ctx.mode !== 'own' || !ctx.barcode) return { kind: ctx.mode === 'share' ? ('share' as const) : ('sample' as const) };
  const res = await apiClient(context.api).electronicReportStatus(ctx.barcode);
  if (!isOk(res)) return { kind: 'status' as const, ...answerStatus(ctx, res) };
  return { kind: 'own' as const, barcode: ctx.barcode, initial: res.data };
}

function stepOf(state: ElectronicReportState): number {
  return state === 'queued' ? 0 : state === 'rendering' ? 1 : 2;
}

function OwnReport({ barcode, initial }: { barcode: string; initial: ElectronicReportStatus }) {
  const api = useBrowserApi();
  const [data, setData] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A switch to another person loads new loader data: start over from it.
  useEffect(() => {
    setData(initial);
    setError(null);
  }, [initial]);

  const report = data.report;
  const rendering = report !== null && IN_PROGRESS.has(report.state);
  useEffect(() => {
    if (!rendering) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const res = await api.electronicReportStatus(barcode);
      if (stopped) return;
      if (isOk(res)) setData(res.data);
      else {
        setError(res.msg);
        clearInterval(timer);
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [rendering, api, barcode]);

  const generate = async () => {
    setBusy(true);
    setError(null);
    const res = await api.requestElectronicReport(barcode);
    setBusy(false);
    if (isOk(res)) setData((d) => ({ ...d, report: res.data }));
    else setError(res.msg);
  };

  const { person } = data;
  const generateButton = (label: string) => (
    <Button type="primary" icon={<FilePdfOutlined />} loading={busy} onClick={generate} data-testid="electronic-report-generate">
      {label}
    </Button>
  );

  let body: React.ReactNode;
  if (!data.computedAt) {
    body = (
      <Alert
        type="info"
        showIcon
        message="报告尚未生成"
        description="这位检测人的报告生成后，才能生成电子报告。在其他平台做过检测的，可以导入原始数据。"
        action={
          <LinkButton to="/import" size="small">
            去导入
          </LinkButton>
        }
      />
    );
  } else if (report && rendering) {
    body = (
      <div data-testid="electronic-report-progress" data-state={report.state}>
        <Steps
          size="small"
          current={stepOf(report.state)}
          items={[
            { title: ELECTRONIC_REPORT_STATE_LABELS.queued, icon: report.state === 'queued' ? <LoadingOutlined /> : undefined },
            { title: ELECTRONIC_REPORT_STATE_LABELS.rendering, icon: report.state === 'rendering' ? <LoadingOutlined /> : undefined },
            { title: '可以下载' },
          ]}
        />
        <p className="muted" style={{ marginTop: 12 }}>
          通常需要几秒到一分钟，请留在本页等待，生成后即可下载。
        </p>
      </div>
    );
  } else if (report && report.state === 'done' && !report.stale) {
    body = (
      <Alert
        type="success"
        showIcon
        data-testid="electronic-report-done"
        message="电子报告已生成"
        description={
          <>
            <p>生成时间：{report.finishedAt ? formatBeijingTime(report.finishedAt) : '—'}（北京时间）</p>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              href={electronicReportFileUrl(report.id)}
              download
              data-testid="electronic-report-download"
            >
              下载 PDF
            </Button>
          </>
        }
      />
    );
  } else {
    body = (
      <>
        {report?.state === 'failed' && (
          <Alert
            type="error"
            showIcon
            message="电子报告生成失败"
            description={report.errorMessage ?? '请稍后重新生成'}
            data-testid="electronic-report-failed"
          />
        )}
        {report?.state === 'done' && report.stale && (
          <Alert
            type="warning"
            showIcon
            message="报告已更新"
            description={
              <>
                之前生成的电子报告不是最新结果，请重新生成。{' '}
                <a href={electronicReportFileUrl(report.id)} download>
                  下载上一版
                </a>
              </>
            }
          />
        )}
        <div style={{ marginTop: 16 }}>{generateButton(report ? '重新生成电子报告' : '生成电子报告')}</div>
      </>
    );
  }

  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'name', label: '检测人', children: `${person.name}（${person.gender === 'female' ? '女' : '男'}）` },
          { key: 'barcode', label: '检测条码', children: person.barcode },
          { key: 'product', label: '检测产品', children: person.productName },
          { key: 'computed', label: '报告计算时间', children: data.computedAt ? formatBeijingTime(data.computedAt) : '尚未生成' },
        ]}
      />
      <div style={{ marginTop: 16 }}>{body}</div>
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} data-testid="electronic-report-error" />}
    </>
  );
}

export default function ElectronicReportPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { pathname, search } = useLocation();
  if (loaderData.kind === 'status') {
    const { status, message } = loaderData;
    return <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />;
  }
  return (
    <>
      <Crumbs trail={[{ to: '/report', label: '个人首页' }, { label: '电子报告' }]} />
      <section className="report-card" data-testid="electronic-report">
        <h3>
          <FilePdfOutlined /> 电子报告
        </h3>
        <p className="muted">
          把全部健康报告（{CATEGORY_NAMES}）生成一份中文
          PDF：每个项目的结果、解读、检测位点与东亚人群频率、建议和参考文献，便于保存、打印或带给医生参考。
        </p>
        {loaderData.kind === 'own' ? (
          <OwnReport barcode={loaderData.barcode} initial={loaderData.initial} />
        ) : loaderData.kind === 'share' ? (
          <Alert
            type="info"
            showIcon
            message="分享查看的报告不提供电子报告"
            description="电子报告是完整报告的副本，只有报告所有人和被分享的账号可以生成。如需 PDF，请联系报告所有人。"
          />
        ) : (
          <Alert
            type="info"
            showIcon
            message="示例报告不提供电子报告"
            description="当前展示的是基于合成基因组的示例报告。绑定检测盒或导入基因数据、报告生成后，可以在这里为自己的报告生成 PDF。"
            action={
              ctx.loggedIn ? (
                <LinkButton to="/import" size="small">
                  去导入
                </LinkButton>
              ) : (
                <LinkButton to={signinPath(`${pathname}${search}`)} size="small" type="primary">
                  登录
                </LinkButton>
              )
            }
          />
        )}
      </section>
    </>
  );
}
