import { DEFAULT_NATION_CODE, type SmsPurpose } from '@jiyin/contracts/accounts';
import { App, Form, type FormInstance, Input, Space } from 'antd';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { VerifyCodeButton } from './VerifyCodeButton.tsx';

/** Codes that go to the signed-in account's own phone: the form has no phone field to check. */
const OWN_PHONE_PURPOSES: readonly SmsPurpose[] = ['modify', 'recheck', 'withdraw', 'cancel'];

/**
 * The SMS code input with its send button. There is no captcha widget in development (the
 * development provider accepts any token); a configured provider's widget fills `neCaptcha`.
 */
export function CodeField({ form, purpose }: { form: FormInstance; purpose: SmsPurpose }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const send = async () => {
    try {
      await form.validateFields(OWN_PHONE_PURPOSES.includes(purpose) ? [] : ['phoneNumber']);
    } catch {
      return false;
    }
    const { phoneNumber, nationCode } = form.getFieldsValue(['phoneNumber', 'nationCode']);
    const res = await api.sendSmsCode({
      phoneNumber,
      nationCode: nationCode ?? DEFAULT_NATION_CODE,
      verifyType: purpose,
      neCaptcha: 'dev',
    });
    if (res.code !== 0) {
      message.error(res.msg);
      return false;
    }
    message.success('验证码已发送');
    return true;
  };
  return (
    <Form.Item label="验证码" required>
      <Space.Compact block>
        <Form.Item
          name="authCode"
          noStyle
          rules={[
            { required: true, message: '请输入验证码' },
            { pattern: /^\d{6}$/, message: '验证码为 6 位数字' },
          ]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" placeholder="6 位验证码" maxLength={6} aria-label="验证码" />
        </Form.Item>
        <VerifyCodeButton send={send} />
      </Space.Compact>
    </Form.Item>
  );
}
