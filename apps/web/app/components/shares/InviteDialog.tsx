import type { Envelope } from '@jiyin/contracts/envelope';
import { isOk } from '@jiyin/contracts/envelope';
import type { ShareInviteStatus } from '@jiyin/contracts/sharesApi';
import { App, Button, Form, Modal, Radio, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { PhoneField } from '../auth/PhoneField.tsx';
import './shares.css';

/** One line of the owner's list: an accepted share (with the account's name) or an invitation (masked number only). */
export interface InviteRow {
  key: string;
  name: string | null;
  phone: string;
  status: ShareInviteStatus;
  roleLabel?: string;
  remove: () => Promise<Envelope<null>>;
}

export type InviteRole = 'editor' | 'viewer';

const STATUS: Record<ShareInviteStatus, { text: string; color: string; action: string }> = {
  accepted: { text: '已接受', color: 'green', action: '取消分享' },
  pending: { text: '待对方接受', color: 'blue', action: '撤回邀请' },
  expired: { text: '邀请已过期', color: 'default', action: '删除' },
};

/**
 * The owner invites a phone number (a tree or a tested person). The answer never says whether the
 * number has an account; the list shows names only for accepted shares.
 */
export function InviteDialog(props: {
  title: string;
  intro: string;
  /** Trees: browse-only viewer or editor. */
  withRole?: boolean;
  load: () => Promise<InviteRow[]>;
  send: (body: { nationCode: string; phoneNumber: string; role: InviteRole }) => Promise<Envelope<{ notice: string }>>;
  onClose: () => void;
}) {
  const { load, send } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<{ nationCode: string; phoneNumber: string; role: InviteRole }>();
  const [rows, setRows] = useState<InviteRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(async () => setRows(await load()), [load]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const submit = async (v: { nationCode: string; phoneNumber: string; role?: InviteRole }) => {
    setBusy(true);
    const r = await send({ nationCode: v.nationCode, phoneNumber: v.phoneNumber.trim(), role: v.role ?? 'viewer' });
    setBusy(false);
    if (!isOk(r)) return setError(r.msg);
    setError(null);
    form.resetFields(['phoneNumber']);
    message.success(r.data.notice);
    await reload();
  };
  return (
    <Modal open title={props.title} onCancel={props.onClose} footer={null} width={560}>
      <p className="muted">{props.intro}</p>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ role: 'viewer' }} className="invite-form">
        <PhoneField />
        {props.withRole && (
          <Form.Item name="role" label="对方权限">
            <Radio.Group
              options={[
                { value: 'viewer', label: '只读浏览' },
                { value: 'editor', label: '可编辑' },
              ]}
            />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={busy}>
          发送邀请
        </Button>
      </Form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {rows.length > 0 && (
        <ul className="invite-rows" data-testid="invite-rows">
          {rows.map((r) => (
            <li key={r.key}>
              <span className="invite-rows__who">{r.name ? `${r.name}（${r.phone}）` : r.phone}</span>
              {r.roleLabel && <span className="muted">{r.roleLabel}</span>}
              <Tag color={STATUS[r.status].color}>{STATUS[r.status].text}</Tag>
              <Button
                size="small"
                type="link"
                onClick={async () => {
                  const res = await r.remove();
                  if (res.code !== 0) message.error(res.msg);
                  await reload();
                }}
              >
                {STATUS[r.status].action}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
