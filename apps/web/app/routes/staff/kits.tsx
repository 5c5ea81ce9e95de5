import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { isOk } from '@jiyin/contracts/envelope';
import { LAB_FLAG_LABELS, LAB_FLAGS, LAB_TEST_LABELS, LAB_TEST_TYPES, type LabResultInput } from '@jiyin/contracts/kitServices';
import type { StaffExpeditedKit, StaffKitView } from '@jiyin/contracts/staff';
import { App, Button, Descriptions, Form, Input, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { pageTitle } from '../../lib/brand.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';

export const meta = () => [{ title: pageTitle('采样盒与检测结果') }];

/** A kit by barcode (product, order, person, result), and entering the lab's result for it. */
export default function StaffKits() {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [form] = Form.useForm<LabResultInput>();
  const [kit, setKit] = useState<StaffKitView | null>(null);
  const [busy, setBusy] = useState(false);
  const [expedited, setExpedited] = useState<StaffExpeditedKit[] | null>(null);
  useEffect(() => {
    void api.staffExpeditedKits().then((res) => setExpedited(isOk(res) ? res.data.list : []));
  }, [api]);

  const lookup = async (barcode: string) => {
    const res = await api.staffKit(barcode.trim().toUpperCase());
    if (!isOk(res)) {
      setKit(null);
      return message.error(res.msg);
    }
    setKit(res.data);
    const r = res.data.result;
    form.setFieldsValue(
      r
        ? {
            barcode: r.barcode,
            testType: r.testType,
            items: r.items,
            conclusion: r.conclusion,
            labName: r.labName,
            sampledAt: r.sampledAt ?? undefined,
            reportedAt: r.reportedAt,
          }
        : { barcode: res.data.barcode, items: [{ name: '', value: '', unit: '', refRange: '', flag: 'negative' }] },
    );
  };
  const save = async (values: LabResultInput) => {
    setBusy(true);
    const res = await api.staffLabResult({ ...values, sampledAt: values.sampledAt || undefined });
    setBusy(false);
    if (!isOk(res)) return message.error(res.msg);
    message.success('检测结果已保存，已通知用户');
    await lookup(values.barcode);
  };

  return (
    <div className="user-panel" data-testid="staff-kits">
      <h2>采样盒与检测结果</h2>
      <Input.Search aria-label="条码" placeholder="输入采样盒条码查询" enterButton="查询" onSearch={lookup} style={{ maxWidth: 420 }} />
      <section className="section-gap" data-testid="staff-expedited">
        <h3>加急队列（已支付加急、尚未出报告，先付先测）</h3>
        {expedited?.length ? (
          <Space wrap>
            {expedited.map((k) => (
              <Button key={k.barcode} size="small" onClick={() => lookup(k.barcode)}>
                <Tag color="red">加急</Tag>
                {k.barcode} · {k.productName} · {formatBeijingTime(k.expeditedAt)}
              </Button>
            ))}
          </Space>
        ) : (
          <p className="muted">{expedited ? '暂无加急的采样盒' : '加载中…'}</p>
        )}
      </section>
      {kit && (
        <Descriptions className="section-gap" column={{ xs: 1, sm: 2 }} size="small" bordered data-testid="staff-kit">
          <Descriptions.Item label="条码">{kit.barcode}</Descriptions.Item>
          <Descriptions.Item label="商品">{kit.productName}</Descriptions.Item>
          <Descriptions.Item label="订单">{kit.orderId ?? '线下销售'}</Descriptions.Item>
          <Descriptions.Item label="检测人">{kit.person ? kit.person.name : '尚未绑定'}</Descriptions.Item>
          <Descriptions.Item label="优先级">
            {kit.expeditedAt ? <Tag color="red">加急（{formatBeijingTime(kit.expeditedAt)} 支付）</Tag> : '普通'}
          </Descriptions.Item>
          <Descriptions.Item label="检测结果">{kit.result ? `已录入（报告日期 ${kit.result.reportedAt}）` : '未录入'}</Descriptions.Item>
        </Descriptions>
      )}
      {kit?.person && (
        <Form form={form} layout="vertical" className="section-gap staff-result-form" onFinish={save}>
          <h3>录入检测结果</h3>
          <p className="muted">请按检测机构报告原样填写：结果、单位、参考范围和判定都以报告为准。</p>
          <Form.Item name="barcode" hidden>
            <Input />
          </Form.Item>
          <Form.Item label="检测类型" name="testType" rules={[{ required: true, message: '请选择检测类型' }]}>
            <Select options={LAB_TEST_TYPES.map((t) => ({ value: t, label: LAB_TEST_LABELS[t] }))} />
          </Form.Item>
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} wrap align="baseline" className="staff-result-item">
                    <Form.Item
                      name={[f.name, 'name']}
                      label={i === 0 ? '检测项目' : undefined}
                      rules={[{ required: true, message: '请填写项目' }]}
                    >
                      <Input aria-label={`项目 ${i + 1} 名称`} placeholder="如 HPV 16" />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'value']}
                      label={i === 0 ? '结果' : undefined}
                      rules={[{ required: true, message: '请填写结果' }]}
                    >
                      <Input aria-label={`项目 ${i + 1} 结果`} placeholder="如 未检出" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'unit']} label={i === 0 ? '单位' : undefined}>
                      <Input aria-label={`项目 ${i + 1} 单位`} style={{ width: 100 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'refRange']} label={i === 0 ? '参考范围' : undefined}>
                      <Input aria-label={`项目 ${i + 1} 参考范围`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'flag']}
                      label={i === 0 ? '判定' : undefined}
                      rules={[{ required: true, message: '请选择判定' }]}
                    >
                      <Select
                        aria-label={`项目 ${i + 1} 判定`}
                        style={{ width: 140 }}
                        options={LAB_FLAGS.map((f) => ({ value: f, label: LAB_FLAG_LABELS[f] }))}
                      />
                    </Form.Item>
                    {fields.length > 1 && <MinusCircleOutlined aria-label="删除该项目" onClick={() => remove(f.name)} />}
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: '', value: '', unit: '', refRange: '', flag: 'negative' })}
                >
                  添加检测项目
                </Button>
              </>
            )}
          </Form.List>
          <Form.Item className="section-gap" label="检测结论" name="conclusion" rules={[{ required: true, message: '请填写检测结论' }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item label="检测机构" name="labName" rules={[{ required: true, message: '请填写检测机构' }]}>
            <Input />
          </Form.Item>
          <Space wrap>
            <Form.Item label="采样日期" name="sampledAt">
              <Input type="date" />
            </Form.Item>
            <Form.Item label="报告日期" name="reportedAt" rules={[{ required: true, message: '请填写报告日期' }]}>
              <Input type="date" />
            </Form.Item>
          </Space>
          <div>
            <Button type="primary" htmlType="submit" loading={busy}>
              保存检测结果
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
