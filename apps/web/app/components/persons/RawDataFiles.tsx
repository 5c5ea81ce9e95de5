import type { RawDataFileView } from '@jiyin/contracts/reportApi';
import { App, Button, Popconfirm, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { rawDataFileUrl } from '../../lib/api/imports.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { formatBytes } from '../../lib/resumableUpload.ts';
import { AppLink } from '../AppLink.tsx';
import '../imports/import.css';

const STATE_TAGS: Record<RawDataFileView['downloadState'], { label: string; color: string }> = {
  frozen: { label: '已归档', color: 'default' },
  thawing: { label: '解冻中', color: 'processing' },
  ready: { label: '可下载', color: 'success' },
};
const THAW_POLL_MS = 3000;

/**
 * §7.6 raw data of one of the owner's persons: each stored file with its download state; archived
 * files are thawed before they can be downloaded; a file can be deleted (its reports stay).
 */
export function RawDataFiles({ personId, downloadAllowed }: { personId: string; downloadAllowed: boolean }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [files, setFiles] = useState<RawDataFileView[] | null>(null);

  const load = useCallback(async () => {
    const res = await api.rawData(personId);
    setFiles(res.code === 0 && res.data ? res.data.filter((f) => f.state === 'stored') : []);
  }, [api, personId]);

  useEffect(() => {
    void load();
  }, [load]);

  // While a thaw is under way, look again every few seconds until the file can be downloaded.
  const thawing = files?.some((f) => f.downloadState === 'thawing') ?? false;
  useEffect(() => {
    if (!thawing) return;
    const t = setInterval(() => void load(), THAW_POLL_MS);
    return () => clearInterval(t);
  }, [thawing, load]);

  const thaw = async (f: RawDataFileView) => {
    const res = await api.thawRawData(personId, f.id);
    if (res.code !== 0 || !res.data) return message.error(res.msg);
    const next = res.data;
    setFiles((list) => list?.map((x) => (x.id === f.id ? next : x)) ?? null);
    message.success(next.downloadState === 'ready' ? '已解冻，可以下载' : '已开始解冻，完成后即可下载');
  };

  const remove = async (f: RawDataFileView) => {
    const res = await api.deleteRawData(personId, f.id);
    if (res.code !== 0) return message.error(res.msg);
    setFiles((list) => list?.filter((x) => x.id !== f.id) ?? null);
    message.success('原始数据已删除');
  };

  if (files === null) return null;
  return (
    <div className="raw-data" data-testid="raw-data">
      <h4>原始数据</h4>
      {files.length === 0 && (
        <p className="muted">
          暂无原始数据。
          <AppLink to={`/import/chip?personId=${encodeURIComponent(personId)}`} className="text-link">
            导入原始数据
          </AppLink>
        </p>
      )}
      {files.map((f) => {
        const tag = STATE_TAGS[f.downloadState];
        return (
          <div key={f.id} className="raw-data__row" data-testid="raw-data-file">
            <span className="raw-data__name">
              {f.fileName} <span className="muted">· {formatBytes(f.size)}</span>
            </span>
            <Tag color={tag.color}>{tag.label}</Tag>
            <span className="muted">
              {f.downloadState === 'ready' && f.thawedUntil
                ? `可下载至 ${formatBeijingTime(f.thawedUntil)}`
                : formatBeijingTime(f.createdAt)}
            </span>
            <span className="raw-data__actions">
              {f.downloadState === 'frozen' && (
                <Button size="small" onClick={() => thaw(f)} disabled={!downloadAllowed}>
                  解冻
                </Button>
              )}
              {f.downloadState === 'ready' && (
                <Button size="small" href={rawDataFileUrl(personId, f.id)} download={f.fileName} disabled={!downloadAllowed}>
                  下载
                </Button>
              )}
              <Popconfirm
                title={`删除原始数据文件「${f.fileName}」？`}
                description="只删除这个文件，无法恢复；已生成的报告和检测人都会保留。"
                okText="删除文件"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(f)}
              >
                <Button size="small" type="link" danger>
                  删除文件
                </Button>
              </Popconfirm>
            </span>
          </div>
        );
      })}
      {files.length > 0 && !downloadAllowed && <p className="muted">已关闭「允许下载原始数据」，打开后才能解冻和下载。</p>}
    </div>
  );
}
