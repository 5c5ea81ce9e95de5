import { LockOutlined, SafetyOutlined } from '@ant-design/icons';
import type { RelativesHoldView } from '@jiyin/contracts/relativesApi';
import { Alert, App, Button, Form } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { CodeField } from '../auth/CodeField.tsx';

/**
 * Why a genome (or the whole account) is kept out of gene relatives: the §8 code and each reason in
 * the owner's words. Reports are not affected, which the notice says.
 */
export function RelativesHeldNotice({ hold }: { hold: RelativesHoldView }) {
  const account = hold.scope === 'account';
  const markers = hold.scope === 'markers';
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="relatives-held"
      title={
        account
          ? '本账户的基因亲人功能已暂停'
          : markers
            ? '这份基因数据的位点太少，无法参与基因亲人匹配'
            : '这份基因数据暂不参与基因亲人匹配'
      }
      description={
        <div className="relatives-held">
          <ul>
            {hold.reasons.map((r) => (
              <li key={`${r.code}-${r.message}`}>
                {r.message}
                <span className="muted">（代码 {r.code}）</span>
              </li>
            ))}
          </ul>
          {markers ? (
            <p className="muted">
              基因亲人要在两份数据共同检测的大量位点上比较 DNA
              片段，位点太少时结果不可靠，所以不做比对。请上传检测机构提供的完整原始数据文件（如 23andMe、WeGene、AncestryDNA
              的全部位点）；已生成的报告仍可查看。
            </p>
          ) : (
            <p className="muted">
              {account
                ? '在人工审核完成前，你的检测人不会出现在任何人的亲人列表中，也看不到亲人。'
                : '为防止伪造或篡改的数据被用来冒充亲人、窃取他人基因信息，每份数据参与匹配前都要经过真实性检查。你的健康和祖源报告不受影响。'}
              如有疑问，请联系客服，工作人员审核后可以恢复匹配。
            </p>
          )}
        </div>
      }
      style={{ marginBottom: 16 }}
    />
  );
}

/** A session older than the configured age re-checks by SMS before relatives are shown (account takeover guard). */
export function RelativesRecheck() {
  const api = useBrowserApi();
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const submit = async ({ authCode }: { authCode: string }) => {
    setBusy(true);
    const res = await api.relativesRecheck(authCode);
    setBusy(false);
    if (res.code !== 0) {
      message.error(res.msg);
      return;
    }
    message.success('验证成功');
    await revalidate();
  };
  return (
    <section className="report-card relatives-recheck" data-testid="relatives-recheck">
      <h3>
        <SafetyOutlined /> 请先验证身份
      </h3>
      <p>
        <LockOutlined />{' '}
        基因亲人会展示其他人的信息。你已登录较长时间，为防止账户被他人盗用，请用发送到账户手机号的短信验证码确认是本人操作。
      </p>
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 360 }}>
        <CodeField form={form} purpose="recheck" />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="relatives-recheck-submit">
          验证并查看
        </Button>
      </Form>
    </section>
  );
}
