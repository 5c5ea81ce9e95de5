import { DownloadOutlined, FileTextOutlined, PlusOutlined, ShareAltOutlined, UploadOutlined } from '@ant-design/icons';
import type { PersonView } from '@jiyin/contracts/accounts';
import { COOKIES } from '@jiyin/contracts/constants';
import { isOk } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  GEDCOM_MAX_BYTES,
  type GedcomImportView,
  type ReignView,
  TREE_API_PATHS,
  type TreeDataView,
  type TreeListItem,
  type TreePersonInput,
} from '@jiyin/contracts/treesApi';
import { Alert, App, Button, Drawer, Empty, Input, Modal, Progress, Select, Space, Spin, Tag } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { earlyTreeKey, earlyTreeScript, signEarlyTree, takeEarlyTree } from '../../components/trees/earlyTree.ts';
import type { HeadScriptHandle } from '../../lib/headScripts.tsx';
import { FamilyTreeCanvas } from '../../components/trees/FamilyTreeCanvas.tsx';
import type { InviteRole, InviteRow } from '../../components/shares/InviteDialog.tsx';
import { ShareInvitations } from '../../components/shares/ShareInvitations.tsx';
import { GenerationNamesForm, generationChar } from '../../components/trees/GenerationNamesForm.tsx';
import { buildBoxes, fullName, indexTree, topAncestor } from '../../components/trees/treeModel.ts';
import type { RegionNode } from '../../lib/api/accounts.ts';
import { apiClient } from '../../lib/api/index.ts';
import type { RelationKind } from '../../lib/api/trees.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { readCookie } from '../../lib/reportContext.ts';
import '../../components/trees/trees.css';
import type { Route } from './+types/family-tree';

// Opened on demand (a person's panel, the person form, the tree's files, sharing): loaded after the tree
// is drawn, so their modules are not among the scripts a first open waits for.
const PersonPanel = lazy(() => import('../../components/trees/PersonPanel.tsx').then((m) => ({ default: m.PersonPanel })));
const TreePersonForm = lazy(() => import('../../components/trees/TreePersonForm.tsx').then((m) => ({ default: m.TreePersonForm })));
const TreeFiles = lazy(() => import('../../components/trees/TreeFiles.tsx').then((m) => ({ default: m.TreeFiles })));
const InviteDialog = lazy(() => import('../../components/shares/InviteDialog.tsx').then((m) => ({ default: m.InviteDialog })));

export const meta = () => [
  { title: pageTitle('家谱树') },
  { name: 'description', content: '创建、编辑、分享家谱树：农历与年号日期、字号、出生地，导入导出 GEDCOM，关联基因检测人。' },
];

/** §9: the chosen tree is remembered 180 days. */
function saveTreeCookie(id: string) {
  const { name, maxAgeMs } = COOKIES.familyTreeId;
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server-side loader reads back
  document.cookie = `${name}=${encodeURIComponent(id)}; max-age=${Math.floor(maxAgeMs / 1000)}; path=/; samesite=lax`;
}

/**
 * §4 current family tree: ?id= (a link), else the stored cookie, else the user's own tree, else the
 * first. The tree itself is read in the browser (a tree of thousands of persons would otherwise be
 * carried twice in the page): an own tree through its call, a tree shared for browsing through the
 * browse call. On a first load that call starts from an inline script at the top of <head> (earlyTree.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get('id');
  const res = await apiClient(context.api).trees(asked ?? readCookie(request.headers.get('cookie'), COOKIES.familyTreeId.name));
  if (!isOk(res)) return { list: [] as TreeListItem[], error: res.msg, early: null };
  const current = res.data.list.find((t) => t.isSelected);
  const early = current ? await signEarlyTree(current.id, current.role === 'viewer', context.signKeys) : null;
  return { list: res.data.list, error: null, early };
}

export const handle: HeadScriptHandle = {
  headScript: (data) => {
    const early = (data as Awaited<ReturnType<typeof loader>> | undefined)?.early;
    return early ? { text: earlyTreeScript(early), fetches: early.url } : null;
  },
};

type FormState = { mode: 'add'; kind: RelationKind | null; of: string | null } | { mode: 'edit'; personId: string } | null;

export default function FamilyTree({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const current = list.find((t) => t.isSelected) ?? null;
  const currentId = current?.id ?? null;
  const browse = current?.role === 'viewer';
  const [data, setData] = useState<TreeDataView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(loaderData.error);
  const [selected, setSelected] = useState<string | null>(null);
  const [rootId, setRootId] = useState<string | null>(null);
  const [folded, setFolded] = useState<Set<string>>(new Set());
  const [focusKey, setFocusKey] = useState(0);
  const [form, setForm] = useState<FormState>(null);
  const [reigns, setReigns] = useState<ReignView[]>([]);
  const [regions, setRegions] = useState<RegionNode[]>([]);
  const [tested, setTested] = useState<PersonView[]>([]);
  const [newName, setNewName] = useState('');
  const [creating, setCreating] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [importing, setImporting] = useState<GedcomImportView | null>(null);
  const [filesOpen, setFilesOpen] = useState(false);
  const [namesOpen, setNamesOpen] = useState(false);
  const [branchName, setBranchName] = useState<string | null>(null);

  useEffect(() => {
    if (!currentId) return setData(null);
    setData((d) => (d?.id === currentId ? d : null));
    let live = true;
    const early = takeEarlyTree(earlyTreeKey(currentId, browse));
    void (early ? early.then((r) => r ?? api.tree(currentId, browse)) : api.tree(currentId, browse)).then((r) => {
      if (!live) return;
      if (isOk(r)) setData(r.data);
      else setLoadError(r.msg);
    });
    return () => {
      live = false;
    };
  }, [api, currentId, browse]);
  useEffect(() => {
    if (data) saveTreeCookie(data.id);
  }, [data]);
  useEffect(() => {
    void api.reigns().then((r) => isOk(r) && setReigns(r.data.list));
    void api.regions().then((r) => isOk(r) && setRegions(r.data.list));
    void api.persons().then((r) => isOk(r) && setTested(r.data.list.filter((p) => p.isOwner)));
  }, [api]);

  const idx = useMemo(() => (data ? indexTree(data) : null), [data]);
  const focus = rootId && idx?.byId.has(rootId) ? rootId : (data?.masterNodeId ?? data?.familyNodes[0]?.id ?? null);
  const top = idx && focus ? topAncestor(idx, focus) : null;
  const boxes = useMemo(() => (idx && top ? buildBoxes(idx, top, folded) : null), [idx, top, folded]);
  const flagged = useMemo(
    () =>
      new Set([
        ...(data?.warnings.map((w) => w.personId) ?? []),
        ...(data?.dna.filter((d) => d.contradicts).flatMap((d) => [d.a, d.b]) ?? []),
      ]),
    [data],
  );
  const person = selected ? (idx?.byId.get(selected) ?? null) : null;
  // The member search lists every person: built when it is first focused, not on each render of a page of thousands.
  const [searching, setSearching] = useState(false);
  const memberOptions = useMemo(
    () => (searching && data ? data.familyNodes.map((p) => ({ value: p.id, label: fullName(p) })) : []),
    [searching, data],
  );
  const branch = data?.generationNames.find((b) => b.branch === branchName) ?? data?.generationNames[0] ?? null;
  const generationName = useCallback((g: number) => generationChar(branch, g), [branch]);

  const reload = useCallback(async () => {
    if (!data) return;
    const r = await api.tree(data.id, data.role === 'viewer');
    if (isOk(r)) setData(r.data);
  }, [api, data]);

  const switchTree = (id: string) => {
    saveTreeCookie(id);
    setSelected(null);
    setRootId(null);
    setFolded(new Set());
    navigate(`/ancestry/family-tree?id=${encodeURIComponent(id)}`);
  };

  const create = async () => {
    const r = await api.createTree(newName.trim());
    if (!isOk(r)) return message.error(r.msg);
    setCreating(false);
    setNewName('');
    switchTree(r.data.id);
  };

  const submitPerson = async (input: TreePersonInput): Promise<string | null> => {
    if (!data || !form) return null;
    if (form.mode === 'edit') {
      const r = await api.updateTreePerson(data.id, form.personId, input);
      if (!isOk(r)) return r.msg;
      setData(r.data);
      setSelected(form.personId);
    } else {
      const r = await api.addTreePerson(data.id, input, form.kind && form.of ? { kind: form.kind, of: form.of } : undefined);
      if (!isOk(r)) return r.msg;
      const mine = r.data.warnings.filter((w) => w.personId === r.data.person.id || w.personId === form.of);
      if (mine.length) message.warning(mine.map((w) => w.text).join('；'));
      await reload();
      setSelected(r.data.person.id);
    }
    setForm(null);
    return null;
  };

  const toggle = (id: string) =>
    setFolded((f) => {
      const next = new Set(f);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const upload = async (file: File) => {
    if (!data) return;
    if (file.size > GEDCOM_MAX_BYTES) return message.error('文件过大');
    const r = await api.importGedcom(data.id, file.name, await file.text());
    if (!isOk(r)) return message.error(r.msg);
    setImporting(r.data);
  };
  // The import runs as a job: its progress is polled until it is done or failed.
  useEffect(() => {
    if (!data || !importing || importing.state === 'done' || importing.state === 'failed') return;
    const timer = setTimeout(async () => {
      const r = await api.gedcomImport(data.id, importing.id);
      if (!isOk(r)) return;
      setImporting(r.data);
      if (r.data.state === 'done') await reload();
    }, 700);
    return () => clearTimeout(timer);
  }, [api, data, importing, reload]);

  if (current && !data && !loadError) {
    return (
      <div className="family-tree-page">
        <Spin tip="正在打开家谱…" fullscreen={false}>
          <div className="family-tree-canvas" />
        </Spin>
      </div>
    );
  }
  if (!data || !idx) {
    return (
      <div className="family-tree-page">
        <h1>家谱树</h1>
        {loadError && <Alert type="error" showIcon message={loadError} />}
        <ShareInvitations kind="tree" onAccepted={(inv) => inv.treeId && switchTree(inv.treeId)} />
        <Empty description="还没有家谱，创建一份，从自己或最早知道的祖先开始记录">
          <Space.Compact>
            <Input
              placeholder="家谱名称，如：王氏家谱"
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
              maxLength={30}
              aria-label="家谱名称"
            />
            <Button type="primary" onClick={create} disabled={!newName.trim()}>
              创建家谱
            </Button>
          </Space.Compact>
        </Empty>
      </div>
    );
  }

  const canEdit = data.role !== 'viewer';
  const unplaced = data.familyNodes.length - (boxes?.placed ?? 0);
  const exportHref = fillPattern(TREE_API_PATHS.gedcomExport, { treeId: data.id });
  return (
    <div className="family-tree-page">
      <header className="family-tree-head">
        <Select
          className="family-tree-head__select"
          aria-label="选择家谱"
          value={data.id}
          onChange={switchTree}
          options={list.map((t) => ({ value: t.id, label: `${t.name}${t.share ? `（${t.ownerName}分享）` : ''}` }))}
        />
        <Tag color={data.role === 'owner' ? 'gold' : data.role === 'editor' ? 'blue' : 'default'}>
          {data.role === 'owner' ? '我的家谱' : data.role === 'editor' ? '可编辑' : '只读浏览'}
        </Tag>
        <span className="tree-muted">共 {data.familyNodes.length} 人</span>
        <Space wrap className="family-tree-head__actions">
          <Select
            showSearch
            allowClear
            placeholder="查找成员"
            aria-label="查找成员"
            style={{ width: 160 }}
            optionFilterProp="label"
            value={null}
            onChange={(id: string | null) => {
              if (!id) return;
              setSelected(id);
              if (!boxes || topAncestor(idx, id) !== top) setRootId(id);
              setFocusKey((k) => k + 1);
            }}
            onFocus={() => setSearching(true)}
            options={memberOptions}
          />
          {canEdit && (
            <Button icon={<PlusOutlined />} onClick={() => setForm({ mode: 'add', kind: null, of: null })}>
              添加成员
            </Button>
          )}
          {canEdit && (
            <Button icon={<UploadOutlined />} onClick={() => document.getElementById('gedcom-file')?.click()}>
              导入 GEDCOM
            </Button>
          )}
          {canEdit && (
            <Button icon={<DownloadOutlined />} href={exportHref}>
              导出 GEDCOM
            </Button>
          )}
          {data.role === 'owner' && (
            <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
              分享
            </Button>
          )}
          <Button icon={<FileTextOutlined />} onClick={() => setFilesOpen(true)}>
            家谱资料
          </Button>
          {canEdit && <Button onClick={() => setNamesOpen(true)}>编辑字辈</Button>}
          <Button onClick={() => setCreating(true)}>新建家谱</Button>
        </Space>
        <input
          id="gedcom-file"
          type="file"
          accept=".ged,.gedcom,text/plain"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void upload(f);
          }}
        />
      </header>
      <ShareInvitations kind="tree" onAccepted={(inv) => inv.treeId && switchTree(inv.treeId)} />
      {current?.share && data.role === 'viewer' && (
        <Alert type="info" showIcon message="这是亲友分享给你的家谱，你可以浏览；在世的家人只显示“在世”。" />
      )}
      {importing && (
        <div className="family-tree-import" data-testid="gedcom-import">
          <strong>导入 {importing.fileName}</strong>
          {importing.state === 'failed' ? (
            <Alert type="error" showIcon message={`导入失败：${importing.error}`} />
          ) : (
            <Progress
              percent={importing.total ? Math.round((importing.processed / importing.total) * 100) : importing.state === 'done' ? 100 : 0}
              status={importing.state === 'done' ? 'success' : 'active'}
            />
          )}
          {importing.report && (
            <details open={importing.report.skipped.length > 0 && importing.report.skipped.length < 20}>
              <summary>
                已导入 {importing.report.persons} 人、{importing.report.relations} 条关系（GEDCOM {importing.report.version}）；未导入{' '}
                {importing.report.skipped.length} 项
              </summary>
              <ul className="family-tree-import__skipped">
                {importing.report.skipped.map((s) => (
                  <li key={`${s.line}-${s.record}-${s.reason}`}>
                    {s.line > 0 ? `第 ${s.line} 行 ` : ''}
                    {s.record}：{s.reason}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
      {data.warnings.length > 0 && (
        <details className="family-tree-warnings">
          <summary>⚠ 家谱中有 {data.warnings.length} 处需要核对（日期顺序、父母年龄等）</summary>
          <ul>
            {data.warnings.map((w) => (
              <li key={`${w.personId}-${w.text}`}>
                <button type="button" className="link-button" onClick={() => setSelected(w.personId)}>
                  {w.text}
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
      {data.dna.length > 0 && (
        <section className="family-tree-dna" aria-label="DNA 与家谱关系">
          {data.dna.map((d) => {
            const a = idx.byId.get(d.a);
            const b = idx.byId.get(d.b);
            return (
              <p key={`${d.a}-${d.b}`} className={d.contradicts ? 'tree-dna tree-dna--bad' : 'tree-dna'}>
                {a && fullName(a)} 与 {b && fullName(b)}：共享 {d.sharedCm} cM，家谱中为「{d.treeRelation ?? '无血缘连线'}」
                {d.contradicts ? `，与 DNA 不符（通常 ${d.expected}）` : ''}
              </p>
            );
          })}
        </section>
      )}
      {data.generationNames.length > 0 && (
        <div className="family-tree-names">
          <span>字辈</span>
          {data.generationNames.length > 1 ? (
            <Select
              aria-label="选择支系字辈"
              size="small"
              value={branch?.branch}
              onChange={setBranchName}
              options={data.generationNames.map((b) => ({ value: b.branch, label: b.branch }))}
              style={{ minWidth: 96 }}
            />
          ) : (
            <strong>{branch?.branch}</strong>
          )}
          <span className="family-tree-names__chars" data-testid="generation-names">
            {branch?.chars}
          </span>
        </div>
      )}
      {data.familyNodes.length === 0 ? (
        <Empty description="家谱中还没有成员">
          {canEdit && (
            <Button type="primary" onClick={() => setForm({ mode: 'add', kind: null, of: null })}>
              添加第一位成员
            </Button>
          )}
        </Empty>
      ) : (
        boxes && (
          <FamilyTreeCanvas
            idx={idx}
            root={boxes.root}
            selected={selected}
            flagged={flagged}
            firstGeneration={1}
            generationName={generationName}
            focusKey={focusKey}
            onSelect={setSelected}
            onToggle={toggle}
          />
        )
      )}
      {unplaced > 0 && <p className="tree-muted">另有 {unplaced} 人不在当前支系中，可用“查找成员”以他们为中心查看。</p>}

      <Drawer
        open={filesOpen}
        onClose={() => setFilesOpen(false)}
        title="家谱资料"
        size="large"
        styles={{ wrapper: { maxWidth: '100vw' } }}
      >
        <Suspense fallback={<Spin />}>{filesOpen && <TreeFiles treeId={data.id} personId={null} canEdit={canEdit} />}</Suspense>
      </Drawer>
      <GenerationNamesForm
        open={namesOpen}
        value={data.generationNames}
        onClose={() => setNamesOpen(false)}
        onSave={async (generationNames) => {
          const r = await api.updateTree(data.id, { generationNames });
          if (!isOk(r)) {
            message.error(r.msg);
            return false;
          }
          setData(r.data);
          return true;
        }}
      />
      <Drawer
        open={Boolean(person)}
        onClose={() => setSelected(null)}
        title="成员详情"
        size={typeof window !== 'undefined' && window.innerWidth < 600 ? 'default' : 'large'}
        styles={{ wrapper: { maxWidth: '100vw' } }}
      >
        <Suspense fallback={<Spin />}>
          {person && (
            <PersonPanel
              data={data}
              idx={idx}
              person={person}
              tested={tested}
              folded={folded.has(person.id)}
              onEdit={() => {
                // The drawer closes while the form is open and comes back on the saved person.
                setSelected(null);
                setForm({ mode: 'edit', personId: person.id });
              }}
              onAdd={(kind) => {
                setSelected(null);
                setForm({ mode: 'add', kind, of: person.id });
              }}
              onLink={async (testedId) => {
                const r = await api.linkTreePerson(data.id, person.id, testedId);
                if (!isOk(r)) return message.error(r.msg);
                setData(r.data);
              }}
              onFocus={() => {
                setRootId(person.id);
                setFocusKey((k) => k + 1);
              }}
              onToggle={() => toggle(person.id)}
              onDelete={async () => {
                const r = await api.deleteTreePerson(data.id, person.id);
                if (r.code !== 0) return message.error(r.msg);
                setSelected(null);
                await reload();
              }}
            />
          )}
        </Suspense>
      </Drawer>
      <Suspense fallback={null}>
        <TreePersonForm
          open={form !== null}
          title={
            form?.mode === 'edit'
              ? '编辑成员'
              : form?.kind
                ? `${{ parent: '添加父母', child: '添加子女', spouse: '添加配偶', sibling: '添加兄弟姐妹' }[form.kind]}`
                : '添加成员'
          }
          person={form?.mode === 'edit' ? (idx.byId.get(form.personId) ?? null) : null}
          reigns={reigns}
          regions={regions}
          onClose={() => setForm(null)}
          onSubmit={submitPerson}
        />
      </Suspense>
      <Modal open={creating} title="新建家谱" onCancel={() => setCreating(false)} onOk={create} okText="创建" cancelText="取消">
        <Input
          placeholder="家谱名称，如：王氏家谱"
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          maxLength={30}
          aria-label="新家谱名称"
        />
      </Modal>
      <Suspense fallback={null}>{sharing && <ShareModal treeId={data.id} onClose={() => setSharing(false)} />}</Suspense>
    </div>
  );
}

/** The owner invites a phone number to the tree, as editor or browse-only viewer; members and open invitations below. */
function ShareModal({ treeId, onClose }: { treeId: string; onClose: () => void }) {
  const api = useBrowserApi();
  const load = useCallback(async (): Promise<InviteRow[]> => {
    const r = await api.treeMembers(treeId);
    if (!isOk(r)) return [];
    return r.data.list.map((m) => ({
      key: m.userId ?? m.invitationId ?? m.phone,
      name: m.name,
      phone: m.phone,
      status: m.status,
      roleLabel: m.role === 'editor' ? '可编辑' : '只读浏览',
      remove: () => (m.userId ? api.removeTreeMember(treeId, m.userId) : api.revokeInvitation(m.invitationId ?? '')),
    }));
  }, [api, treeId]);
  const send = useCallback(
    (body: { nationCode: string; phoneNumber: string; role: InviteRole }) => api.shareTree(treeId, body),
    [api, treeId],
  );
  return (
    <InviteDialog
      title="分享家谱"
      intro="向亲友的手机号发送邀请，对方用这个手机号登录后接受即可查看（7 天内有效）。只读浏览的亲友看不到在世家人的详细信息，也看不到检测人关联和 DNA 信息。"
      withRole
      load={load}
      send={send}
      onClose={onClose}
    />
  );
}
