import { LockOutlined } from '@ant-design/icons';
import { isOk } from '@jiyin/contracts/envelope';
import { LOCKED_ITEM_TOAST, PRODUCT_STATUS } from '@jiyin/contracts/reportApi';
import { App, Table, Tag } from 'antd';
import { Crumbs } from '../../components/report/CategoryView.tsx';
import { ReportLink } from '../../components/report/ReportLink.tsx';
import { ReportStatusView } from '../../components/report/ReportStatusView.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { answerStatus, reportApi, reportContext } from '../../lib/reportContext.ts';
import { useReportLayoutData } from '../../lib/reportData.ts';
import { itemPath, NO_RESULT, toneColour } from '../../lib/reportLevels.ts';
import type { Route } from './+types/old-risk';

export const meta = () => [{ title: pageTitle('疾病风险（旧版）') }];

/** §2.2 /report/old-risk: the disease report in the older flat table (the server lists elevated risks first). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out') return { status: ctx.status, message: ctx.statusMessage, view: null };
  const res = await reportApi(context, ctx).reportCategory('disease', ctx.barcode);
  return { ...answerStatus(ctx, res), view: isOk(res) ? res.data : null };
}

export default function OldRiskPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { message: toast } = App.useApp();
  const { status, message, view } = loaderData;
  if (status !== 'out' || !view) {
    return <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />;
  }
  const rows = view.items;
  const elevated = rows.filter((i) => i.status === 'out' && i.level === 'high').length;
  return (
    <>
      <Crumbs trail={[{ to: '/report', label: '个人首页' }, { label: '疾病风险（旧版）' }]} />
      <section className="report-section" data-testid="old-risk">
        <h2>
          疾病风险{' '}
          <span className="report-section__count">
            共 {view.total} 项，{elevated} 项风险较高
          </span>
        </h2>
        <Table
          className="old-risk-table"
          size="middle"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: '疾病',
              dataIndex: 'title',
              render: (title: string, item) =>
                item.productStatus === PRODUCT_STATUS.lock ? (
                  <button type="button" className="icon-button" style={{ fontSize: 14 }} onClick={() => toast.error(LOCKED_ITEM_TOAST)}>
                    <LockOutlined /> {title}
                  </button>
                ) : (
                  <ReportLink to={itemPath(view.category, item.id)}>{title}</ReportLink>
                ),
            },
            {
              title: '结果',
              dataIndex: 'label',
              render: (label: string | null, item) =>
                item.productStatus === PRODUCT_STATUS.lock ? '升级后可查看' : item.status === 'unDetected' ? NO_RESULT : label,
            },
            {
              title: '风险等级',
              dataIndex: 'levelLabel',
              render: (levelLabel: string | null, item) =>
                item.status === 'out' && levelLabel ? <Tag color={toneColour(item.tone)}>{levelLabel}</Tag> : <Tag>—</Tag>,
            },
          ]}
        />
      </section>
    </>
  );
}
