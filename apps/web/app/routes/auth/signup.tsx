import { safeReturnPath } from '@jiyin/contracts/guards';
import { App, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { AuthCard } from '../../components/auth/AuthCard.tsx';
import { CodeField } from '../../components/auth/CodeField.tsx';
import { PhoneField } from '../../components/auth/PhoneField.tsx';
import { type Profile, ProfileSteps } from '../../components/auth/ProfileSteps.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { NEW_PASSWORD_RULES } from '../../lib/passwordRules.ts';
import { useRootData } from '../../lib/rootData.ts';

export const meta = () => [{ title: pageTitle('注册') }];

interface Account {
  phoneNumber: string;
  nationCode: string;
  authCode: string;
  password: string;
}

/** §2.1 /auth/signup: phone and SMS code with a password, then the two profile steps, then land on `from`. */
export default function SignUp() {
  const [params] = useSearchParams();
  const from = safeReturnPath(params.get('from'));
  const { device } = useRootData();
  const [form] = Form.useForm();
  const [account, setAccount] = useState<Account | null>(null);
  const [checking, setChecking] = useState(false);
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();

  const toProfile = async (v: Account) => {
    setChecking(true);
    const res = await api.checkAuthCode({
      phoneNumber: v.phoneNumber,
      nationCode: v.nationCode,
      authCode: v.authCode,
      verifyType: 'signup',
    });
    setChecking(false);
    if (res.code !== 0) {
      message.error(res.msg);
      return;
    }
    setAccount(v);
  };

  const submit = async ({ name, avatar }: Profile) => {
    if (!account) return;
    const res = await api.signup({ ...account, name, avatar, isWechat: device.isWechat });
    if (res.code !== 0) {
      message.error(res.msg);
      return;
    }
    message.success('注册成功');
    navigate(from, { replace: true });
  };

  const query = params.toString() ? `?${params}` : '';
  return (
    <AuthCard
      title={account ? '完善个人信息' : '注册'}
      subtitle={account ? '让基因亲人更容易认出你' : '用手机号注册，查看报告、寻找基因亲人'}
      footer={
        <>
          已有账号？<AppLink to={`/auth/signin${query}`}>去登录</AppLink>
        </>
      }
    >
      {account ? (
        <ProfileSteps submitLabel="完成注册" onSubmit={submit} />
      ) : (
        <Form form={form} layout="vertical" onFinish={toProfile} requiredMark={false}>
          <PhoneField />
          <CodeField form={form} purpose="signup" />
          <Form.Item label="设置密码" name="password" rules={NEW_PASSWORD_RULES} extra="至少 6 位，不能包含空格，不要用过于常见的密码">
            <Input.Password autoComplete="new-password" placeholder="设置登录密码" />
          </Form.Item>
          <Form.Item
            name="agree"
            valuePropName="checked"
            rules={[
              { validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error('请阅读并同意用户协议、隐私政策与知情同意说明'))) },
            ]}
          >
            <Checkbox>
              我已阅读并同意 <AppLink to="/protocol/user">用户协议</AppLink>、
              <AppLink to="/webview/interlocution/privacy">隐私政策</AppLink> 与 <AppLink to="/irb">知情同意说明</AppLink>
            </Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={checking}>
            下一步
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
