import { ContentSections } from '../components/ContentSections.tsx';
import { ProductCard } from '../components/ProductCard.tsx';
import { gridColumns } from '../lib/grid.ts';
import { apiClient } from '../lib/api/index.ts';
import { pageTitle } from '../lib/brand.ts';
import { useRootData } from '../lib/rootData.ts';
import { unwrap } from '../lib/loaders.ts';
import type { Route } from './+types/home';
import { LinkButton } from '../components/LinkButton.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  return { content: unwrap(await apiClient(context.api).content('home')) };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle() },
  { name: 'description', content: '芯片基因检测、Y 染色体测序与家庭医学检测：健康风险、药物反应、个人特质、祖源分析与基因亲人。' },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  // The root loader already carries the product list (for the header): sent once in the page.
  const { products } = useRootData();
  const [tests, ...rest] = content.sections;
  return (
    <div className="home">
      <section className="hero">
        <div className="hero__inner">
          <img className="hero__art" src="/static/hero.svg" alt="" width={480} height={300} />
          <h1>{content.title}</h1>
          <p>{content.summary}</p>
          <div className="hero__actions">
            <LinkButton to="/shop/gene/product-select" type="primary" size="large">
              选购检测
            </LinkButton>
            <LinkButton to="/report" size="large" ghost>
              查看样例报告
            </LinkButton>
          </div>
        </div>
      </section>
      <div className="container">
        {tests && <ContentSections sections={[tests]} />}
        <section className="content-section" data-section="products">
          <h2>热门检测产品</h2>
          <div className="product-grid" style={gridColumns(products.length, 4)}>
            {products.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </div>
        </section>
        <ContentSections sections={rest} />
      </div>
    </div>
  );
}
