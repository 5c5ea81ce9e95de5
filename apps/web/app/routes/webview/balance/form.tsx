import { withdrawalSchema } from '@jiyin/contracts/wallet';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatPrice, pageTitle } from '../../../lib/brand.ts';
import { readDraft, saveDraft } from '../../../lib/withdrawDraft.ts';

export const meta = () => [{ title: pageTitle('提现信息') }];

const payeeSchema = withdrawalSchema.pick({ payeeAccount: true, payeeName: true });
const rule = (field: 'payeeAccount' | 'payeeName') => ({
  validator: async (_: unknown, v: string | undefined) => {
    const r = payeeSchema.shape[field].safeParse(v ?? '');
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});

/** Step 2 of a withdrawal: who receives it (the same rules as the server's). */
export default function WithdrawForm() {
  const [form] = Form.useForm<{ payeeAccount: string; payeeName: string }>();
  const navigate = useNavigate();
  const [amount, setAmount] = useState<number>();
  useEffect(() => {
    const d = readDraft();
    // Without an amount the flow starts again at step 1.
    if (!d.amount) navigate('/webview/balance/withdraw', { replace: true });
    else {
      setAmount(d.amount);
      form.setFieldsValue({ payeeAccount: d.payeeAccount, payeeName: d.payeeName });
    }
  }, [form, navigate]);

  const onFinish = (v: { payeeAccount: string; payeeName: string }) => {
    saveDraft({ payeeAccount: v.payeeAccount.trim(), payeeName: v.payeeName.trim() });
    navigate('/webview/balance/auth');
  };
  return (
    <div className="wv-page" data-testid="withdraw-form">
      <h1 className="wv-title">提现信息</h1>
      {amount ? <p className="muted">提现金额 {formatPrice(amount)}</p> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="收款账号" name="payeeAccount" rules={[rule('payeeAccount')]} extra="支付宝账号（手机号或邮箱）">
          <Input size="large" autoComplete="off" placeholder="请输入收款账号" />
        </Form.Item>
        <Form.Item label="收款人姓名" name="payeeName" rules={[rule('payeeName')]} extra="须与收款账号的实名信息一致">
          <Input size="large" autoComplete="name" placeholder="请输入收款人姓名" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block>
          下一步
        </Button>
      </Form>
    </div>
  );
}
