import { isOk } from '@jiyin/contracts/envelope';
import {
  FAMILY_FILTER_FLAGS,
  FAMILY_FILTER_LABELS,
  FAMILY_SORT_LABELS,
  FAMILY_SORTS,
  FAMILY_STAR_FLAGS,
  FAMILY_TYPE_LABELS,
  type FamilyInput,
  type FamilyListView,
  type FamilySort,
  type FamilySummary,
  type FamilyType,
  type FamilyView,
} from '@jiyin/contracts/libraryApi';
import { Alert, App, Button, Checkbox, Empty, Form, Input, InputNumber, Modal, Pagination, Radio, Rate, Select, Tag, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate, useRevalidator, useSearchParams } from 'react-router';
import type { FamilyListQuery } from '../../lib/api/library.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { useOptionalRootData } from '../../lib/rootData.ts';
import { AppLink } from '../AppLink.tsx';
import { Field, NO_DATA, Section } from './SurnameParts.tsx';
import './library.css';

export const familyHref = (id: string) => `/ancestry/family/${encodeURIComponent(id)}`;
export const reportFamilyHref = (id: string) => `/report/ancestry/family/${encodeURIComponent(id)}`;

/** The family list query of a page URL (§3 Family filter; sort UPDATE_DATE_DESC by default; §9 pages of 20). */
export function familyQueryOf(url: URL, extra: Partial<FamilyListQuery> = {}): FamilyListQuery {
  const p = url.searchParams;
  const type = p.get('type');
  const sort = p.get('sortType');
  const q: FamilyListQuery = {
    type: type === 'gene' || type === 'genealogy' ? type : undefined,
    keyword: p.get('keyword')?.trim() || undefined,
    sortType: FAMILY_SORTS.includes(sort as FamilySort) ? (sort as FamilySort) : undefined,
    page: Math.max(1, Number(p.get('page')) || 1),
    ...extra,
  };
  for (const f of FAMILY_FILTER_FLAGS) if (p.get(f) === 'true') q[f] = true;
  return q;
}

/** Type, keyword, §3 filter flags and sort; every change is a new URL, so filters are shareable. */
export function FamilyFilterBar({ showKeyword = true }: { showKeyword?: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    next.delete('page');
    navigate(`?${next.toString()}`);
  };
  const flags = FAMILY_FILTER_FLAGS.filter((f) => params.get(f) === 'true');
  return (
    <div data-testid="family-filter">
      <div className="family-filter">
        <Radio.Group
          value={params.get('type') ?? ''}
          onChange={(e) => set({ type: e.target.value || null })}
          optionType="button"
          options={[
            { value: '', label: '全部' },
            { value: 'gene', label: FAMILY_TYPE_LABELS.gene },
            { value: 'genealogy', label: FAMILY_TYPE_LABELS.genealogy },
          ]}
        />
        <Select
          aria-label="排序"
          value={(params.get('sortType') as FamilySort) ?? 'UPDATE_DATE_DESC'}
          onChange={(v) => set({ sortType: v === 'UPDATE_DATE_DESC' ? null : v })}
          options={FAMILY_SORTS.map((s) => ({ value: s, label: FAMILY_SORT_LABELS[s] }))}
          style={{ width: 120 }}
        />
        {showKeyword && (
          <Input.Search
            key={params.get('keyword') ?? ''}
            defaultValue={params.get('keyword') ?? ''}
            placeholder="姓氏、家族名、地名或单倍群"
            aria-label="搜索家族"
            onSearch={(v) => set({ keyword: v.trim() || null })}
            style={{ maxWidth: 280 }}
            data-testid="family-search"
          />
        )}
      </div>
      <Checkbox.Group
        value={flags}
        onChange={(v) => set(Object.fromEntries(FAMILY_FILTER_FLAGS.map((f) => [f, (v as string[]).includes(f) ? 'true' : null])))}
        options={FAMILY_FILTER_FLAGS.map((f) => ({ value: f, label: FAMILY_FILTER_LABELS[f] }))}
      />
    </div>
  );
}

export function DemoTag({ demo }: { demo: boolean }) {
  return demo ? <Tag color="orange">演示数据</Tag> : null;
}

function FamilyCard({ f, href }: { f: FamilySummary; href: string }) {
  return (
    <AppLink to={href} className="family-card" data-testid={`family-card-${f.id}`}>
      <h3>{f.name}</h3>
      <div className="muted">
        {FAMILY_TYPE_LABELS[f.type]} · {f.surname}姓{f.origin ? ` · ${f.origin}` : ''} · {f.claims} 人认领
      </div>
      <Rate disabled count={FAMILY_STAR_FLAGS.length} value={f.stars} style={{ fontSize: 14 }} />
      <div className="family-card__tags">
        <DemoTag demo={f.demo} />
        {f.generationNames && <Tag>有字辈</Tag>}
        {f.hasGenealogies && <Tag>有族谱</Tag>}
        {f.ancestor && <Tag>有始祖</Tag>}
        {f.haplogroup && <Tag color="blue">{f.haplogroup}</Tag>}
        {f.researching && <Tag color="green">研究中</Tag>}
      </div>
    </AppLink>
  );
}

/** The library lists' pager: the page lives in the URL's `page`, the other filters stay. */
export function UrlPager({ page, size, total }: { page: number; size: number; total: number }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div className="library-pager">
      <Pagination
        current={page}
        pageSize={size}
        total={total}
        showSizeChanger={false}
        onChange={(next) => {
          const query = new URLSearchParams(params);
          query.set('page', String(next));
          navigate(`?${query.toString()}`);
        }}
      />
    </div>
  );
}

/** A page of families with its pager; links go to the public or the report family page. */
export function FamilyCards({ data, report = false }: { data: FamilyListView; report?: boolean }) {
  if (!data.list.length) return <Empty description="没有符合条件的家族" />;
  return (
    <>
      <p className="muted" data-testid="family-total">
        共 {data.total} 个家族
      </p>
      <div className="family-list" data-testid="family-list">
        {data.list.map((f) => (
          <FamilyCard key={f.id} f={f} href={report ? reportFamilyHref(f.id) : familyHref(f.id)} />
        ))}
      </div>
      <UrlPager page={data.page} size={data.size} total={data.total} />
    </>
  );
}

type FamilyFormValues = {
  name: string;
  surname: string;
  type: FamilyType;
  origin?: string;
  generationNames?: string;
  ancestor?: string;
  haplogroup?: string;
  celebrities?: string;
  intro?: string;
  researching?: boolean;
};

/** The family form of 创建家族 and 编辑家族信息 (celebrities as one line, separated by 、). */
function FamilyFormModal({
  title,
  open,
  onClose,
  initial,
  onSave,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  initial: Partial<FamilyFormValues>;
  onSave: (input: FamilyInput) => Promise<{ code: number; msg: string }>;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const submit = async (v: FamilyFormValues) => {
    setBusy(true);
    const res = await onSave({
      name: v.name,
      surname: v.surname,
      type: v.type,
      origin: v.origin ?? null,
      generationNames: v.generationNames ?? null,
      ancestor: v.ancestor ?? null,
      haplogroup: v.haplogroup ?? null,
      intro: v.intro ?? null,
      celebrities: (v.celebrities ?? '')
        .split(/[、，,]+/)
        .map((x) => x.trim())
        .filter(Boolean),
      researching: Boolean(v.researching),
    });
    setBusy(false);
    if (res.code !== 0) message.error(res.msg);
  };
  return (
    <Modal title={title} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Form name="family" layout="vertical" onFinish={submit} initialValues={{ type: 'genealogy', ...initial }}>
        <Form.Item name="name" label="家族名称" rules={[{ required: true, message: '请填写家族名称' }]}>
          <Input maxLength={40} placeholder="例：某地某氏某支" />
        </Form.Item>
        <Form.Item name="surname" label="姓氏" rules={[{ required: true, message: '请填写姓氏' }]}>
          <Input maxLength={2} />
        </Form.Item>
        <Form.Item name="type" label="类型">
          <Radio.Group
            options={[
              { value: 'genealogy', label: '族谱家族' },
              { value: 'gene', label: '基因家族' },
            ]}
          />
        </Form.Item>
        <Form.Item name="origin" label="发源地">
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="generationNames" label="字辈">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="ancestor" label="始祖">
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="haplogroup" label="父系单倍群">
          <Input maxLength={40} placeholder="例：O-M175" />
        </Form.Item>
        <Form.Item name="celebrities" label="家族名人（用顿号分隔）">
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="intro" label="简介">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item name="researching" valuePropName="checked">
          <Checkbox>研究进行中</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} block>
          保存
        </Button>
      </Form>
    </Modal>
  );
}

/** 创建家族: a signed-in user's self-built family (they become its owner). */
export function CreateFamily() {
  const root = useOptionalRootData();
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  if (!root?.user) return null;
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="create-family">
        创建家族
      </Button>
      <FamilyFormModal
        title="创建家族"
        open={open}
        onClose={() => setOpen(false)}
        initial={{}}
        onSave={async (input) => {
          const res = await api.createFamily(input);
          if (isOk(res)) {
            message.success('家族已创建');
            navigate(familyHref(res.data.id));
          }
          return res;
        }}
      />
    </>
  );
}

/** 编辑家族信息, for the family's creator (and staff). */
function EditFamily({ view, onChange }: { view: FamilyView; onChange: () => void }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="edit-family">
        编辑家族信息
      </Button>
      <FamilyFormModal
        title="编辑家族信息"
        open={open}
        onClose={() => setOpen(false)}
        initial={{
          name: view.name,
          surname: view.surname,
          type: view.type,
          origin: view.origin ?? undefined,
          generationNames: view.generationNames ?? undefined,
          ancestor: view.ancestor ?? undefined,
          haplogroup: view.haplogroup ?? undefined,
          celebrities: view.celebrities.join('、'),
          intro: view.intro ?? undefined,
          researching: view.researching,
        }}
        onSave={async (input) => {
          const res = await api.updateFamily(view.id, input);
          if (isOk(res)) {
            message.success('已保存');
            setOpen(false);
            onChange();
          }
          return res;
        }}
      />
    </>
  );
}

export const STAR_HINTS: Record<(typeof FAMILY_STAR_FLAGS)[number], string> = {
  hasGenerationName: '补充字辈（家族创建者编辑家族信息）',
  hasGenealogies: '上传族谱扫描页（认领家族后在家族页添加“族谱”资料）',
  hasAncestor: '补充始祖或始迁祖（家族创建者编辑家族信息）',
  hasHaplogroup: '确定家族的父系单倍群（家族成员的 Y 染色体检测结果）',
  hasCelebrity: '补充家族名人（家族创建者编辑家族信息）',
};

function Overview({ view, onChange }: { view: FamilyView; onChange: () => void }) {
  return (
    <Section title="家族概况" testId="family-overview">
      {view.demo && <Alert type="warning" showIcon message="这是演示用的示例家族，内容为示例，并非真实家族。" className="library-submit" />}
      <Field label="类型">{FAMILY_TYPE_LABELS[view.type]}</Field>
      <Field label="姓氏">
        <AppLink to={`/ancestry/surname-base/rr?surname=${encodeURIComponent(view.surname)}`}>{view.surname}</AppLink>
      </Field>
      <Field label="发源地">{view.origin ?? NO_DATA}</Field>
      <Field label="字辈">{view.generationNames ?? NO_DATA}</Field>
      <Field label="始祖">{view.ancestor ?? NO_DATA}</Field>
      <Field label="父系单倍群">{view.haplogroup ?? NO_DATA}</Field>
      <Field label="家族名人">{view.celebrities.length ? view.celebrities.join('、') : NO_DATA}</Field>
      <Field label="研究状态">{view.researching ? '研究中' : '暂无进行中的研究'}</Field>
      <Field label="星级">
        <Rate disabled count={FAMILY_STAR_FLAGS.length} value={view.stars} style={{ fontSize: 14 }} />
      </Field>
      <Field label="认领">{view.claims} 人</Field>
      {view.intro && <p>{view.intro}</p>}
      {view.canEdit && (
        <div className="library-actions">
          <EditFamily view={view} onChange={onChange} />
        </div>
      )}
    </Section>
  );
}

const KIND_LABELS = { genealogy: '族谱', document: '文献', photo: '照片' } as const;

function Materials({ view, onChange }: { view: FamilyView; onChange: () => void }) {
  const api = useBrowserApi();
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [images, setImages] = useState<string[]>([]);
  const upload = async (file: File) => {
    const res = await api.uploadImage(file, file.name, 'family');
    if (!isOk(res)) message.error(res.msg);
    else setImages((list) => [...list, res.data.uploadUrl]);
    return false;
  };
  const submit = async (v: { kind: 'genealogy' | 'document' | 'photo'; title: string; content?: string }) => {
    setBusy(true);
    const res = await api.addMaterial(view.id, { ...v, content: v.content ?? '', images });
    setBusy(false);
    if (!isOk(res)) return message.error(res.msg);
    message.success('资料已添加');
    setImages([]);
    setOpen(false);
    onChange();
  };
  const remove = (id: string) =>
    modal.confirm({
      title: '删除这份资料？',
      okText: '删除',
      cancelText: '取消',
      onOk: async () => {
        const res = await api.deleteMaterial(id);
        if (res.code !== 0) message.error(res.msg);
        else onChange();
      },
    });
  return (
    <Section title="族谱与资料" testId="family-materials">
      {view.materials.length === 0 && <p className="muted">{NO_DATA}</p>}
      {view.materials.map((m) => (
        <div key={m.id} className="library-field">
          <span className="library-field__label">{KIND_LABELS[m.kind]}</span>
          <span className="library-field__value">
            <strong>{m.title}</strong>
            {m.content && <div>{m.content}</div>}
            {m.images.length > 0 && (
              <div className="family-material__images">
                {m.images.map((src, i) => (
                  <a key={src} href={src} target="_blank" rel="noreferrer">
                    <img src={src} alt={`${m.title} 第 ${i + 1} 页`} loading="lazy" />
                  </a>
                ))}
              </div>
            )}
            {m.mine && (
              <Button size="small" type="link" danger onClick={() => remove(m.id)}>
                删除
              </Button>
            )}
          </span>
        </div>
      ))}
      {view.canContribute && (
        <div className="library-actions">
          <Button onClick={() => setOpen(true)} data-testid="add-material">
            添加资料
          </Button>
        </div>
      )}
      <Modal title="添加资料" open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <Form name="material" layout="vertical" onFinish={submit} initialValues={{ kind: 'genealogy' }}>
          <Form.Item name="kind" label="类型">
            <Radio.Group options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="title" label="标题" rules={[{ required: true, message: '请填写标题' }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="content" label="说明">
            <Input.TextArea rows={3} maxLength={5000} />
          </Form.Item>
          <Form.Item label={`扫描页或照片（已上传 ${images.length} 张）`}>
            <Upload accept="image/png,image/jpeg" multiple showUploadList={false} beforeUpload={upload}>
              <Button>上传图片</Button>
            </Upload>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} block>
            保存
          </Button>
        </Form>
      </Modal>
    </Section>
  );
}

export function HistoryLines({
  familyId,
  lines,
  canContribute,
  onChange,
}: {
  familyId: string;
  lines: FamilyView['history'];
  canContribute: boolean;
  onChange: () => void;
}) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const add = async (v: { year?: number | null; content: string }) => {
    const res = await api.addHistoryLine(familyId, { year: v.year ?? null, content: v.content });
    if (!isOk(res)) return message.error(res.msg);
    form.resetFields();
    onChange();
  };
  const remove = async (id: string) => {
    const res = await api.deleteHistoryLine(id);
    if (res.code !== 0) message.error(res.msg);
    else onChange();
  };
  return (
    <>
      {lines.length === 0 && <p className="muted">{NO_DATA}</p>}
      <ul className="history-list" data-testid="family-history-lines">
        {lines.map((l) => (
          <li key={l.id}>
            <strong>{l.year === null ? '年份不详' : l.year < 0 ? `公元前 ${-l.year} 年` : `${l.year} 年`}</strong>：{l.content}
            {l.mine && (
              <Button size="small" type="link" danger onClick={() => remove(l.id)}>
                删除
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canContribute && (
        <Form name="history" form={form} layout="inline" onFinish={add} className="family-filter">
          <Form.Item name="year">
            <InputNumber placeholder="年份" min={-3000} max={2100} aria-label="年份" />
          </Form.Item>
          <Form.Item name="content" rules={[{ required: true, message: '请填写内容' }]}>
            <Input placeholder="发生了什么，如：迁居某地" maxLength={500} aria-label="家族大事" style={{ minWidth: 220 }} />
          </Form.Item>
          <Button htmlType="submit" data-testid="add-history">
            添加
          </Button>
        </Form>
      )}
    </>
  );
}

function Projects({ view, onChange }: { view: FamilyView; onChange: () => void }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const act = async (p: Promise<{ code: number; msg: string }>, done?: () => void) => {
    const res = await p;
    if (res.code !== 0) return message.error(res.msg);
    done?.();
    onChange();
  };
  return (
    <Section title="研究项目" testId="family-projects">
      {view.projects.length === 0 && <p className="muted">{NO_DATA}</p>}
      {view.projects.map((p) => (
        <div key={p.id} className="library-card">
          <strong>{p.title}</strong> <span className="muted">{p.members} 位成员</span>
          {p.goal && <div>{p.goal}</div>}
          <ul className="history-list">
            {p.comments.map((c) => (
              <li key={c.id}>
                <span className="muted">{c.author}：</span>
                {c.content}
              </li>
            ))}
          </ul>
          {p.joined ? (
            <Input.Search
              placeholder="发表评论"
              enterButton="发送"
              maxLength={500}
              onSearch={(v, e) => {
                if (v.trim()) void act(api.commentProject(p.id, v.trim()));
                (e?.target as HTMLInputElement | undefined)?.blur();
              }}
            />
          ) : (
            view.canContribute && (
              <Button size="small" onClick={() => act(api.joinProject(p.id))}>
                加入项目
              </Button>
            )
          )}
        </div>
      ))}
      {view.canContribute && (
        <Form
          name="project"
          form={form}
          layout="inline"
          className="family-filter"
          onFinish={(v) => act(api.createProject(view.id, { title: v.title, goal: '' }), () => form.resetFields())}
        >
          <Form.Item name="title" rules={[{ required: true, message: '请填写项目名称' }]}>
            <Input placeholder="新研究项目，如：寻找始迁祖" maxLength={60} aria-label="项目名称" />
          </Form.Item>
          <Button htmlType="submit">发起项目</Button>
        </Form>
      )}
    </Section>
  );
}

/** A family page's body: overview, materials with scanned pages, history lines and research projects. */
export function FamilyDetail({ view, before }: { view: FamilyView; before?: ReactNode }) {
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  return (
    <>
      <h1 data-testid="family-name">
        {view.name} <DemoTag demo={view.demo} />
      </h1>
      {before}
      <Overview view={view} onChange={refresh} />
      <Materials view={view} onChange={refresh} />
      <Section title="家族历史" testId="family-history">
        <HistoryLines familyId={view.id} lines={view.history} canContribute={view.canContribute} onChange={refresh} />
      </Section>
      <Projects view={view} onChange={refresh} />
    </>
  );
}
