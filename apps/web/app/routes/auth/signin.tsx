import { safeReturnPath } from '@jiyin/contracts/guards';
import { App, Button, Form, Input, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { AuthCard } from '../../components/auth/AuthCard.tsx';
import { CodeField } from '../../components/auth/CodeField.tsx';
import { PhoneField } from '../../components/auth/PhoneField.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';

export const meta = () => [{ title: pageTitle('登录') }];

/** Where a sign-in without a `from` lands: the user's reports, not the marketing home. */
const AFTER_SIGNIN_PATH = '/report';

/** §2.1 /auth/signin?from=: password or SMS-code sign-in, then back to `from` (same-site only), else the reports. */
export default function SignIn() {
  return <SignInCard />;
}

/**
 * The sign-in form; `afterSignIn` runs once signed in, before the return to `from` (the bridge host's
 * /login binds the messaging-app identity there), and `notice` shows above the form.
 */
export function SignInCard({ afterSignIn, notice }: { afterSignIn?: () => Promise<boolean>; notice?: ReactNode }) {
  const [params] = useSearchParams();
  const from = safeReturnPath(params.get('from'), AFTER_SIGNIN_PATH);
  const [mode, setMode] = useState<'password' | 'sms'>('password');
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm();
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();

  const onFinish = async (v: { phoneNumber: string; nationCode: string; password?: string; authCode?: string }) => {
    setSubmitting(true);
    const res = await api.signin(
      mode === 'password'
        ? { phoneNumber: v.phoneNumber, nationCode: v.nationCode, password: v.password ?? '' }
        : { phoneNumber: v.phoneNumber, nationCode: v.nationCode, authCode: v.authCode ?? '' },
    );
    setSubmitting(false);
    if (res.code !== 0) {
      message.error(res.msg);
      return;
    }
    if (afterSignIn && !(await afterSignIn())) return;
    message.success('登录成功');
    navigate(from, { replace: true });
  };

  const query = params.toString() ? `?${params}` : '';
  return (
    <AuthCard
      title="登录"
      subtitle="登录后查看你的报告、基因亲人与订单"
      footer={
        <>
          还没有账号？<AppLink to={`/auth/signup${query}`}>立即注册</AppLink>
          <span className="auth-card__sep">·</span>
          <AppLink to={`/auth/reset${query}`}>忘记密码</AppLink>
        </>
      }
    >
      {notice}
      <Tabs
        activeKey={mode}
        onChange={(k) => setMode(k as 'password' | 'sms')}
        items={[
          { key: 'password', label: '密码登录' },
          { key: 'sms', label: '验证码登录' },
        ]}
      />
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <PhoneField />
        {mode === 'password' ? (
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password autoComplete="current-password" placeholder="请输入密码" />
          </Form.Item>
        ) : (
          <CodeField form={form} purpose="signin" />
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          登录
        </Button>
        <p className="auth-card__consent muted" data-testid="signin-consent">
          登录即表示你已阅读并同意 <AppLink to="/protocol/user">用户协议</AppLink>、
          <AppLink to="/webview/interlocution/privacy">隐私政策</AppLink> 与 <AppLink to="/irb">知情同意说明</AppLink>
        </p>
      </Form>
    </AuthCard>
  );
}
