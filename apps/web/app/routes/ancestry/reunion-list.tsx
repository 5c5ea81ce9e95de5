import { isOk } from '@jiyin/contracts/envelope';
import type { ReunionClue, ReunionEntryView } from '@jiyin/contracts/treesApi';
import { App, Button, Empty, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { dateLabel } from '../../components/trees/treeModel.ts';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { unwrap } from '../../lib/loaders.ts';
import '../../components/trees/trees.css';
import type { Route } from './+types/reunion-list';
import { LinkButton } from '../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('我的寻亲登记') }];

export async function loader({ context }: Route.LoaderArgs) {
  return unwrap(await apiClient(context.api).reunionList()).list;
}

const placeText = (p: ReunionEntryView['lostPlace']) =>
  p ? [p.province.name, p.city?.name, p.district?.name].filter((x) => x && x !== '市辖区').join('') : '地点不详';

function Clues({ entry }: { entry: ReunionEntryView }) {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [clues, setClues] = useState<ReunionClue[] | null>(null);
  const load = async () => {
    const r = await api.reunionClues(entry.id);
    if (!isOk(r)) return message.error(r.msg);
    setClues(r.data.list);
  };
  const contact = async (c: ReunionClue) => {
    const r = await api.reunionContact(entry.id, c.id);
    if (!isOk(r)) return message.info(r.msg);
    navigate('/user/messages');
  };
  if (!clues) return <Button onClick={load}>查看线索</Button>;
  if (!clues.length) return <p className="tree-muted">暂无线索。关联检测人后，基因亲人也会成为线索。</p>;
  return (
    <div data-testid="reunion-clues">
      {clues.map((c) => (
        <div key={c.id} className="reunion-clue">
          <strong>{c.title}</strong>
          <div className="tree-muted">{c.detail}</div>
          {c.kind === 'relative' ? (
            <AppLink to="/report/gene-relatives">查看基因亲人</AppLink>
          ) : c.canContact ? (
            <Button size="small" type="primary" onClick={() => contact(c)}>
              发私信
            </Button>
          ) : (
            <Tag>联系暂未开放：双方需关联检测人且互为基因亲人</Tag>
          )}
        </div>
      ))}
    </div>
  );
}

/** §2.1 /ancestry/reunion/list (guarded, §6): the caller's own entries with their clues. */
export default function ReunionList({ loaderData }: Route.ComponentProps) {
  const [list, setList] = useState<ReunionEntryView[]>(loaderData);
  const api = useBrowserApi();
  const { message } = App.useApp();
  return (
    <div className="reunion-page">
      <Space className="family-tree-head">
        <h1>我的寻亲登记</h1>
        <LinkButton to="/ancestry/reunion/edit" type="primary">
          新的登记
        </LinkButton>
      </Space>
      {list.length === 0 && <Empty description="还没有寻亲登记" />}
      {list.map((e) => (
        <article key={e.id} className="reunion-card" data-testid="reunion-entry">
          <h3>
            寻找{e.relation}：{e.soughtSurname}
            {e.soughtName}
          </h3>
          <p className="tree-muted">
            {dateLabel(e.lostDate ?? null)} · {placeText(e.lostPlace ?? null)}
            {e.personName ? ` · 已关联检测人 ${e.personName}` : ''}
          </p>
          <p>{e.story}</p>
          {e.photos.length > 0 && (
            <div className="reunion-photos">
              {e.photos.map((p) => (
                <img key={p} src={p} alt="寻亲照片" />
              ))}
            </div>
          )}
          <Space wrap>
            <LinkButton to={`/ancestry/reunion/edit/${e.id}`}>编辑</LinkButton>
            <Popconfirm
              title="删除这条寻亲登记？"
              okText="删除"
              cancelText="取消"
              onConfirm={async () => {
                const r = await api.deleteReunion(e.id);
                if (r.code !== 0) return message.error(r.msg);
                setList((l) => l.filter((x) => x.id !== e.id));
              }}
            >
              <Button danger>删除</Button>
            </Popconfirm>
          </Space>
          <Clues entry={e} />
        </article>
      ))}
    </div>
  );
}
