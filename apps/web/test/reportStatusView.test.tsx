import { CODES } from '@jiyin/contracts/codes';
import { REPORT_STATUS_BY_CODE, REPORT_STATUSES, type ReportStatus, reportStatusAfter } from '@jiyin/contracts/reports';
import { ConfigProvider } from 'antd';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ReportStatusView, statusView } from '../app/components/report/ReportStatusView.tsx';

type Shown = Exclude<ReportStatus, 'out'>;
const SHOWN = REPORT_STATUSES.filter((s): s is Shown => s !== 'out');

function StatusPage({ status, loggedIn, message }: { status: Shown; loggedIn: boolean; message?: string }) {
  // As the root layout configures antd: no space inserted between two-character button labels.
  return (
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <ReportStatusView status={status} loggedIn={loggedIn} message={message} />
    </ConfigProvider>
  );
}

function render(status: Shown, loggedIn: boolean, message?: string): string {
  // biome-ignore lint/correctness/noComponentHookFactories: a one-off route element per rendered case
  const Page = () => <StatusPage status={status} loggedIn={loggedIn} message={message} />;
  const Stub = createRoutesStub([{ path: '/report/disease', Component: Page }]);
  return renderToString(<Stub initialEntries={['/report/disease']} />);
}

/** What each status must offer (§4): the page's next step for the reader. */
const EXPECTED: Record<Shown, { title: string; action: string; to?: string }> = {
  none: { title: '报告生成中', action: '去导入', to: '/import' },
  noPermission: { title: '无权查看该报告', action: '登录', to: '/auth/signin?from=%2Freport%2Fdisease' },
  notFound: { title: '报告不存在', action: '返回个人首页', to: '/report' },
  shouldUpgrade: { title: '升级后可查看', action: '升级产品', to: '/buy/upgrade' },
  shouldShare: { title: '需要对方分享后才能查看', action: '返回个人首页', to: '/report' },
  undetected: { title: '未检出', action: '返回个人首页', to: '/report' },
  error: { title: '获取数据异常', action: '重新加载' },
  tumorShareLimit: { title: '肿瘤风险报告不支持分享查看', action: '返回个人首页', to: '/report' },
  itemNotSupported: { title: '该检测项目暂不支持', action: '返回个人首页', to: '/report' },
};

describe('report status views (§4)', () => {
  it('covers every status but out', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...SHOWN].sort());
  });

  it.each(SHOWN)('%s renders its Chinese title, explanation and action', (status) => {
    const html = render(status, false);
    const want = EXPECTED[status];
    expect(html).toContain(`data-status="${status}"`);
    expect(html).toContain(want.title);
    expect(html).toContain(statusView(status, { loggedIn: false, from: '/report/disease' }).text);
    expect(html).toContain(want.action);
    if (want.to) expect(html).toContain(`href="${want.to.replace(/&/g, '&amp;')}"`);
  });

  it('offers sign-in for no permission only to a visitor', () => {
    expect(render('noPermission', true)).not.toContain('/auth/signin');
    expect(render('noPermission', false)).toContain('/auth/signin');
  });

  it('shows the server message for an error, the default otherwise', () => {
    expect(render('error', false, '分享链接已过期')).toContain('分享链接已过期');
    expect(render('error', false)).toContain('报告暂时无法读取，请稍后重试。');
  });

  // Every row of the code table ends on a view; unknown codes end on the error view; 0 changes nothing.
  it.each(REPORT_STATUS_BY_CODE.map((r) => [r.match, r.status]))('answer %s shows the %s view', (match, status) => {
    const answer = typeof match === 'string' ? { code: 0, data: match } : { code: match };
    const after = reportStatusAfter('out', answer);
    expect(after).toBe(status);
    if (after !== 'out') expect(render(after, false)).toContain(EXPECTED[after].title);
  });

  it('maps other failures to the error view and success to no view', () => {
    expect(reportStatusAfter('out', { code: CODES.SHARE_EXPIRED.code })).toBe('error');
    expect(reportStatusAfter('out', { code: CODES.INTERNAL.code })).toBe('error');
    expect(reportStatusAfter('out', { code: 0, data: {} })).toBe('out');
  });
});
