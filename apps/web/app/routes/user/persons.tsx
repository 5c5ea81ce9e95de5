import { PRIVACY_FEATURES, type PersonView } from '@jiyin/contracts/accounts';
import { CODES } from '@jiyin/contracts/codes';
import { isOk } from '@jiyin/contracts/envelope';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Modal, Popconfirm, Switch, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { PersonForm } from '../../components/persons/PersonForm.tsx';
import { InviteDialog, type InviteRow } from '../../components/shares/InviteDialog.tsx';
import { ShareInvitations } from '../../components/shares/ShareInvitations.tsx';
import { RawDataFiles } from '../../components/persons/RawDataFiles.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBirthday } from '../../lib/dates.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/persons';

export const meta = () => [{ title: pageTitle('检测人管理') }];

export async function loader({ context }: Route.LoaderArgs) {
  return unwrap(await apiClient(context.api).persons()).list;
}

function birthplaceText(p: PersonView): string {
  const b = p.birthplace;
  return b ? [b.province.name, b.city?.name, b.district?.name].filter((x) => x && x !== '市辖区').join(' ') : '未填写';
}

/** §2.3 /user/persons: the user's tested persons and those shared with them; kits, privacy, delete. */
export default function Persons({ loaderData }: Route.ComponentProps) {
  const [persons, setPersons] = useState<PersonView[]>(loaderData);
  const [editing, setEditing] = useState<PersonView | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [binding, setBinding] = useState<PersonView | null>(null);
  const [barcode, setBarcode] = useState('');
  const [bindError, setBindError] = useState<string | null>(null);
  const [sharing, setSharing] = useState<PersonView | null>(null);
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();

  const replace = (p: PersonView) =>
    setPersons((list) => (list.some((x) => x.id === p.id) ? list.map((x) => (x.id === p.id ? p : x)) : [...list, p]));
  const reload = async () => {
    const res = await api.persons();
    if (isOk(res)) setPersons(res.data.list);
  };

  const remove = async (p: PersonView) => {
    const res = await api.deletePerson(p.id);
    if (res.code !== 0) return message.error(res.msg);
    message.success(p.isOwner ? '已删除检测人' : '已移除分享给你的检测人');
    await reload();
  };

  const bind = async () => {
    if (!binding) return;
    const res = await api.bindKit(binding.id, barcode);
    if (!isOk(res)) return setBindError(res.msg);
    replace(res.data);
    setBinding(null);
    message.success('绑定成功');
  };

  const toggle = async (p: PersonView, feature: (typeof PRIVACY_FEATURES)[number]['feature'], open: boolean) => {
    const res = await api.setPrivacy(p.id, feature, open);
    // Gene relatives are joined on their protocol page only: take the reader there.
    if (res.code === CODES.RELATIVES_CONSENT_REQUIRED.code && p.defaultBarcode) {
      message.info(res.msg);
      return navigate(`/report/gene-relatives/protocol?barcode=${p.defaultBarcode}`);
    }
    if (!isOk(res)) return message.error(res.msg);
    replace(res.data);
  };

  return (
    <div className="user-panel">
      <div className="user-panel__head">
        <h2>检测人管理</h2>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          添加检测人
        </Button>
      </div>
      <ShareInvitations kind="person" onAccepted={reload} />
      {persons.length === 0 && <Empty description="还没有检测人。添加检测人后，可以绑定采样管条码或导入原始数据。" />}
      <div className="person-list">
        {persons.map((p) => (
          <article key={p.id} className="person-card" data-testid="person-card">
            <header>
              <h3>
                {p.name} <small className="muted">{p.gender === 'male' ? '男' : '女'}</small>
              </h3>
              {p.share.isShare && <Tag color="blue">他人分享</Tag>}
            </header>
            <dl>
              <dt>出生日期</dt>
              <dd>
                {p.birthday
                  ? `${formatBirthday(p.birthday)}${p.birthday.chooseLunarCalendar ? `（公历 ${p.birthdaySolar}）` : ''}`
                  : '未填写'}
              </dd>
              <dt>出生地</dt>
              <dd>{birthplaceText(p)}</dd>
              <dt>检测</dt>
              <dd>
                {p.detections.length
                  ? p.detections.map((d) => <Tag key={d.barcode}>{`${d.product.name} · ${d.barcode}`}</Tag>)
                  : '尚未绑定条码'}
              </dd>
            </dl>
            {p.isOwner && (
              <div className="person-card__privacy">
                {PRIVACY_FEATURES.map((f) => (
                  <div key={f.feature} className="person-card__switch">
                    <Switch size="small" checked={p.privacy[f.feature]} onChange={(on) => toggle(p, f.feature, on)} aria-label={f.label} />{' '}
                    {f.label}
                    <p className="muted" data-testid="privacy-effect">
                      {f.effect}
                    </p>
                  </div>
                ))}
              </div>
            )}
            {p.isOwner && <RawDataFiles personId={p.id} downloadAllowed={p.privacy.rawDataDownload} />}
            <footer>
              {p.isOwner && (
                <>
                  <Button
                    size="small"
                    onClick={() => {
                      setEditing(p);
                      setFormOpen(true);
                    }}
                  >
                    编辑
                  </Button>
                  <Button size="small" onClick={() => setSharing(p)}>
                    分享
                  </Button>
                  {/* A person is tested once: binding is offered only until a kit or imported data is there. */}
                  {p.detections.length === 0 && (
                    <Button
                      size="small"
                      onClick={() => {
                        setBinding(p);
                        setBarcode('');
                        setBindError(null);
                      }}
                    >
                      绑定条码
                    </Button>
                  )}
                </>
              )}
              <Popconfirm
                title={p.isOwner ? `删除检测人「${p.name}」？` : `移除「${p.name}」？`}
                description={
                  p.isOwner
                    ? '其全部报告、原始数据、基因亲人匹配和分享链接将一并永久删除，无法恢复。'
                    : '只从你的列表中移除这位分享给你的检测人，对方的数据不受影响。'
                }
                okText={p.isOwner ? '永久删除' : '移除'}
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(p)}
              >
                <Button size="small" danger>
                  {p.isOwner ? '删除检测人' : '移除'}
                </Button>
              </Popconfirm>
            </footer>
          </article>
        ))}
      </div>
      {sharing && <SharePersonModal person={sharing} onClose={() => setSharing(null)} />}
      <PersonForm
        open={formOpen}
        person={editing}
        onClose={() => setFormOpen(false)}
        onSaved={(p) => {
          replace(p);
          setFormOpen(false);
          message.success('保存成功');
        }}
      />
      <Modal
        open={Boolean(binding)}
        title={`为 ${binding?.name ?? ''} 绑定条码`}
        onCancel={() => setBinding(null)}
        onOk={bind}
        okText="绑定"
        cancelText="取消"
      >
        <p className="muted">条码印在采样管上，为 2 位字母加 10 位数字。</p>
        <Input
          value={barcode}
          aria-label="条码"
          placeholder="例如 JY0000000100"
          onChange={(e) => setBarcode(e.target.value.trim().toUpperCase())}
          onFocus={() => setBindError(null)}
          status={bindError ? 'error' : undefined}
        />
        {bindError && (
          <p className="form-error" role="alert">
            {bindError}
          </p>
        )}
      </Modal>
    </div>
  );
}

/** The owner invites a phone number to see a tested person's reports (read-only); accepted shares and open invitations below. */
function SharePersonModal({ person, onClose }: { person: PersonView; onClose: () => void }) {
  const api = useBrowserApi();
  const load = useCallback(async (): Promise<InviteRow[]> => {
    const r = await api.personShares(person.id);
    if (!isOk(r)) return [];
    return r.data.list.map((s) => ({
      key: s.userId ?? s.invitationId ?? s.phoneNumber,
      name: s.userName,
      phone: s.phoneNumber,
      status: s.status,
      remove: () => (s.userId ? api.unsharePerson(person.id, s.userId) : api.revokeInvitation(s.invitationId ?? '')),
    }));
  }, [api, person.id]);
  const send = useCallback(
    (body: { nationCode: string; phoneNumber: string }) =>
      api.sharePerson(person.id, { nationCode: body.nationCode, phoneNumber: body.phoneNumber }),
    [api, person.id],
  );
  return (
    <InviteDialog
      title={`分享检测人「${person.name}」`}
      intro="向亲友的手机号发送邀请，对方用这个手机号登录后接受即可只读查看这位检测人的报告（7 天内有效）；对方看不到原始数据，也不能修改。"
      load={load}
      send={send}
      onClose={onClose}
    />
  );
}
