import { MobileOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { AppLink } from '../AppLink.tsx';

/** §2.6: web results keep updating; the full results are in the app. */
export function AppDownloadCard() {
  return (
    <section className="report-card report-promo" data-testid="app-download-card">
      <MobileOutlined className="report-promo__icon" />
      <div>
        <h3>下载 App 查看完整报告</h3>
        <p className="muted">网页版结果持续更新中，完整结果与更多解读请在 App 中查看。</p>
        <AppLink to="/app">
          <Button type="primary" size="small">
            下载 App
          </Button>
        </AppLink>
      </div>
    </section>
  );
}
