import { isOk } from '@jiyin/contracts/envelope';
import { App, Button, Checkbox, Descriptions, Form } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../components/AppLink.tsx';
import { CodeField } from '../../../components/auth/CodeField.tsx';
import { formatPrice, pageTitle } from '../../../lib/brand.ts';
import { useBrowserApi } from '../../../lib/browserApi.ts';
import { clearDraft, readDraft, type WithdrawDraft } from '../../../lib/withdrawDraft.ts';

export const meta = () => [{ title: pageTitle('身份认证') }];

/** The payee account with its middle hidden, so a screenshot of the page does not give it away. */
function masked(account: string): string {
  if (account.length <= 6) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 3)}****${account.slice(-3)}`;
}

/** Step 3 of a withdrawal: the SMS code sent to the account's own phone confirms it. */
export default function WithdrawAuth() {
  const [form] = Form.useForm<{ authCode: string; agree: boolean }>();
  const [draft, setDraft] = useState<Required<WithdrawDraft> | null>(null);
  const [busy, setBusy] = useState(false);
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  useEffect(() => {
    const d = readDraft();
    if (!d.amount) navigate('/webview/balance/withdraw', { replace: true });
    else if (!d.payeeAccount || !d.payeeName) navigate('/webview/balance/form', { replace: true });
    else setDraft(d as Required<WithdrawDraft>);
  }, [navigate]);

  const onFinish = async ({ authCode }: { authCode: string }) => {
    if (!draft) return;
    setBusy(true);
    const res = await api.withdraw({ ...draft, authCode });
    setBusy(false);
    if (!isOk(res)) return message.error(res.msg);
    clearDraft();
    navigate(`/webview/balance/success?amount=${res.data.amount}&balance=${res.data.balance}`, { replace: true });
  };
  return (
    <div className="wv-page" data-testid="withdraw-auth">
      <h1 className="wv-title">身份认证</h1>
      {draft && (
        <Descriptions column={1} size="small" bordered className="wv-summary">
          <Descriptions.Item label="提现金额">{formatPrice(draft.amount)}</Descriptions.Item>
          <Descriptions.Item label="收款账号">{masked(draft.payeeAccount)}</Descriptions.Item>
          <Descriptions.Item label="收款人">{draft.payeeName}</Descriptions.Item>
        </Descriptions>
      )}
      <p className="muted">验证码将发送到你账户绑定的手机号。</p>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <CodeField form={form} purpose="withdraw" />
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[{ validator: async (_, v) => (v ? undefined : Promise.reject(new Error('请先阅读并同意余额服务协议'))) }]}
        >
          <Checkbox>
            我已阅读并同意 <AppLink to="/webview/balance/protocol">余额服务协议</AppLink>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={!draft}>
          确认提现
        </Button>
      </Form>
    </div>
  );
}
