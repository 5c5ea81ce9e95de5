import { Button, Empty, Pagination } from 'antd';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../components/AppLink.tsx';
import { apiClient } from '../../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../../lib/brand.ts';
import { formatBeijingTime } from '../../../lib/dates.ts';
import { unwrap } from '../../../lib/loaders.ts';
import { SignInPrompt, signedIn } from '../../../lib/webview.tsx';
import type { Route } from './+types/index';

const PAGE_SIZE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiClient(context.api);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  const limits = signedIn(await api.balanceAndLimit(), request, context);
  if (limits.signin !== null) return { signin: limits.signin, limits: null, flows: null };
  return { signin: null, limits: limits.data, flows: unwrap(await api.balanceFlows(page, PAGE_SIZE)) };
}

export const meta = () => [{ title: pageTitle('我的余额') }];

/** §2.4 /webview/balance: the balance, what can be withdrawn, and the ledger flows page by page. */
export default function Balance({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData.signin !== null) return <SignInPrompt signin={loaderData.signin} />;
  const { limits, flows } = loaderData;
  return (
    <div className="wv-page" data-testid="balance">
      <section className="wv-balance">
        <span>可提现余额（元）</span>
        <strong data-testid="balance-amount">{formatPrice(limits.balance)}</strong>
        <Button
          type="primary"
          size="large"
          block
          disabled={limits.balance < limits.minWithdrawal}
          onClick={() => navigate('/webview/balance/withdraw')}
        >
          提现
        </Button>
        {limits.balance < limits.minWithdrawal && <p className="wv-hint">余额满 {formatPrice(limits.minWithdrawal)} 即可提现</p>}
      </section>
      <nav className="wv-links">
        <AppLink to="/webview/balance/rule">余额规则</AppLink>
        <AppLink to="/webview/balance/protocol">余额服务协议</AppLink>
      </nav>
      <h2 className="wv-heading">余额明细</h2>
      {flows.list.length === 0 ? (
        <Empty description="暂无余额明细" />
      ) : (
        <ul className="wv-flows" data-testid="balance-flows">
          {flows.list.map((f) => (
            <li key={f.id}>
              <div>
                <strong>{f.reasonLabel}</strong>
                <span className="muted">{formatBeijingTime(f.createdAt)}</span>
              </div>
              <span className={f.amount > 0 ? 'wv-flows__in' : 'wv-flows__out'}>
                {f.amount > 0 ? '+' : '−'}
                {formatPrice(Math.abs(f.amount)).slice(1)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {flows.total > PAGE_SIZE && (
        <Pagination
          className="wv-pager"
          current={flows.page}
          pageSize={PAGE_SIZE}
          total={flows.total}
          simple
          onChange={(p) => navigate(`/webview/balance?page=${p}`)}
        />
      )}
    </div>
  );
}
