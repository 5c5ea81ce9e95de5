import type { SiteContent } from '@jiyin/contracts/api';
import { gridColumns } from '../lib/grid.ts';
import { AppLink } from './AppLink.tsx';
import { ContentIcon } from './ContentIcon.tsx';

/** Renders the sections of an editorial page from the database as given. */
export function ContentSections({ sections }: { sections: SiteContent['sections'] }) {
  return (
    <>
      {sections.map((s) => (
        <section key={s.key} className="content-section" data-section={s.key}>
          <h2>{s.heading}</h2>
          {s.body && <p className="content-section__body">{s.body}</p>}
          {s.items && (
            <div className="card-grid" style={gridColumns(s.items.length, 4)}>
              {s.items.map((item) => {
                const inner = (
                  <>
                    <ContentIcon name={item.icon} />
                    <h3>{item.title}</h3>
                    <p>{item.text}</p>
                  </>
                );
                return item.link ? (
                  <AppLink key={item.title} to={item.link} className="info-card info-card--link">
                    {inner}
                  </AppLink>
                ) : (
                  <div key={item.title} className="info-card">
                    {inner}
                  </div>
                );
              })}
            </div>
          )}
        </section>
      ))}
    </>
  );
}
