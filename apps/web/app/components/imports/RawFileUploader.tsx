import type { UploadView } from '@jiyin/contracts/reportApi';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBytes, rawFileProblem, type UploadProgress, uploadResumable } from '../../lib/resumableUpload.ts';

/** localStorage, or nothing where the browser refuses it (private mode, storage disabled). */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function remaining(p: UploadProgress): string | null {
  if (p.bytesPerSecond <= 0 || p.sent >= p.total) return null;
  const s = Math.ceil((p.total - p.sent) / p.bytesPerSecond);
  return s < 60 ? `剩余约 ${s} 秒` : `剩余约 ${Math.ceil(s / 60)} 分钟`;
}

/**
 * Step 2 and 3 of the chip import: choose a raw file (drag and drop or click), check it on the page,
 * then send it resumably with a progress bar. A failed network is retried with backoff; choosing the
 * same file again after a reload continues the unfinished upload.
 */
export function RawFileUploader({
  personId,
  onUploaded,
}: {
  personId: string;
  /** resumedFrom: the bytes the server already held when this page started sending. */
  onUploaded: (upload: UploadView, file: File, resumedFrom: number) => void;
}) {
  const api = useBrowserApi();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);

  // Leaving the page or switching person stops sending; the server keeps what it received.
  useEffect(() => () => abort.current?.abort(), []);

  const send = async (f: File) => {
    const problem = rawFileProblem(f);
    setFile(f);
    setProgress(null);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      let resumedFrom = 0;
      const upload = await uploadResumable({
        personId,
        file: f,
        storage: browserStorage(),
        signal: controller.signal,
        calls: { create: api.createUpload, get: api.upload, putChunk: api.putUploadChunk },
        onProgress: (p) => {
          resumedFrom = p.resumedFrom;
          setProgress(p);
        },
      });
      onUploaded(upload, f, resumedFrom);
    } catch (e) {
      if (!controller.signal.aborted) setError(e instanceof Error ? e.message : '上传失败，请重试');
    } finally {
      if (abort.current === controller) setBusy(false);
    }
  };

  const percent = progress ? Math.floor((progress.sent / progress.total) * 100) : 0;
  return (
    <div className="raw-uploader">
      <Upload.Dragger
        // The filter is for the file dialog only: dropped files of another type still reach
        // beforeUpload, so the page can say in words why they are refused.
        accept={{ format: '.txt,.csv,.zip,.gz,.vcf', filter: 'native' }}
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(f) => {
          void send(f);
          return Upload.LIST_IGNORE;
        }}
        data-testid="raw-file-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击选择或将原始数据文件拖到这里</p>
        <p className="ant-upload-hint">支持 .txt、.csv、.zip、.gz、.vcf、.vcf.gz，不超过 100 MB；压缩包无需解压</p>
      </Upload.Dragger>

      {file && (
        <div className="raw-uploader__file" data-testid="upload-status">
          <div className="raw-uploader__name">
            <strong>{file.name}</strong>
            <span className="muted">{formatBytes(file.size)}</span>
          </div>
          {progress && (
            <>
              <Progress
                percent={percent}
                status={error ? 'exception' : progress.sent >= progress.total ? 'success' : 'active'}
                aria-label="上传进度"
              />
              <div className="raw-uploader__figures muted">
                <span>
                  已上传 {formatBytes(progress.sent)} / {formatBytes(progress.total)}
                </span>
                {progress.bytesPerSecond > 0 && progress.sent < progress.total && <span>{formatBytes(progress.bytesPerSecond)}/s</span>}
                {remaining(progress) && <span>{remaining(progress)}</span>}
              </div>
              {progress.resumedFrom > 0 && (
                <p className="muted raw-uploader__resumed">检测到未完成的上传，已从 {formatBytes(progress.resumedFrom)} 处继续。</p>
              )}
            </>
          )}
          {busy && !progress && <p className="muted">正在准备上传…</p>}
        </div>
      )}

      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={error}
          action={
            file && !rawFileProblem(file) ? (
              <Button size="small" onClick={() => void send(file)}>
                继续上传
              </Button>
            ) : undefined
          }
        />
      )}
    </div>
  );
}
