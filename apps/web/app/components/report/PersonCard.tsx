import { ManOutlined, SwapOutlined, WomanOutlined } from '@ant-design/icons';
import { SAMPLE_PERSON_NAME } from '@jiyin/contracts/reportApi';
import { Avatar, Button, Tag } from 'antd';
import type { ReportContext } from '../../lib/reportContext.ts';
import { PersonSwitcher } from './PersonSwitcher.tsx';

/** The person a report page is about, whichever way it is viewed. */
export function displayPerson(ctx: ReportContext): {
  name: string;
  gender: 'male' | 'female' | null;
  detail: string[];
  badge: string | null;
} | null {
  if (ctx.mode === 'share' && ctx.share) {
    return { name: ctx.share.shareSct.name, gender: ctx.share.shareSct.gender, detail: [ctx.share.shareBarcode], badge: '分享查看' };
  }
  if (ctx.mode === 'sample') return { name: SAMPLE_PERSON_NAME, gender: null, detail: ['基于合成的示例基因组'], badge: '样例' };
  if (ctx.current) {
    return {
      name: ctx.current.name,
      gender: ctx.current.gender,
      detail: [ctx.current.productName, ctx.current.barcode],
      badge: ctx.current.shared ? '他人分享' : null,
    };
  }
  // A barcode outside the user's detections, or a share link that no longer works: nobody to show.
  return null;
}

/** §2.6 dashboard: the current tested person with a switch button. */
export function PersonCard({ ctx }: { ctx: ReportContext }) {
  const p = displayPerson(ctx);
  if (!p) return null;
  const colour = p.gender === 'female' ? 'linear-gradient(135deg,#f759ab,#ff9c6e)' : 'linear-gradient(135deg,#5b8cff,#36cfc9)';
  return (
    <section className="report-card person-card-report" data-testid="report-person-card">
      <Avatar size={52} style={{ background: colour, flex: 'none' }}>
        {p.name.slice(0, 1)}
      </Avatar>
      <div className="person-card-report__text">
        <h2>
          {p.name} {p.gender && (p.gender === 'female' ? <WomanOutlined className="muted" /> : <ManOutlined className="muted" />)}
          {p.badge && <Tag className="person-card-report__badge">{p.badge}</Tag>}
        </h2>
        {p.detail.map((line) => (
          <p key={line} className="muted">
            {line}
          </p>
        ))}
      </div>
      {ctx.mode === 'own' && ctx.entries.length > 1 && (
        <PersonSwitcher entries={ctx.entries} current={ctx.barcode}>
          <Button size="small" icon={<SwapOutlined />} data-testid="person-card-switch">
            切换
          </Button>
        </PersonSwitcher>
      )}
    </section>
  );
}
