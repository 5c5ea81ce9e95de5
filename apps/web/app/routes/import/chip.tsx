import type { PersonView } from '@jiyin/contracts/accounts';
import type { UploadView } from '@jiyin/contracts/reportApi';
import { CheckCircleFilled, LeftOutlined } from '@ant-design/icons';
import { Alert, App, Button, Collapse, Steps } from 'antd';
import { useState } from 'react';
import { AppLink } from '../../components/AppLink.tsx';
import { ImportHistory } from '../../components/imports/ImportHistory.tsx';
import { ImportJobProgress } from '../../components/imports/ImportJobProgress.tsx';
import { PersonPicker } from '../../components/imports/PersonPicker.tsx';
import { RawFileUploader } from '../../components/imports/RawFileUploader.tsx';
import { CHIP_VENDORS } from '../../components/imports/vendors.ts';
import { PersonForm } from '../../components/persons/PersonForm.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { unwrap } from '../../lib/loaders.ts';
import { forgetUpload, formatBytes } from '../../lib/resumableUpload.ts';
import type { Route } from './+types/chip';
import '../../components/imports/import.css';

export const meta = () => [{ title: pageTitle('导入芯片数据') }];

/** Only the user's own persons: data cannot be imported into a person someone shared with them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const persons = unwrap(await apiClient(context.api).persons()).list.filter((p) => p.isOwner);
  const wanted = new URL(request.url).searchParams.get('personId');
  return { persons, personId: persons.some((p) => p.id === wanted) ? wanted : persons.length === 1 ? persons[0].id : null };
}

/** The file just sent, shown above the job's stages. */
type Sent = { name: string; size: number; resumedFrom: number };
type Phase = { kind: 'file' } | { kind: 'job'; jobId: string; sent?: Sent };

/** §2.1 /import/chip: choose or create the tested person, upload the raw file, follow the import. */
export default function ImportChip({ loaderData }: Route.ComponentProps) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [persons, setPersons] = useState<PersonView[]>(loaderData.persons);
  const [personId, setPersonId] = useState<string | null>(loaderData.personId);
  const [phase, setPhase] = useState<Phase>({ kind: 'file' });
  const [formOpen, setFormOpen] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  // A new key remounts the uploader for a fresh choice after a failure.
  const [attempt, setAttempt] = useState(0);
  const [settledJobs, setSettledJobs] = useState(0);

  const person = persons.find((p) => p.id === personId) ?? null;
  const step = !person ? 0 : phase.kind === 'file' ? 1 : 2;

  const startImport = async (upload: UploadView, file: File, resumedFrom: number) => {
    if (!person) return;
    setStartError(null);
    const res = await api.startImport(upload.id);
    if (res.code !== 0 || !res.data) return setStartError(res.msg);
    try {
      forgetUpload(window.localStorage, person.id, file);
    } catch {
      // storage unavailable: nothing was remembered
    }
    setPhase({ kind: 'job', jobId: res.data.id, sent: { name: file.name, size: file.size, resumedFrom } });
  };

  const restart = () => {
    setPhase({ kind: 'file' });
    setStartError(null);
    setAttempt((n) => n + 1);
  };

  return (
    <div className="container import-page">
      <AppLink to="/import" className="import-back muted">
        <LeftOutlined /> 导入数据
      </AppLink>
      <header className="import-head">
        <h1>导入芯片数据</h1>
        <p className="muted">上传其他平台的原始数据文件，生成健康与特质报告、父母系单倍群，并匹配基因亲人。</p>
      </header>

      <div className="import-steps">
        <Steps
          size="small"
          responsive={false}
          titlePlacement="vertical"
          current={step}
          items={[{ title: '选择检测人' }, { title: '上传原始数据' }, { title: '生成报告' }]}
        />
      </div>

      <section className="import-card" aria-labelledby="import-person-title">
        <h2 id="import-person-title">1. 这份数据属于谁？</h2>
        <p className="muted">请选择你自己创建的检测人，或新建一位（姓名、性别、出生日期与出生地，用于报告与寻亲）。</p>
        <PersonPicker
          persons={persons}
          value={personId}
          disabled={phase.kind === 'job'}
          onChange={(id) => {
            setPersonId(id);
            restart();
          }}
          onCreate={() => setFormOpen(true)}
        />
      </section>

      <section className="import-card" aria-labelledby="import-file-title">
        <h2 id="import-file-title">2. 上传原始数据</h2>
        {!person && <p className="muted">请先选择或新建检测人。</p>}
        {person && phase.kind === 'file' && (
          <>
            <p className="muted">
              为 <strong>{person.name}</strong> 导入。文件会先保存到私有存储，再解析生成报告；网络中断后重新选择同一文件即可继续上传。
            </p>
            <RawFileUploader key={`${person.id}:${attempt}`} personId={person.id} onUploaded={startImport} />
            {startError && (
              <Alert
                className="import-gap"
                type="error"
                showIcon
                title={startError}
                action={
                  <Button size="small" onClick={restart}>
                    重新选择文件
                  </Button>
                }
              />
            )}
          </>
        )}
        {person && phase.kind === 'job' && phase.sent && (
          <p className="import-uploaded">
            <CheckCircleFilled className="import-uploaded__icon" />
            <span>{`${phase.sent.name} 上传完成${phase.sent.resumedFrom > 0 ? `（从 ${formatBytes(phase.sent.resumedFrom)} 处继续）` : ''}`}</span>
            <span className="muted">{formatBytes(phase.sent.size)}</span>
          </p>
        )}
        {person && phase.kind === 'job' && (
          <ImportJobProgress jobId={phase.jobId} onRetry={restart} onSettled={() => setSettledJobs((n) => n + 1)} />
        )}
      </section>

      <Collapse
        className="import-card import-howto"
        ghost
        items={[
          {
            key: 'howto',
            label: '如何从其他平台下载原始数据？',
            children: (
              <dl className="import-howto__list">
                {CHIP_VENDORS.map((v) => (
                  <div key={v.id}>
                    <dt>{v.name}</dt>
                    <dd className="muted">{v.howTo}</dd>
                  </div>
                ))}
              </dl>
            ),
          },
        ]}
      />

      {person && (
        <ImportHistory
          key={`${person.id}:${phase.kind === 'job' ? phase.jobId : `file-${attempt}`}:${settledJobs}`}
          personId={person.id}
          onFollow={(jobId) => setPhase({ kind: 'job', jobId })}
        />
      )}

      <PersonForm
        open={formOpen}
        person={null}
        onClose={() => setFormOpen(false)}
        onSaved={(p) => {
          setPersons((list) => [...list, p]);
          setPersonId(p.id);
          setFormOpen(false);
          restart();
          message.success('已创建检测人');
        }}
      />
    </div>
  );
}
