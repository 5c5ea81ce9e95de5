import { IMPORT_STAGE_LABELS, type ImportJobView, type ImportStageName } from '@jiyin/contracts/reportApi';
import { BellOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Progress, Result, Steps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { vendorName } from './vendors.ts';
import { RelativesHeldNotice } from '../relatives/RelativesHold.tsx';
import { LinkButton } from '../LinkButton.tsx';

/** The stages a job walks through, in order (failed is where any of them can end). */
const STAGES: ImportStageName[] = ['queued', 'parsing', 'computing', 'matching', 'done'];
const POLL_MS = 1500;

/**
 * The step a failed job stopped at. A job fails from inside a stage the page may never have seen
 * (polls are 1.5 s apart): without a summary it failed reading the file, with one while computing.
 */
function failedAt(lastSeen: ImportStageName, job: ImportJobView | null): ImportStageName {
  const floor: ImportStageName = job?.summary ? 'computing' : 'parsing';
  return STAGES.indexOf(lastSeen) > STAGES.indexOf(floor) ? lastSeen : floor;
}

const SEX_LABELS: Record<string, string> = { male: '男', female: '女', unknown: '未能判断' };

export function importSummaryItems(summary: ImportJobView['summary']) {
  if (!summary) return [];
  const items: { key: string; label: string; children: string }[] = [];
  if (summary.vendor) items.push({ key: 'vendor', label: '数据来源', children: vendorName(summary.vendor) });
  if (summary.build) items.push({ key: 'build', label: '参考基因组', children: summary.build });
  if (summary.markers !== undefined) items.push({ key: 'markers', label: '位点数', children: summary.markers.toLocaleString('en-US') });
  if (summary.callRate !== undefined) items.push({ key: 'callRate', label: '检出率', children: `${(summary.callRate * 100).toFixed(2)}%` });
  if (summary.sex !== undefined)
    items.push({ key: 'sex', label: '推断性别', children: SEX_LABELS[summary.sex ?? 'unknown'] ?? '未能判断' });
  return items;
}

/**
 * Step 4: the import job's stages, live. Polls the job until it is done or failed; a lost poll is
 * retried quietly (the job runs on the server whatever the page does).
 */
export function ImportJobProgress({
  jobId,
  onRetry,
  onSettled,
}: {
  jobId: string;
  onRetry: () => void;
  /** Called once the job is done or failed. */
  onSettled?: () => void;
}) {
  const api = useBrowserApi();
  const [job, setJob] = useState<ImportJobView | null>(null);
  const [pollError, setPollError] = useState<string | null>(null);
  // Where the job stood before it failed, so the failed step is marked in the right place.
  const lastStage = useRef<ImportStageName>('queued');
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const res = await api.importJob(jobId);
      if (stopped) return;
      if (res.code === 0 && res.data) {
        setPollError(null);
        if (res.data.stage !== 'failed') lastStage.current = res.data.stage;
        setJob(res.data);
        if (res.data.stage === 'done' || res.data.stage === 'failed') return settled.current?.();
      } else {
        setPollError(res.msg);
      }
      timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, jobId]);

  const stage = job?.stage ?? 'queued';
  const failed = stage === 'failed';
  const current = STAGES.indexOf(failed ? failedAt(lastStage.current, job) : stage);
  const summary = importSummaryItems(job?.summary ?? null);

  return (
    <div className="import-job" data-testid="import-job" data-stage={stage}>
      <div className="import-job__stages">
        <Steps
          size="small"
          responsive={false}
          titlePlacement="vertical"
          current={current}
          status={failed ? 'error' : stage === 'done' ? 'finish' : 'process'}
          items={STAGES.map((s) => ({ title: IMPORT_STAGE_LABELS[s] }))}
        />
      </div>
      {!failed && stage !== 'done' && <Progress percent={job?.progress ?? 0} status="active" size="small" aria-label="导入进度" />}
      {!failed && stage !== 'done' && (
        <p className="muted import-job__hint">正在{IMPORT_STAGE_LABELS[stage]}… 一般 1–3 分钟完成，可以离开本页，完成后会通知你。</p>
      )}
      {pollError && <Alert type="warning" showIcon title={`暂时无法获取进度：${pollError}，正在重试…`} />}
      {failed && (
        <Result
          status="error"
          title="导入失败"
          subTitle={<span role="alert">{job?.errorMessage ?? '导入失败，请重新选择文件'}</span>}
          extra={
            <Button type="primary" onClick={onRetry}>
              重新选择文件
            </Button>
          }
        />
      )}
      {stage === 'done' && (
        <Result
          status="success"
          title="报告已生成"
          subTitle={
            <span>
              <BellOutlined /> 我们已给你发送站内通知，之后也可在「我的报告」中随时查看。
            </span>
          }
          extra={
            job?.barcode ? (
              <LinkButton to={`/report?barcode=${encodeURIComponent(job.barcode)}`} type="primary" size="large">
                查看报告
              </LinkButton>
            ) : null
          }
        />
      )}
      {stage === 'done' && job?.relativesHold && <RelativesHeldNotice hold={job.relativesHold} />}
      {summary.length > 0 && (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, md: 3 }}
          items={summary}
          className="import-job__summary"
          title="数据概况"
        />
      )}
    </div>
  );
}
