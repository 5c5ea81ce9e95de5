import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { apiClient } from '../../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../../lib/brand.ts';
import { SignInPrompt, signedIn } from '../../../lib/webview.tsx';
import { readDraft, saveDraft, yuanToFen } from '../../../lib/withdrawDraft.ts';
import type { Route } from './+types/withdraw';

export async function loader({ request, context }: Route.LoaderArgs) {
  return signedIn(await apiClient(context.api).balanceAndLimit(), request, context);
}

export const meta = () => [{ title: pageTitle('提现') }];

/** Step 1 of a withdrawal: the amount, within the balance and the per-withdrawal limits. */
export default function Withdraw({ loaderData }: Route.ComponentProps) {
  const [form] = Form.useForm<{ amount: string }>();
  const navigate = useNavigate();
  useEffect(() => {
    const { amount } = readDraft();
    if (amount) form.setFieldValue('amount', (amount / 100).toFixed(2));
  }, [form]);
  if (loaderData.signin !== null) return <SignInPrompt signin={loaderData.signin} />;
  const { balance, minWithdrawal, maxWithdrawal } = loaderData.data;
  const most = Math.min(balance, maxWithdrawal);

  const onFinish = ({ amount }: { amount: string }) => {
    saveDraft({ amount: yuanToFen(amount) ?? undefined });
    navigate('/webview/balance/form');
  };
  return (
    <div className="wv-page" data-testid="withdraw">
      <h1 className="wv-title">提现</h1>
      <p className="muted">
        可提现余额 {formatPrice(balance)}，单笔 {formatPrice(minWithdrawal)} – {formatPrice(maxWithdrawal)}
      </p>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          label="提现金额（元）"
          name="amount"
          rules={[
            {
              validator: async (_, v: string | undefined) => {
                const fen = yuanToFen(v ?? '');
                if (fen === null) throw new Error('请输入金额，最多两位小数');
                if (fen < minWithdrawal) throw new Error(`单笔至少提现 ${formatPrice(minWithdrawal)}`);
                if (fen > maxWithdrawal) throw new Error(`单笔最多提现 ${formatPrice(maxWithdrawal)}`);
                if (fen > balance) throw new Error('余额不足');
              },
            },
          ]}
        >
          <Input
            inputMode="decimal"
            placeholder="0.00"
            size="large"
            suffix={
              <Button type="link" size="small" onClick={() => form.setFieldValue('amount', (most / 100).toFixed(2))}>
                全部提现
              </Button>
            }
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block>
          下一步
        </Button>
      </Form>
    </div>
  );
}
