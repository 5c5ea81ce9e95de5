import { signinPath } from '@jiyin/contracts/guards';
import type { ReportStatus } from '@jiyin/contracts/reports';
import { Button, Result } from 'antd';
import type { ResultProps } from 'antd';
import { useLocation, useRouteLoaderData } from 'react-router';
import { REPORT_LAYOUT_ID, type ReportLayoutData, withShareToken } from '../../lib/reportData.ts';
import { LinkButton } from '../LinkButton.tsx';

export type StatusAction = { label: string; to: string; primary?: boolean } | { label: string; reload: true; primary?: boolean };

export interface StatusViewText {
  title: string;
  text: string;
  icon: ResultProps['status'];
  actions: StatusAction[];
}

/**
 * What each report status of §4 shows: a Chinese title, what happened, and what the reader can do.
 * `out` (the report is there) never reaches this view.
 */
export function statusView(status: Exclude<ReportStatus, 'out'>, opts: { loggedIn: boolean; from: string; message?: string | null }) {
  const home: StatusAction = { label: '返回个人首页', to: '/report' };
  const views: Record<Exclude<ReportStatus, 'out'>, StatusViewText> = {
    none: {
      title: '报告生成中',
      text: '这位检测人的报告还没有生成：寄回采样管后，实验室检测完成即会生成；在其他平台做过检测的，可以导入原始数据，几分钟内生成报告。',
      icon: 'info',
      actions: [
        { label: '去导入', to: '/import', primary: true },
        { label: '购买检测', to: '/shop/gene/product-select' },
      ],
    },
    noPermission: {
      title: '无权查看该报告',
      // The server says which rule applied (product without the report, owner-only content...).
      text: opts.message || '这份报告不属于当前账号，也没有分享给你。',
      icon: '403',
      actions: opts.loggedIn ? [home] : [{ label: '登录', to: signinPath(opts.from), primary: true }, home],
    },
    notFound: {
      title: '报告不存在',
      text: '没有找到这份报告或报告项目，可能是链接有误，或检测人已被删除。',
      icon: '404',
      actions: [home],
    },
    shouldUpgrade: {
      title: '升级后可查看',
      text: '当前检测产品不包含这部分报告，升级产品后即可解锁查看，无需重新采样。',
      icon: 'warning',
      actions: [
        { label: '升级产品', to: '/buy/upgrade', primary: true },
        { label: '下载 App', to: '/app' },
      ],
    },
    shouldShare: {
      title: '需要对方分享后才能查看',
      text: '这位检测人还没有把这部分报告分享给你，请联系对方在个人中心开启分享。',
      icon: 'warning',
      actions: [home],
    },
    undetected: {
      title: '未检出',
      text: '芯片没有读到这个项目需要的关键位点，暂时无法给出结果。这不代表有风险，也不代表没有风险。',
      icon: 'info',
      actions: [home],
    },
    error: {
      title: '获取数据异常',
      text: opts.message || '报告暂时无法读取，请稍后重试。',
      icon: 'error',
      actions: [{ label: '重新加载', reload: true, primary: true }, home],
    },
    tumorShareLimit: {
      title: '肿瘤风险报告不支持分享查看',
      text: '肿瘤风险属于敏感信息，只有检测人本人可以查看。',
      icon: 'warning',
      actions: [home],
    },
    itemNotSupported: {
      title: '该检测项目暂不支持',
      text: '当前检测产品不包含这个项目，可以看看其他报告，或选购包含该项目的检测。',
      icon: 'info',
      actions: [home, { label: '购买检测', to: '/shop/gene/product-select' }],
    },
  };
  return views[status];
}

/** One view for every report status (§4): title, explanation and the right next step. */
export function ReportStatusView({
  status,
  loggedIn,
  message,
}: {
  status: Exclude<ReportStatus, 'out'>;
  loggedIn: boolean;
  message?: string | null;
}) {
  const { pathname, search } = useLocation();
  const view = statusView(status, { loggedIn, from: `${pathname}${search}`, message });
  // A share viewer's links keep the token (the view also renders outside the report layout in tests).
  const layout = useRouteLoaderData(REPORT_LAYOUT_ID) as ReportLayoutData | undefined;
  const shareToken = layout?.ctx.mode === 'share' ? layout.ctx.shareToken : null;
  return (
    <div className="report-status" data-testid="report-status" data-status={status}>
      <Result
        status={view.icon}
        title={view.title}
        subTitle={view.text}
        extra={view.actions.map((a) =>
          'reload' in a ? (
            <Button key={a.label} type={a.primary ? 'primary' : 'default'} onClick={() => window.location.reload()}>
              {a.label}
            </Button>
          ) : (
            <LinkButton key={a.label} to={withShareToken(a.to, shareToken)} type={a.primary ? 'primary' : 'default'}>
              {a.label}
            </LinkButton>
          ),
        )}
      />
    </div>
  );
}
