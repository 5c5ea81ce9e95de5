import { REPORT_REASONS } from '@jiyin/contracts/community';
import { isOk } from '@jiyin/contracts/envelope';
import { App, Button, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useBrowserApi } from '../../lib/browserApi.ts';

/** 举报: a post or comment goes to staff with a reason (the server keeps a copy of what was reported). */
export function ReportButton({ targetKind, targetId }: { targetKind: 'post' | 'comment'; targetId: string }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>(REPORT_REASONS[0].id);
  const [detail, setDetail] = useState('');
  return (
    <>
      <Button type="link" size="small" className="report-button" onClick={() => setOpen(true)} data-testid={`${targetKind}-report`}>
        举报
      </Button>
      <Modal
        title="举报"
        open={open}
        okText="提交"
        cancelText="取消"
        onCancel={() => setOpen(false)}
        onOk={async () => {
          const res = await api.report(targetKind, targetId, reason, detail);
          if (!isOk(res)) return void message.error(res.msg);
          message.success('举报已提交，我们会尽快处理');
          setOpen(false);
        }}
      >
        <Radio.Group
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          options={REPORT_REASONS.map((r) => ({ value: r.id, label: r.name }))}
        />
        <Input.TextArea
          className="report-button__detail"
          value={detail}
          onChange={(e) => setDetail(e.target.value)}
          placeholder="补充说明（选填）"
          maxLength={200}
          aria-label="补充说明"
        />
      </Modal>
    </>
  );
}
