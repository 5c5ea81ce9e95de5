import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkButton, LinkButtonTheme } from '../app/components/LinkButton.tsx';
import { ANTD_THEME } from '../app/lib/theme.ts';

/** As the root layout configures antd. */
function render(node: ReactNode): string {
  // biome-ignore lint/correctness/noComponentHookFactories: a one-off route element per rendered case
  const Page = () => (
    <ConfigProvider button={{ autoInsertSpace: false }} theme={{ ...ANTD_THEME, zeroRuntime: true }}>
      <LinkButtonTheme>{node}</LinkButtonTheme>
    </ConfigProvider>
  );
  const Stub = createRoutesStub([{ path: '/', Component: Page }]);
  return renderToString(<Stub initialEntries={['/']} />);
}

/** The page's one anchor: its classes (as a set) and what it holds. */
function anchor(html: string) {
  const m = html.match(/<a ([^>]*)>(.*)<\/a>/s);
  if (!m) throw new Error(`no anchor in ${html}`);
  const classes = (m[1].match(/class="([^"]*)"/)?.[1] ?? '').split(/\s+/).filter(Boolean).sort();
  return { classes, inner: m[2] };
}

type Look = { type?: 'default' | 'primary' | 'link' | 'text'; size?: 'large' | 'small'; ghost?: boolean; block?: boolean };

const LOOKS: Look[] = [];
for (const type of [undefined, 'default', 'primary', 'link', 'text'] as const) {
  for (const size of [undefined, 'large', 'small'] as const) {
    for (const ghost of [false, true]) for (const block of [false, true]) LOOKS.push({ type, size, ghost, block });
  }
}

const LABELS: [string, ReactNode][] = [
  ['text', '立即购买'],
  ['two characters', '登录'],
  ['text and a number', ['去导入 ', 3, ' 份']],
  ['an element', <strong key="s">查看</strong>],
  ['text beside an element', ['查看', <em key="e">报告</em>, '详情']],
];

describe('LinkButton looks as antd Button does as a link', () => {
  it.each(LOOKS.map((l) => [JSON.stringify(l), l]))('%s: the same classes and markup', (_, look) => {
    for (const [, label] of LABELS) {
      const ours = anchor(
        render(
          <LinkButton to="/x" {...look}>
            {label}
          </LinkButton>,
        ),
      );
      const antd = anchor(
        render(
          <Button href="/x" {...look}>
            {label}
          </Button>,
        ),
      );
      expect(ours).toEqual(antd);
    }
  });

  it('carries an icon as antd does, and the caller’s own class', () => {
    const ours = anchor(
      render(
        <LinkButton to="/x" icon={<ArrowLeftOutlined />} className="section-gap">
          返回基因亲人列表
        </LinkButton>,
      ),
    );
    const antd = anchor(
      render(
        <Button href="/x" icon={<ArrowLeftOutlined />} className="section-gap">
          返回基因亲人列表
        </Button>,
      ),
    );
    expect(ours).toEqual(antd);
    expect(ours.classes).toContain('section-gap');
  });

  it('is one link, with no button inside it', () => {
    const html = render(
      <LinkButton to="/shop/gene/product-select" type="primary">
        选购检测
      </LinkButton>,
    );
    expect(html).not.toContain('<button');
    expect(html).toMatch(/<a [^>]*href="\/shop\/gene\/product-select"/);
  });
});
