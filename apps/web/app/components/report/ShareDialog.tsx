import { ShareAltOutlined } from '@ant-design/icons';
import { isOk } from '@jiyin/contracts/envelope';
import type { ShareTokenView } from '@jiyin/contracts/reportApi';
import { App, Button, Empty, Modal, Popconfirm, Radio, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatBeijingTime } from '../../lib/dates.ts';
import { useReportApi } from '../../lib/reportData.ts';
import { SHARE_QUERY } from '../../lib/reportContext.ts';

const EXPIRY_DAYS = [1, 7, 30] as const;

/** The address a viewer opens: the server's, or the report home with the token. */
function shareUrl(t: ShareTokenView): string {
  const path = t.url ?? `/report?${SHARE_QUERY}=${encodeURIComponent(t.token ?? '')}`;
  return new URL(path, window.location.origin).href;
}

function linkState(t: ShareTokenView, now: number): { text: string; colour: string } {
  if (t.revokedAt) return { text: '已撤销', colour: 'default' };
  if (new Date(t.expiresAt).getTime() <= now) return { text: '已过期', colour: 'default' };
  return { text: '有效', colour: 'green' };
}

/**
 * §4/§7.4 share links for the owner: create one (1, 7 or 30 days), copy it, see and revoke the
 * existing ones. The token is shown once, when created (the server keeps only its hash).
 */
export function ShareDialog({ barcode, personName }: { barcode: string; personName: string }) {
  const api = useReportApi();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<(typeof EXPIRY_DAYS)[number]>(7);
  const [links, setLinks] = useState<ShareTokenView[] | null>(null);
  const [created, setCreated] = useState<ShareTokenView | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    const res = await api.shareTokens(barcode);
    // §8: a failed list load falls back to empty.
    setLinks(isOk(res) ? res.data.list : []);
  };
  const show = () => {
    setOpen(true);
    setCreated(null);
    void load();
  };
  const create = async () => {
    setBusy(true);
    const res = await api.createShareToken({ barcode, expiresInDays: days });
    setBusy(false);
    if (!isOk(res)) return message.error(res.msg);
    setCreated(res.data);
    message.success('分享链接已生成');
    await load();
  };
  const revoke = async (id: string) => {
    const res = await api.revokeShareToken(id);
    if (res.code !== 0) return message.error(res.msg);
    message.success('已撤销，该链接无法再打开报告');
    if (created?.id === id) setCreated(null);
    await load();
  };

  const now = Date.now();
  return (
    <>
      <Button icon={<ShareAltOutlined />} onClick={show} data-testid="share-button">
        分享报告
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={`分享${personName}的报告`} width={520}>
        <div data-testid="share-dialog">
          <p className="muted">
            拿到链接的人无需登录即可查看这位检测人的报告（肿瘤风险仅限本人查看），看不到你的账户和其他检测人；链接可以随时撤销。
          </p>
          <div className="feel-rating">
            <span>有效期</span>
            <Radio.Group
              value={days}
              onChange={(e) => setDays(e.target.value)}
              optionType="button"
              options={EXPIRY_DAYS.map((d) => ({ value: d, label: `${d} 天` }))}
            />
            <Button type="primary" loading={busy} onClick={create} data-testid="share-create">
              生成链接
            </Button>
          </div>
          {created && (
            <div className="share-created" data-testid="share-created">
              <Typography.Paragraph copyable={{ text: shareUrl(created), tooltips: ['复制链接', '已复制'] }} style={{ marginBottom: 4 }}>
                <span data-testid="share-url">{shareUrl(created)}</span>
              </Typography.Paragraph>
              <small className="muted">有效期至 {formatBeijingTime(created.expiresAt)}。链接只显示这一次，请复制保存。</small>
            </div>
          )}
          <h4 className="section-gap">已创建的链接</h4>
          {links === null ? (
            <Spin />
          ) : links.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有分享链接" />
          ) : (
            <ul className="share-links" data-testid="share-links">
              {links.map((t) => {
                const state = linkState(t, now);
                return (
                  <li key={t.id}>
                    <span>
                      创建于 {formatBeijingTime(t.createdAt)}
                      <br />
                      <small className="muted">有效期至 {formatBeijingTime(t.expiresAt)}</small>
                    </span>
                    <span>
                      <Tag color={state.colour}>{state.text}</Tag>
                      {state.text === '有效' && (
                        <Popconfirm
                          title="撤销后这个链接将无法再打开报告，确定撤销吗？"
                          okText="撤销"
                          cancelText="取消"
                          onConfirm={() => revoke(t.id)}
                        >
                          <Button size="small" danger data-testid="share-revoke">
                            撤销
                          </Button>
                        </Popconfirm>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </Modal>
    </>
  );
}
