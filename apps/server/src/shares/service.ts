import {
  SHARE_INVITE_NOTICE_TYPE,
  SHARE_INVITE_SENT,
  SHARE_INVITE_TTL_DAYS,
  SHARE_INVITES_OPEN_PER_OBJECT,
  SHARE_INVITES_PER_DAY,
  type ShareInviteStatus,
} from '@jiyin/contracts/sharesApi';
import { type Db, schema } from '@jiyin/db';
import { and, asc, count, eq, gt, gte } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import { maskPhone } from '../auth/users.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { notify } from '../notifications/service.ts';

const { shareInvitations, users } = schema;

export type ShareTarget =
  | { kind: 'tree'; treeId: string; name: string; role: 'editor' | 'viewer' }
  | { kind: 'person'; personId: string; name: string };

const DAY_MS = 24 * 3600 * 1000;

/** The invitation rows of one tree or person. */
function ofObject(target: { treeId: string } | { personId: string }) {
  return 'treeId' in target ? eq(shareInvitations.treeId, target.treeId) : eq(shareInvitations.personId, target.personId);
}

/**
 * Invites a phone number to a tree or person. The answer is the same for every well-formed number
 * (with an account or not): nothing here tells the inviter who holds it. Inviting the same number
 * again for the same object refreshes the open invitation instead of adding one.
 */
export async function invite(
  deps: Deps,
  inviterUserId: string,
  target: ShareTarget,
  to: { nationCode: string; phoneNumber: string },
): Promise<{ notice: string }> {
  const { db } = deps.database;
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + SHARE_INVITE_TTL_DAYS * DAY_MS);
  const object = target.kind === 'tree' ? { treeId: target.treeId } : { personId: target.personId };
  await db.transaction(async (tx) => {
    // Locking the inviter's row makes the daily count exact under parallel requests.
    const [me] = await tx.select().from(users).where(eq(users.id, inviterUserId)).for('update');
    if (me.nationCode === to.nationCode && me.phone === to.phoneNumber) throw new ApiError('BAD_REQUEST', '不能分享给自己');
    const same = and(
      ofObject(object),
      eq(shareInvitations.nationCode, to.nationCode),
      eq(shareInvitations.phone, to.phoneNumber),
      eq(shareInvitations.status, 'pending'),
    );
    const role = target.kind === 'tree' ? target.role : null;
    const refreshed = await tx.update(shareInvitations).set({ expiresAt, role }).where(same).returning({ id: shareInvitations.id });
    if (refreshed.length) return;
    const [{ sent }] = await tx
      .select({ sent: count() })
      .from(shareInvitations)
      .where(and(eq(shareInvitations.inviterUserId, inviterUserId), gte(shareInvitations.createdAt, new Date(now.getTime() - DAY_MS))));
    if (Number(sent) >= SHARE_INVITES_PER_DAY) throw new ApiError('SHARE_INVITE_DAILY_LIMIT');
    const [{ open }] = await tx
      .select({ open: count() })
      .from(shareInvitations)
      .where(and(ofObject(object), eq(shareInvitations.status, 'pending'), gt(shareInvitations.expiresAt, now)));
    if (Number(open) >= SHARE_INVITES_OPEN_PER_OBJECT) throw new ApiError('SHARE_INVITE_OPEN_LIMIT');
    const [row] = await tx
      .insert(shareInvitations)
      .values({
        id: newId(),
        kind: target.kind,
        ...object,
        role,
        inviterUserId,
        nationCode: to.nationCode,
        phone: to.phoneNumber,
        status: 'pending',
        createdAt: now,
        expiresAt,
      })
      .returning();
    // The holder of the number, if it has an account, is told in the bell; the inviter is not told either way.
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.nationCode, to.nationCode), eq(users.phone, to.phoneNumber)));
    if (holder) {
      const who = me.name || '一位用户';
      await notify(tx, [
        {
          userId: holder.id,
          type: SHARE_INVITE_NOTICE_TYPE,
          title: target.kind === 'tree' ? '家谱分享邀请' : '检测人分享邀请',
          content:
            target.kind === 'tree'
              ? `${who}邀请你${target.role === 'editor' ? '共同编辑' : '浏览'}家谱「${target.name}」，请在 ${SHARE_INVITE_TTL_DAYS} 天内接受`
              : `${who}邀请你查看检测人「${target.name}」的报告，请在 ${SHARE_INVITE_TTL_DAYS} 天内接受`,
          relatedId: row.id,
          webviewUrl: target.kind === 'tree' ? '/ancestry/family-tree' : '/user/persons',
          createdAt: now,
        },
      ]);
    }
  });
  return { notice: SHARE_INVITE_SENT };
}

/** Open (and expired, not yet answered) invitations of a tree or person, for its owner: the number masked, no name. */
export async function openInvitations(db: Db, object: { treeId: string } | { personId: string }, now: Date) {
  const rows = await db
    .select()
    .from(shareInvitations)
    .where(and(ofObject(object), eq(shareInvitations.status, 'pending')))
    .orderBy(asc(shareInvitations.createdAt), asc(shareInvitations.id));
  return rows.map((r) => ({
    invitationId: r.id,
    phone: maskPhone(r.phone),
    role: r.role,
    status: (r.expiresAt > now ? 'pending' : 'expired') as ShareInviteStatus,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** Gone, someone else's, revoked or declined: one answer, so an invitation id tells a stranger nothing. */
export const INVITATION_GONE = () => new ApiError('NOT_FOUND', '邀请不存在或已失效');
