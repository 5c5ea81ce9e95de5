import { isOk } from '@jiyin/contracts/envelope';
import { CLAN_MAX_YEAR_DEFAULT } from '@jiyin/contracts/constants';
import type { ClanBaseInfo } from '@jiyin/contracts/originApi';
import { App, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { ClanGroups, ClanMembers } from '../../../components/origin/ClanParts.tsx';
import { loadOrigin, OriginPage, UnavailableNotice } from '../../../components/origin/OriginParts.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportLink } from '../../../components/report/ReportLink.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import { reportApi, reportContext } from '../../../lib/reportContext.ts';
import { useReportApi } from '../../../lib/reportData.ts';
import type { Route } from './+types/family';

export const meta = () => [{ title: pageTitle('家族线索') }];

/** §2.2 /report/ancestry/family: clan relatives by shared Y lineage, and the §3 clan base info switches. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await loadOrigin(request, context, (api, barcode) => api.clanRelations(barcode));
  const ctx = await reportContext(request, context);
  let baseInfo: ClanBaseInfo | null = null;
  if (data.view && ctx.mode === 'own' && ctx.barcode) {
    const res = await reportApi(context, ctx).clanBaseInfo(ctx.barcode);
    baseInfo = isOk(res) ? res.data : null;
  }
  return { ...data, baseInfo };
}

function ClanSwitches({ initial }: { initial: ClanBaseInfo }) {
  const api = useReportApi();
  const { message } = App.useApp();
  const [info, setInfo] = useState(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => setInfo(initial), [initial]);
  const change = async (patch: { showFullName?: boolean; openClanRelation?: boolean }) => {
    setBusy(true);
    const res = await api.updateClanBaseInfo({ barcode: info.barcode, ...patch });
    setBusy(false);
    if (isOk(res)) {
      setInfo(res.data);
      message.success('设置已保存');
      // The list depends on the clan switch: read it again.
      if (patch.openClanRelation !== undefined) window.location.reload();
    } else message.error(res.msg);
  };
  return (
    <Space direction="vertical" data-testid="clan-switches">
      <span>
        <Switch
          checked={info.showFullName}
          loading={busy}
          onChange={(v) => change({ showFullName: v })}
          data-testid="switch-show-full-name"
        />{' '}
        向亲人展示我的完整姓名（关闭时只显示姓氏）
      </span>
      <span>
        <Switch
          checked={info.openClanRelation}
          disabled={!info.consented}
          loading={busy}
          onChange={(v) => change({ openClanRelation: v })}
          data-testid="switch-open-clan"
        />{' '}
        参与宗亲关系（关闭后您不会出现在别人的宗亲列表中，也看不到宗亲）
        {!info.consented && <span className="muted">，需先开启基因亲人</span>}
      </span>
    </Space>
  );
}

export default function FamilyCluesPage({ loaderData }: Route.ComponentProps) {
  const { baseInfo } = loaderData;
  return (
    <>
      <Crumbs trail={[{ to: '/report/ancestry', label: '祖源分析' }, { label: '家族线索' }]} />
      <OriginPage data={loaderData}>
        {(view) => (
          <>
            <section className="report-card" data-testid="clan-relations">
              <h3>宗亲关系</h3>
              <p className="muted">
                宗亲是与您同属一条父系（Y 染色体）支系、并开启了宗亲关系的男性用户。共同祖先年代来自 Y
                树：节点有发表年代的直接采用，其余按层级推算；同时也是基因亲人、且 Y 单倍群完全相同的，按关系等级估算，更加准确。默认只显示{' '}
                {CLAN_MAX_YEAR_DEFAULT.toLocaleString('zh-CN')} 年以内的共同祖先，由近及远排列。
              </p>
              {view.unavailable ? (
                <UnavailableNotice why={view.unavailable} />
              ) : (
                <>
                  <p data-testid="clan-summary">
                    您的父系单倍群 <strong>{view.haplogroup}</strong>，发现 {view.total} 位宗亲。
                  </p>
                  <ClanGroups groups={view.groups} />
                  <h4 style={{ marginTop: 16 }}>最近的宗亲</h4>
                  <ClanMembers list={view.list} />
                  {view.total > view.list.length && <ReportLink to="/report/ancestry/more-clues">查看全部 {view.total} 位宗亲</ReportLink>}
                </>
              )}
            </section>
            {baseInfo && (
              <section className="report-card">
                <h3>我的宗亲设置</h3>
                <ClanSwitches initial={baseInfo} />
              </section>
            )}
          </>
        )}
      </OriginPage>
    </>
  );
}
