import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  TREE_API_PATHS,
  TREE_FILE_MAX_BYTES,
  TREE_FILE_SOURCE_TYPES,
  TREE_FILES_PER_UPLOAD,
  type TreeFileSourceType,
  type TreeFileView,
} from '@jiyin/contracts/treesApi';
import { App, Button, Input, List, Popconfirm, Select, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useBrowserApi } from '../../lib/browserApi.ts';

const SOURCE_OPTIONS = Object.entries(TREE_FILE_SOURCE_TYPES).map(([value, label]) => ({ value, label }));

const sizeText = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** A picked file's bytes as base64 (the upload call carries them in JSON). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * §3 tree file resources: documents and scans of the whole tree (no `personId`) or of one person.
 * Everyone the tree is shared with lists and downloads them (a viewer not those of living persons,
 * which the server leaves out); owners and editors upload and delete.
 */
export function TreeFiles({ treeId, personId, canEdit }: { treeId: string; personId: string | null; canEdit: boolean }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [list, setList] = useState<TreeFileView[]>([]);
  const [sourceType, setSourceType] = useState<TreeFileSourceType>('genealogy');
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void api.treeFiles(treeId, personId ?? undefined).then((r) => {
      // The tree's own list leaves out persons' files, which their panels show.
      if (live && r.code === 0 && r.data) setList(personId ? r.data.list : r.data.list.filter((f) => !f.personId));
    });
    return () => {
      live = false;
    };
  }, [api, treeId, personId]);

  const upload = async (files: File[]) => {
    if (!title.trim()) return message.error('请先填写资料名称');
    if (files.length > TREE_FILES_PER_UPLOAD) return message.error(`一次最多上传 ${TREE_FILES_PER_UPLOAD} 个文件`);
    const big = files.find((f) => f.size > TREE_FILE_MAX_BYTES);
    if (big) return message.error(`文件「${big.name}」超过 ${TREE_FILE_MAX_BYTES / 1024 / 1024} MB`);
    setBusy(true);
    const fileResources = await Promise.all(files.map(async (f) => ({ fileName: f.name, content: await base64Of(f) })));
    const r = await api.addTreeFiles(treeId, { sourceType, title: title.trim(), personId, fileResources });
    setBusy(false);
    if (r.code !== 0 || !r.data) return message.error(r.msg);
    setList((l) => [...l, ...(r.data?.list ?? [])]);
    setTitle('');
    message.success('资料已上传');
  };

  return (
    <section className="tree-files" aria-label="资料文件">
      <h3>资料文件</h3>
      <List
        size="small"
        locale={{ emptyText: '暂无资料' }}
        dataSource={list}
        renderItem={(f) => (
          <List.Item
            actions={[
              <a key="get" href={fillPattern(TREE_API_PATHS.fileContent, { treeId, fileId: f.id })} download={f.fileName}>
                下载
              </a>,
              ...(canEdit
                ? [
                    <Popconfirm
                      key="del"
                      title="删除这个资料文件？"
                      okText="删除"
                      cancelText="取消"
                      onConfirm={async () => {
                        const r = await api.deleteTreeFile(treeId, f.id);
                        if (r.code !== 0) return message.error(r.msg);
                        setList((l) => l.filter((x) => x.id !== f.id));
                      }}
                    >
                      <Button size="small" type="link" danger>
                        删除
                      </Button>
                    </Popconfirm>,
                  ]
                : []),
            ]}
          >
            <div className="tree-files__item">
              <Tag>{TREE_FILE_SOURCE_TYPES[f.sourceType] ?? '其他'}</Tag>
              <strong>{f.title}</strong>
              <span className="tree-muted">
                {f.fileName} · {sizeText(f.size)}
              </span>
            </div>
          </List.Item>
        )}
      />
      {canEdit && (
        <Space wrap className="tree-files__add">
          <Select aria-label="资料类型" value={sourceType} onChange={setSourceType} options={SOURCE_OPTIONS} style={{ width: 120 }} />
          <Input
            aria-label="资料名称"
            placeholder="资料名称，如：族谱卷一"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={60}
            style={{ width: 200 }}
          />
          <Button loading={busy} onClick={() => picker.current?.click()}>
            上传文件
          </Button>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            data-testid={personId ? 'person-file-input' : 'tree-file-input'}
            accept="application/pdf,image/png,image/jpeg"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length) void upload(files);
            }}
          />
          <span className="tree-muted">PDF、PNG、JPG，单个不超过 {TREE_FILE_MAX_BYTES / 1024 / 1024} MB</span>
        </Space>
      )}
    </section>
  );
}
