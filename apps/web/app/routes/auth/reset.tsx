import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { AuthCard } from '../../components/auth/AuthCard.tsx';
import { CodeField } from '../../components/auth/CodeField.tsx';
import { PhoneField } from '../../components/auth/PhoneField.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { NEW_PASSWORD_RULES } from '../../lib/passwordRules.ts';

export const meta = () => [{ title: pageTitle('找回密码') }];

/** §2.1 /auth/reset: a new password by SMS code; every session of the account is signed out. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const query = params.toString() ? `?${params}` : '';

  const onFinish = async (v: { phoneNumber: string; nationCode: string; authCode: string; password: string }) => {
    setSubmitting(true);
    const res = await api.resetPassword(v);
    setSubmitting(false);
    if (res.code !== 0) {
      message.error(res.msg);
      return;
    }
    message.success('密码已重置，请用新密码登录');
    navigate(`/auth/signin${query}`, { replace: true });
  };

  return (
    <AuthCard title="找回密码" subtitle="验证手机号后设置新密码" footer={<AppLink to={`/auth/signin${query}`}>返回登录</AppLink>}>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <PhoneField />
        <CodeField form={form} purpose="reset" />
        <Form.Item label="新密码" name="password" rules={NEW_PASSWORD_RULES}>
          <Input.Password autoComplete="new-password" placeholder="设置新密码" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          重置密码
        </Button>
      </Form>
    </AuthCard>
  );
}
