import { isOk } from '@jiyin/contracts/envelope';
import type { ShareInvitationView } from '@jiyin/contracts/sharesApi';
import { App, Button, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useBrowserApi } from '../../lib/browserApi.ts';
import './shares.css';

function what(inv: ShareInvitationView): string {
  if (inv.kind === 'person') return `邀请你查看检测人「${inv.name}」的报告（只读）`;
  return `邀请你${inv.role === 'editor' ? '共同编辑' : '浏览'}家谱「${inv.name}」`;
}

/**
 * Invitations addressed to the signed-in account's phone number (trees or tested persons): accept or
 * decline. Nothing shows when there are none.
 */
export function ShareInvitations({ kind, onAccepted }: { kind: 'tree' | 'person'; onAccepted: (inv: ShareInvitationView) => void }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [list, setList] = useState<ShareInvitationView[]>([]);
  const load = useCallback(async () => {
    const r = await api.shareInvitations();
    if (isOk(r)) setList(r.data.list.filter((i) => i.kind === kind));
  }, [api, kind]);
  useEffect(() => {
    void load();
  }, [load]);
  if (!list.length) return null;
  const answer = async (inv: ShareInvitationView, accept: boolean) => {
    const r = accept ? await api.acceptInvitation(inv.id) : await api.declineInvitation(inv.id);
    if (r.code !== 0) message.error(r.msg);
    else message.success(accept ? '已接受邀请' : '已拒绝邀请');
    await load();
    if (accept && r.code === 0) onAccepted(inv);
  };
  return (
    <section className="share-invitations" data-testid="share-invitations">
      <h3>{kind === 'tree' ? '分享给我的家谱邀请' : '分享给我的检测人邀请'}</h3>
      <ul>
        {list.map((inv) => (
          <li key={inv.id}>
            <div>
              <strong>{inv.inviterName}</strong> {what(inv)}
              <div className="muted">有效期至 {inv.expiresAt.slice(0, 10)}</div>
            </div>
            <Space>
              <Button type="primary" size="small" onClick={() => answer(inv, true)}>
                接受
              </Button>
              <Button size="small" onClick={() => answer(inv, false)}>
                拒绝
              </Button>
            </Space>
          </li>
        ))}
      </ul>
    </section>
  );
}
