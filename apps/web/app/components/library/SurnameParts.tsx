import { isOk } from '@jiyin/contracts/envelope';
import {
  SURNAME_FIELD_LABELS,
  SURNAME_FIELDS,
  type SurnameField,
  type SurnameProposalInput,
  type SurnameSummary,
  type SurnameView,
} from '@jiyin/contracts/libraryApi';
import { Alert, App, AutoComplete, Button, Form, Input, Modal, Select, Tabs, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { useOptionalRootData } from '../../lib/rootData.ts';
import { AppLink } from '../AppLink.tsx';
import './library.css';

export const NO_DATA = '暂无数据';

export const surnameHref = (name: string, page: 'rr' | 'celebrity' | 'live' = 'rr') =>
  `/ancestry/surname-base/${page}?surname=${encodeURIComponent(name)}`;

/** The search box of the surname library: suggestions as one types (character, pinyin or initials). */
export function SurnameSearchBox({ initial = '', autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [options, setOptions] = useState<SurnameSummary[]>([]);
  useEffect(() => {
    const q = value.trim();
    if (!q) return setOptions([]);
    let stale = false;
    const timer = setTimeout(async () => {
      const res = await api.surnameSearch(q, 8);
      if (!stale && isOk(res)) setOptions(res.data.list);
    }, 150);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [api, value]);
  const submit = (q: string) => {
    const text = q.trim();
    if (text) navigate(`/ancestry/library-surname/search?q=${encodeURIComponent(text)}`);
  };
  return (
    <AutoComplete
      className="surname-search"
      value={value}
      options={options.map((s) => ({ value: s.name, label: `${s.name}（${s.pinyin}）` }))}
      onChange={setValue}
      onSelect={(name: string) => navigate(surnameHref(name))}
    >
      <Input.Search
        size="large"
        placeholder="输入姓氏、拼音或拼音首字母，如 张、zhang、oy"
        enterButton="搜索"
        autoFocus={autoFocus}
        aria-label="搜索姓氏"
        onSearch={submit}
        data-testid="surname-search"
      />
    </AutoComplete>
  );
}

/** One surname as a card of a list: character, pinyin, rank and 郡望 where known. */
export function SurnameCard({ s }: { s: SurnameSummary }) {
  return (
    <AppLink to={surnameHref(s.name)} className="surname-card" data-testid={`surname-${s.name}`}>
      <span className="surname-card__name">{s.name}</span>
      <span className="surname-card__pinyin">{s.pinyin}</span>
      <span className="surname-card__meta">
        {s.rank ? `第 ${s.rank} 位 · ${s.share}%` : s.junwang.length ? `郡望 ${s.junwang.join('、')}` : '　'}
      </span>
    </AppLink>
  );
}

/** The head of every surname-base page: the surname and the tabs between its three pages. */
export function SurnameHead({ view, active }: { view: SurnameView; active: 'rr' | 'celebrity' | 'live' }) {
  const navigate = useNavigate();
  return (
    <header className="surname-head">
      <div className="surname-head__title">
        <span className={`surname-head__char${view.name.length > 1 ? ' surname-head__char--two' : ''}`}>{view.name}</span>
        <div>
          <h1>{view.name}姓</h1>
          <p className="muted">
            {view.pinyin}
            {view.baijiaxingOrder ? ` · 《百家姓》第 ${view.baijiaxingOrder} 位` : ''}
            {view.rank ? ` · 人口第 ${view.rank} 位` : ''}
          </p>
        </div>
      </div>
      <Tabs
        activeKey={active}
        onChange={(k) => navigate(surnameHref(view.name, k as 'rr'))}
        items={[
          { key: 'rr', label: '姓氏源流' },
          { key: 'celebrity', label: '历史名人' },
          { key: 'live', label: '当代人物' },
        ]}
      />
    </header>
  );
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="library-card" data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="library-field">
      <span className="library-field__label">{label}</span>
      <span className="library-field__value">{children}</span>
    </div>
  );
}

/** The people of figures/living: name, years, one line, and the source of each. */
export function PeopleList({ people }: { people: SurnameView['figures'] }) {
  if (!people.length) return <p className="muted">{NO_DATA}</p>;
  return (
    <ul className="people-list">
      {people.map((p) => (
        <li key={`${p.name}-${p.years}`}>
          <strong>{p.name}</strong> <span className="muted">（{p.years}）</span> {p.note}
          <div className="muted people-list__source">出处：{p.source}</div>
        </li>
      ))}
    </ul>
  );
}

const LIST_FIELDS: SurnameField[] = ['tanghao', 'junwang', 'related'];
const PEOPLE_FIELDS: SurnameField[] = ['figures', 'living'];

/**
 * 提交修改建议: a field, its new value and where it comes from. Sent to staff for review; nothing
 * changes on the page until it is accepted.
 */
export function ProposeEdit({ surname, fields = SURNAME_FIELDS }: { surname: string; fields?: readonly SurnameField[] }) {
  const root = useOptionalRootData();
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const field = (Form.useWatch('field', form) as SurnameField | undefined) ?? fields[0];
  if (!root?.user) {
    return (
      <p className="muted">
        发现缺漏或错误？
        <AppLink to={`/auth/signin?from=${encodeURIComponent(surnameHref(surname))}`}>登录</AppLink>
        后可提交修改建议（需注明出处，经审核后生效）。
      </p>
    );
  }
  const submit = async (v: { field: SurnameField; text?: string; people?: string; source: string }) => {
    let value: unknown;
    if (v.field === 'founder') value = v.text ?? '';
    else if (LIST_FIELDS.includes(v.field)) value = (v.text ?? '').split(/[、，,\s]+/).filter(Boolean);
    else
      value = (v.people ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const [name = '', years = '', note = ''] = line.split(/[|｜]/).map((x) => x.trim());
          return { name, years, note, source: v.source };
        });
    setBusy(true);
    const res = await api.proposeSurnameEdit(surname, { field: v.field, value, source: v.source } as SurnameProposalInput);
    setBusy(false);
    if (!isOk(res)) return message.error(res.msg);
    message.success('已提交，审核通过后会显示在页面上');
    form.resetFields();
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="propose-edit">
        提交修改建议
      </Button>
      <Modal title={`修改建议：${surname}姓`} open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ field: fields[0] }}>
          <Form.Item name="field" label="修改内容">
            <Select options={fields.map((f) => ({ value: f, label: SURNAME_FIELD_LABELS[f] }))} />
          </Form.Item>
          {PEOPLE_FIELDS.includes(field) ? (
            <Form.Item
              name="people"
              label="人物（每行一位：姓名 | 生卒年 | 简介）"
              rules={[{ required: true, message: '请至少填写一位人物' }]}
            >
              <Input.TextArea rows={4} placeholder="例：王某 | 1900—1980 | 某领域学者" />
            </Form.Item>
          ) : (
            <Form.Item
              name="text"
              label={field === 'founder' ? '得姓始祖' : `${SURNAME_FIELD_LABELS[field]}（多个用顿号分隔）`}
              rules={[{ required: true, message: '请填写内容' }]}
            >
              <Input />
            </Form.Item>
          )}
          <Form.Item name="source" label="出处（书名、篇目或公开网页）" rules={[{ required: true, message: '请填写出处' }]}>
            <Input placeholder="例：《元和姓纂》卷五" />
          </Form.Item>
          <Alert type="info" showIcon message="修改建议由工作人员核对出处后生效，并记入修订历史。" />
          <Button type="primary" htmlType="submit" loading={busy} block className="library-submit">
            提交
          </Button>
        </Form>
      </Modal>
    </>
  );
}

const fmt = (v: unknown): string => {
  if (v === null || v === undefined) return NO_DATA;
  if (typeof v === 'string') return v || NO_DATA;
  if (Array.isArray(v))
    return v.length ? v.map((x) => (typeof x === 'object' && x ? (x as { name: string }).name : String(x))).join('、') : NO_DATA;
  return JSON.stringify(v);
};

/** 修订历史: every accepted change with its before, after and source. */
export function HistoryList({ history }: { history: SurnameView['history'] }) {
  if (!history.length) return <p className="muted">尚无修订</p>;
  return (
    <ul className="history-list" data-testid="surname-history">
      {history.map((h) => (
        <li key={h.id}>
          <Tag>{SURNAME_FIELD_LABELS[h.field]}</Tag> {fmt(h.before)} → {fmt(h.after)}
          <div className="muted">
            {h.createdAt.slice(0, 10)} · 出处：{h.source}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Staff only: the pending proposals of this surname, to accept or reject. Hidden for everyone else. */
export function ReviewPanel({ surname }: { surname: string }) {
  const root = useOptionalRootData();
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [list, setList] = useState<Awaited<ReturnType<typeof api.reviewQueue>> | null>(null);
  useEffect(() => {
    if (!root?.user) return;
    void api.reviewQueue().then(setList);
  }, [api, root?.user]);
  if (!list || !isOk(list)) return null;
  const mine = list.data.list.filter((p) => p.surname === surname);
  const review = async (id: string, accept: boolean) => {
    const res = await api.reviewProposal(id, accept);
    if (!isOk(res)) return message.error(res.msg);
    message.success(accept ? '已通过' : '已驳回');
    window.location.reload();
  };
  return (
    <Section title="待审核的修改建议（工作人员）" testId="review-panel">
      {mine.length === 0 && <p className="muted">没有待审核的建议</p>}
      {mine.map((p) => (
        <div key={p.id} className="review-item">
          <Tag>{SURNAME_FIELD_LABELS[p.field]}</Tag> {fmt(p.value)} <span className="muted">出处：{p.source}</span>
          <span className="review-item__actions">
            <Button size="small" type="primary" onClick={() => review(p.id, true)}>
              通过
            </Button>
            <Button size="small" onClick={() => review(p.id, false)}>
              驳回
            </Button>
          </span>
        </div>
      ))}
    </Section>
  );
}
