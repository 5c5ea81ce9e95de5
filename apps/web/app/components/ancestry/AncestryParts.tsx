import { RightOutlined } from '@ant-design/icons';
import type { AncestryShareView, AncestryUnavailable, HaplogroupCard, MethodSection } from '@jiyin/contracts/ancestryApi';
import { REPORT_THEMES } from '@jiyin/contracts/reportApi';
import { Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { themeBackground } from '../../lib/reportLevels.ts';
import { ReportLink } from '../report/ReportLink.tsx';
import { bandText, percent, populationColour } from './format.ts';

/** The ancestry pages' theme (the first of §2.2's twelve). */
export const ANCESTRY_THEME = REPORT_THEMES[0];

export function AncestryHero({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <section className="report-hero" style={{ background: themeBackground(ANCESTRY_THEME) }} data-testid={testId}>
      <h1>{title}</h1>
      {children}
    </section>
  );
}

/** The report's sub-pages (§2.2 ancestry sub-pages), the current one marked. */
export function AncestryTabs({ current }: { current: string }) {
  const tabs = [
    { to: '/report/ancestry', label: '祖源构成' },
    { to: '/report/ancestry/nation', label: '民族成分' },
    { to: '/report/ancestry/paternal', label: '父系溯源' },
    { to: '/report/ancestry/maternal', label: '母系溯源' },
    { to: '/report/ancestry/eastern-zhou', label: '东周分化树' },
    { to: '/report/ancestry/neolithic', label: '新石器分化树' },
  ];
  return (
    <nav className="ancestry-tabs" aria-label="祖源报告">
      {tabs.map((t) => (
        <ReportLink
          key={t.to}
          to={t.to}
          className={t.to === current ? 'active' : undefined}
          aria-current={t.to === current ? 'page' : undefined}
        >
          {t.label}
        </ReportLink>
      ))}
    </nav>
  );
}

/** Each group with its share and band, as text (the charts' figures, readable without them). */
export function ShareList({ populations, level }: { populations: AncestryShareView[]; level: number }) {
  return (
    <ul className="ancestry-share-list" data-testid="ancestry-share-list">
      {populations.map((p) => (
        <li key={p.id}>
          <span className="ancestry-dot" style={{ background: populationColour(p.id) }} />
          <span className="ancestry-share-list__name">{p.name}</span>
          <strong>{percent(p.share)}</strong>
          <span className="ancestry-share-list__band">{bandText(p, level)}</span>
        </li>
      ))}
    </ul>
  );
}

export function SharesTable({
  populations,
  level,
  withSource = false,
}: {
  populations: AncestryShareView[];
  level: number;
  withSource?: boolean;
}) {
  const band = `${Math.round(level * 100)}% 置信区间`;
  return (
    <Table<AncestryShareView>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={populations}
      data-testid="ancestry-shares-table"
      scroll={{ x: withSource ? 560 : undefined }}
      columns={[
        {
          title: '参考人群',
          dataIndex: 'name',
          render: (name: string, p) => (
            <span>
              <span className="ancestry-dot" style={{ background: populationColour(p.id) }} />
              {name}
            </span>
          ),
        },
        { title: '占比', dataIndex: 'share', align: 'right', render: (v: number) => <strong>{percent(v)}</strong> },
        { title: band, key: 'band', align: 'right', render: (_: unknown, p) => `${percent(p.low)}–${percent(p.high)}` },
        ...(withSource ? [{ title: '参考样本', dataIndex: 'source' }] : []),
      ]}
    />
  );
}

export function UnavailableList({ list }: { list: AncestryUnavailable[] }) {
  if (!list.length) return null;
  return (
    <section className="report-section" data-testid="ancestry-unavailable">
      <h2>暂未纳入的人群</h2>
      <ul className="ancestry-plain-list">
        {list.map((u) => (
          <li key={u.id}>
            <strong>{u.name}</strong>：{u.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The method note's sections as the server parsed them (paragraphs, lists, tables). */
export function MethodSections({ sections, headingLevel = 2 }: { sections: MethodSection[]; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      {sections.map((s) => (
        <section key={s.title} className="report-section ancestry-method" data-testid="ancestry-method-section">
          <H>{s.title}</H>
          {s.blocks.map((b, i) => {
            const key = `${s.title}-${i}`;
            if (b.type === 'paragraph') return <p key={key}>{b.text}</p>;
            if (b.type === 'list') {
              const L = b.ordered ? 'ol' : 'ul';
              return (
                <L key={key}>
                  {b.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </L>
              );
            }
            return (
              <div key={key} className="ancestry-method__table">
                <table>
                  <thead>
                    <tr>
                      {b.header.map((h) => (
                        <th key={h}>{h}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {b.rows.map((r) => (
                      <tr key={r.join('|')}>
                        {r.map((c, j) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                          <td key={j}>{c}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          })}
        </section>
      ))}
    </>
  );
}

const LINE_LABEL = { paternal: { title: '父系单倍群', chrom: 'Y 染色体' }, maternal: { title: '母系单倍群', chrom: '线粒体' } } as const;

export function HaplogroupCards({ cards }: { cards: HaplogroupCard[] }) {
  return (
    <div className="ancestry-cards">
      {cards.map((c) => (
        <ReportLink key={c.line} to={`/report/ancestry/${c.line}`} className="ancestry-card" data-testid={`haplogroup-card-${c.line}`}>
          <div className="ancestry-card__head">
            <span>{LINE_LABEL[c.line].title}</span>
            <Tag>{LINE_LABEL[c.line].chrom}</Tag>
          </div>
          {c.haplogroup ? (
            <>
              <div className="ancestry-card__name">{c.haplogroup}</div>
              {c.snpName && <div className="ancestry-card__snp">{c.snpName}</div>}
              {c.headline && <p>{c.headline}</p>}
            </>
          ) : (
            <>
              <div className="ancestry-card__name ancestry-card__name--none">未能判定</div>
              <p>{c.reason}</p>
            </>
          )}
          <span className="ancestry-card__more">
            查看溯源 <RightOutlined />
          </span>
        </ReportLink>
      ))}
    </div>
  );
}
