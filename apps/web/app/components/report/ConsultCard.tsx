import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button, Modal, QRCode } from 'antd';
import { useEffect, useState } from 'react';
import { useRootData } from '../../lib/rootData.ts';

/**
 * §2.6 ancestry consultation: a dialog with a QR code to add the consultant (it opens the service
 * page), answering ancestry and family-research questions in service hours.
 */
export function ConsultCard() {
  const { support } = useRootData().site;
  const [open, setOpen] = useState(false);
  const [serviceUrl, setServiceUrl] = useState('/ancestry/service');
  // The QR code must carry an absolute address, which only the browser knows.
  useEffect(() => setServiceUrl(new URL('/ancestry/service', window.location.origin).href), []);
  return (
    <section className="report-card report-promo" data-testid="consult-card">
      <CustomerServiceOutlined className="report-promo__icon" />
      <div>
        <h3>祖源顾问一对一咨询</h3>
        <p className="muted">祖源分析、寻根问祖、家族研究的问题，都可以问我们的顾问。点“添加顾问”显示顾问的微信二维码，扫码即可添加。</p>
        <Button size="small" onClick={() => setOpen(true)}>
          添加顾问
        </Button>
      </div>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title="添加祖源顾问" width={360} centered>
        <div className="consult-dialog" data-testid="consult-dialog">
          <QRCode value={serviceUrl} size={180} bordered={false} />
          <p>微信扫码添加祖源顾问，祖源与家族研究相关的问题都会为你解答。</p>
          <p className="muted">服务时间：{support.hours}</p>
        </div>
      </Modal>
    </section>
  );
}
