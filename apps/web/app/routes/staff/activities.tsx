import { isOk } from '@jiyin/contracts/envelope';
import { ACTIVITY_PIC_COUNT, ACTIVITY_TOPIC_LABELS, ACTIVITY_TOPICS, type ActivityInput } from '@jiyin/contracts/fission';
import { App, Button, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { apiClient } from '../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { staffData } from '../../lib/staff.ts';
import type { Route } from './+types/activities';

export const meta = () => [{ title: pageTitle('活动管理') }];

export async function loader({ context }: Route.LoaderArgs) {
  return staffData(await apiClient(context.api).staffActivities());
}

/** One form row per picture of §3 Activity. */
const PIC_SLOTS = Array.from({ length: ACTIVITY_PIC_COUNT }, (_, i) => `pic-${i + 1}`);

interface ActivityForm {
  topic: ActivityInput['topic'];
  title: string;
  description: string;
  rules: string;
  rewardYuan: number;
  pics: { url: string; title: string }[];
  start: string;
  end: string;
}

/** §3 Activity: campaigns with exactly 3 pictures and start and end times; the fission one pays its reward per invitee order. */
export default function StaffActivities({ loaderData }: Route.ComponentProps) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<ActivityForm>();
  if (!loaderData) return null;
  const create = async (v: ActivityForm) => {
    setBusy(true);
    // The inputs are Beijing wall-clock times.
    const res = await api.staffCreateActivity({
      topic: v.topic,
      title: v.title,
      description: v.description,
      rules: v.rules,
      rewardAmount: Math.round(v.rewardYuan * 100),
      picInfos: v.pics.map((p) => ({ url: p.url, title: p.title ?? '' })),
      startDate: `${v.start}:00+08:00`,
      endDate: `${v.end}:00+08:00`,
    });
    setBusy(false);
    if (!isOk(res)) return message.error(res.msg);
    message.success('活动已创建');
    form.resetFields();
    await revalidate();
  };
  return (
    <div className="user-panel" data-testid="staff-activities">
      <h2>活动管理</h2>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={loaderData.list}
        locale={{ emptyText: '还没有活动' }}
        columns={[
          { title: '活动', dataIndex: 'title' },
          { title: '类型', dataIndex: 'topic', render: (t: ActivityInput['topic']) => ACTIVITY_TOPIC_LABELS[t] },
          { title: '奖励', dataIndex: 'rewardAmount', render: formatPrice },
          { title: '开始', dataIndex: 'startDate', render: (d: string) => formatBeijingTime(d) },
          { title: '结束', dataIndex: 'endDate', render: (d: string) => formatBeijingTime(d) },
          {
            title: '图片',
            dataIndex: 'checkPass',
            render: (ok: boolean) => (ok ? <Tag color="green">3 张</Tag> : <Tag color="red">不符合</Tag>),
          },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        className="section-gap"
        onFinish={create}
        initialValues={{
          topic: 'fission',
          rewardYuan: 0,
          pics: Array.from({ length: ACTIVITY_PIC_COUNT }, () => ({ url: '', title: '' })),
        }}
      >
        <h3>新建活动</h3>
        <Space wrap>
          <Form.Item label="类型" name="topic">
            <Select style={{ width: 140 }} options={ACTIVITY_TOPICS.map((t) => ({ value: t, label: ACTIVITY_TOPIC_LABELS[t] }))} />
          </Form.Item>
          <Form.Item label="活动名称" name="title" rules={[{ required: true, message: '请填写活动名称' }]}>
            <Input style={{ width: 260 }} />
          </Form.Item>
          <Form.Item label="每笔订单奖励（元）" name="rewardYuan" rules={[{ required: true, message: '请填写奖励金额' }]}>
            <InputNumber min={0} max={1000} precision={2} />
          </Form.Item>
        </Space>
        <Form.Item label="活动介绍" name="description" rules={[{ required: true, message: '请填写活动介绍' }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item label="活动规则" name="rules" rules={[{ required: true, message: '请填写活动规则' }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <p className="muted">活动图片须正好 {ACTIVITY_PIC_COUNT} 张，填写本站图片地址（/uploads/… 或 /static/…）。</p>
        {PIC_SLOTS.map((slot, i) => (
          <Space key={slot} wrap>
            <Form.Item label={`图片 ${i + 1} 地址`} name={['pics', i, 'url']} rules={[{ required: true, message: '请填写图片地址' }]}>
              <Input style={{ width: 320 }} />
            </Form.Item>
            <Form.Item label="说明" name={['pics', i, 'title']}>
              <Input style={{ width: 200 }} />
            </Form.Item>
          </Space>
        ))}
        <Space wrap>
          <Form.Item label="开始时间（北京时间）" name="start" rules={[{ required: true, message: '请填写开始时间' }]}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item label="结束时间（北京时间）" name="end" rules={[{ required: true, message: '请填写结束时间' }]}>
            <Input type="datetime-local" />
          </Form.Item>
        </Space>
        <div>
          <Button type="primary" htmlType="submit" loading={busy}>
            创建活动
          </Button>
        </div>
      </Form>
    </div>
  );
}
