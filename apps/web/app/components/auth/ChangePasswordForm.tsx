import { App, Button, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { NEW_PASSWORD_RULES } from '../../lib/passwordRules.ts';
import { CodeField } from './CodeField.tsx';

/** Change the password with the old one, or with an SMS code to the account's phone (no password yet). */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [form] = Form.useForm();
  const [by, setBy] = useState<'old' | 'sms'>(hasPassword ? 'old' : 'sms');
  const [submitting, setSubmitting] = useState(false);
  const api = useBrowserApi();
  const { message } = App.useApp();

  const onFinish = async (v: { oldPassword?: string; authCode?: string; password: string }) => {
    setSubmitting(true);
    const res = await api.changePassword(
      by === 'old' ? { oldPassword: v.oldPassword, password: v.password } : { authCode: v.authCode, password: v.password },
    );
    setSubmitting(false);
    if (res.code !== 0) {
      message.error(res.msg);
      return;
    }
    form.resetFields();
    message.success('密码已修改，其他设备已退出登录');
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} className="narrow-form">
      <Form.Item label="验证方式">
        <Segmented
          value={by}
          onChange={(v) => setBy(v as 'old' | 'sms')}
          options={[
            { value: 'old', label: '原密码', disabled: !hasPassword },
            { value: 'sms', label: '短信验证码' },
          ]}
        />
      </Form.Item>
      {by === 'old' ? (
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      ) : (
        <CodeField form={form} purpose="modify" />
      )}
      <Form.Item label="新密码" name="password" rules={NEW_PASSWORD_RULES}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_r, v) => (v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        修改密码
      </Button>
    </Form>
  );
}
