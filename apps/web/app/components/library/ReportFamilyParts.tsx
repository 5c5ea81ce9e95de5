import type { ClaimStatus, FamilyClaimView } from '@jiyin/contracts/libraryApi';
import { Alert, App, Button, Empty, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useBrowserApi } from '../../lib/browserApi.ts';
import type { SwitcherEntry } from '../../lib/reportContext.ts';
import { AppLink } from '../AppLink.tsx';
import { DemoTag, UrlPager, reportFamilyHref } from './FamilyParts.tsx';
import { Section } from './SurnameParts.tsx';

export const NO_PERSON_HINT = '你的账户下还没有绑定采样盒的检测人，绑定后即可认领家族。';

/** Who the claim is for, shown on every report family page. */
export function PersonLine({ person }: { person: SwitcherEntry | null }) {
  if (!person)
    return (
      <Alert
        type="info"
        showIcon
        message={
          <>
            {NO_PERSON_HINT} <AppLink to="/user/persons">管理检测人</AppLink>
          </>
        }
      />
    );
  return (
    <p className="muted" data-testid="claim-person">
      当前检测人：{person.name}（{person.barcode}）
    </p>
  );
}

/** 认领 / 排除 / 撤销 a family for the current person (§3 Family claim status). */
export function ClaimPanel({
  familyId,
  person,
  claim,
}: {
  familyId: string;
  person: SwitcherEntry | null;
  claim: { status: ClaimStatus; reason: string | null } | null;
}) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!person) return <PersonLine person={null} />;
  const act = async (status: ClaimStatus | null) => {
    setBusy(true);
    const res = status
      ? await api.claimFamily(familyId, person.barcode, status, status === 'EXCLUDED' ? reason.trim() || undefined : undefined)
      : await api.withdrawClaim(familyId, person.barcode);
    setBusy(false);
    if (res.code !== 0) return message.error(res.msg);
    message.success(status === 'CLAIMED' ? '已认领这个家族' : status === 'EXCLUDED' ? '已排除这个家族' : '已撤销');
    void revalidator.revalidate();
  };
  return (
    <Section title="认领家族" testId="claim-panel">
      <PersonLine person={person} />
      {claim ? (
        <Space wrap>
          <Tag color={claim.status === 'CLAIMED' ? 'green' : 'default'} data-testid="claim-status">
            {claim.status === 'CLAIMED' ? '已认领' : '已排除'}
          </Tag>
          {claim.reason && <span className="muted">原因：{claim.reason}</span>}
          <Button loading={busy} onClick={() => act(null)} data-testid="withdraw-claim">
            {claim.status === 'CLAIMED' ? '取消认领' : '撤销排除'}
          </Button>
        </Space>
      ) : (
        <Space wrap>
          <Button type="primary" loading={busy} onClick={() => act('CLAIMED')} data-testid="claim-family">
            认领为我的家族
          </Button>
          <Input
            placeholder="排除原因（可选）"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={200}
            style={{ width: 200 }}
          />
          <Button loading={busy} onClick={() => act('EXCLUDED')} data-testid="exclude-family">
            不是我的家族
          </Button>
        </Space>
      )}
    </Section>
  );
}

/** The claimed or excluded families of the current person, 20 a page. */
export function ClaimList({
  data,
  status,
}: {
  data: { list: FamilyClaimView[]; total: number; page: number; size: number } | null;
  status: ClaimStatus;
}) {
  if (!data?.list.length)
    return (
      <Empty
        description={
          status === 'CLAIMED' ? (
            <>
              还没有认领家族，去<AppLink to="/report/ancestry/all-list">全部家族</AppLink>看看
            </>
          ) : (
            '没有排除的家族'
          )
        }
      />
    );
  return (
    <>
      <div className="family-list" data-testid={status === 'CLAIMED' ? 'claimed-list' : 'excluded-list'}>
        {data.list.map((c) => (
          <AppLink
            key={`${c.familyTraceId}-${c.barcode}`}
            to={
              status === 'CLAIMED'
                ? reportFamilyHref(c.familyTraceId)
                : `/report/ancestry/exclude-detail?id=${encodeURIComponent(c.familyTraceId)}`
            }
            className="family-card"
          >
            <h3>{c.familyTraceName}</h3>
            <div className="muted">
              {c.surname}姓 · {status === 'CLAIMED' ? '认领' : '排除'}于 {c.updatedAt.slice(0, 10)}
            </div>
            {c.reason && <div className="muted">原因：{c.reason}</div>}
            <div className="family-card__tags">
              <DemoTag demo={c.demo} />
            </div>
          </AppLink>
        ))}
      </div>
      <UrlPager page={data.page} size={data.size} total={data.total} />
    </>
  );
}

/** Links between the report family pages. */
export function ReportFamilyNav() {
  return (
    <Space wrap className="library-actions">
      <AppLink to="/report/ancestry/all-list">全部家族</AppLink>
      <AppLink to="/report/ancestry/claimed-person-list">我认领的家族</AppLink>
      <AppLink to="/report/ancestry/exclude-list">已排除的家族</AppLink>
      <AppLink to="/report/ancestry/upgrade-star">家族星级</AppLink>
    </Space>
  );
}
