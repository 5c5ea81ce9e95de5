import type { SurnameSummary } from '@jiyin/contracts/libraryApi';
import { AppLink } from '../../components/AppLink.tsx';
import { Section, SurnameCard, SurnameSearchBox, surnameHref } from '../../components/library/SurnameParts.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/library-surname';

export const meta = () => [{ title: pageTitle('姓氏库') }];

/** §2.1 /ancestry/library-surname: search, the census top 20 and every surname of the library by initial. */
export async function loader({ context }: Route.LoaderArgs) {
  return { all: unwrap(await apiClient(context.api).surnameTop(600)).list };
}

function byInitial(all: SurnameSummary[]): [string, SurnameSummary[]][] {
  const groups = new Map<string, SurnameSummary[]>();
  for (const s of all) {
    const letter = s.pinyin.normalize('NFD')[0].toUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), s]);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

export default function LibrarySurname({ loaderData }: Route.ComponentProps) {
  const { all } = loaderData;
  const ranked = all.filter((s) => s.rank !== null);
  return (
    <div className="library-page" data-testid="library-surname">
      <div className="library-hero">
        <h1>姓氏库</h1>
        <p className="muted">收录《百家姓》全部姓氏及几个常见姓氏，共 {all.length} 个：拼音、郡望、人口排名、历史名人与基因单倍群。</p>
        <SurnameSearchBox />
        <p className="muted">
          也可浏览 <AppLink to="/ancestry/library-family">家族库</AppLink>。
        </p>
      </div>
      <Section title="人口最多的姓氏" testId="surname-top">
        <div className="surname-grid">
          {ranked.map((s) => (
            <SurnameCard key={s.name} s={s} />
          ))}
        </div>
        <p className="muted">排名、人口占比：国家统计局 2010 年第六次全国人口普查公布的前 20 位姓氏。其余姓氏的排名暂无数据。</p>
      </Section>
      <Section title="按拼音浏览" testId="surname-all">
        {byInitial(all).map(([letter, list]) => (
          <div key={letter} className="surname-letter-group">
            <h3>{letter}</h3>
            <div className="surname-letters">
              {list.map((s) => (
                <AppLink key={s.name} to={surnameHref(s.name)}>
                  {s.name}
                </AppLink>
              ))}
            </div>
          </div>
        ))}
      </Section>
    </div>
  );
}
