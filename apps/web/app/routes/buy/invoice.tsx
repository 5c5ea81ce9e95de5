import { DEFAULT_INVOICE_CONTENT, type InvoiceInfo } from '@jiyin/contracts/shop';
import { App, Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { data, useNavigate } from 'react-router';
import { apiClient } from '../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/invoice';

export async function loader({ context, request }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get('orderId');
  if (!orderId) throw data(null, { status: 404 });
  return unwrap(await apiClient(context.api).order(orderId));
}

export const meta = () => [{ title: pageTitle('申请发票') }];

/** §2.1 /buy/invoice?orderId=: invoice info for a paid order (§3 Invoice info, default content 基因解读服务费). */
export default function Invoice({ loaderData: order }: Route.ComponentProps) {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<InvoiceInfo>();
  const type = Form.useWatch('type', form);
  const [error, setError] = useState<string | null>(null);

  const submit = async (v: InvoiceInfo) => {
    const res = await api.requestInvoice(order.id, { ...v, invoiceType: 'electronic' });
    if (res.code !== 0) return setError(res.msg);
    message.success('发票申请已提交，开具后将发送到你的邮箱');
    navigate(`/user/orders/${order.id}`);
  };

  return (
    <div className="container buy-invoice" data-testid="buy-invoice">
      <h1>申请发票</h1>
      <p className="muted">
        订单：{order.productName} × {order.count}，金额 {formatPrice(order.total)}。电子发票开具后发送到你填写的邮箱。
      </p>
      {order.invoice ? (
        <p>该订单已申请过发票。</p>
      ) : (
        <Form<InvoiceInfo>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ type: 'personal', info: { invoiceContent: DEFAULT_INVOICE_CONTENT } }}
          onFinish={submit}
        >
          <Form.Item label="抬头类型" name="type">
            <Radio.Group
              options={[
                { label: '个人', value: 'personal' },
                { label: '企业', value: 'company' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label={type === 'company' ? '企业名称' : '发票抬头'}
            name={['info', 'companyName']}
            rules={[{ required: true, min: 2, message: '请输入发票抬头' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          {type === 'company' && (
            <>
              <Form.Item
                label="纳税人识别号"
                name={['info', 'taxpayerCode']}
                rules={[{ required: true, pattern: /^[0-9A-Z]{15,20}$/, message: '纳税人识别号为 15–20 位数字或大写字母' }]}
              >
                <Input maxLength={20} />
              </Form.Item>
              <Form.Item label="注册地址（选填）" name={['info', 'registerAddress']}>
                <Input maxLength={120} />
              </Form.Item>
              <Form.Item label="注册电话（选填）" name={['info', 'registerNumber']}>
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item label="开户银行（选填）" name={['info', 'registerBank']}>
                <Input maxLength={60} />
              </Form.Item>
              <Form.Item label="银行账号（选填）" name={['info', 'bankAccount']}>
                <Input maxLength={40} />
              </Form.Item>
            </>
          )}
          <Form.Item label="发票内容" name={['info', 'invoiceContent']}>
            <Input disabled />
          </Form.Item>
          <Form.Item label="接收邮箱" name="email" rules={[{ required: true, type: 'email', message: '请输入正确的邮箱' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="手机号" name="mobile" rules={[{ required: true, pattern: /^1\d{10}$/, message: '请输入正确的手机号' }]}>
            <Input inputMode="numeric" maxLength={11} />
          </Form.Item>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <Button type="primary" htmlType="submit">
            提交申请
          </Button>
        </Form>
      )}
    </div>
  );
}
