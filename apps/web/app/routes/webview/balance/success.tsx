import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { formatPrice, pageTitle } from '../../../lib/brand.ts';

export const meta = () => [{ title: pageTitle('提现成功') }];

/** After a withdrawal: what was asked for and what is left; the payout itself waits for review. */
export default function WithdrawSuccess() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const amount = Number(params.get('amount'));
  const balance = Number(params.get('balance'));
  const known = Number.isInteger(amount) && amount > 0;
  return (
    <div className="wv-page" data-testid="withdraw-success">
      <Result
        status="success"
        title="提现申请已提交"
        subTitle={
          known
            ? `提现 ${formatPrice(amount)}，审核通过后打款到你填写的账户${Number.isInteger(balance) ? `；当前余额 ${formatPrice(balance)}` : ''}。`
            : '审核通过后打款到你填写的账户。'
        }
        extra={
          <Button type="primary" onClick={() => navigate('/webview/balance', { replace: true })}>
            返回我的余额
          </Button>
        }
      />
    </div>
  );
}
