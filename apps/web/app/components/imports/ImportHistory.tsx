import { IMPORT_BARCODE_PREFIX, IMPORT_STAGE_LABELS, type ImportJobView, type ImportStageName } from '@jiyin/contracts/reportApi';
import { Button, Empty, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { vendorName } from './vendors.ts';
import { LinkButton } from '../LinkButton.tsx';

const STAGE_COLORS: Record<ImportStageName, string> = {
  queued: 'default',
  parsing: 'processing',
  computing: 'processing',
  matching: 'processing',
  done: 'success',
  failed: 'error',
};

/**
 * What a finished job brought in, worded like the report brands it: a lab kit's chip data under its
 * barcode, an upload as the vendor's raw data; the marker count is the file's own.
 */
function jobSource(j: ImportJobView): string {
  const markers = j.summary?.markers ? ` · ${j.summary.markers.toLocaleString('en-US')} 个位点` : '';
  if (j.barcode && !j.barcode.startsWith(IMPORT_BARCODE_PREFIX)) return `检测条码 ${j.barcode} 的芯片数据${markers}`;
  return `${vendorName(j.summary?.vendor)} 原始数据${markers}`;
}

/**
 * The person's earlier imports, newest first; a running one can be followed again. The page
 * remounts it (a new key) when an import starts or ends, to read the list again.
 */
export function ImportHistory({ personId, onFollow }: { personId: string; onFollow: (jobId: string) => void }) {
  const api = useBrowserApi();
  const [jobs, setJobs] = useState<ImportJobView[] | null>(null);

  useEffect(() => {
    let live = true;
    void api.importJobs(personId).then((res) => {
      if (live) setJobs(res.code === 0 && res.data ? res.data.list : []);
    });
    return () => {
      live = false;
    };
  }, [api, personId]);

  return (
    <section className="import-history" aria-labelledby="import-history-title">
      <h2 id="import-history-title">导入记录</h2>
      {jobs && jobs.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这位检测人还没有导入过数据" />}
      <ul className="import-history__list">
        {jobs?.map((j) => (
          <li key={j.id} className="import-history__item" data-testid="import-history-item">
            <div>
              <Tag color={STAGE_COLORS[j.stage]}>{IMPORT_STAGE_LABELS[j.stage]}</Tag>
              <span className="muted">{formatBeijingTime(j.createdAt)}</span>
            </div>
            <div className="import-history__text">
              {j.stage === 'failed' ? j.errorMessage : j.summary?.vendor ? jobSource(j) : '等待解析'}
            </div>
            <div className="import-history__action">
              {j.stage === 'done' && j.barcode && (
                <LinkButton to={`/report?barcode=${encodeURIComponent(j.barcode)}`} size="small">
                  查看报告
                </LinkButton>
              )}
              {j.stage !== 'done' && j.stage !== 'failed' && (
                <Button size="small" onClick={() => onFollow(j.id)}>
                  查看进度
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
