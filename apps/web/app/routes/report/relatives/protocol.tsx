import { CheckCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import { isOk } from '@jiyin/contracts/envelope';
import { RELATIVES_PROTOCOL, type RelativesConsentView } from '@jiyin/contracts/relativesApi';
import { Alert, App, Button, Checkbox, Popconfirm } from 'antd';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportStatusView } from '../../../components/report/ReportStatusView.tsx';
import { RelativesGate } from '../../../components/relatives/RelativesGate.tsx';
import { apiClient } from '../../../lib/api/index.ts';
import { useBrowserApi } from '../../../lib/browserApi.ts';
import { pageTitle } from '../../../lib/brand.ts';
import { formatBeijingTime } from '../../../lib/dates.ts';
import { relativesHref, relativesSubject } from '../../../lib/relatives.ts';
import { answerStatus } from '../../../lib/reportContext.ts';
import { useReportLayoutData } from '../../../lib/reportData.ts';
import '../../../relatives.css';
import type { Route } from './+types/protocol';
import { LinkButton } from '../../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle(RELATIVES_PROTOCOL.title) }];

/**
 * §2.2 /report/gene-relatives/protocol: the protocol text (what is shared, who sees what, how to
 * withdraw) with its version, and for the current person's owner the only way in: accepting it.
 * Everyone else reads the text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const subject = await relativesSubject(request, context);
  if (subject.kind !== 'own') return subject;
  const res = await apiClient(context.api).relativesConsent(subject.barcode);
  if (!isOk(res)) {
    const { status, message } = answerStatus(subject.ctx, res);
    return { kind: 'status' as const, status: status === 'out' ? ('error' as const) : status, message };
  }
  return { kind: 'own' as const, barcode: subject.barcode, consent: res.data };
}

function ProtocolText() {
  return (
    <article className="relatives-protocol" data-testid="relatives-protocol">
      <h1>{RELATIVES_PROTOCOL.title}</h1>
      <p className="muted" data-testid="protocol-version">
        版本 v{RELATIVES_PROTOCOL.version} · {RELATIVES_PROTOCOL.effectiveDate} 起生效
      </p>
      {RELATIVES_PROTOCOL.sections.map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          {s.paragraphs.map((p) => (
            <p key={p.slice(0, 24)}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

function ConsentBox({ barcode, consent }: { barcode: string; consent: RelativesConsentView }) {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { message } = App.useApp();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  const join = async () => {
    setBusy(true);
    const res = await api.joinRelatives(barcode, RELATIVES_PROTOCOL.version);
    setBusy(false);
    if (!isOk(res)) return void message.error(res.msg);
    // A held or unmatchable genome is not compared: promising a match in minutes would mislead.
    if (res.data.hold) message.info('已加入基因亲人；这份基因数据暂不参与匹配，原因见基因亲人页');
    else message.success('已加入基因亲人，比对通常在几分钟内完成，找到亲人后会通知你');
    navigate(relativesHref('/report/gene-relatives', barcode));
  };
  const withdraw = async () => {
    setBusy(true);
    const res = await api.withdrawRelatives(barcode);
    setBusy(false);
    if (!isOk(res)) return void message.error(res.msg);
    message.success('已退出基因亲人，你已从所有亲人的列表中移除');
    setAgreed(false);
    revalidate();
  };

  if (!consent.canChange) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="relatives-consent"
        message={consent.joined ? `${consent.personName}已加入基因亲人` : `${consent.personName}尚未加入基因亲人`}
        description="这位检测人是别人分享给你的，只有检测人的创建者可以加入或退出。"
      />
    );
  }
  const accept = (
    <div className="relatives-consent__accept">
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="relatives-agree">
        我已阅读并同意《{RELATIVES_PROTOCOL.title}》（v{RELATIVES_PROTOCOL.version}），为{consent.personName}加入基因亲人
      </Checkbox>
      <Button type="primary" size="large" disabled={!agreed} loading={busy} onClick={join} data-testid="relatives-accept">
        {consent.olderVersion ? '同意新版协议' : '同意并加入'}
      </Button>
    </div>
  );
  if (!consent.joined) {
    return (
      <section className="report-card relatives-consent" data-testid="relatives-consent" data-joined="false">
        {consent.withdrawnAt && (
          <p className="muted">
            {consent.personName}已于 {formatBeijingTime(consent.withdrawnAt)} 退出，再次加入需要重新同意本协议。
          </p>
        )}
        {accept}
      </section>
    );
  }
  return (
    <section className="report-card relatives-consent" data-testid="relatives-consent" data-joined="true">
      <p>
        <CheckCircleFilled style={{ color: '#52c41a' }} /> {consent.personName}已于 {formatBeijingTime(consent.consentedAt ?? '')} 同意协议
        v{consent.protocolVersion} 并加入基因亲人。
      </p>
      {consent.olderVersion && accept}
      <div className="relatives-consent__actions">
        <LinkButton to={relativesHref('/report/gene-relatives', barcode)} type="primary">
          查看基因亲人
        </LinkButton>
        <Popconfirm
          title="退出基因亲人？"
          description="退出后你会立即从所有亲人的列表中消失，已有的比对结果会被删除。"
          okText="确认退出"
          cancelText="再想想"
          okButtonProps={{ danger: true }}
          onConfirm={withdraw}
        >
          <Button danger loading={busy} data-testid="relatives-withdraw">
            退出基因亲人
          </Button>
        </Popconfirm>
      </div>
    </section>
  );
}

export default function GeneRelativesProtocolPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  if (loaderData.kind === 'status')
    return <ReportStatusView status={loaderData.status} loggedIn={ctx.loggedIn} message={loaderData.message} />;
  return (
    <>
      <Crumbs
        trail={[
          { to: '/report', label: '个人首页' },
          {
            to: loaderData.kind === 'own' ? relativesHref('/report/gene-relatives', loaderData.barcode) : '/report/gene-relatives',
            label: '基因亲人',
          },
          { label: '服务协议' },
        ]}
      />
      <div className="report-card">
        <ProtocolText />
      </div>
      {loaderData.kind === 'own' ? (
        <ConsentBox barcode={loaderData.barcode} consent={loaderData.consent} />
      ) : (
        <div className="report-card">
          <h3>
            <SafetyCertificateOutlined /> 如何加入
          </h3>
          <RelativesGate kind={loaderData.gate} loggedIn={ctx.loggedIn} protocolLink={false} />
        </div>
      )}
    </>
  );
}
