import { ACCOUNT_PATHS, CANCEL_TYPES, type CancelType } from '@jiyin/contracts/accounts';
import { isOk } from '@jiyin/contracts/envelope';
import { App, Button, Checkbox, Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { CodeField } from '../auth/CodeField.tsx';

const CANCEL_LABELS: Record<CancelType, string> = { privacy: '担心隐私', 'no-longer-used': '不再使用', other: '其他原因' };

/**
 * PIPL: download everything we hold about the account, and cancel the account (an application
 * naming the kits whose data goes with it, confirmed by an SMS code to the account's phone).
 */
export function YourData() {
  const api = useBrowserApi();
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [barcodes, setBarcodes] = useState<string[]>([]);
  const [applied, setApplied] = useState(false);
  const [form] = Form.useForm();

  const start = async () => {
    const [persons, state] = await Promise.all([api.persons(), api.cancelState()]);
    setBarcodes(isOk(persons) ? persons.data.list.filter((p) => p.isOwner).flatMap((p) => p.detections.map((d) => d.barcode)) : []);
    setApplied(isOk(state) && state.data.state === 'applied');
    form.resetFields();
    setOpen(true);
  };

  const apply = async () => {
    const v = await form.validateFields(['type', 'barcodes']);
    const res = await api.applyCancel({ type: v.type, barcodes: v.barcodes ?? [] });
    if (res.code !== 0) return message.error(res.msg);
    setApplied(true);
  };

  const confirm = async () => {
    const v = await form.validateFields(['authCode']);
    const res = await api.confirmCancel(v.authCode);
    if (res.code !== 0) return message.error(res.msg);
    message.success('账户已注销，相关数据已删除');
    window.location.assign('/');
  };

  return (
    <section>
      <h2 className="section-gap">你的数据</h2>
      <p className="muted">你可以随时下载我们保存的关于你的全部数据，或注销账户并删除数据。</p>
      <div className="your-data__actions">
        <Button href={ACCOUNT_PATHS.dataExport} download>
          下载我的数据
        </Button>
        <Button danger onClick={start}>
          注销账户
        </Button>
      </div>
      {/* Only after hydration: forceRender portals exist in the browser alone. */}
      {hydrated && (
        <Modal
          open={open}
          title="注销账户"
          onCancel={() => setOpen(false)}
          onOk={applied ? confirm : apply}
          okText={applied ? '确认注销' : '提交申请'}
          okButtonProps={{ danger: true }}
          cancelText="取消"
          forceRender
        >
          <p>注销后，账户、检测人、原始数据、报告与基因亲人匹配将被永久删除，且无法恢复。</p>
          <Form form={form} layout="vertical" requiredMark={false}>
            {applied ? (
              <CodeField form={form} purpose="cancel" />
            ) : (
              <>
                <Form.Item label="注销原因" name="type" rules={[{ required: true, message: '请选择注销原因' }]}>
                  <Radio.Group options={CANCEL_TYPES.map((t) => ({ value: t, label: CANCEL_LABELS[t] }))} />
                </Form.Item>
                {barcodes.length > 0 && (
                  <Form.Item label="一并删除这些条码的检测数据" name="barcodes" initialValue={barcodes}>
                    <Checkbox.Group options={barcodes} />
                  </Form.Item>
                )}
              </>
            )}
          </Form>
        </Modal>
      )}
    </section>
  );
}
