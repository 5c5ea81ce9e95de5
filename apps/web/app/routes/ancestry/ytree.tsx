import { CustomerServiceOutlined, ShareAltOutlined } from '@ant-design/icons';
import { isOk } from '@jiyin/contracts/envelope';
import { Alert, App, AutoComplete, Button, Descriptions, Input, Spin, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { YTreeCanvas } from '../../components/ancestry/YTreeCanvas.tsx';
import { YTreeComments } from '../../components/ancestry/YTreeComments.tsx';
import { buildModel, expandedFor, pathOf, searchNodes, type YTreeModel } from '../../components/ancestry/ytreeModel.ts';
import { yearsAgo } from '../../components/ancestry/format.ts';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { reportContext } from '../../lib/reportContext.ts';
import '../../components/ancestry/ancestry.css';
import type { Route } from './+types/ytree';
import { LinkButton } from '../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('Y 染色体谱系树') }];

/** Where the tree opens when neither the link nor the reader names a branch: the most common in China. */
const DEFAULT_BRANCH = 'O';

/**
 * §2.1 /ancestry/ytree: the public Y tree. The reader's own branch (signed in, with a current person
 * whose report has a Y haplogroup) is highlighted; ?haplogroup= opens a branch (share links).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('haplogroup')?.trim() || null;
  const ctx = await reportContext(request, context);
  let mine: string | null = null;
  if (ctx.mode === 'own' && ctx.barcode && ctx.current?.hasReport) {
    const res = await apiClient(context.api).haplogroupName(ctx.barcode);
    if (isOk(res)) mine = res.data.yhaplogroup;
  }
  return { asked, mine, loggedIn: ctx.loggedIn, personName: ctx.current?.name ?? null };
}

function NodePanel({ model, i, mine }: { model: YTreeModel; i: number; mine: number }) {
  const { message } = App.useApp();
  const [name, , snpName, age, snps, snpCount] = model.rows[i];
  const path = pathOf(model, i).map((n) => model.rows[n][0]);
  const share = async () => {
    const link = `${window.location.origin}/ancestry/ytree?haplogroup=${encodeURIComponent(name)}`;
    try {
      await navigator.clipboard.writeText(link);
      message.success('链接已复制，可以发给亲友');
    } catch {
      message.info(link);
    }
  };
  return (
    <section className="ytree-panel__node" data-testid="ytree-selected">
      <h2>
        {name} {i === mine && <Tag color="orange">我的父系</Tag>}
      </h2>
      <Descriptions
        size="small"
        column={1}
        items={[
          ...(snpName ? [{ key: 'snp', label: 'SNP 命名', children: snpName }] : []),
          {
            key: 'age',
            label: '共同祖先',
            children: age !== null ? `${yearsAgo(age)}（已发表的估计）` : '暂无已发表的年代估计',
          },
          {
            key: 'snps',
            label: '定义位点',
            children: snps ? `${snps.split('/').join('、')}${snpCount > 6 ? ` 等 ${snpCount} 个` : ''}` : '—',
          },
          { key: 'kids', label: '下游分支', children: `${model.children[i].length} 个直接分支，共 ${model.size[i]} 个` },
          { key: 'path', label: '路径', children: <span className="ytree-panel__path">{path.join(' → ')}</span> },
        ]}
      />
      <div className="ytree-panel__actions">
        <Button icon={<ShareAltOutlined />} onClick={share} data-testid="ytree-share">
          分享这个分支
        </Button>
        <LinkButton to="/ancestry/service" icon={<CustomerServiceOutlined />}>
          咨询祖源顾问
        </LinkButton>
      </div>
    </section>
  );
}

export default function YTreePage({ loaderData }: Route.ComponentProps) {
  const { asked, mine: mineName, loggedIn, personName } = loaderData;
  const api = useBrowserApi();
  const [model, setModel] = useState<YTreeModel | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState(0);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [focusKey, setFocusKey] = useState(0);
  const [query, setQuery] = useState('');
  const [notFound, setNotFound] = useState<string | null>(null);

  // The tree (4,000+ branches) loads after the page: the server sends the page without it.
  useEffect(() => {
    let stale = false;
    api.yTree().then((res) => {
      if (stale) return;
      if (!isOk(res)) return setFailed(true);
      setModel(buildModel(res.data.nodes));
    });
    return () => {
      stale = true;
    };
  }, [api]);

  const mine = model && mineName ? (model.byName.get(mineName) ?? -1) : -1;

  // First view: the linked branch, else the reader's own, else the default; paths to both opened.
  useEffect(() => {
    if (!model) return;
    const linked = asked ? (searchNodes(model, asked, 1)[0] ?? -1) : -1;
    if (asked && linked < 0) setNotFound(asked);
    const start = linked >= 0 ? linked : mine >= 0 ? mine : (model.byName.get(DEFAULT_BRANCH) ?? 0);
    setSelected(start);
    setExpanded(expandedFor(model, [start, ...(mine >= 0 ? [mine] : [])]));
    setFocusKey((k) => k + 1);
  }, [model, asked, mine]);

  const goTo = (i: number) => {
    if (!model) return;
    setSelected(i);
    setExpanded((open) => new Set([...open, ...expandedFor(model, [i])]));
    setFocusKey((k) => k + 1);
  };

  const onNodeClick = (i: number) => {
    if (!model) return;
    if (i !== selected) {
      setSelected(i);
      if (!expanded.has(i) && model.children[i].length) setExpanded((open) => new Set(open).add(i));
      return;
    }
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  };

  const options = useMemo(
    () =>
      model
        ? searchNodes(model, query).map((i) => ({
            value: model.rows[i][0],
            label: (
              <span data-testid="ytree-search-option">
                <strong>{model.rows[i][0]}</strong> <span className="muted">{model.rows[i][2]}</span>
              </span>
            ),
          }))
        : [],
    [model, query],
  );

  const search = (text: string) => {
    if (!model) return;
    const hit = searchNodes(model, text, 1)[0];
    if (hit === undefined) {
      setNotFound(text.trim());
      return;
    }
    setNotFound(null);
    goTo(hit);
  };

  return (
    <div className="ytree-page" data-testid="ytree-page">
      <header className="ytree-head">
        <div>
          <h1>Y 染色体谱系树</h1>
          <p>
            所有现代男性的父系都能追溯到同一位共同祖先。这棵树（ISOGG 2019–2020 版）记录了此后的每一次分化，共约 4,400
            个分支；年代只标注已发表研究的估计。可以拖动、缩放，点击分支展开或收起。
          </p>
        </div>
        <AutoComplete
          className="ytree-search"
          options={options}
          value={query}
          onChange={setQuery}
          onSelect={(v: string) => {
            setQuery(v);
            search(v);
          }}
        >
          <Input.Search
            placeholder="搜索单倍群或 SNP，例如 O2a1b、O-F11、M175"
            enterButton="搜索"
            onSearch={search}
            aria-label="搜索单倍群"
            data-testid="ytree-search"
          />
        </AutoComplete>
      </header>
      {notFound && <Alert type="warning" showIcon closable message={`谱系树中没有找到“${notFound}”`} onClose={() => setNotFound(null)} />}
      {mineName && mine >= 0 && (
        <Alert
          type="info"
          showIcon
          className="ytree-mine"
          data-testid="ytree-mine-note"
          message={
            <>
              {personName ? `${personName}的` : '您的'}父系单倍群是 <strong>{mineName}</strong>，已在树中以橙色标出。
            </>
          }
        />
      )}
      <div className="ytree-body">
        {model ? (
          <YTreeCanvas
            model={model}
            expanded={expanded}
            selected={selected}
            mine={mine}
            focusKey={focusKey}
            onNodeClick={onNodeClick}
            onLocateMine={() => goTo(mine)}
          />
        ) : (
          <div className="ytree-canvas ytree-canvas--loading">
            {failed ? (
              <p>谱系树加载失败，请刷新重试。</p>
            ) : (
              <div>
                <Spin /> 正在加载谱系树…
              </div>
            )}
          </div>
        )}
        <aside className="ytree-panel" aria-label="分支详情">
          {model ? <NodePanel model={model} i={selected} mine={mine} /> : <Spin />}
          {model && <YTreeComments haplogroup={model.rows[selected][0]} loggedIn={loggedIn} />}
        </aside>
      </div>
    </div>
  );
}
