import type { PersonView } from '@jiyin/contracts/accounts';
import { type PhotoView, STORIES_PAGE_SIZE, type StoryView, type TreeDataView, type TreePersonView } from '@jiyin/contracts/treesApi';
import { App, Button, Descriptions, Form, Input, Popconfirm, Select, Space, Tag, Upload } from 'antd';
import { useEffect, useState } from 'react';
import type { RelationKind } from '../../lib/api/trees.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { TreeFiles } from './TreeFiles.tsx';
import { dateLabel, fullName, type TreeIndex } from './treeModel.ts';

const ADD: { kind: RelationKind; label: string }[] = [
  { kind: 'parent', label: '添加父母' },
  { kind: 'child', label: '添加子女' },
  { kind: 'spouse', label: '添加配偶' },
  { kind: 'sibling', label: '添加兄弟姐妹' },
];

function placeText(p: TreePersonView): string {
  const b = p.birthPlace;
  return b ? [b.province.name, b.city?.name, b.district?.name].filter((x) => x && x !== '市辖区').join(' ') : '未填写';
}

/** Life stories of a person, 15 a page (§9); editors add them. */
function Stories({ treeId, person, canEdit }: { treeId: string; person: TreePersonView; canEdit: boolean }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [list, setList] = useState<StoryView[]>([]);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [form] = Form.useForm<{ title: string; content: string }>();

  useEffect(() => {
    let live = true;
    void api.stories(treeId, person.id, 1).then((r) => {
      if (!live || r.code !== 0 || !r.data) return;
      setList(r.data.list);
      setPage(1);
      setMore(r.data.list.length === STORIES_PAGE_SIZE);
    });
    return () => {
      live = false;
    };
  }, [api, treeId, person.id]);

  const loadMore = async () => {
    const r = await api.stories(treeId, person.id, page + 1);
    if (r.code !== 0 || !r.data) return message.error(r.msg);
    setList((l) => [...l, ...(r.data?.list ?? [])]);
    setPage(page + 1);
    setMore(r.data.list.length === STORIES_PAGE_SIZE);
  };
  const add = async () => {
    const v = await form.validateFields();
    const r = await api.addStory(treeId, person.id, v);
    if (r.code !== 0 || !r.data) return message.error(r.msg);
    setList((l) => [r.data as StoryView, ...l]);
    form.resetFields();
  };

  return (
    <section className="tree-stories" aria-label="生平故事">
      <h3>生平故事</h3>
      {list.length === 0 && <p className="tree-muted">暂无故事</p>}
      {list.map((s) => (
        <article key={s.id} className="tree-story">
          <h4>{s.title}</h4>
          <p>{s.content}</p>
        </article>
      ))}
      {more && (
        <Button size="small" onClick={loadMore}>
          加载更多
        </Button>
      )}
      {canEdit && (
        <Form form={form} layout="vertical" requiredMark={false} className="tree-story-form">
          <Form.Item name="title" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
            <Input maxLength={60} placeholder="故事标题" aria-label="故事标题" />
          </Form.Item>
          <Form.Item name="content" rules={[{ required: true, whitespace: true, message: '请输入内容' }]}>
            <Input.TextArea maxLength={5000} autoSize={{ minRows: 2, maxRows: 6 }} placeholder="记下他/她的经历" aria-label="故事内容" />
          </Form.Item>
          <Button onClick={add}>添加故事</Button>
        </Form>
      )}
    </section>
  );
}

/** The person's photo album; editors upload (png/jpg, scaled to at most 800 px by the server) and remove. */
function Album({ treeId, person, canEdit }: { treeId: string; person: TreePersonView; canEdit: boolean }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [list, setList] = useState<PhotoView[]>([]);
  const [caption, setCaption] = useState('');
  useEffect(() => {
    let live = true;
    void api.photos(treeId, person.id).then((r) => live && r.code === 0 && r.data && setList(r.data.list));
    return () => {
      live = false;
    };
  }, [api, treeId, person.id]);
  const upload = async (file: File) => {
    const up = await api.uploadImage(file, file.name, 'genealogy');
    if (up.code !== 0 || !up.data) return message.error(up.msg);
    const r = await api.addPhoto(treeId, person.id, { url: up.data.uploadUrl, caption: caption.trim() });
    if (r.code !== 0 || !r.data) return message.error(r.msg);
    setList((l) => [...l, r.data as PhotoView]);
    setCaption('');
  };
  return (
    <section className="tree-album" aria-label="相册">
      <h3>相册</h3>
      {list.length === 0 && <p className="tree-muted">暂无照片</p>}
      <div className="reunion-photos">
        {list.map((p) => (
          <figure key={p.id} className="tree-album__photo">
            <img src={p.url} alt={p.caption || '家族照片'} />
            {p.caption && <figcaption>{p.caption}</figcaption>}
            {canEdit && (
              <Popconfirm
                title="删除这张照片？"
                okText="删除"
                cancelText="取消"
                onConfirm={async () => {
                  const r = await api.deletePhoto(treeId, person.id, p.id);
                  if (r.code !== 0) return message.error(r.msg);
                  setList((l) => l.filter((x) => x.id !== p.id));
                }}
              >
                <Button size="small" type="link" danger>
                  删除
                </Button>
              </Popconfirm>
            )}
          </figure>
        ))}
      </div>
      {canEdit && (
        <Space.Compact className="tree-album__add">
          <Input
            placeholder="照片说明（选填）"
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            maxLength={60}
            aria-label="照片说明"
          />
          <Upload accept="image/png,image/jpeg" showUploadList={false} customRequest={({ file }) => upload(file as File)}>
            <Button>上传照片</Button>
          </Upload>
        </Space.Compact>
      )}
    </section>
  );
}

/**
 * The selected person: names, dates as entered, place, the tested person linked (haplogroups), DNA
 * beside the tree relationship, warnings, and what the reader's role allows (edit, add relatives,
 * link, fold, focus, delete).
 */
export function PersonPanel({
  data,
  idx,
  person,
  tested,
  folded,
  onEdit,
  onAdd,
  onLink,
  onFocus,
  onToggle,
  onDelete,
}: {
  data: TreeDataView;
  idx: TreeIndex;
  person: TreePersonView;
  tested: PersonView[];
  folded: boolean;
  onEdit: () => void;
  onAdd: (kind: RelationKind) => void;
  onLink: (testedId: string | null) => void;
  onFocus: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const canEdit = data.role !== 'viewer';
  const warnings = data.warnings.filter((w) => w.personId === person.id);
  const dna = data.dna.filter((d) => d.a === person.id || d.b === person.id);
  const names = (ids: string[] | undefined) =>
    (ids ?? [])
      .map((id) => idx.byId.get(id))
      .filter((p): p is TreePersonView => Boolean(p))
      .map(fullName)
      .join('、') || '无';
  return (
    <div className="tree-person-panel" data-testid="tree-person-panel">
      <h2>
        {fullName(person)} {person.hidden ? <Tag>在世</Tag> : person.living ? <Tag color="green">在世</Tag> : null}
        {person.link && <Tag color="orange">已关联检测人</Tag>}
      </h2>
      {person.hidden ? (
        <p className="tree-muted">这位家人在世，分享的家谱只显示“在世”，不显示详细信息。</p>
      ) : (
        <Descriptions
          size="small"
          column={1}
          items={[
            ...(person.courtesyName ? [{ key: 'zi', label: '字', children: person.courtesyName }] : []),
            ...(person.artName ? [{ key: 'hao', label: '号', children: person.artName }] : []),
            { key: 'sex', label: '性别', children: person.sex === 'male' ? '男' : person.sex === 'female' ? '女' : '不详' },
            {
              key: 'birth',
              label: '出生',
              children: `${dateLabel(person.birth)}${person.birth?.chooseLunarCalendar && person.birthText ? `（公历 ${person.birthText}）` : ''}`,
            },
            ...(person.living ? [] : [{ key: 'death', label: '去世', children: dateLabel(person.death) }]),
            { key: 'place', label: '出生地', children: placeText(person) },
            { key: 'parents', label: '父母', children: names(idx.parents.get(person.id)) },
            { key: 'spouses', label: '配偶', children: names(idx.spouses.get(person.id)) },
            { key: 'children', label: '子女', children: names(idx.children.get(person.id)) },
            ...(person.notes ? [{ key: 'notes', label: '备注', children: <span className="tree-notes">{person.notes}</span> }] : []),
          ]}
        />
      )}
      {person.link && (
        <div className="tree-link" data-testid="tree-link">
          <strong>关联检测人：{person.link.name}</strong>
          <div>Y 单倍群：{person.link.yHaplogroup ?? '暂无数据'}</div>
          <div>mtDNA 单倍群：{person.link.mtHaplogroup ?? '暂无数据'}</div>
        </div>
      )}
      {dna.map((d) => {
        const other = idx.byId.get(d.a === person.id ? d.b : d.a);
        return (
          <div key={`${d.a}-${d.b}`} className={d.contradicts ? 'tree-dna tree-dna--bad' : 'tree-dna'} data-testid="tree-dna">
            与 {other ? fullName(other) : '—'} 共享 {d.sharedCm} cM；家谱关系：{d.treeRelation ?? '无血缘连线'}
            {d.contradicts && <div>⚠ DNA 与家谱关系不符（该关系通常为 {d.expected}），请核对</div>}
          </div>
        );
      })}
      {warnings.map((w) => (
        <p key={w.text} className="tree-warning" role="alert">
          ⚠ {w.text}
        </p>
      ))}
      <Space wrap className="tree-person-panel__actions">
        <Button onClick={onFocus}>以此人为中心</Button>
        <Button onClick={onToggle}>{folded ? '展开后代' : '折叠后代'}</Button>
        {canEdit && !person.hidden && (
          <Button type="primary" onClick={onEdit}>
            编辑
          </Button>
        )}
        {canEdit &&
          ADD.map((a) => (
            <Button key={a.kind} onClick={() => onAdd(a.kind)}>
              {a.label}
            </Button>
          ))}
        {canEdit && (
          <Popconfirm title="删除此人及其关系？" okText="删除" cancelText="取消" onConfirm={onDelete}>
            <Button danger>删除</Button>
          </Popconfirm>
        )}
      </Space>
      {data.role === 'owner' && (
        <div className="tree-link-select">
          <span>关联我的检测人：</span>
          <Select
            allowClear
            placeholder={tested.length ? '选择检测人' : '暂无检测人'}
            aria-label="关联检测人"
            style={{ minWidth: 180 }}
            value={person.link?.personId}
            onChange={(v) => onLink(v ?? null)}
            options={tested.map((p) => ({ value: p.id, label: p.name }))}
          />
        </div>
      )}
      {!person.hidden && <Album treeId={data.id} person={person} canEdit={canEdit} />}
      {!person.hidden && <Stories treeId={data.id} person={person} canEdit={canEdit} />}
      {!person.hidden && <TreeFiles treeId={data.id} personId={person.id} canEdit={canEdit} />}
    </div>
  );
}
