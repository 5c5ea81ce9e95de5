import { DEFAULT_NATION_CODE, NATION_CODES } from '@jiyin/contracts/accounts';
import { Form, Input, Select, Space } from 'antd';

/** Nation code (+86 default) and phone number, validated as §5 says (6 to 16 digits). */
export function PhoneField() {
  return (
    <Form.Item label="手机号" required>
      <Space.Compact block>
        <Form.Item name="nationCode" noStyle initialValue={DEFAULT_NATION_CODE}>
          <Select
            style={{ width: 130 }}
            aria-label="国家或地区"
            options={NATION_CODES.map((n) => ({ value: n.code, label: `+${n.code}`, title: n.label }))}
            popupMatchSelectWidth={200}
            optionRender={(o) => NATION_CODES.find((n) => n.code === o.value)?.label}
          />
        </Form.Item>
        <Form.Item
          name="phoneNumber"
          noStyle
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: /^\d{6,16}$/, message: '请输入正确的手机号' },
          ]}
        >
          <Input inputMode="numeric" autoComplete="tel-national" placeholder="请输入手机号" maxLength={16} aria-label="手机号" />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
