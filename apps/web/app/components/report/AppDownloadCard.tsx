import { MobileOutlined } from '@ant-design/icons';
import { useRootData } from '../../lib/rootData.ts';
import { LinkButton } from '../LinkButton.tsx';

/** §2.6: the app, named from configuration, for report updates on the phone; the web report is complete. */
export function AppDownloadCard() {
  const { app } = useRootData().site;
  return (
    <section className="report-card report-promo" data-testid="app-download-card">
      <MobileOutlined className="report-promo__icon" />
      <div>
        <h3>在手机上看报告</h3>
        <p className="muted">下载{app.name}，随时查看同一份报告，并在报告更新、检测进度变化时收到通知。</p>
        <LinkButton to="/app" type="primary" size="small">
          下载 App
        </LinkButton>
      </div>
    </section>
  );
}
