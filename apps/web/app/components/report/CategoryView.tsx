import { RightOutlined } from '@ant-design/icons';
import type { ReportCategoryView, ReportItemSummary } from '@jiyin/contracts/reportApi';
import { Tag } from 'antd';
import { categoryByApi, NO_RESULT, themeBackground, toneColour } from '../../lib/reportLevels.ts';
import { ItemList } from './ItemList.tsx';
import { ReportLink } from './ReportLink.tsx';

/** Drug items by their class, in first-seen order (§2.2 drug categories). */
export function drugClasses(items: ReportItemSummary[]): { id: string; name: string; items: ReportItemSummary[] }[] {
  const classes = new Map<string, { id: string; name: string; items: ReportItemSummary[] }>();
  for (const item of items) {
    const id = item.drugClassId ?? 'other';
    const found = classes.get(id) ?? { id, name: item.drugClass ?? '其他药物', items: [] };
    found.items.push(item);
    classes.set(id, found);
  }
  return [...classes.values()];
}

export function Crumbs({ trail }: { trail: { to?: string; label: string }[] }) {
  return (
    <nav className="report-crumbs" aria-label="位置">
      {trail.map((t, i) => (
        <span key={t.label} className="report-crumbs">
          {i > 0 && <RightOutlined style={{ fontSize: 10 }} />}
          {t.to ? <ReportLink to={t.to}>{t.label}</ReportLink> : <span>{t.label}</span>}
        </span>
      ))}
    </nav>
  );
}

function CategoryHero({ view, title }: { view: ReportCategoryView; title?: string }) {
  const undetected = view.items.filter((i) => i.status === 'unDetected' && i.productStatus === 0).length;
  return (
    <section className="report-hero" style={{ background: themeBackground(view.theme) }} data-testid="category-hero">
      <h1>{title ?? view.name}</h1>
      <p>{view.description}</p>
      <div className="report-hero__meta">
        <Tag>共 {view.total} 项</Tag>
        {view.verdictCounts.map((v) => (
          <Tag key={v.level} color={toneColour(v.tone)}>
            {v.badge} {v.count}
          </Tag>
        ))}
        {undetected > 0 && (
          <Tag>
            {NO_RESULT} {undetected}
          </Tag>
        )}
      </div>
    </section>
  );
}

/** A category page (§2.2): its theme head and its items; drugs grouped by class. */
export function CategoryView({ view, title }: { view: ReportCategoryView; title?: string }) {
  const page = categoryByApi(view.category)?.page ?? view.category;
  const grouped = view.category === 'drug' && !view.categoryId;
  return (
    <>
      <Crumbs
        trail={[
          { to: '/report', label: '个人首页' },
          ...(view.categoryId ? [{ to: `/report/${page}`, label: '药物反应' }] : []),
          { label: title ?? view.name },
        ]}
      />
      <CategoryHero view={view} title={title} />
      {grouped ? (
        drugClasses(view.items).map((c) => (
          <section key={c.id} className="report-section" data-testid="drug-class-section">
            <h2>
              {c.name} <span className="report-section__count">{c.items.length}项</span>
              <ReportLink
                to={`/report/drug/class/${encodeURIComponent(c.id)}`}
                className="report-section__count"
                data-testid="drug-class-link"
              >
                查看分类 <RightOutlined />
              </ReportLink>
            </h2>
            <ItemList category={view.category} items={c.items} />
          </section>
        ))
      ) : (
        <ItemList category={view.category} items={view.items} />
      )}
    </>
  );
}
